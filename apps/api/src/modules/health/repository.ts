import { sql } from 'kysely';
import type { TDb } from '../../db/database.ts';

/**
 * One round trip through the pool, as a request makes it (a pooled connection, then a statement),
 * with a statement limit of its own: fails when either cannot be had.
 */
export async function pingDatabase(db: TDb, timeoutMs: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(tx);
    await sql`SELECT 1`.execute(tx);
  });
}
