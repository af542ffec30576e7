import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Database } from '../../db/schema.ts';
import { hit, reset } from '../../lib/rate-limit.ts';
import { peekRateLimit } from './repository.ts';

/**
 * Failed-login counters, per account and per address, in fixed windows, shared by every
 * instance: in the database's rate_limits table, or in Redis when REDIS_URL is set. Only
 * failures count; a successful login clears the account's counter (not the address's).
 */
export interface TLoginLimiter {
  /** Seconds until a login may be tried again for these keys; 0 when it may be tried now. */
  blockedFor(keys: TLoginKeys): Promise<number>;
  recordFailure(keys: TLoginKeys): Promise<void>;
  clearAccount(keys: TLoginKeys): Promise<void>;
  close(): Promise<void>;
}

export interface TLoginKeys {
  account: string;
  address: string;
}

export interface TLoginLimits {
  /** Failures allowed per account in one window (10 per 15 min: at most 40 an hour, under 100). */
  accountMax: number;
  /** Failures allowed per address in one window. */
  addressMax: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: TLoginLimits = { accountMax: 10, addressMax: 50, windowSeconds: 15 * 60 };

/** Keys that do not keep the e-mail in clear. */
export function loginKeys(companyId: string, email: string, address: string): TLoginKeys {
  const digest = createHash('sha256').update(`${companyId}\n${email.trim().toLowerCase()}`).digest('hex').slice(0, 32);
  return { account: `login:account:${digest}`, address: `login:address:${address}` };
}

export function databaseLoginLimiter(db: Kysely<Database>, limits: TLoginLimits = DEFAULT_LOGIN_LIMITS): TLoginLimiter {
  const remaining = async (key: string, max: number): Promise<number> => {
    const row = await peekRateLimit(db, key);
    if (!row || row.hits < max) return 0;
    const ends = new Date(row.window_start).getTime() + limits.windowSeconds * 1000;
    const left = Math.ceil((ends - Date.now()) / 1000);
    return left > 0 ? left : 0;
  };
  return {
    async blockedFor(keys) {
      return Math.max(await remaining(keys.account, limits.accountMax), await remaining(keys.address, limits.addressMax));
    },
    async recordFailure(keys) {
      await hit(db, keys.account, limits.accountMax, limits.windowSeconds);
      await hit(db, keys.address, limits.addressMax, limits.windowSeconds);
    },
    async clearAccount(keys) {
      await reset(db, keys.account);
    },
    async close() {},
  };
}

export function redisLoginLimiter(url: string, limits: TLoginLimits = DEFAULT_LOGIN_LIMITS): TLoginLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const remaining = async (key: string, max: number): Promise<number> => {
    const [hits, ttl] = await redis.multi().get(key).pttl(key).exec().then((r) => (r ?? []).map(([, v]) => v));
    if (Number(hits ?? 0) < max) return 0;
    return Number(ttl) > 0 ? Math.ceil(Number(ttl) / 1000) : 0;
  };
  const count = async (key: string) => {
    await redis.multi().set(key, '0', 'EX', limits.windowSeconds, 'NX').incr(key).exec();
  };
  return {
    async blockedFor(keys) {
      return Math.max(await remaining(keys.account, limits.accountMax), await remaining(keys.address, limits.addressMax));
    },
    async recordFailure(keys) {
      await count(keys.account);
      await count(keys.address);
    },
    async clearAccount(keys) {
      await redis.del(keys.account);
    },
    async close() {
      redis.disconnect();
    },
  };
}
