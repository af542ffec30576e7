import { sql } from 'kysely';
import type { TDb } from '../../src/db/database.ts';

/**
 * Tables whose rows a rejected request writes on purpose: `rate_limits` counts failed logins
 * and contact messages per address, which is what turns the next attempts into 429s.
 */
export const TABLES_WRITTEN_BY_REJECTIONS = new Set(['rate_limits']);

/**
 * Audit entries that log an access, not a change (RFC 9110 §9.2.1: a safe method may log): the
 * personal data export (issue 16) is a GET whose request and download the law wants recorded, and
 * so is staff's CSV export of a customer's data (decision 0021).
 * Left out of the audit log's part of the fingerprint; every other entry still counts.
 */
export const ACCESS_LOG_ACTIONS = ['user.requestDataExport', 'user.downloadDataExport', 'document.export'] as const;

/**
 * Audit entries a rejected request writes on purpose (issue 18): a wrong second-factor code is
 * answered 400 and recorded, as a security log must record failed attempts. Left out too.
 */
export const REJECTION_AUDIT_ACTIONS = ['user.secondFactorFailed'] as const;

/**
 * A cheap fingerprint of everything stored: per table of the current schema (read from
 * information_schema, so a table added by a later migration is covered without a change here),
 * its row count and an order-independent sum of a hash of every row's text. Any insert, delete
 * or change of any column changes it.
 */
export async function fingerprinter(db: TDb): Promise<() => Promise<string>> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
    ORDER BY table_name
  `.execute(db);
  const tables = rows.map((r) => r.table_name).filter((name) => !TABLES_WRITTEN_BY_REJECTIONS.has(name));
  if (tables.length === 0) throw new Error('no table found in the current schema');
  const parts = tables.map((name) => {
    const where = name === 'audit_log' ? sql` WHERE x.action NOT IN (${sql.join([...ACCESS_LOG_ACTIONS, ...REJECTION_AUDIT_ACTIONS])})` : sql``;
    return sql`SELECT ${name}::text AS t, count(*)::text AS n, coalesce(sum(hashtext(x::text)::bigint), 0)::text AS h FROM ${sql.table(name)} AS x${where}`;
  });
  const query = sql<{ t: string; n: string; h: string }>`${sql.join(parts, sql` UNION ALL `)}`;
  // Hashing every row is the fuzzer's main cost, and most requests write nothing. A write needs a
  // transaction id, and a transaction that commits either leaves the in-progress list of the
  // snapshot or moves its xmax: while the snapshot's text is unchanged, nothing was committed and
  // the last fingerprint still holds.
  const snapshot = sql<{ s: string }>`SELECT pg_current_snapshot()::text AS s`;
  let last: { snapshot: string; fingerprint: string } | undefined;
  return async () => {
    const now = (await snapshot.execute(db)).rows[0]!.s;
    if (last && last.snapshot === now) return last.fingerprint;
    const result = await query.execute(db);
    const fingerprint = result.rows.map((r) => `${r.t}:${r.n}:${r.h}`).join(' ');
    last = { snapshot: now, fingerprint };
    return fingerprint;
  };
}

/** The tables whose part of two fingerprints differs (for a readable failure). */
export function changedTables(before: string, after: string): string[] {
  const a = new Map(before.split(' ').map((p) => [p.split(':')[0]!, p]));
  return after
    .split(' ')
    .filter((p) => a.get(p.split(':')[0]!) !== p)
    .map((p) => p.split(':')[0]!);
}
