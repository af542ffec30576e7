import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Database } from '../../db/schema.ts';
import { hit, reset } from '../../lib/rate-limit.ts';
import { peekRateLimits } from './repository.ts';

/**
 * Failed-login counters in fixed windows, shared by every instance (the database's
 * `rate_limits` table, or Redis when REDIS_URL is set). Only failures count. Three counters,
 * so that one attacker cannot lock a user out:
 *
 * - per account **and** client address (low): guessing one account from one place stops soon,
 *   while the account's owner, elsewhere, still logs in;
 * - per client address (whatever the accounts): one place guessing many accounts stops;
 * - per account, across every address (much higher): distributed guessing of one account stops.
 *
 * A successful login clears its (account, address) counter only: a guesser elsewhere keeps
 * their count, and the account-wide count is not reset by the owner logging in.
 */
export interface TLoginLimiter {
  /** Seconds until a login may be tried again for these keys; 0 when it may be tried now. */
  blockedFor(keys: TLoginKeys): Promise<number>;
  recordFailure(keys: TLoginKeys): Promise<void>;
  /** After a successful login: forgets the (account, address) counter. */
  clearSuccess(keys: TLoginKeys): Promise<void>;
  close(): Promise<void>;
}

export interface TLoginKeys {
  /** One account from one client address. */
  pair: string;
  /** One client address, whatever the accounts. */
  address: string;
  /** One account, whatever the addresses. */
  account: string;
}

export interface TLoginLimits {
  /** Failures allowed for one account from one address in a window (10 per 15 min). */
  pairMax: number;
  /** Failures allowed from one address in a window, whatever the accounts. */
  addressMax: number;
  /** Failures allowed for one account in a window, across every address. */
  accountMax: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: TLoginLimits = { pairMax: 10, addressMax: 50, accountMax: 100, windowSeconds: 15 * 60 };

/**
 * The part of a client address that names one client: an IPv4 address, or the /64 network of
 * an IPv6 one (a single host usually holds a whole /64, so counting its addresses one by one
 * would give it 2^64 fresh counters).
 */
export function clientAddressKey(address: string): string {
  const plain = address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** Keys that do not keep the e-mail in clear. */
export function loginKeys(companyId: string, email: string, address: string): TLoginKeys {
  const digest = createHash('sha256').update(`${companyId}\n${email.trim().toLowerCase()}`).digest('hex').slice(0, 32);
  const client = clientAddressKey(address);
  return { pair: `login:pair:${digest}:${client}`, address: `login:address:${client}`, account: `login:account:${digest}` };
}

const counters = (keys: TLoginKeys, limits: TLoginLimits): [string, number][] => [
  [keys.pair, limits.pairMax],
  [keys.address, limits.addressMax],
  [keys.account, limits.accountMax],
];

export function databaseLoginLimiter(db: Kysely<Database>, limits: TLoginLimits = DEFAULT_LOGIN_LIMITS): TLoginLimiter {
  /**
   * The logins whose (account, address) counter was absent when checked: their success has
   * nothing to forget, so it costs no statement. (A failure of the same pair racing it may leave
   * its count; it ends with its window.)
   */
  const nothingToClear = new WeakSet<TLoginKeys>();
  return {
    async blockedFor(keys) {
      const list = counters(keys, limits);
      const rows = await peekRateLimits(db, list.map(([key]) => key));
      if (!rows.some((row) => row.key === keys.pair)) nothingToClear.add(keys);
      let wait = 0;
      for (const [key, max] of list) {
        const row = rows.find((r) => r.key === key);
        if (!row || row.hits < max) continue;
        const ends = new Date(row.window_start).getTime() + limits.windowSeconds * 1000;
        wait = Math.max(wait, Math.ceil((ends - Date.now()) / 1000));
      }
      return wait;
    },
    async recordFailure(keys) {
      for (const [key, max] of counters(keys, limits)) await hit(db, key, max, limits.windowSeconds);
    },
    async clearSuccess(keys) {
      if (nothingToClear.has(keys)) return;
      await reset(db, keys.pair);
    },
    async close() {},
  };
}

export function redisLoginLimiter(url: string, limits: TLoginLimits = DEFAULT_LOGIN_LIMITS): TLoginLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async blockedFor(keys) {
      const list = counters(keys, limits);
      const batch = redis.multi();
      for (const [key] of list) batch.get(key).pttl(key);
      const replies = ((await batch.exec()) ?? []).map(([, v]) => v);
      let wait = 0;
      list.forEach(([, max], i) => {
        const hits = Number(replies[2 * i] ?? 0);
        const ttl = Number(replies[2 * i + 1]);
        if (hits >= max && ttl > 0) wait = Math.max(wait, Math.ceil(ttl / 1000));
      });
      return wait;
    },
    async recordFailure(keys) {
      const batch = redis.multi();
      for (const [key] of counters(keys, limits)) batch.set(key, '0', 'EX', limits.windowSeconds, 'NX').incr(key);
      await batch.exec();
    },
    async clearSuccess(keys) {
      await redis.del(keys.pair);
    },
    async close() {
      redis.disconnect();
    },
  };
}
