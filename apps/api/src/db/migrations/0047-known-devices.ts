import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The (device, network) pairs a person has signed in from, so that a sign-in from a new one is
 * told to them by mail (docs/decisions/0045). `fingerprint` is an HMAC, under a key derived from
 * SECOND_FACTOR_KEY, of the person's id, the browser and system families and the address's
 * network (/24 or /64): neither the address nor the User-Agent is kept. `browser` and `os` are the
 * families' names from a fixed list (what the person's data export shows). The primary key is the
 * login's upsert and the "has the account any device yet" probe. Deleted by an erasure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE known_devices (
      user_id uuid NOT NULL REFERENCES users(id),
      company_id text NOT NULL REFERENCES companies(id),
      fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
      browser text CHECK (length(browser) <= 40),
      os text CHECK (length(os) <= 40),
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, fingerprint)
    )
  `);
}
