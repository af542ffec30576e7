import type { AliasableExpression, Expression } from 'kysely';
import type { TDb } from '../db/database.ts';

/**
 * A column about the caller that a route reads in the same statement as the session, when the
 * session is not cached (`requirePermission(action, { alongside })`): given the user's company
 * and id, an SQL expression of one value. Never kept in the session cache.
 */
export type TSessionAlongside = (companyId: Expression<string>, userId: Expression<string>) => AliasableExpression<unknown>;

/** What a valid bearer token resolves to (docs/decisions/0008-session-cache.md). */
export interface TSession {
  id: string;
  company_id: string;
  email: string;
  roles: string[];
  is_temporal_password: boolean;
  token_company: string;
  expires_at: Date;
  /** When this session last proved a second factor (issue 18); null: never. */
  second_factor_at: Date | null;
  /** Whether the user has a confirmed second factor (issue 18). */
  has_second_factor: boolean;
}

interface TEntry {
  session: TSession;
  /** Epoch ms after which the entry is not used: the cache's bound or the token's expiry, whichever is first. */
  until: number;
}

/** Entries beyond this are not added (memory bound; a full cache only means more lookups). */
const MAX_ENTRIES = 50_000;
/** Expired entries are dropped at most this often, and at most once per bound (`dropExpired`). */
const MIN_SWEEP_MS = 1000;

/**
 * A short-lived, per-process memory of token hash → session, so that an authenticated request
 * need not look the token up on every call. Only valid sessions are kept, each for at most
 * `ttlMs` and never past the token's expiry. Every revocation made through this process empties
 * it at once (`forgetSessions`); a revocation made by another process takes effect here within
 * `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, TEntry>();
  /** Bumped by every revocation: a lookup that started before one is not stored. */
  private generation = 0;
  /** When expired entries are next dropped (epoch ms). */
  private nextSweep = 0;

  constructor(private readonly ttlMs: number) {}

  /** The cached session of a token hash, or the result of `load` (stored only if valid and no revocation happened meanwhile). */
  async resolve(tokenHash: string, load: () => Promise<TSession | undefined>): Promise<TSession | undefined> {
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit) {
      if (hit.until > now) return hit.session;
      this.entries.delete(tokenHash);
    }
    const started = this.generation;
    const session = await load();
    if (session && this.ttlMs > 0 && started === this.generation) {
      const stored = Date.now();
      if (stored >= this.nextSweep) {
        this.dropExpired(stored);
        this.nextSweep = stored + Math.max(this.ttlMs, MIN_SWEEP_MS);
      }
      if (this.entries.size < MAX_ENTRIES) {
        const until = Math.min(stored + this.ttlMs, new Date(session.expires_at).getTime());
        this.entries.set(tokenHash, { session, until });
      }
    }
    return session;
  }

  /**
   * Drops the entries past their bound from the oldest on. Without this, a token seen once (an
   * investor who logged in, looked and left) stayed in memory for the life of the process, and
   * once MAX_ENTRIES such tokens had come and gone nothing new was cached again. Entries are
   * stored in about the order their bound runs out (the same `ttlMs` for all; one whose token
   * expires sooner, or stored twice by two lookups at once, only waits here a little longer, and
   * is refused by `resolve` meanwhile), and an expired entry looked up again is deleted before
   * being stored anew: so the expired ones are at the front, and the walk stops at the first live
   * one. It runs at most once per `ttlMs` (at least MIN_SWEEP_MS): a Map keeps the slots of deleted
   * entries until it grows, and a walk from the front passes over them, so walking on every store
   * would cost as many steps as entries; once per bound it is a few steps per stored session.
   */
  private dropExpired(now: number): void {
    for (const [tokenHash, entry] of this.entries) {
      if (entry.until > now) break;
      this.entries.delete(tokenHash);
    }
  }

  /** Forgets every cached session (after a logout, password change or deactivation has committed). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One cache per database handle, so a revocation through that handle reaches every app using it. */
const caches = new WeakMap<TDb, SessionCache>();

export function sessionCacheOf(db: TDb, ttlMs: number): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(ttlMs);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Call after any revocation of tokens (or deactivation of a user) has been committed on `db`:
 * from then on no request in this process is served from a session cached before it.
 */
export function forgetSessions(db: TDb): void {
  caches.get(db)?.clear();
}
