import { LRUCache } from 'lru-cache';
import type { TNotificationHandlers } from '../../db/notifications.ts';

/** The channel the `contracts` triggers announce owners on (migration 0006). */
export const CONTRACT_OWNERS_CHANNEL = 'kc_contract_owners';
/** The payload a TRUNCATE of `contracts` sends: every owner changed. */
const EVERY_OWNER = '*';

/** How an owner is named in the channel's payloads and in this cache. */
export const ownerKey = (companyId: string, userId: string): string => `${companyId} ${userId}`;

/** Bodies kept at most, in UTF-16 code units (≈ 2 bytes each): about 32 MB. */
const MAX_CHARS = 16 * 1024 * 1024;

/** Where the cache says it stopped or resumed (the app's logger). */
export interface TCacheLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

interface TLoad {
  stale: boolean;
}

interface TPage {
  owner: string;
  body: string;
}

/** Pages kept at most (lru-cache sets aside room for this many when it is made). */
const MAX_PAGES = 25_000;

/**
 * Answers of `GET /api/dashboard`, as JSON text, per owner and page, kept coherent with the
 * database (docs/decisions/0009-dashboard-cache.md):
 *
 * - Every committed change to an owner's contracts empties that owner's pages: the `contracts`
 *   triggers notify `kc_contract_owners`, which every process LISTENs to (`handlers`), and the
 *   process that made the change also calls `forget` itself once its transaction has committed,
 *   so its own next answer never waits for the notification.
 * - A page read while a change to its owner was committing is not stored (it may predate it).
 * - Nothing is served or stored while the process is not listening (before the LISTEN is in
 *   place, or after its connection dropped, until it is back): notifications may be lost then.
 * - An entry lives at most `ttlMs` (the bound on staleness should a notification never arrive),
 *   and the least recently used pages go first past ≈ 32 MB.
 */
export class DashboardCache {
  private readonly pages: LRUCache<string, TPage>;
  /** Owner → keys of its pages in `pages`. */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Owner → its page reads in flight. */
  private readonly loading = new Map<string, Set<TLoad>>();
  private listening = false;
  /** Set once the LISTEN was lost, so that its return is logged too. */
  private wasLost = false;
  /**
   * Pages looked up since the process started (the metrics read them): served from memory,
   * loaded while the cache was active, or loaded without it (the cache off or not listening, or
   * the board read with the session: decision 0039).
   */
  readonly lookups = { hits: 0, misses: 0, bypassed: 0 };

  constructor(
    readonly ttlMs: number,
    private readonly log?: TCacheLog,
  ) {
    this.pages = new LRUCache<string, TPage>({
      max: MAX_PAGES,
      maxSize: MAX_CHARS,
      sizeCalculation: (page) => Math.max(1, page.body.length),
      ttl: Math.max(1, ttlMs),
      // A page replaced by a newer body keeps its key; any other removal drops it from the index.
      dispose: (page, key, reason) => {
        if (reason !== 'set') this.unindex(page.owner, key);
      },
    });
  }

  /** False when caching is off (ttl 0) or the process is not listening for changes. */
  get active(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  /**
   * An owner's page (`page` names state, page and size) from the cache, or from `load`, stored
   * when the cache is active and no change to this owner was heard while it loaded.
   */
  async resolve(owner: string, page: string, load: () => Promise<string>): Promise<string> {
    const key = `${owner}\n${page}`;
    if (this.active) {
      const hit = this.pages.get(key);
      if (hit !== undefined) {
        this.lookups.hits += 1;
        return hit.body;
      }
      this.lookups.misses += 1;
    } else {
      this.lookups.bypassed += 1;
    }
    const ticket: TLoad = { stale: !this.active };
    let inFlight = this.loading.get(owner);
    if (!inFlight) this.loading.set(owner, (inFlight = new Set()));
    inFlight.add(ticket);
    try {
      const body = await load();
      if (!ticket.stale && this.active) this.store(owner, key, body);
      return body;
    } finally {
      inFlight.delete(ticket);
      if (inFlight.size === 0 && this.loading.get(owner) === inFlight) this.loading.delete(owner);
    }
  }

  /** Counts a page served without looking in the cache (the board read with the session: decision 0039). */
  countBypass(): void {
    this.lookups.bypassed += 1;
  }

  /** Forgets an owner's pages, and any page of theirs still loading (their contracts changed). */
  forget(owner: string): void {
    for (const ticket of this.loading.get(owner) ?? []) ticket.stale = true;
    for (const key of [...(this.keysOf.get(owner) ?? [])]) this.pages.delete(key);
  }

  /** Forgets everything, including pages still loading. */
  forgetAll(): void {
    for (const tickets of this.loading.values()) for (const ticket of tickets) ticket.stale = true;
    this.pages.clear();
  }

  /** The subscriber to `CONTRACT_OWNERS_CHANNEL`. */
  readonly handlers: TNotificationHandlers = {
    onMessage: (payload) => (payload === EVERY_OWNER ? this.forgetAll() : this.forget(payload)),
    onListening: () => {
      // Whatever happened before the LISTEN was in place went unheard.
      this.forgetAll();
      this.listening = true;
      if (this.wasLost) this.log?.info('dashboard cache: listening to contract changes again; cache back on');
      this.wasLost = false;
    },
    onLost: (error) => {
      this.listening = false;
      this.forgetAll();
      if (!this.wasLost) this.log?.warn({ err: error }, 'dashboard cache: contract change notifications lost; cache off until the connection is back');
      this.wasLost = true;
    },
  };

  /** Pages held now (tests and diagnostics). */
  get size(): number {
    return this.pages.size;
  }

  private store(owner: string, key: string, body: string): void {
    this.pages.set(key, { owner, body });
    if (!this.pages.has(key)) {
      this.unindex(owner, key); // too large to keep
      return;
    }
    let keys = this.keysOf.get(owner);
    if (!keys) this.keysOf.set(owner, (keys = new Set()));
    keys.add(key);
  }

  private unindex(owner: string, key: string): void {
    const keys = this.keysOf.get(owner);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.keysOf.delete(owner);
  }
}
