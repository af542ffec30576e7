import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * An idempotency key is now written in the same transaction as its contract (issue 12): a key
 * row always names its contract, and a request that dies leaves nothing behind. Rows without a
 * contract were claims left by requests that died under the old scheme; they block their keys
 * for ever, so they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    DELETE FROM contract_idempotency_keys WHERE contract_id IS NULL;
    ALTER TABLE contract_idempotency_keys ALTER COLUMN contract_id SET NOT NULL;
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE contract_idempotency_keys ALTER COLUMN contract_id DROP NOT NULL;`);
}
