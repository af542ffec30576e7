import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Passkeys (issue 18, strong authentication; docs/decisions/0033-passkeys.md).
 * - `passkeys`: a person's WebAuthn credentials. The credential id (base64url, as the browser
 *   gives it) is unique per company; the public key is the COSE key the authenticator sent at
 *   registration (public, so stored as it is); `counter` is the signature counter the last
 *   accepted assertion carried (an assertion whose counter does not grow is refused, a sign of a
 *   cloned authenticator); `transports` are the browser's hints for the next sign-in.
 * - `webauthn_challenges`: every challenge handed out, single use and valid 5 minutes. `purpose`
 *   says what it may prove: `registration` (a new passkey of `user_id`), `authentication` (a
 *   password-less sign-in: no user yet, the credential names them), `mfa` (the second step of a
 *   sign-in: `user_id` is the person whose password was right) or `stepup` (a signed-in
 *   `user_id` confirming a sensitive action). `used_at` is set when it is spent, whatever the
 *   outcome, so a replayed answer finds it gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE passkeys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id),
      credential_id text NOT NULL CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND char_length(credential_id) BETWEEN 16 AND 1366),
      public_key bytea NOT NULL CHECK (octet_length(public_key) BETWEEN 16 AND 2048),
      counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0 AND counter <= 4294967295),
      transports text[] NOT NULL DEFAULT '{}',
      device_type text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
      backed_up boolean NOT NULL,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      UNIQUE (company_id, credential_id)
    );
    CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
    CREATE TABLE webauthn_challenges (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid REFERENCES users(id),
      purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication', 'mfa', 'stepup')),
      challenge text NOT NULL UNIQUE CHECK (challenge ~ '^[A-Za-z0-9_-]{43}$'),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((purpose = 'authentication') = (user_id IS NULL))
    );
    CREATE INDEX webauthn_challenges_expires ON webauthn_challenges (expires_at)
  `);
}
