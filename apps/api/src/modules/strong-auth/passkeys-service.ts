import { formatRecoveryCode, mustEnrolSecondFactor, type TPasskeyAuthenticationOptions, type TPasskeyCreationOptions, type TPasskeyRegistrationRequest, type TPasskeyRegistrationResult } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { forgetSessions } from '../../lib/session-cache.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/service.ts';
import { deleteRecoveryCodes, findHasSecondFactor, replaceRecoveryCodes } from './repository.ts';
import { lockUserFactors } from './passkeys-repository.ts';
import {
  createAuthenticationOptions,
  createRegistrationOptions,
  listPasskeys,
  removePasskey,
  storePasskey,
  verifyNewPasskey,
} from './passkeys-webauthn.ts';
import { findMfaToken, loadFactorOwner, newRecoveryCodes, recoveryCodeHash, sendFactorMail, stampSecondFactor, type TFactorContext, type TStrongAuthDeps } from './service.ts';
import './passkeys-messages.ts';

/**
 * Passkeys as the account sees them (issue 18; docs/decisions/0033): adding one (the first factor
 * also brings the ten recovery codes, like the authenticator app), removing one (staff keep at
 * least one factor), and the challenges of the login's second step and of a step-up. Every
 * change is audited and told by mail in the person's language.
 */

/** The options to create a passkey (the route requires a step-up `addSecondFactor` when the person already has a factor). */
export function startPasskeyRegistration(deps: TStrongAuthDeps, user: TAuthUser, now = new Date()): Promise<TPasskeyCreationOptions> {
  return createRegistrationOptions(deps.db, deps.webauthn, user, now);
}

/**
 * Keeps the passkey the browser created, once verified. When it is the person's first factor,
 * ten recovery codes are made and returned (shown once), as when an authenticator app is
 * confirmed; otherwise `recoveryCodes` is null and the earlier codes stay valid. Creating it
 * proved the authenticator is in the person's hands: this session is stamped.
 */
export async function finishPasskeyRegistration(
  deps: TStrongAuthDeps,
  user: TAuthUser,
  tokenHash: string,
  input: TPasskeyRegistrationRequest,
  context: TFactorContext,
  now = new Date(),
): Promise<TPasskeyRegistrationResult> {
  const { audit } = context;
  const verified = await verifyNewPasskey(deps.db, deps.webauthn, user, input, now);
  const owner = await loadFactorOwner(deps.db, user.id);
  const result = await deps.db.transaction().execute(async (tx) => {
    await lockUserFactors(tx, user.id);
    const hadFactor = await findHasSecondFactor(tx, user.id);
    const passkey = await storePasskey(tx, verified);
    const codes = hadFactor ? null : newRecoveryCodes();
    if (codes) await replaceRecoveryCodes(tx, user.id, codes.map((c) => recoveryCodeHash(deps.key, user.id, c)));
    await recordAudit(tx, audit, {
      entityType: 'user',
      entityId: user.id,
      action: 'user.secondFactorEnrolled',
      after: { method: 'passkey', passkeyId: passkey.id, firstFactor: !hadFactor },
    });
    await sendFactorMail(tx, owner, 'enrolled', { client: context.client, at: now, links: deps.links });
    return { passkey, recoveryCodes: codes ? codes.map(formatRecoveryCode) : null };
  });
  await stampSecondFactor(deps.db, tokenHash, now);
  return result;
}

/**
 * Removes one of the person's passkeys (the route requires a step-up `removeSecondFactor`).
 * Staff may not remove their last factor (409 `lastFactorRequired`, nothing removed); with no
 * factor left, the recovery codes go too. Decided under a lock of the person's row, so two
 * removals at once cannot both take "the other one" away.
 */
export async function deletePasskey(deps: TStrongAuthDeps, user: TAuthUser, passkeyId: string, context: TFactorContext, now = new Date()): Promise<void> {
  const { audit } = context;
  const owner = await loadFactorOwner(deps.db, user.id);
  await deps.db.transaction().execute(async (tx) => {
    await lockUserFactors(tx, user.id);
    const removed = await removePasskey(tx, user, passkeyId);
    const stillHasFactor = await findHasSecondFactor(tx, user.id);
    if (!stillHasFactor && mustEnrolSecondFactor(owner.roles)) throw new AppError(409, 'lastFactorRequired');
    if (!stillHasFactor) await deleteRecoveryCodes(tx, user.id);
    await recordAudit(tx, audit, {
      entityType: 'user',
      entityId: user.id,
      action: 'user.secondFactorRemoved',
      after: { method: 'passkey', passkeyId: removed.id, factorsLeft: stillHasFactor },
    });
    await sendFactorMail(tx, owner, 'removed', { client: context.client, at: now, links: deps.links });
  });
  forgetSessions(deps.db);
}

/** The person's passkeys (the status lists them too). */
export const listOwnPasskeys = (deps: TStrongAuthDeps, user: TAuthUser) => listPasskeys(deps.db, user.companyId, user.id);

/**
 * A challenge for a passkey, by who asks:
 * - with an `mfaToken` (the login's second step): the token's person, their passkeys allowed
 *   (400 `mfaTokenInvalid` when the token is unknown, used or expired);
 * - signed in (a bearer) without one: a step-up of the caller, their passkeys allowed;
 * - neither: a password-less sign-in, any discoverable credential of this site.
 * 409 `passkeyNotEnrolled` when the person has no passkey to answer with.
 */
export async function startPasskeyAuthentication(
  deps: TStrongAuthDeps,
  input: { companyId: string; mfaToken: string | undefined; user: TAuthUser | undefined },
  now = new Date(),
): Promise<TPasskeyAuthenticationOptions> {
  let userId: string | null = null;
  let purpose: 'authentication' | 'mfa' | 'stepup' = 'authentication';
  if (input.mfaToken !== undefined) {
    const pending = await findMfaToken(deps.db, input.mfaToken, input.companyId, now);
    if (!pending) throw new AppError(400, 'mfaTokenInvalid');
    userId = pending.user_id;
    purpose = 'mfa';
  } else if (input.user) {
    userId = input.user.id;
    purpose = 'stepup';
  }
  if (userId !== null && (await listPasskeys(deps.db, input.companyId, userId)).length === 0) throw new AppError(409, 'passkeyNotEnrolled');
  return createAuthenticationOptions(deps.db, deps.webauthn, { companyId: input.companyId, purpose, userId }, now);
}
