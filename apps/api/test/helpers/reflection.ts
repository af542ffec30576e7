import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

const DAY_MS = 86_400_000;

/**
 * Back-dates a hire so that its reflection period (4 calendar days, Europe/Madrid; decision 0026)
 * is over: the contract's `created_at`, which the period counts from, is set `days` ago. Tests
 * that activate a contract right after hiring it use this (or the investor's waiver): the rule
 * itself stays on.
 */
export async function backdateHire(db: Kysely<Database>, contractId: string, days = 10): Promise<void> {
  await db
    .updateTable('contracts')
    .set({ created_at: new Date(Date.now() - days * DAY_MS) })
    .where('id', '=', contractId)
    .execute();
}
