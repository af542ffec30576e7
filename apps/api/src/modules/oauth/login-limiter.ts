import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Database } from '../../db/schema.ts';
import { LOGIN_COUNTERS, giveBackLoginCounters, reserveLoginCounters, type TLoginCounter, type TLoginWindows } from './repository.ts';

/**
 * Failed-login counters in fixed windows, shared by every instance (the database's
 * `rate_limits` table, or Redis when REDIS_URL is set). Three counters, so that one attacker
 * cannot lock a user out:
 *
 * - per account **and** client address (low): guessing one account from one place stops soon,
 *   while the account's owner, elsewhere, still logs in;
 * - per client address (whatever the accounts): one place guessing many accounts stops;
 * - per account, across every address (much higher): distributed guessing of one account stops.
 *
 * Every attempt is reserved atomically BEFORE anything is verified: it takes one hit on each
 * counter, in that order, and only while every counter is under its limit; otherwise it takes
 * nothing and is refused unverified. So however many requests race, on however many instances,
 * at most the limit is ever verified; and an address blocked for an account adds nothing to the
 * account-wide counter (one address moves it by its own limit at most, docs/decisions/0044).
 * A failure keeps its reservation (that is what the counters count); a success gives it back
 * and clears its (account, address) counter only: a guesser elsewhere keeps their count.
 */
export interface TLoginLimiter {
  /** Takes one attempt for these keys, or says how many seconds until one may be tried. */
  reserve(keys: TLoginKeys): Promise<TLoginReservation>;
  /** The attempt was right: gives its reservation back and forgets the (account, address) counter. */
  succeeded(ticket: TLoginTicket): Promise<void>;
  /** Nothing could be verified (neither right nor wrong): gives the reservation back. */
  release(ticket: TLoginTicket): Promise<void>;
  close(): Promise<void>;
}

/** One reserved attempt: its keys and, in the database, the windows its hits went to. */
export interface TLoginTicket {
  keys: TLoginKeys;
  windows?: TLoginWindows;
}

export type TLoginReservation = { ok: true; ticket: TLoginTicket } | { ok: false; waitSeconds: number };

export type { TLoginWindows };

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

export function databaseLoginLimiter(db: Kysely<Database>, limits: TLoginLimits = DEFAULT_LOGIN_LIMITS): TLoginLimiter {
  const max: Record<TLoginCounter, number> = { pair: limits.pairMax, address: limits.addressMax, account: limits.accountMax };
  return {
    async reserve(keys) {
      const taken = await reserveLoginCounters(db, keys, max, limits.windowSeconds);
      const windows: TLoginWindows = Object.fromEntries(taken.map((hit) => [hit.counter, hit.window]));
      // The last counter taken decides: an earlier one over its limit stops the chain there.
      const last = taken.at(-1)!;
      if (taken.length === LOGIN_COUNTERS.length && last.hits <= max[last.counter]) return { ok: true, ticket: { keys, windows } };
      await giveBackLoginCounters(db, keys, windows, false);
      return { ok: false, waitSeconds: Math.max(1, last.retryAfter) };
    },
    async succeeded(ticket) {
      await giveBackLoginCounters(db, ticket.keys, ticket.windows ?? {}, true);
    },
    async release(ticket) {
      await giveBackLoginCounters(db, ticket.keys, ticket.windows ?? {}, false);
    },
    async close() {},
  };
}

/**
 * Redis: one script (atomic on the server) checks the three counters and, only when all are
 * under their limits, INCRs each (the first hit sets the window's expiry); otherwise it changes
 * nothing and answers the longest wait in milliseconds.
 */
const RESERVE_SCRIPT = `
local wait = 0
for i = 1, 3 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[i]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[4])
      ttl = tonumber(ARGV[4])
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i = 1, 3 do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
end
return 0
`;

/** Gives an attempt back: DECR where the counter still holds a hit; ARGV[1] = '1' deletes the (account, address) counter instead. */
const GIVE_BACK_SCRIPT = `
for i = 1, 3 do
  if i == 1 and ARGV[1] == '1' then
    redis.call('DEL', KEYS[1])
  elseif tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then
    redis.call('DECR', KEYS[i])
  end
end
return 0
`;

type TScriptedRedis = Redis & {
  kcLoginReserve(pair: string, address: string, account: string, pairMax: number, addressMax: number, accountMax: number, windowMs: number): Promise<number>;
  kcLoginGiveBack(pair: string, address: string, account: string, forgetPair: '0' | '1'): Promise<number>;
};

export function redisLoginLimiter(url: string, limits: TLoginLimits = DEFAULT_LOGIN_LIMITS): TLoginLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 }) as TScriptedRedis;
  redis.defineCommand('kcLoginReserve', { numberOfKeys: 3, lua: RESERVE_SCRIPT });
  redis.defineCommand('kcLoginGiveBack', { numberOfKeys: 3, lua: GIVE_BACK_SCRIPT });
  return {
    async reserve(keys) {
      const waitMs = Number(await redis.kcLoginReserve(keys.pair, keys.address, keys.account, limits.pairMax, limits.addressMax, limits.accountMax, limits.windowSeconds * 1000));
      return waitMs > 0 ? { ok: false, waitSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { ok: true, ticket: { keys } };
    },
    async succeeded(ticket) {
      await redis.kcLoginGiveBack(ticket.keys.pair, ticket.keys.address, ticket.keys.account, '1');
    },
    async release(ticket) {
      await redis.kcLoginGiveBack(ticket.keys.pair, ticket.keys.address, ticket.keys.account, '0');
    },
    async close() {
      redis.disconnect();
    },
  };
}
