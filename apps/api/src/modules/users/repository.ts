import { sql, type Kysely, type Transaction } from 'kysely';
import { USER_LIST_RESULT_LIMIT, type TUserListQuery } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { withCustomPlan } from '../../db/preparing-client.ts';
import { forgetSessions } from '../../lib/session-cache.ts';
import { usersInReach } from '../sales-network/repository.ts';
import type { TErasedPerson, TErasureCounts } from '../../lib/erasure.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/**
 * The account a login names (company and e-mail, case ignored), with whether it has a second
 * factor, as a query another statement may embed (the token endpoint's first read,
 * oauth/repository.ts).
 */
export function userForLoginQuery(db: TExecutor, companyId: string, email: string) {
  return db
    .selectFrom('users')
    // The account's own kept flag (migration 0040): the row is already read, no subquery needed.
    // With what a mail to the person needs (a sign-in from a new device is told in the same write).
    .select(['id', 'password_hash', 'is_active', 'is_deleted', 'confirmed_at', 'has_second_factor', 'email', 'first_name', 'language'])
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
}

/** The account behind a login, with whether it has a second factor (one round trip). */
export function findUserForLogin(db: TExecutor, companyId: string, email: string) {
  return userForLoginQuery(db, companyId, email).executeTakeFirst();
}

export function findIdentity(db: TExecutor, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'roles', 'is_temporal_password']).where('id', '=', userId).executeTakeFirst();
}

/** Revokes every live token of a user; call `forgetSessions` once committed. Returns how many. */
export async function revokeAllTokens(db: TExecutor, userId: string): Promise<number> {
  const result = await db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deactivates an account and revokes every token it holds, in one transaction: from then on
 * the account cannot log in and no token of it works (in this process at once, see forgetSessions).
 */
export async function deactivateUser(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ is_active: false, last_modified_at: new Date() }).where('id', '=', userId).execute();
    await revokeAllTokens(trx, userId);
  });
  forgetSessions(db);
}

// ---------------------------------------------------------------------------------------------
// Administration

const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'created_at',
  'last_modified_at',
  'last_logon_at',
  'is_deleted',
  'is_active',
  'is_temporal_password',
  'country_id',
  'city_id',
  'dni',
  'postal_code',
  'roles',
  'blocked_at',
] as const;

const SORT_COLUMNS = { createdAt: 'created_at', lastName: 'last_name', email: 'email', lastLogonAt: 'last_logon_at' } as const;

/** `%`, `_` and `\` match themselves in the search. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of a company's users with the total: search (a fragment of names, e-mail or DNI,
 * folded by kc_fold on both sides, served by the trigram index), filters and sort.
 *
 * The total is exact up to USER_LIST_RESULT_LIMIT matches and `capped` beyond it, and pages
 * reach only the first USER_LIST_RESULT_LIMIT results (docs/decisions/0017-user-search-limit.md):
 * counting every one of thousands of matches cost ≈ 18 ms of PostgreSQL a request
 * (bench/user-search.ts), reading at most 1,001 of them costs a small part of it.
 *
 * Page and count are one statement, planned with its values (`withCustomPlan`: a prepared
 * generic plan cannot see the fragment, and picked the role index even for a role nearly everyone
 * holds). With the count capped, PostgreSQL's default costs choose the trigram or role index for
 * the count and the (company, created_at) index for the newest first; the transaction that
 * lowered `random_page_cost` for an uncapped count is gone (bench/README.md, issue 13).
 */
export async function listUsers(
  db: Kysely<Database>,
  companyId: string,
  query: TUserListQuery,
  reach?: { scope: 'group' | 'team'; managerId: string },
  options: { includeBlocked?: boolean } = {},
) {
  let base = db.selectFrom('users').where('company_id', '=', companyId);
  // People whose data is blocked (issue 16) are listed to ADMIN only.
  if (!options.includeBlocked) base = base.where('blocked_at', 'is', null);
  // A group or team manager: only the users of their part of the sales network.
  if (reach) base = base.where('id', 'in', usersInReach(db, companyId, reach.scope, reach.managerId));
  if (query.q) base = base.where(sql<boolean>`search_text LIKE '%' || kc_fold(${escapeLike(query.q)}) || '%'`);
  if (query.role) base = base.where('roles', '@>', sql<string[]>`ARRAY[${query.role}]::text[]`);
  if (query.active !== undefined) base = base.where('is_active', '=', query.active);
  if (query.deleted !== undefined) base = base.where('is_deleted', '=', query.deleted);
  if (query.temporaryPassword !== undefined) base = base.where('is_temporal_password', '=', query.temporaryPassword);
  if (query.createdFrom) base = base.where('created_at', '>=', new Date(`${query.createdFrom}T00:00:00Z`));
  if (query.createdTo) base = base.where('created_at', '<', new Date(new Date(`${query.createdTo}T00:00:00Z`).getTime() + 86_400_000));
  const column = SORT_COLUMNS[query.sort.field];
  const direction = query.sort.direction;
  const offset = query.page * query.size;
  const reachable = Math.max(0, Math.min(query.size, USER_LIST_RESULT_LIMIT - offset));
  const page = base
    .select([...USER_COLUMNS])
    // Only the last logon can be empty; on the other columns `NULLS LAST` would keep PostgreSQL
    // from walking the (company, created_at) index backwards for the newest first.
    .orderBy(sql.ref(column), (ob) => {
      const ordered = direction === 'asc' ? ob.asc() : ob.desc();
      return column === 'last_logon_at' ? ordered.nullsLast() : ordered;
    })
    .orderBy('id', direction)
    .limit(reachable)
    .offset(offset);
  // At most one match more than the limit is read: enough to know the total is capped.
  const count = db
    .selectFrom(base.select(sql`1`.as('one')).limit(USER_LIST_RESULT_LIMIT + 1).as('matches'))
    .select((eb) => eb.fn.countAll<string>().as('n'));
  // One statement: the page, each row carrying the capped count (an uncorrelated subquery,
  // evaluated once). A page past the last match has no row to carry it: then the count alone.
  const withCount = page.select(count.as('matched'));
  const rows = reachable > 0 ? (await db.executeQuery(withCustomPlan(withCount.compile()))).rows : [];
  const matched = rows.length > 0 ? Number(rows[0]!.matched) : offset === 0 && reachable > 0 ? 0 : Number((await db.executeQuery(withCustomPlan(count.compile()))).rows[0]?.n ?? 0);
  return { rows: rows.map(({ matched: _, ...row }) => row), total: Math.min(matched, USER_LIST_RESULT_LIMIT), capped: matched > USER_LIST_RESULT_LIMIT };
}

export type TUserRowSummary = Awaited<ReturnType<typeof listUsers>>['rows'][number];

/** One user of the company with every field the user page shows (undefined when not of this company). */
export function findUserDetail(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('users as a', (join) => join.onRef('a.id', '=', 'u.advisor_id').on('a.company_id', '=', companyId))
    .select(USER_COLUMNS.map((c) => `u.${c}` as const))
    .select([
      'u.language',
      'u.date_of_birth',
      'u.investor_type',
      'u.confirmed_at',
      'a.id as advisor_id',
      'a.first_name as advisor_first_name',
      'a.last_name as advisor_last_name',
      'a.email as advisor_email',
    ])
    .where('u.id', '=', userId)
    .where('u.company_id', '=', companyId)
    .executeTakeFirst();
}

/** Whether a person's data is blocked (erasure, retention; issue 16): only ADMIN reaches them. */
export async function isUserBlocked(db: TExecutor, companyId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('blocked_at').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.blocked_at);
}

/** Whether the user is of the company, and whether their data is blocked; undefined for another company's or an unknown id. */
export async function findUserPresence(db: TExecutor, companyId: string, userId: string): Promise<{ blocked: boolean } | undefined> {
  const row = await db.selectFrom('users').select('blocked_at').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
  return row ? { blocked: Boolean(row.blocked_at) } : undefined;
}

/** A user's open sessions: unrevoked, unexpired tokens (never the token or its hash). */
export function listOpenSessions(db: TExecutor, userId: string) {
  return db
    .selectFrom('access_tokens')
    .select(['created_at', 'expires_at', 'client_id'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

/**
 * Locks the company's active administrators (ORDER BY id, so that concurrent transactions lock
 * them in the same order) and returns their ids: the last-admin rule reads this set under lock.
 */
export async function lockActiveAdmins(tx: Transaction<Database>, companyId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`'ADMIN' = ANY(roles)`)
    .where('is_active', '=', true)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** A user of the company, locked for the rest of the transaction. */
export function findUserForUpdate(tx: Transaction<Database>, companyId: string, userId: string) {
  return tx
    .selectFrom('users')
    .select([...USER_COLUMNS, 'language'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

export function emailTaken(db: TExecutor, companyId: string, email: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export async function insertStaffCreatedUser(
  tx: TExecutor,
  user: {
    companyId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    dni: string | null;
    countryId: string | null;
    cityId: string | null;
    postalCode: string | null;
    language: string;
    roles: string[];
  },
): Promise<string> {
  const row = await tx
    .insertInto('users')
    .values({
      company_id: user.companyId,
      email: user.email,
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      dni: user.dni,
      country_id: user.countryId,
      city_id: user.cityId,
      postal_code: user.postalCode,
      language: user.language,
      roles: user.roles,
      is_active: true,
      is_temporal_password: true,
      confirmed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  tx: TExecutor,
  userId: string,
  changes: { roles?: string[]; is_active?: boolean; is_deleted?: boolean },
): Promise<void> {
  await tx
    .updateTable('users')
    .set({ ...changes, last_modified_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// One-time password links

export async function insertPasswordToken(
  tx: TExecutor,
  token: { tokenHash: string; userId: string; companyId: string; purpose: 'SET' | 'RESET'; expiresAt: Date },
): Promise<void> {
  // A new link replaces every earlier unused one of the user.
  await tx.updateTable('password_tokens').set({ used_at: sql<Date>`now()` }).where('user_id', '=', token.userId).where('used_at', 'is', null).execute();
  await tx
    .insertInto('password_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      company_id: token.companyId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** A link by user and token hash, with its user (locked when `forUpdate`). */
export function findPasswordToken(db: TExecutor, userId: string, tokenHash: string, options: { forUpdate?: boolean } = {}) {
  let query = db
    .selectFrom('password_tokens as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.token_hash',
      'p.company_id',
      'p.purpose',
      'p.expires_at',
      'p.used_at',
      'u.id as user_id',
      'u.email',
      'u.first_name',
      'u.language',
      'u.is_active',
      'u.is_deleted',
    ])
    .where('p.user_id', '=', userId)
    .where('p.token_hash', '=', tokenHash);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markPasswordTokenUsed(tx: TExecutor, tokenHash: string): Promise<boolean> {
  const result = await tx
    .updateTable('password_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The new password (hash): no longer temporary; the e-mail that received the link is confirmed. */
export async function setPasswordFromLink(tx: TExecutor, userId: string, passwordHash: string): Promise<void> {
  await tx
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      is_temporal_password: false,
      confirmed_at: sql<Date>`coalesce(confirmed_at, now())`,
      last_modified_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

/** The active, undeleted user a forgot-password request names (case-insensitive e-mail). */
export function findUserForReset(db: TExecutor, companyId: string, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language'])
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('is_active', '=', true)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

/** The company's active, undeleted administrators (for notices to them). */
export function findActiveAdmins(db: TExecutor, companyId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'language'])
    .where('company_id', '=', companyId)
    .where('roles', '@>', sql<string[]>`ARRAY['ADMIN']::text[]`)
    .where('is_active', '=', true)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .execute();
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/**
 * The account itself: every personal field replaced, the password unusable, deactivated (the
 * deactivation path's column; the caller revokes the tokens) and blocked; with `endRelationship`,
 * its relationship ended now (an erasure the person asked for). Their password links go too.
 */
export async function anonymiseAccount(tx: Transaction<Database>, person: TErasedPerson, options: { endRelationship: boolean }): Promise<TErasureCounts> {
  const { id, anon, at } = person;
  await tx.deleteFrom('password_tokens').where('user_id', '=', id).execute();
  await tx
    .updateTable('users')
    .set({
      email: anon,
      password_hash: '!erased',
      first_name: anon,
      last_name: anon,
      phone: null,
      dni: null,
      date_of_birth: null,
      country_id: null,
      city_id: null,
      postal_code: null,
      company_name: null,
      company_tax_id: null,
      billing_address_line1: null,
      billing_address_line2: null,
      billing_country: null,
      billing_state: null,
      billing_city: null,
      billing_postal_code: null,
      ethereum_wallet: null,
      is_active: false,
      blocked_at: sql`coalesce(blocked_at, ${at})`,
      ...(options.endRelationship ? { relationship_ended_at: sql`coalesce(relationship_ended_at, ${at})` } : {}),
      last_modified_at: at,
    })
    .where('id', '=', id)
    .execute();
  return {};
}
