import type { FastifyInstance } from 'fastify';
import { paths, vkey, type TChangePasswordRequest } from '@kc/domain';
import type { TDb } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret, verifySecret } from '../../lib/password.ts';
import type { TClient } from '../../lib/client-device.ts';
import { securityLinks } from '../../lib/security-mail.ts';
import { forgetSessions } from '../../lib/session-cache.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { notify } from '../notifications/service.ts';
import { loginKeys } from '../oauth/login-limiter.ts';
import { cancelPendingEmailChanges } from './email-change-service.ts';
import { passwordChangedMail } from './password-mails.ts';
import { findPasswordOwner, findProfileForExport, revokeOtherTokens, updatePasswordHash } from './repository.ts';

/** Personal data export (issue 16): the person's own row, every personal column (never the password's hash or the search text). */
export function profileForExport(db: TDb, companyId: string, userId: string) {
  return findProfileForExport(db, companyId, userId);
}

/**
 * Changes the caller's password (after the route's step-up). The current password goes through the
 * login limiter as the e-mail change's does: a wrong one counts as a failed login (400
 * currentPasswordWrong), and while the limiter blocks this account from this address the answer is
 * 429 emailChangeTooManyAttempts (its message speaks of a wrong password, nothing about e-mail) and
 * nothing is checked or changed. On success, in one transaction: the new hash, every other session
 * revoked, a pending e-mail change cancelled, the notification, a mail to the person (when, from
 * where, what to do if it was not them) and the audit entry `user.passwordChanged` (never a
 * password in it).
 */
export async function changePassword(
  app: FastifyInstance,
  caller: TAuthUser,
  tokenHash: string,
  input: TChangePasswordRequest,
  context: { client: TClient; audit: TAuditContext },
  now = new Date(),
): Promise<void> {
  // Counted before the password is verified: racing requests cannot verify more than the limit.
  const reservation = await app.loginLimiter.reserve(loginKeys(caller.companyId, caller.email, context.client.address));
  if (!reservation.ok) throw new AppError(429, 'emailChangeTooManyAttempts', { minutes: Math.ceil(reservation.waitSeconds / 60) });
  const owner = await findPasswordOwner(app.db, caller.id);
  if (!owner || !(await verifySecret(owner.password_hash, input.currentPassword))) {
    throw new AppError(400, 'currentPasswordWrong', {}, [{ field: 'currentPassword', message: vkey('invalid') }]);
  }
  await app.loginLimiter.succeeded(reservation.ticket);
  const newHash = await hashSecret(input.newPassword);
  await app.db.transaction().execute(async (tx) => {
    await updatePasswordHash(tx, caller.id, newHash);
    const revokedSessions = await revokeOtherTokens(tx, caller.id, tokenHash);
    // A new password takes the account back: a pending e-mail change's link stops working.
    await cancelPendingEmailChanges(tx, caller.id);
    await notify(tx, {
      companyId: caller.companyId,
      userId: caller.id,
      kind: 'notification',
      severity: 'HIGH',
      key: 'passwordChanged',
      links: [{ label: 'viewAccount', link: paths.account.href() }],
    });
    await recordAudit(tx, context.audit, {
      entityType: 'user',
      entityId: caller.id,
      action: 'user.passwordChanged',
      after: { revokedSessions },
    });
    await app.mailer.enqueue(tx, {
      companyId: caller.companyId,
      to: owner.email,
      userId: caller.id,
      ...passwordChangedMail(owner.language === 'en' ? 'en' : 'es', {
        firstName: owner.first_name,
        event: { at: now, client: context.client },
        links: securityLinks(app.config.PUBLIC_URL),
      }),
    });
  });
  forgetSessions(app.db);
}
