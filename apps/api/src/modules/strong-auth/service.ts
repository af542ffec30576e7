import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  RECOVERY_CODE_COUNT,
  formatRecoveryCode,
  mustEnrolSecondFactor,
  normalizeRecoveryCode,
  normalizeTotpCode,
  recoveryCodeFromBytes,
  type TSecondFactorKind,
  type TStepUpRequest,
  type TStrongAuthStatus,
  type TTotpSetup,
} from '@kc/domain';
import type { TDb } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { deriveSubkey, openSecret, sealSecret } from '../../lib/secret-box.ts';
import { forgetSessions } from '../../lib/session-cache.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TClient } from '../../lib/client-device.ts';
import { securityLinks, type TSecurityLinks } from '../../lib/security-mail.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { enqueueMail } from '../mail/mailer.ts';
import { loginKeys, type TLoginLimiter } from '../oauth/login-limiter.ts';
import { secondFactorMail, type TFactorMail } from './mails.ts';
import { verifyPasskeyProof, type TPasskeyProof } from './passkey-proof.ts';
import { lockUserFactors } from './passkeys-repository.ts';
import { listPasskeys, userHasPasskey, webauthnSettingsOf, type TWebauthnSettings } from './passkeys-webauthn.ts';
import {
  confirmPendingTotp,
  countRecoveryCodesLeft,
  deleteExpiredMfaTokens,
  deleteRecoveryCodes,
  deleteTotp,
  findFactorOwner,
  findHasSecondFactor,
  findLiveMfaToken,
  findTokenSecondFactor,
  findTotp,
  insertMfaToken,
  replaceRecoveryCodes,
  spendMfaToken,
  spendRecoveryCode,
  stampTokenSecondFactor,
  takeTotpStep,
  upsertPendingTotp,
  findSecondFactorsForExport,
} from './repository.ts';
import { matchTotpStep, newTotpSecret, totpEnrolment } from './totp.ts';
import './messages.ts';

type TExecutor = Parameters<typeof findTotp>[0];

export interface TStrongAuthDeps {
  db: TDb;
  /** SECOND_FACTOR_KEY: encrypts the TOTP secrets; the recovery codes' HMAC key is derived from it (HKDF). */
  key: Buffer;
  /** The login limiter: wrong codes count exactly as wrong passwords. */
  limiter: TLoginLimiter;
  /** Passkeys: the relying party and the origins allowed (WEBAUTHN_*). */
  webauthn: TWebauthnSettings;
  /** What the mails about a factor offer to someone who did not make the change (from PUBLIC_URL). */
  links: TSecurityLinks;
}

export const strongAuthDepsOf = (app: FastifyInstance): TStrongAuthDeps => ({
  db: app.db,
  key: app.config.secondFactorKey,
  limiter: app.loginLimiter,
  webauthn: webauthnSettingsOf(app.config),
  links: securityLinks(app.config.PUBLIC_URL),
});

/** Where a change to the factors comes from: the client (address, browser) and the audit's context. */
export interface TFactorContext {
  client: TClient;
  audit: TAuditContext;
}

/** How long the login's second step may wait after the password. */
export const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;
/** How long a TOTP setup (the QR code shown) may wait for its first code. */
export const TOTP_SETUP_TTL_MS = 15 * 60 * 1000;

// --- For other modules (oauth, passkeys, the auth plugin) ---

/** Whether the user has a confirmed second factor (any kind). */
export const userHasSecondFactor = (db: TExecutor, userId: string): Promise<boolean> => findHasSecondFactor(db, userId);

/** Stamps a session (by its token's hash) as having proved a second factor at `at`; this process forgets its cached sessions. */
export async function stampSecondFactor(db: TDb, tokenHash: string, at: Date): Promise<void> {
  await stampTokenSecondFactor(db, tokenHash, at);
  forgetSessions(db);
}

/** The kinds of second factor a user can prove now (what `mfa_required` lists). */
export async function secondFactorKindsOf(db: TExecutor, userId: string): Promise<TSecondFactorKind[]> {
  const [totp, hasPasskey, codesLeft] = await Promise.all([findTotp(db, userId), userHasPasskey(db, userId), countRecoveryCodesLeft(db, userId)]);
  const kinds: TSecondFactorKind[] = [];
  if (totp?.enrolled_at) kinds.push('totp');
  if (hasPasskey) kinds.push('passkey');
  if (codesLeft > 0) kinds.push('recovery_code');
  return kinds;
}

/** A login that passed the password and must now prove a second factor: an opaque token (5 minutes, single use, stored hashed). */
export async function issueMfaToken(db: TDb, input: { userId: string; companyId: string; clientId: string }, now = new Date()): Promise<string> {
  const token = newToken();
  await deleteExpiredMfaTokens(db, now);
  await insertMfaToken(db, { tokenHash: hashToken(token), ...input, expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS) });
  return token;
}

/** The live (unused, unexpired) MFA token of this company, or undefined. */
export const findMfaToken = (db: TDb, token: string, companyId: string, now = new Date()) => findLiveMfaToken(db, hashToken(token), companyId, now);

/** Spends an MFA token once it led to a session; false when another request spent it first (or it expired). */
export const consumeMfaToken = (db: TDb, token: string, now = new Date()): Promise<boolean> => spendMfaToken(db, hashToken(token), now);

// --- Proving a second factor (step-up, the login's second step) ---

export type TFactorProof = { kind: 'totp'; code: string } | { kind: 'recoveryCode'; code: string } | { kind: 'passkey'; proof: TPasskeyProof };
export type TProofMethod = TFactorProof['kind'];
export type TProofOutcome =
  | { ok: true; method: TProofMethod }
  | { ok: false; reason: 'invalid' | 'passkeyUnavailable' }
  | { ok: false; reason: 'blocked'; waitSeconds: number };

export interface TFactorOwner {
  id: string;
  companyId: string;
  email: string;
  firstName: string;
  language: 'es' | 'en';
}

export async function loadFactorOwner(db: TExecutor, userId: string): Promise<TFactorOwner & { roles: string[] }> {
  const row = await findFactorOwner(db, userId);
  if (!row) throw new AppError(401, 'unauthorized');
  return { id: row.id, companyId: row.company_id, email: row.email, firstName: row.first_name, language: row.language === 'en' ? 'en' : 'es', roles: row.roles };
}

/** A step-up request's body as a proof. */
export function proofOfStepUp(body: TStepUpRequest): TFactorProof {
  if ('code' in body) return { kind: 'totp', code: body.code };
  if ('recoveryCode' in body) return { kind: 'recoveryCode', code: body.recoveryCode };
  return { kind: 'passkey', proof: body.passkey };
}

/** HKDF label of the recovery codes' HMAC key (derived from SECOND_FACTOR_KEY, never the encryption key itself). */
export const RECOVERY_CODE_KEY_LABEL = 'kc recovery codes v1';

/**
 * A recovery code as stored: HMAC-SHA256 of `userId:canonical` under a key derived from
 * SECOND_FACTOR_KEY (decision 0032). A code has ≈ 50 random bits: with a plain hash, a dump of the
 * database alone would let them be found by brute force; with the server's key it does not.
 */
export const recoveryCodeHash = (key: Buffer, userId: string, canonical: string): string =>
  createHmac('sha256', deriveSubkey(key, RECOVERY_CODE_KEY_LABEL)).update(`${userId}:${canonical}`).digest('hex');

/** The form stored before 2026-11-28 (SHA-256 of `userId:canonical`): still accepted once for rows made then. */
export const legacyRecoveryCodeHash = (userId: string, canonical: string): string => hashToken(`${userId}:${canonical}`);

/** Tells the person, in their language, what changed, when, from where and what to do if it was not them. */
export async function sendFactorMail(
  db: TExecutor,
  owner: TFactorOwner,
  kind: TFactorMail,
  notice: { client: TClient; at: Date; links: TSecurityLinks },
  codesLeft?: number,
): Promise<void> {
  const mail = secondFactorMail(owner.language, kind, {
    firstName: owner.firstName,
    event: { at: notice.at, client: notice.client },
    links: notice.links,
    ...(codesLeft !== undefined ? { codesLeft } : {}),
  });
  await enqueueMail(db, { companyId: owner.companyId, to: owner.email, userId: owner.id, ...mail });
}

async function checkProof(deps: TStrongAuthDeps, owner: TFactorOwner, proof: TFactorProof, now: Date): Promise<'ok' | 'invalid' | 'unavailable'> {
  if (proof.kind === 'totp') {
    const code = normalizeTotpCode(proof.code);
    const row = code ? await findTotp(deps.db, owner.id) : undefined;
    if (!code || !row?.secret_encrypted) return 'invalid';
    const step = matchTotpStep(openSecret(deps.key, row.secret_encrypted, owner.id), code, now);
    // The step is taken atomically: a replayed code (or an older one) is refused.
    return step !== null && (await takeTotpStep(deps.db, owner.id, step, now)) ? 'ok' : 'invalid';
  }
  if (proof.kind === 'recoveryCode') {
    const canonical = normalizeRecoveryCode(proof.code);
    // New codes are HMACs; a row stored the old way still matches its SHA-256 form, and is spent the same way.
    const hashes = canonical ? [recoveryCodeHash(deps.key, owner.id, canonical), legacyRecoveryCodeHash(owner.id, canonical)] : [];
    return canonical && (await spendRecoveryCode(deps.db, owner.id, hashes, now)) ? 'ok' : 'invalid';
  }
  return verifyPasskeyProof(deps, owner, proof.proof, now);
}

/**
 * Checks one proof of a second factor, rate limited with the login's counters (wrong codes count
 * as wrong passwords, for the person's e-mail and the client's address), audited (used, failed,
 * recovery code used) and told by mail when a recovery code was spent.
 */
export async function proveSecondFactor(
  deps: TStrongAuthDeps,
  owner: TFactorOwner,
  proof: TFactorProof,
  context: TFactorContext,
  now = new Date(),
): Promise<TProofOutcome> {
  // Counted before the proof is checked (racing requests cannot check more than the limit); a
  // wrong proof keeps its count, a right one gives it back, and nothing checked gives it back too.
  const reservation = await deps.limiter.reserve(loginKeys(owner.companyId, owner.email, context.client.address));
  if (!reservation.ok) return { ok: false, reason: 'blocked', waitSeconds: reservation.waitSeconds };
  const verdict = await checkProof(deps, owner, proof, now);
  if (verdict === 'unavailable') {
    await deps.limiter.release(reservation.ticket);
    return { ok: false, reason: 'passkeyUnavailable' };
  }
  const method = proof.kind;
  if (verdict === 'invalid') {
    await recordAudit(deps.db, context.audit, { entityType: 'user', entityId: owner.id, action: 'user.secondFactorFailed', after: { method } });
    return { ok: false, reason: 'invalid' };
  }
  await deps.limiter.succeeded(reservation.ticket);
  if (method === 'recoveryCode') {
    const left = await countRecoveryCodesLeft(deps.db, owner.id);
    await deps.db.transaction().execute(async (tx) => {
      await recordAudit(tx, context.audit, { entityType: 'user', entityId: owner.id, action: 'user.recoveryCodeUsed', after: { codesLeft: left } });
      await sendFactorMail(tx, owner, 'recoveryCodeUsed', { client: context.client, at: now, links: deps.links }, left);
    });
  } else {
    await recordAudit(deps.db, context.audit, { entityType: 'user', entityId: owner.id, action: 'user.secondFactorUsed', after: { method } });
  }
  return { ok: true, method };
}

/** A failed proof as the API's problem. */
function refusal(outcome: Exclude<TProofOutcome, { ok: true }>): AppError {
  if (outcome.reason === 'blocked') return new AppError(429, 'tooManyAttempts', { minutes: Math.ceil(outcome.waitSeconds / 60) });
  if (outcome.reason === 'passkeyUnavailable') return new AppError(400, 'passkeyUnavailable');
  return new AppError(400, 'invalidCode');
}

// --- The endpoints' services ---

export async function getStatus(deps: TStrongAuthDeps, user: TAuthUser, tokenHash: string): Promise<TStrongAuthStatus> {
  const [totp, passkeys, codesLeft, session] = await Promise.all([
    findTotp(deps.db, user.id),
    listPasskeys(deps.db, user.companyId, user.id),
    countRecoveryCodesLeft(deps.db, user.id),
    findTokenSecondFactor(deps.db, tokenHash),
  ]);
  const hasSecondFactor = session?.has_second_factor ?? false;
  return {
    totp: { enrolled: Boolean(totp?.enrolled_at), enrolledAt: totp?.enrolled_at ? new Date(totp.enrolled_at).toISOString() : null },
    passkeys,
    recoveryCodesLeft: codesLeft,
    enrolmentRequired: !hasSecondFactor && mustEnrolSecondFactor(user.roles),
    hasSecondFactor,
    secondFactorAt: session?.second_factor_at ? new Date(session.second_factor_at).toISOString() : null,
  };
}

/** A new pending TOTP secret (replacing any earlier pending one), shown as a QR code and a key to type. */
export async function setUpTotp(deps: TStrongAuthDeps, user: TAuthUser, now = new Date()): Promise<TTotpSetup> {
  const secret = newTotpSecret();
  await upsertPendingTotp(deps.db, { userId: user.id, companyId: user.companyId, sealed: sealSecret(deps.key, secret, user.id), at: now });
  return totpEnrolment(secret, user.email);
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(recoveryCodeFromBytes(randomBytes(10)));
  return [...codes];
}

/**
 * The first code of the app proves the pending secret: it becomes the user's TOTP factor, this
 * session is stamped, and — when it is the user's first factor — ten recovery codes are made
 * and shown once (empty otherwise: the earlier codes stay valid). Audited and told by mail.
 */
export async function confirmTotp(
  deps: TStrongAuthDeps,
  user: TAuthUser,
  tokenHash: string,
  input: { code: string },
  context: TFactorContext,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const row = await findTotp(deps.db, user.id);
  const pending = row?.pending_secret_encrypted;
  if (!pending || !row.pending_created_at || now.getTime() - new Date(row.pending_created_at).getTime() > TOTP_SETUP_TTL_MS) {
    throw new AppError(409, 'totpSetupMissing');
  }
  const owner = await loadFactorOwner(deps.db, user.id);
  const reservation = await deps.limiter.reserve(loginKeys(owner.companyId, owner.email, context.client.address));
  if (!reservation.ok) throw refusal({ ok: false, reason: 'blocked', waitSeconds: reservation.waitSeconds });
  const code = normalizeTotpCode(input.code);
  const step = code ? matchTotpStep(openSecret(deps.key, pending, user.id), code, now) : null;
  if (step === null) {
    await recordAudit(deps.db, context.audit, { entityType: 'user', entityId: user.id, action: 'user.secondFactorFailed', after: { method: 'totp', enrolment: true } });
    throw new AppError(400, 'invalidCode');
  }
  await deps.limiter.succeeded(reservation.ticket);
  const codes = await deps.db.transaction().execute(async (tx) => {
    const hadFactor = await findHasSecondFactor(tx, user.id);
    if (!(await confirmPendingTotp(tx, { userId: user.id, sealed: pending, step, at: now }))) throw new AppError(409, 'totpSetupMissing');
    const fresh = hadFactor ? [] : newRecoveryCodes();
    if (!hadFactor) await replaceRecoveryCodes(tx, user.id, fresh.map((c) => recoveryCodeHash(deps.key, user.id, c)));
    await recordAudit(tx, context.audit, { entityType: 'user', entityId: user.id, action: 'user.secondFactorEnrolled', after: { method: 'totp', replaced: Boolean(row.enrolled_at) } });
    await sendFactorMail(tx, owner, 'enrolled', { client: context.client, at: now, links: deps.links });
    return fresh;
  });
  await stampSecondFactor(deps.db, tokenHash, now);
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

/**
 * Removes the user's TOTP factor. Staff may not remove their last factor (409
 * lastFactorRequired, nothing removed); with no factor left, the recovery codes go too. Decided
 * under a lock of the person's row (the one passkeys' removal takes).
 */
export async function removeTotp(deps: TStrongAuthDeps, user: TAuthUser, context: TFactorContext, now = new Date()): Promise<void> {
  const { audit } = context;
  const owner = await loadFactorOwner(deps.db, user.id);
  await deps.db.transaction().execute(async (tx) => {
    // The person's row first, as a passkey's removal takes it: removing TOTP and the last passkey
    // at once cannot both see "the other one" still there and leave staff with no factor.
    await lockUserFactors(tx, user.id);
    if (!(await deleteTotp(tx, user.id))) throw new AppError(404, 'totpNotEnrolled');
    const stillHasFactor = await findHasSecondFactor(tx, user.id);
    if (!stillHasFactor && mustEnrolSecondFactor(owner.roles)) throw new AppError(409, 'lastFactorRequired');
    if (!stillHasFactor) await deleteRecoveryCodes(tx, user.id);
    await recordAudit(tx, audit, { entityType: 'user', entityId: user.id, action: 'user.secondFactorRemoved', after: { method: 'totp', factorsLeft: stillHasFactor } });
    await sendFactorMail(tx, owner, 'removed', { client: context.client, at: now, links: deps.links });
  });
  forgetSessions(deps.db);
}

/** Ten new recovery codes (the earlier ones, used or not, stop working), shown once; audited and told by mail (never the codes). */
export async function regenerateRecoveryCodes(
  deps: TStrongAuthDeps,
  user: TAuthUser,
  context: TFactorContext,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const codes = newRecoveryCodes();
  const owner = await loadFactorOwner(deps.db, user.id);
  await deps.db.transaction().execute(async (tx) => {
    if (!(await findHasSecondFactor(tx, user.id))) throw new AppError(409, 'secondFactorMissing');
    await replaceRecoveryCodes(tx, user.id, codes.map((c) => recoveryCodeHash(deps.key, user.id, c)));
    await recordAudit(tx, context.audit, { entityType: 'user', entityId: user.id, action: 'user.recoveryCodesRegenerated', after: { count: codes.length } });
    await sendFactorMail(tx, owner, 'recoveryCodesRegenerated', { client: context.client, at: now, links: deps.links });
  });
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

/** A step-up: one proof of a second factor stamps this session (it counts for STEP_UP_WINDOW_MS). */
export async function stepUp(
  deps: TStrongAuthDeps,
  user: TAuthUser,
  tokenHash: string,
  body: TStepUpRequest,
  context: TFactorContext,
  now = new Date(),
): Promise<{ secondFactorAt: string }> {
  if (!(await findHasSecondFactor(deps.db, user.id))) throw new AppError(409, 'secondFactorMissing');
  const owner = await loadFactorOwner(deps.db, user.id);
  const outcome = await proveSecondFactor(deps, owner, proofOfStepUp(body), context, now);
  if (!outcome.ok) throw refusal(outcome);
  await stampSecondFactor(deps.db, tokenHash, now);
  return { secondFactorAt: now.toISOString() };
}

/** The person's second factors (no secret) for their personal data export. */
export function listSecondFactorsForExport(db: TDb, companyId: string, userId: string) {
  return findSecondFactorsForExport(db, companyId, userId);
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseSecondFactors } from './repository.ts';

/** When the session behind a token last proved a second factor, for the auth plugin and the step-up check. */
export { findTokenSecondFactor } from './repository.ts';
