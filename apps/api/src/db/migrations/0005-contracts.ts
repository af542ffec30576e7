import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Contracts: idempotency keys of contract creation (one row per caller and key, holding the
 * request's hash and, once created, the contract), and indexes for 1M contracts: the dashboard
 * and the search read one owner's contracts through (company_id, user_id, …) indexes from
 * 0001; the contract's history is read by contract_id; the user list by company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE contract_idempotency_keys (
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id),
      idempotency_key text NOT NULL,
      request_hash text NOT NULL,
      contract_id uuid REFERENCES contracts(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, user_id, idempotency_key)
    );
    CREATE INDEX contracts_payment_preference ON contracts (payment_preference_id) WHERE payment_preference_id IS NOT NULL;
    CREATE INDEX users_company_created ON users (company_id, created_at, id);
  `);
}
