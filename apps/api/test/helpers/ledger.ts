import { sql } from 'kysely';
import type { TDb } from '../../src/db/database.ts';

/** The append-only tables that reference contracts, whose guards refuse TRUNCATE (migrations 0014, 0034 and 0036). */
const GUARDED = ['ledger_lines', 'payments', 'market_trades', 'market_payouts'] as const;

/**
 * `TRUNCATE contracts CASCADE` for a test: the cascade reaches the ledger's lines and payments and the market's trades,
 * which refuse TRUNCATE, so the guards are lifted for that one statement, as an operator would
 * have to (ALTER TABLE … DISABLE TRIGGER), inside one transaction: they are back at its end.
 */
export async function truncateContracts(db: TDb): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const table of GUARDED) await sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_no_truncate`).execute(tx);
    await sql`TRUNCATE contracts CASCADE`.execute(tx);
    for (const table of GUARDED) await sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_no_truncate`).execute(tx);
  });
}
