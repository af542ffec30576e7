import { revokeEveryToken } from '../users/service.ts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  EMAIL_CHANGE_CONFIRM_WEB_PATH,
  EMAIL_CHANGE_LINK_MINUTES,
  EMAIL_CHANGE_REQUESTS_PER_HOUR,
  SAME_EMAIL_MESSAGE,
  akey,
  emailChangeLinkExpiry,
  emailChangeLinkVerdict,
  isSameEmail,
  paths,
  vkey,
  type TChangeEmailRequest,
  type TEmailChangeConfirmed,
  type TEmailChangeRequested,
  type TLanguage,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifySecret } from '../../lib/password.ts';
import { hit } from '../../lib/rate-limit.ts';
import type { TClient } from '../../lib/client-device.ts';
import { securityLinks } from '../../lib/security-mail.ts';
import { forgetSessions } from '../../lib/session-cache.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { loginKeys } from '../oauth/login-limiter.ts';
import { confirmNewEmailMail, emailChangedMail, emailChangeRequestedMail } from './email-change-mails.ts';
import './email-change-messages.ts';
import {
  deleteEmailChanges,
  findEmailChangeForUpdate,
  findUserForEmailChange,
  insertEmailChange,
  isEmailTakenByAnother,
  listEmailChangesForExport,
  lockUserForEmailChange,
  markEmailChangeConfirmed,
  revokeOtherTokens,
  supersedePendingEmailChanges,
  updateUserEmail,
} from './repository.ts';

/**
 * Changing one's own e-mail address (issue 18; docs/decisions/0037). The request proves the
 * password (wrong ones count in the login limiter) after the route's step-up; a one-time link
 * (60 minutes, only its SHA-256 stored) goes to the new address and a notice to the old one.
 * The address changes only when the link is opened.
 */

const languageOf = (value: string): TLanguage => (value === 'en' ? 'en' : 'es');
const trimSlash = (url: string) => url.replace(/\/+$/, '');
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
const takenError = () => new AppError(409, 'emailChangeTaken', {}, [{ field: 'newEmail', message: akey('emailChangeTaken') }]);

type TExecutor = FastifyInstance['db'] | Transaction<Database>;

/**
 * Asks for the change: 429 while the login limiter blocks the account from this address; 400
 * currentPasswordWrong (counted as a failed login); 400 emailChangeSame; 409 emailChangeTaken (what
 * sign-up already tells anyone); 429 emailChangeRateLimited after 5 requests in an hour. A new
 * request replaces the pending one. Nothing changes in the account.
 */
export async function requestEmailChange(
  app: FastifyInstance,
  caller: TAuthUser,
  input: TChangeEmailRequest,
  context: { client: TClient; audit: TAuditContext },
  now = new Date(),
): Promise<TEmailChangeRequested> {
  const person = await findUserForEmailChange(app.db, caller.companyId, caller.id);
  if (!person) throw new AppError(401, 'unauthorized');
  // Counted before the password is verified: racing requests cannot verify more than the limit.
  const reservation = await app.loginLimiter.reserve(loginKeys(caller.companyId, person.email, context.client.address));
  if (!reservation.ok) throw new AppError(429, 'emailChangeTooManyAttempts', { minutes: Math.ceil(reservation.waitSeconds / 60) });
  if (!(await verifySecret(person.password_hash, input.currentPassword))) {
    throw new AppError(400, 'currentPasswordWrong', {}, [{ field: 'currentPassword', message: vkey('invalid') }]);
  }
  await app.loginLimiter.succeeded(reservation.ticket);
  if (isSameEmail(person.email, input.newEmail)) throw new AppError(400, 'emailChangeSame', {}, [{ field: 'newEmail', message: SAME_EMAIL_MESSAGE }]);
  if (await isEmailTakenByAnother(app.db, caller.companyId, input.newEmail, caller.id)) throw takenError();
  const perPerson = await hit(app.db, `emailchange:${caller.id}`, EMAIL_CHANGE_REQUESTS_PER_HOUR, 3600);
  if (!perPerson.allowed) throw new AppError(429, 'emailChangeRateLimited', { minutes: Math.ceil(perPerson.retryAfterSeconds / 60) });

  const token = newToken();
  const expiresAt = emailChangeLinkExpiry(now);
  const language = languageOf(person.language);
  const base = trimSlash(app.config.PUBLIC_URL);
  await app.db.transaction().execute(async (tx) => {
    await supersedePendingEmailChanges(tx, caller.id);
    const requestId = await insertEmailChange(tx, {
      companyId: caller.companyId,
      userId: caller.id,
      newEmail: input.newEmail,
      tokenHash: hashToken(token),
      expiresAt,
      at: now,
    });
    await app.mailer.enqueue(tx, {
      companyId: caller.companyId,
      to: input.newEmail,
      // The person's, though the address is not theirs yet: their erasure blanks it (decision 0027).
      userId: caller.id,
      ...confirmNewEmailMail(language, {
        firstName: person.first_name,
        newEmail: input.newEmail,
        link: `${base}${EMAIL_CHANGE_CONFIRM_WEB_PATH}#token=${token}`,
        expiresAt,
        minutes: EMAIL_CHANGE_LINK_MINUTES,
      }),
    });
    await app.mailer.enqueue(tx, {
      companyId: caller.companyId,
      to: person.email,
      ...emailChangeRequestedMail(language, {
        firstName: person.first_name,
        newEmail: input.newEmail,
        minutes: EMAIL_CHANGE_LINK_MINUTES,
        event: { at: now, client: context.client },
        links: securityLinks(base),
      }),
    });
    await recordAudit(tx, context.audit, {
      entityType: 'user',
      entityId: caller.id,
      action: 'user.emailChangeRequested',
      // The new address is read through the request (which an erasure deletes), never copied here.
      after: { requestId, expiresAt: expiresAt.toISOString() },
    });
  });
  return { newEmail: input.newEmail, expiresAt: expiresAt.toISOString() };
}

/**
 * The link: the token alone names the person (it may be opened where nobody is signed in). In one
 * transaction the address is re-checked and changed, the link used up, the person's other sessions
 * revoked (all of them unless the call carries one of theirs), the change audited and the old
 * address told. Unknown or another company's link → 404; used → 409; replaced or expired → 410;
 * the address taken meanwhile → 409. Nothing changes on a refusal.
 */
export async function confirmEmailChange(
  app: FastifyInstance,
  input: { companyId: string; token: string; caller: TAuthUser | undefined; callerTokenHash: string | undefined; client: TClient },
  now = new Date(),
): Promise<TEmailChangeConfirmed> {
  const result = await app.db
    .transaction()
    .execute(async (tx) => {
      const change = await findEmailChangeForUpdate(tx, hashToken(input.token));
      if (!change || change.company_id !== input.companyId) throw new AppError(404, 'emailChangeLinkInvalid');
      const verdict = emailChangeLinkVerdict({ state: change.state, expiresAt: new Date(change.expires_at), now });
      if (verdict === 'used') throw new AppError(409, 'emailChangeLinkUsed');
      if (verdict === 'replaced') throw new AppError(410, 'emailChangeLinkReplaced');
      if (verdict === 'expired') throw new AppError(410, 'emailChangeLinkExpired', { minutes: EMAIL_CHANGE_LINK_MINUTES });
      const person = await lockUserForEmailChange(tx, change.company_id, change.user_id);
      if (!person || person.is_deleted || !person.is_active || person.erased_at) throw new AppError(404, 'emailChangeLinkInvalid');
      if (await isEmailTakenByAnother(tx, change.company_id, change.new_email, person.id)) throw takenError();

      await updateUserEmail(tx, person.id, change.new_email);
      await markEmailChangeConfirmed(tx, change.id, now);
      const keepOwn = input.caller?.id === person.id && input.callerTokenHash !== undefined;
      const revoked = keepOwn ? await revokeOtherTokens(tx, person.id, input.callerTokenHash!) : await revokeEveryToken(tx, person.id);
      await recordAudit(
        tx,
        { companyId: change.company_id, actorId: person.id, ipAddress: input.client.address },
        {
          entityType: 'user',
          entityId: person.id,
          action: 'user.emailChanged',
          // Neither address: the request (erased with the person) holds the new one.
          after: { emailChanged: true, requestId: change.id, revokedSessions: revoked },
        },
      );
      await app.mailer.enqueue(tx, {
        companyId: change.company_id,
        to: person.email,
        // The address is no longer theirs (updated above): the owner is named, not looked up (decision 0027).
        userId: person.id,
        ...emailChangedMail(languageOf(person.language), {
          firstName: person.first_name,
          newEmail: change.new_email,
          event: { at: now, client: input.client },
          links: securityLinks(app.config.PUBLIC_URL),
          contactLink: `${trimSlash(app.config.PUBLIC_URL)}/web${paths.contactUs.href()}`,
        }),
      });
      return { email: change.new_email, sessionKept: keepOwn };
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update (the unique index).
      if (isUniqueViolation(error)) throw takenError();
      throw error;
    });
  // The revoked tokens stop working in this process at once (others within SESSION_CACHE_MS).
  forgetSessions(app.db);
  return result;
}

/** A new password (changed or set with a link) cancels a pending e-mail change: the owner takes the account back. */
export function cancelPendingEmailChanges(tx: TExecutor, userId: string): Promise<void> {
  return supersedePendingEmailChanges(tx, userId);
}

/** Personal data export (issue 16): the person's e-mail change requests, newest last. */
export function listEmailChangesOfPerson(db: TExecutor, companyId: string, userId: string) {
  return listEmailChangesForExport(db, companyId, userId);
}

/** Erasure (issue 16): the person's e-mail change requests go with their other personal data. */
export function forgetEmailChanges(tx: TExecutor, userId: string): Promise<void> {
  return deleteEmailChanges(tx, userId);
}
