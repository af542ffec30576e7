import { CompiledQuery, sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { jsonColumn } from '../../lib/json-column.ts';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';
import { forgetSessions, type TSessionAlongside } from '../../lib/session-cache.ts';
import { companyExistsSql } from '../company/repository.ts';
import { userForLoginQuery } from '../users/repository.ts';
import { insertMailWhen, type TNewMail } from '../mail/outbox-repository.ts';
import { jsonObjectFrom } from 'kysely/helpers/postgres';

type TExecutor = Kysely<Database> | Transaction<Database>;

export function findClient(db: TExecutor, clientId: string) {
  return db.selectFrom('oauth_clients').select(['id', 'secret_hash']).where('id', '=', clientId).executeTakeFirst();
}

export interface TLoginUser {
  id: string;
  password_hash: string;
  is_active: boolean;
  is_deleted: boolean;
  /** Only whether it is set matters (JSON: an ISO text). */
  confirmed_at: string | null;
  has_second_factor: boolean;
  email: string;
  first_name: string;
  language: string;
}

/**
 * The token endpoint's first read, in one round trip: whether the company exists, the OAuth
 * client's secret hash (null when no client has that id) and, when an e-mail is given, the account
 * it names in that company (users' own query, embedded as JSON; undefined when none).
 */
export async function findLoginContext(
  db: TExecutor,
  companyId: string,
  clientId: string,
  email: string | undefined,
): Promise<{ companyExists: boolean; clientSecretHash: string | null; user: TLoginUser | undefined }> {
  const row = await db
    .selectNoFrom((eb) => [
      companyExistsSql(companyId).as('company_exists'),
      eb.selectFrom('oauth_clients').select('secret_hash').where('id', '=', clientId).as('client_secret_hash'),
      (email === undefined ? sql<null>`NULL` : jsonObjectFrom(userForLoginQuery(db, companyId, email))).as('login_user'),
    ])
    .executeTakeFirstOrThrow();
  const user = row.login_user as TLoginUser | string | null;
  return {
    companyExists: row.company_exists,
    clientSecretHash: row.client_secret_hash,
    user: user === null ? undefined : jsonColumn<TLoginUser>(user),
  };
}

/** The (device, network) a sign-in comes from, as stored (a keyed hash and the families), and the mail that tells of a new one. */
export interface TLoginDevice {
  fingerprint: string;
  browser: string | null;
  os: string | null;
  newDeviceMail: TNewMail;
}

/**
 * A login's writes in one statement (so one round trip and one commit): the new token, the
 * device seen (added, or its last sign-in moved), the mail about a new device, and the user's last
 * logon. The mail is queued only when the device was added and the account already had another
 * one: its first device (the first sign-in after sign-up, or after this table came) is not news.
 * Every part reads the snapshot from before the statement, so the probe of other devices does not
 * see the row being added; it and the upsert use the primary key (user_id, fingerprint).
 */
export async function insertAccessTokenAndLogon(
  db: TExecutor,
  token: { tokenHash: string; userId: string; companyId: string; clientId: string; expiresAt: Date; secondFactorAt?: Date },
  device: TLoginDevice,
): Promise<void> {
  await db
    .with('token', (qb) =>
      qb.insertInto('access_tokens').values({
        token_hash: token.tokenHash,
        user_id: token.userId,
        company_id: token.companyId,
        client_id: token.clientId,
        expires_at: token.expiresAt,
        second_factor_at: token.secondFactorAt ?? null,
      }),
    )
    .with('seen', (qb) =>
      qb
        .insertInto('known_devices')
        .values({ user_id: token.userId, company_id: token.companyId, fingerprint: device.fingerprint, browser: device.browser, os: device.os })
        .onConflict((oc) => oc.columns(['user_id', 'fingerprint']).doUpdateSet({ last_seen_at: sql<Date>`now()` }))
        // Both stamps are the transaction's now() only on the row just inserted (an update moves last_seen_at alone).
        .returning(sql<boolean>`first_seen_at = last_seen_at`.as('is_new')),
    )
    .with('told', (qb) =>
      insertMailWhen(
        qb,
        { ...device.newDeviceMail, userId: token.userId },
        sql<SqlBool>`EXISTS (SELECT 1 FROM seen WHERE seen.is_new) AND EXISTS (SELECT 1 FROM known_devices d WHERE d.user_id = ${token.userId})`,
      ),
    )
    .updateTable('users')
    .set({ last_logon_at: sql<Date>`now()` })
    .where('id', '=', token.userId)
    .execute();
}

/** Revokes one token by its hash (no error when it does not exist or is already revoked); this process forgets it at once. */
export async function revokeAccessToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
  forgetSessions(db);
}

/** The login limiter's three counters, in the order they are taken (and given back). */
export const LOGIN_COUNTERS = ['pair', 'address', 'account'] as const;
export type TLoginCounter = (typeof LOGIN_COUNTERS)[number];

/** Each counter's key (`rate_limits.key`). */
export type TLoginCounterKeys = Record<TLoginCounter, string>;

/**
 * Where a reserved attempt's hits went: each counter's window start, as the exact epoch text the
 * database gave (microseconds kept), so a hit is given back to its own window and never to a
 * later one.
 */
export type TLoginWindows = Partial<Record<TLoginCounter, string>>;

export interface TLoginCounterHit {
  counter: TLoginCounter;
  /** Hits in the window, this one included. */
  hits: number;
  window: string;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** A hit on one counter in a fixed window (a window that has ended starts again at this hit). */
const hitOnConflict = (window: ReturnType<typeof sql>) => sql`
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_start + ${window} <= now() THEN 1 ELSE r.hits + 1 END,
    window_start = CASE WHEN r.window_start + ${window} <= now() THEN now() ELSE r.window_start END
  RETURNING r.hits, r.window_start`;

/**
 * Reserves one login attempt in ONE statement: a hit on the (account, address) counter; then, only
 * if that is within `max.pair`, one on the address's; then, only if that is within `max.address`,
 * one on the account's. Each hit is an atomic upsert (concurrent statements on any instance wait
 * for the row and see each other's hits), taken in that order by every statement, so they never
 * deadlock. Returns the hits taken; the caller checks the last against its limit and gives the
 * taken ones back when it refuses.
 */
export async function reserveLoginCounters(
  db: TExecutor,
  keys: TLoginCounterKeys,
  max: { pair: number; address: number },
  windowSeconds: number,
): Promise<TLoginCounterHit[]> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const shown = (name: TLoginCounter) =>
    sql`SELECT ${sql.lit(name)}::text AS counter, hits, extract(epoch FROM window_start)::text AS window,
      ceil(extract(epoch FROM (window_start + ${window} - now())))::integer AS retry_after FROM ${sql.ref(name)}`;
  const result = await sql<{ counter: TLoginCounter; hits: number; window: string; retry_after: number | string }>`
    WITH pair AS (
      INSERT INTO rate_limits AS r (key, hits, window_start) VALUES (${keys.pair}, 1, now()) ${hitOnConflict(window)}
    ), address AS (
      INSERT INTO rate_limits AS r (key, hits, window_start)
      SELECT ${keys.address}::text, 1, now() FROM pair WHERE pair.hits <= ${max.pair}::integer ${hitOnConflict(window)}
    ), account AS (
      INSERT INTO rate_limits AS r (key, hits, window_start)
      SELECT ${keys.account}::text, 1, now() FROM address WHERE address.hits <= ${max.address}::integer ${hitOnConflict(window)}
    )
    ${shown('pair')} UNION ALL ${shown('address')} UNION ALL ${shown('account')}
  `.execute(db);
  return result.rows.map((row) => ({ counter: row.counter, hits: Number(row.hits), window: row.window, retryAfter: Number(row.retry_after) }));
}

/**
 * Gives back the hits of one reserved attempt, each to its own window (a counter not in
 * `windows` was not taken), in ONE statement and in the order they were taken (so it never
 * deadlocks with a reservation). `forgetPair` deletes the (account, address) counter instead (a
 * successful login starts it again).
 */
export async function giveBackLoginCounters(db: TExecutor, keys: TLoginCounterKeys, windows: TLoginWindows, forgetPair: boolean): Promise<void> {
  const windowIs = (name: TLoginCounter) => sql`extract(epoch FROM window_start)::text = ${windows[name] ?? null}::text AND hits > 0`;
  const pair = forgetPair
    ? sql`DELETE FROM rate_limits WHERE key = ${keys.pair} RETURNING 1`
    : sql`UPDATE rate_limits SET hits = hits - 1 WHERE key = ${keys.pair} AND ${windowIs('pair')} RETURNING 1`;
  // "(SELECT count(*) FROM …) >= 0" is always true: it only makes each step wait for the one before.
  await sql`
    WITH pair AS (${pair}),
    address AS (
      UPDATE rate_limits SET hits = hits - 1
      WHERE key = ${keys.address} AND ${windowIs('address')} AND (SELECT count(*) FROM pair) >= 0 RETURNING 1
    ), account AS (
      UPDATE rate_limits SET hits = hits - 1
      WHERE key = ${keys.account} AND ${windowIs('account')} AND (SELECT count(*) FROM address) >= 0 RETURNING 1
    )
    SELECT count(*) AS n FROM account
  `.execute(db);
}

/** The statement of `findTokenUser`, built by Kysely with stand-in values (see below). */
function tokenUserQuery(db: TExecutor, tokenHash: string, now: Date) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      'u.id',
      'u.company_id',
      'u.email',
      'u.roles',
      'u.is_temporal_password',
      't.company_id as token_company',
      't.expires_at',
      't.second_factor_at',
      // Kept by the database from the factors themselves (migration 0040): no subquery per request.
      'u.has_second_factor',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.is_active', '=', true)
    .where('u.is_deleted', '=', false);
}
type TTokenUser = NonNullable<Awaited<ReturnType<ReturnType<typeof tokenUserQuery>['executeTakeFirst']>>> & { alongside?: unknown };

const HASH_STAND_IN = '\u0000token-hash';
const NOW_STAND_IN = new Date(0);
/** The statement's text, built once; and once per `alongside` column a route asks for. */
let tokenUserStatement: CompiledQuery | undefined;
const withAlongside = new Map<TSessionAlongside, CompiledQuery>();

function tokenUserStatementFor(db: TExecutor, alongside: TSessionAlongside | undefined): CompiledQuery {
  if (!alongside) return (tokenUserStatement ??= tokenUserQuery(db, HASH_STAND_IN, NOW_STAND_IN).compile());
  let statement = withAlongside.get(alongside);
  if (!statement) {
    statement = tokenUserQuery(db, HASH_STAND_IN, NOW_STAND_IN)
      .select((eb) => alongside(eb.ref('u.company_id'), eb.ref('u.id')).as('alongside'))
      .compile();
    withAlongside.set(alongside, statement);
  }
  return statement;
}

/**
 * The active user behind an unrevoked, unexpired token, with the company the token was issued
 * for, and the session's second-factor state (issue 18). Every authenticated request that misses
 * the session cache runs it, so its text is built once (Kysely compiled with stand-in values)
 * and each call only sets the token's hash and the time. `alongside` adds one column about the
 * user that the route needs anyway (the dashboard's board), read in the same round trip.
 */
export async function findTokenUser(db: TExecutor, tokenHash: string, now = new Date(), alongside?: TSessionAlongside): Promise<TTokenUser | undefined> {
  const statement = tokenUserStatementFor(db, alongside);
  const parameters = statement.parameters.map((p) => (p === HASH_STAND_IN ? tokenHash : p === NOW_STAND_IN ? now : p));
  const result = await db.executeQuery<TTokenUser>(CompiledQuery.raw(statement.sql, parameters));
  return result.rows[0];
}

/** Personal data export: the (device, network) pairs a person signed in from, as families and dates (never the hash). */
export function findKnownDevicesForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('known_devices')
    .select(['browser', 'os', 'first_seen_at', 'last_seen_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('first_seen_at')
    .execute();
}

/** A person's erasure: the devices they signed in from go (run by privacy in its transaction, lib/erasure.ts). */
export async function eraseKnownDevices(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const result = await tx.deleteFrom('known_devices').where('user_id', '=', person.id).executeTakeFirst();
  return { knownDevices: changedRows(result) };
}

/** Personal data export (issue 16): a user's sessions as metadata (client, start, expiry, end), never the token's hash. */
export async function findSessionsForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('access_tokens')
    .select(['client_id', 'created_at', 'expires_at', 'revoked_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
