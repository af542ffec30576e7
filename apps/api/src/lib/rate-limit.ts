import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TRateLimitResult {
  /** True while the key has made at most `limit` hits in the current window (this one included). */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (≥ 1): what a Retry-After header says. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit for `key` in a fixed window of `windowSeconds` and says whether it is within
 * `limit`. One atomic statement (INSERT … ON CONFLICT … DO UPDATE … RETURNING) on the
 * `rate_limits` table, so concurrent requests on several instances sharing one database never
 * lose a hit. A window that has ended starts again at this hit. Keys are namespaced by the
 * caller (`contact:<ip>`, `login:<ip>`…).
 */
export async function hit(db: TExecutor, key: string, limit: number, windowSeconds: number): Promise<TRateLimitResult> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const result = await sql<{ hits: number; retry_after: number | string }>`
    INSERT INTO rate_limits AS r (key, hits, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_start + ${window} <= now() THEN 1 ELSE r.hits + 1 END,
      window_start = CASE WHEN r.window_start + ${window} <= now() THEN now() ELSE r.window_start END
    RETURNING r.hits, ceil(extract(epoch FROM (r.window_start + ${window} - now())))::integer AS retry_after
  `.execute(db);
  const row = result.rows[0]!;
  const hits = Number(row.hits);
  return { allowed: hits <= limit, hits, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}

/**
 * How long a counter is kept after its window started: longer than any window a caller uses
 * (the longest is an hour), so a sweep never touches a live counter.
 */
export const RATE_LIMIT_KEEP_SECONDS = 24 * 3600;

/**
 * Deletes the counters whose window started more than a day before `now`: they count nothing
 * any more (the next hit starts a new window), and their keys name client addresses, which are
 * personal data and must not be kept for ever. Idempotent, so every instance may run it.
 */
export async function sweepExpiredCounters(db: TExecutor, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_KEEP_SECONDS * 1000);
  const result = await db.deleteFrom('rate_limits').where('window_start', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
