import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TDb } from '../../db/database.ts';
import {
  seesBlockedPeople,
  ROLES,
  PASSWORD_LINK_HOURS,
  paths,
  akey,
  checkActOnUser,
  checkRoleChange,
  grantableRoles,
  investorApi,
  isRole,
  toPage,
  usersApi,
  userScope,
  type TCreateUserRequest,
  type TLanguage,
  type TPasswordLinkInfo,
  type TRole,
  type TSetPasswordRequest,
  type TUser,
  type TUserDetail,
  type TUserListPage,
  type TUserListQuery,
} from '@kc/domain';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { hashSecret } from '../../lib/password.ts';
import { hit } from '../../lib/rate-limit.ts';
import { forgetSessions } from '../../lib/session-cache.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { notify, notifyCompanyAdmins } from '../notifications/service.ts';
import { countCustomerContracts } from '../contracts/service.ts';
import { resetPasswordMail, setPasswordMail } from './mails.ts';
import { cancelPendingEmailChanges } from '../account/email-change-service.ts';
import { userInReach } from '../sales-network/service.ts';
import {
  emailTaken,
  findActiveAdmins,
  findPasswordToken,
  findUserDetail,
  findUserForReset,
  findUserForUpdate,
  insertPasswordToken,
  insertStaffCreatedUser,
  isUserBlocked,
  findUserPresence,
  listOpenSessions,
  listUsers as listUserRows,
  lockActiveAdmins,
  markPasswordTokenUsed,
  revokeAllTokens,
  setPasswordFromLink,
  updateUser,
  type TUserRowSummary,
  findUserForLogin,
} from './repository.ts';

const HOUR_MS = 3_600_000;
/** Forgot-password requests: per address, and per account (beyond it nothing is sent, and nothing said). */
export const PASSWORD_RESET_LIMITS = { perAddress: { limit: 10, windowSeconds: 3600 }, perAccount: { limit: 3, windowSeconds: 3600 } } as const;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const trimSlash = (url: string) => url.replace(/\/+$/, '');
const languageOf = (value: string): TLanguage => (value === 'en' ? 'en' : 'es');
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

function toUser(row: TUserRowSummary): TUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    createdAt: iso(row.created_at)!,
    lastModifiedAt: iso(row.last_modified_at)!,
    lastLogonAt: iso(row.last_logon_at),
    isDeleted: row.is_deleted,
    isActive: row.is_active,
    isTemporalPassword: row.is_temporal_password,
    country: row.country_id,
    city: row.city_id,
    dni: row.dni,
    postalCode: row.postal_code,
    roles: row.roles,
    blockedAt: iso(row.blocked_at),
  };
}

/** What the audit log keeps of a user: who they are and their state; never a secret. */
/** What the audit log keeps of a user: roles and state, never the person's data (the id names them; decision 0047). */
const auditSnapshot = (row: TUserRowSummary) => ({
  roles: row.roles,
  isActive: row.is_active,
  isDeleted: row.is_deleted,
  isTemporalPassword: row.is_temporal_password,
});

/**
 * The users the caller reaches: their company's (ADMIN, COMPANY_MANAGER); those of the group or
 * team they run in the sales network (GROUP_MANAGER, TEAM_MANAGER, read only); nobody's else.
 */
export async function listUsers(app: FastifyInstance, caller: TAuthUser, query: TUserListQuery): Promise<TUserListPage> {
  const scope = userScope(caller.roles);
  if (scope === 'none') return { ...toPage([], query.page, query.size, 0, true), totalCapped: false };
  const { rows, total, capped } = await listUserRows(app.db, caller.companyId, query, scope === 'company' ? undefined : { scope, managerId: caller.id }, {
    includeBlocked: seesBlocked(caller),
  });
  return { ...toPage(rows.map(toUser), query.page, query.size, total, true), totalCapped: capped };
}

/** Only ADMIN sees people whose data is blocked (issue 16, docs/decisions/0027). */
const seesBlocked = (caller: TAuthUser): boolean => seesBlockedPeople(caller.roles);

/** 404 for an id that is not a UUID, of another company, or out of the caller's scope. */
async function assertReachable(app: FastifyInstance, caller: TAuthUser, userId: string): Promise<void> {
  const scope = userScope(caller.roles);
  if (!isUuid(userId) || scope === 'none') throw notFound('userNotFound');
  if (scope !== 'company' && !(await userInReach(app.db, caller.companyId, scope, caller.id, userId))) throw notFound('userNotFound');
  // Blocked people (erasure, retention; issue 16): only ADMIN reaches them.
  if (!seesBlocked(caller) && (await isUserBlocked(app.db, caller.companyId, userId))) throw notFound('userNotFound');
}

/**
 * 404 `userNotFound` unless the user is of the caller's company and in their reach (the path-reach
 * gate's check, before a body is read).
 */
export async function assertUserReachable(app: FastifyInstance, caller: TAuthUser, userId: string): Promise<void> {
  await assertReachable(app, caller, userId);
  const presence = await findUserPresence(app.db, caller.companyId, userId);
  if (!presence || (presence.blocked && !seesBlocked(caller))) throw notFound('userNotFound');
}

/** A user's page: every field, their sessions, their contracts' counts and where to find them and their audit. */
export async function getUserDetail(app: FastifyInstance, caller: TAuthUser, userId: string): Promise<TUserDetail> {
  await assertReachable(app, caller, userId);
  const row = await findUserDetail(app.db, caller.companyId, userId);
  if (!row) throw notFound('userNotFound');
  const [sessions, counts] = await Promise.all([listOpenSessions(app.db, userId), countCustomerContracts(app, caller.companyId, userId)]);
  const canChangeRoles = checkActOnUser(caller, row) === null;
  return {
    ...toUser(row),
    language: row.language,
    dateOfBirth: row.date_of_birth,
    investorType: row.investor_type,
    confirmedAt: iso(row.confirmed_at),
    advisor: row.advisor_id
      ? { id: row.advisor_id, firstName: row.advisor_first_name ?? '', lastName: row.advisor_last_name ?? '', email: row.advisor_email ?? '' }
      : null,
    sessions: sessions.map((s) => ({ createdAt: iso(s.created_at)!, expiresAt: iso(s.expires_at)!, clientId: s.client_id })),
    contracts: { counts: { ...counts }, searchPath: investorApi.searchContracts(userId, '') },
    auditPath: usersApi.audit(new URLSearchParams({ entityType: 'user', entityId: userId }).toString()),
    grantableRoles: canChangeRoles ? grantableRoles(caller.roles) : [],
  };
}

function refuseRoleProblem(problem: string): never {
  switch (problem) {
    case 'self':
      throw new AppError(403, 'userSelfAction');
    case 'targetIsAdmin':
      throw new AppError(403, 'userAdminOnly');
    case 'noRoles':
      throw new AppError(400, 'validation', {}, [{ field: 'roles', message: 'validation.required' }]);
    default:
      throw new AppError(403, 'roleNotGrantable');
  }
}

const link = (app: FastifyInstance, kind: 'set-password' | 'reset-password', userId: string, token: string) =>
  `${trimSlash(app.config.PUBLIC_URL)}/web/user/${kind}?${new URLSearchParams({ userId, token }).toString()}`;

/**
 * Creates a user (e.g. an advisor) with roles the caller may grant. The user has no usable
 * password until they follow the one-time link mailed to them (isTemporalPassword until then).
 */
export async function createUser(app: FastifyInstance, caller: TAuthUser, input: TCreateUserRequest, audit: TAuditContext): Promise<TUserDetail> {
  const grantable = new Set<string>(grantableRoles(caller.roles));
  if (!input.roles.every((role) => grantable.has(role))) throw new AppError(403, 'roleNotGrantable');
  const emailTakenError = () => new AppError(409, 'emailTaken', {}, [{ field: 'email', message: akey('emailTaken') }]);
  if (await emailTaken(app.db, caller.companyId, input.email)) throw emailTakenError();
  // Nobody knows this password: the account is unusable until the link sets one.
  const unusableHash = await hashSecret(newToken());
  const token = newToken();
  const hours = PASSWORD_LINK_HOURS.SET;
  let userId: string;
  try {
    userId = await app.db.transaction().execute(async (tx) => {
      const id = await insertStaffCreatedUser(tx, {
        companyId: caller.companyId,
        email: input.email,
        passwordHash: unusableHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        dni: input.dni,
        countryId: input.countryId,
        cityId: input.cityId,
        postalCode: input.postalCode,
        language: input.language,
        roles: [...input.roles],
      });
      await insertPasswordToken(tx, {
        tokenHash: hashToken(token),
        userId: id,
        companyId: caller.companyId,
        purpose: 'SET',
        expiresAt: new Date(Date.now() + hours * HOUR_MS),
      });
      const created = await findUserForUpdate(tx, caller.companyId, id);
      await recordAudit(tx, audit, { entityType: 'user', entityId: id, action: 'user.create', before: null, after: auditSnapshot(created!) });
      await tellAdmins(tx, caller, 'userCreated', created!);
      await app.mailer.enqueue(tx, {
        companyId: caller.companyId,
        to: input.email,
        ...setPasswordMail(input.language, { firstName: input.firstName, link: link(app, 'set-password', id, token), hours }),
      });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  return getUserDetail(app, caller, userId);
}

/** The company's other active administrators hear of a user created or deactivated (not the one who did it). */
async function tellAdmins(
  tx: Transaction<Database>,
  caller: TAuthUser,
  key: 'userCreated' | 'userDeactivated',
  user: { id: string; email: string; first_name: string; last_name: string },
): Promise<void> {
  await notifyCompanyAdmins(
    tx,
    caller.companyId,
    {
      kind: 'notification',
      severity: 'NORMAL',
      key,
      params: { userName: `${user.first_name} ${user.last_name}`, email: user.email },
      links: [{ label: 'viewUser', link: paths.userDetail.href(user.id) }],
      subject: { type: 'user', id: user.id },
    },
    { exceptUserId: caller.id },
  );
}

type TUserChange = {
  action: 'user.updateRoles' | 'user.deactivate' | 'user.reactivate' | 'user.delete';
  changes: { roles?: string[]; is_active?: boolean; is_deleted?: boolean };
  /** Revoke every token of the user (deactivation, deletion). */
  revoke: boolean;
};

const isActiveAdmin = (user: { roles: readonly string[]; is_active: boolean; is_deleted: boolean }) =>
  user.roles.includes('ADMIN') && user.is_active && !user.is_deleted;

/**
 * Changes one user under the last-admin lock: the company's active administrators are locked
 * first (in id order, so concurrent changes queue instead of both passing), then the target.
 * `decide` sees the locked target and returns the change; a change that would leave the
 * company without an active ADMIN is refused. The audit entry is written in the same transaction.
 */
async function changeUser(
  app: FastifyInstance,
  caller: TAuthUser,
  userId: string,
  audit: TAuditContext,
  decide: (target: TUserRowSummary) => TUserChange,
): Promise<void> {
  await assertReachable(app, caller, userId);
  await app.db.transaction().execute(async (tx) => {
    const admins = await lockActiveAdmins(tx, caller.companyId);
    const target = await findUserForUpdate(tx, caller.companyId, userId);
    if (!target) throw notFound('userNotFound');
    const change = decide(target);
    const after = { ...target, ...change.changes };
    if (isActiveAdmin(target) && !isActiveAdmin(after) && admins.filter((id) => id !== target.id).length === 0) {
      throw new AppError(409, 'lastActiveAdmin');
    }
    await updateUser(tx, target.id, change.changes);
    if (change.revoke) await revokeAllTokens(tx, target.id);
    await recordAudit(tx, audit, {
      entityType: 'user',
      entityId: target.id,
      action: change.action,
      before: auditSnapshot(target),
      after: auditSnapshot(after),
    });
    if (change.action === 'user.deactivate') await tellAdmins(tx, caller, 'userDeactivated', target);
  });
  // Cached sessions carry roles and state: this process forgets them at once (revoked tokens
  // and new roles apply now); other instances follow within SESSION_CACHE_MS.
  forgetSessions(app.db);
}

function refuseActProblem(caller: TAuthUser, target: TUserRowSummary): void {
  const problem = checkActOnUser(caller, target);
  if (problem === 'self') throw new AppError(403, 'userSelfAction');
  if (problem === 'targetIsAdmin') throw new AppError(403, 'userAdminOnly');
  if (target.is_deleted) throw new AppError(409, 'userDeleted');
}

/** Replaces a user's roles (every role added or removed must be grantable by the caller). */
export async function updateUserRoles(app: FastifyInstance, caller: TAuthUser, userId: string, roles: TRole[], audit: TAuditContext): Promise<TUserDetail> {
  await changeUser(app, caller, userId, audit, (target) => {
    const problem = checkRoleChange(caller, { id: target.id, roles: target.roles.filter(isRole) }, roles);
    if (problem) refuseRoleProblem(problem);
    if (target.is_deleted) throw new AppError(409, 'userDeleted');
    // Stored in the matrix's order, whatever order the request used.
    const ordered = [...roles].sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b));
    return { action: 'user.updateRoles', changes: { roles: ordered }, revoke: false };
  });
  return getUserDetail(app, caller, userId);
}

/** Deactivates (revoking every token of the user at once) or reactivates a user. */
export async function setUserActive(app: FastifyInstance, caller: TAuthUser, userId: string, active: boolean, audit: TAuditContext): Promise<TUserDetail> {
  await changeUser(app, caller, userId, audit, (target) => {
    refuseActProblem(caller, target);
    if (target.is_active === active) throw new AppError(409, active ? 'userAlreadyActive' : 'userAlreadyInactive');
    return { action: active ? 'user.reactivate' : 'user.deactivate', changes: { is_active: active }, revoke: !active };
  });
  return getUserDetail(app, caller, userId);
}

/** Soft delete: the user stays (isDeleted), cannot log in, and every token is revoked. */
export async function deleteUser(app: FastifyInstance, caller: TAuthUser, userId: string, audit: TAuditContext): Promise<TUserDetail> {
  await changeUser(app, caller, userId, audit, (target) => {
    refuseActProblem(caller, target);
    return { action: 'user.delete', changes: { is_deleted: true }, revoke: true };
  });
  return getUserDetail(app, caller, userId);
}

/**
 * Staff send a user a one-time link to reset their password (the password itself is untouched
 * until used); a user still on a temporary password gets a new invitation link instead.
 */
export async function sendPasswordReset(app: FastifyInstance, caller: TAuthUser, userId: string, audit: TAuditContext): Promise<void> {
  await assertReachable(app, caller, userId);
  await app.db.transaction().execute(async (tx) => {
    const target = await findUserForUpdate(tx, caller.companyId, userId);
    if (!target) throw notFound('userNotFound');
    refuseActProblem(caller, target);
    if (!target.is_active) throw new AppError(409, 'userAlreadyInactive');
    // A user who never chose a password gets the invitation again (a SET link, 72 h).
    const purpose = target.is_temporal_password ? 'SET' : 'RESET';
    const user = { id: target.id, companyId: caller.companyId, email: target.email, firstName: target.first_name, language: target.language };
    await issuePasswordLink(app, tx, user, purpose);
    await recordAudit(tx, audit, { entityType: 'user', entityId: target.id, action: 'user.sendPasswordReset', before: null, after: { purpose } });
  });
}

async function issuePasswordLink(
  app: FastifyInstance,
  tx: Parameters<typeof insertPasswordToken>[0],
  user: { id: string; companyId: string; email: string; firstName: string; language: string },
  purpose: 'SET' | 'RESET',
): Promise<void> {
  const token = newToken();
  const hours = PASSWORD_LINK_HOURS[purpose];
  await insertPasswordToken(tx, {
    tokenHash: hashToken(token),
    userId: user.id,
    companyId: user.companyId,
    purpose,
    expiresAt: new Date(Date.now() + hours * HOUR_MS),
  });
  const language = languageOf(user.language);
  const mail =
    purpose === 'SET'
      ? setPasswordMail(language, { firstName: user.firstName, link: link(app, 'set-password', user.id, token), hours })
      : resetPasswordMail(language, { firstName: user.firstName, link: link(app, 'reset-password', user.id, token), hours });
  await app.mailer.enqueue(tx, { companyId: user.companyId, to: user.email, ...mail });
}

/**
 * Forgot password (the login page): the same answer whether or not the e-mail names an
 * account. Limited per address (429) and, silently, per account.
 */
export async function requestPasswordReset(app: FastifyInstance, companyId: string, email: string, address: string): Promise<void> {
  const perAddress = await hit(app.db, `pwreset:${address}`, PASSWORD_RESET_LIMITS.perAddress.limit, PASSWORD_RESET_LIMITS.perAddress.windowSeconds);
  if (!perAddress.allowed) {
    throw new AppError(429, 'passwordResetRateLimited', { minutes: Math.ceil(perAddress.retryAfterSeconds / 60), seconds: perAddress.retryAfterSeconds });
  }
  const perAccount = await hit(
    app.db,
    `pwreset:${companyId}:${email.toLowerCase()}`,
    PASSWORD_RESET_LIMITS.perAccount.limit,
    PASSWORD_RESET_LIMITS.perAccount.windowSeconds,
  );
  if (!perAccount.allowed) return;
  await app.db.transaction().execute(async (tx) => {
    const user = await findUserForReset(tx, companyId, email);
    if (!user) return;
    await issuePasswordLink(app, tx, { id: user.id, companyId, email: user.email, firstName: user.first_name, language: user.language }, 'RESET');
  });
}

type TLinkRow = NonNullable<Awaited<ReturnType<typeof findPasswordToken>>>;

/** A usable link, or the error that says why not (wrong, used, expired). */
function checkLink(row: TLinkRow | undefined, companyId: string): TLinkRow {
  if (!row || row.company_id !== companyId || row.is_deleted || !row.is_active) throw new AppError(404, 'passwordLinkInvalid');
  if (row.used_at) throw new AppError(409, 'passwordLinkUsed');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new AppError(410, 'passwordLinkExpired');
  return row;
}

/** Whether a password link works (the page asks before showing the form). */
export async function checkPasswordLink(app: FastifyInstance, companyId: string, input: { userId: string; token: string }): Promise<TPasswordLinkInfo> {
  if (!isUuid(input.userId)) throw new AppError(404, 'passwordLinkInvalid');
  const row = checkLink(await findPasswordToken(app.db, input.userId, hashToken(input.token)), companyId);
  return { purpose: row.purpose, email: row.email, expiresAt: iso(row.expires_at)! };
}

/**
 * Sets the password with a one-time link (first password or reset): the link is used up, the
 * password is no longer temporary, and every session of the user is closed.
 */
export async function setPasswordWithLink(app: FastifyInstance, companyId: string, input: TSetPasswordRequest): Promise<void> {
  if (!isUuid(input.userId)) throw new AppError(404, 'passwordLinkInvalid');
  const tokenHash = hashToken(input.token);
  const newHash = await hashSecret(input.newPassword);
  await app.db.transaction().execute(async (tx) => {
    const row = checkLink(await findPasswordToken(tx, input.userId, tokenHash, { forUpdate: true }), companyId);
    if (!(await markPasswordTokenUsed(tx, row.token_hash))) throw new AppError(409, 'passwordLinkUsed');
    await setPasswordFromLink(tx, row.user_id, newHash);
    await revokeAllTokens(tx, row.user_id);
    // A new password takes the account back: a pending e-mail change's link stops working (decision 0037).
    await cancelPendingEmailChanges(tx, row.user_id);
    // A reset replaces a password the person had: they are told (a first password is not a change).
    if (row.purpose === 'RESET') {
      await notify(tx, {
        companyId: row.company_id,
        userId: row.user_id,
        kind: 'notification',
        severity: 'HIGH',
        key: 'passwordChanged',
        links: [{ label: 'viewAccount', link: paths.account.href() }],
      });
    }
  });
  forgetSessions(app.db);
}

/** The company's active administrators, e.g. to tell them a user was created or deactivated. */
export async function listActiveAdmins(
  db: FastifyInstance['db'],
  companyId: string,
): Promise<{ id: string; email: string; firstName: string; lastName: string; language: TLanguage }[]> {
  const rows = await findActiveAdmins(db, companyId);
  return rows.map((r) => ({ id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, language: languageOf(r.language) }));
}

/** Revokes every token of a person, in the caller's transaction (the erasure and the retention job, issue 16). */
export function revokeEveryToken(tx: Parameters<typeof revokeAllTokens>[0], userId: string): Promise<number> {
  return revokeAllTokens(tx, userId);
}

/** The account behind a login, with whether it has a second factor, for the token endpoint (oauth). */
export function userForLogin(db: TDb, companyId: string, email: string) {
  return findUserForLogin(db, companyId, email);
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { anonymiseAccount } from './repository.ts';
