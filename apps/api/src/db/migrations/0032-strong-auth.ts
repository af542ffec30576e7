import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Strong authentication (issue 18, docs/decisions/0032-strong-authentication-server.md).
 *
 * - `user_totp`: one authenticator app per user. The secret is stored encrypted (AES-256-GCM under
 *   SECOND_FACTOR_KEY, `v1.<iv>.<tag>.<ciphertext>` base64url), never in clear: a pending secret
 *   while the person scans the QR code, the confirmed one once a code proved it. `last_step` is
 *   the last accepted time step, so the same code is never accepted twice.
 * - `recovery_codes`: ten one-time codes per user, stored as SHA-256 hashes (random, so a fast
 *   hash is right, as for tokens); `used_at` once spent.
 * - `access_tokens.second_factor_at`: when this session last proved a second factor (step-up).
 * - `mfa_tokens`: the half-way state of a login that passed the password and must now prove a
 *   second factor: hashed, bound to user, company and client, five minutes, single use.
 * Passkeys have their own table (0033).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE user_totp (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      company_id text NOT NULL REFERENCES companies(id),
      secret_encrypted text,
      enrolled_at timestamptz,
      last_step bigint,
      last_used_at timestamptz,
      pending_secret_encrypted text,
      pending_created_at timestamptz,
      CHECK ((secret_encrypted IS NULL) = (enrolled_at IS NULL)),
      CHECK ((pending_secret_encrypted IS NULL) = (pending_created_at IS NULL))
    );
    CREATE TABLE recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz,
      UNIQUE (user_id, code_hash)
    );
    ALTER TABLE access_tokens ADD COLUMN second_factor_at timestamptz;
    CREATE TABLE mfa_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      company_id text NOT NULL REFERENCES companies(id),
      client_id text NOT NULL REFERENCES oauth_clients(id),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mfa_tokens_expires ON mfa_tokens (expires_at)
  `);
}
