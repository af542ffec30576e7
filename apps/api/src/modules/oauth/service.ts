import type { Kysely } from 'kysely';
import { MFA_GRANT_TYPE, PASSKEY_GRANT_TYPE, type TTokenRequest, type TTokenResponse } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { decoyHash, verifySecret } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { verifyClientSecret } from '../../lib/client-secret.ts';
import { deviceFamilyOf, deviceFingerprint, type TClient } from '../../lib/client-device.ts';
import type { TSecurityLinks } from '../../lib/security-mail.ts';
import { newDeviceSignInMail } from './mails.ts';
import { userForLogin } from '../users/service.ts';
import { loginKeys, type TLoginLimiter } from './login-limiter.ts';
import { OAuthError } from './oauth-error.ts';
import {
  findClient,
  findKnownDevicesForExport,
  findLoginContext,
  findSessionsForExport,
  insertAccessTokenAndLogon,
  revokeAccessToken,
  type TLoginUser,
} from './repository.ts';
import {
  consumeMfaToken,
  findMfaToken,
  issueMfaToken,
  loadFactorOwner,
  proveSecondFactor,
  secondFactorKindsOf,
  type TFactorProof,
} from '../strong-auth/service.ts';
import { ZPasskeyAnswer, ZPasskeyAssertion } from '@kc/domain';
import { recordAudit } from '../audit/service.ts';
import { findPasskeyOwner, verifyPasskeyAssertion, type TWebauthnSettings } from '../strong-auth/passkeys-webauthn.ts';

export interface TOAuthDeps {
  db: Kysely<Database>;
  limiter: TLoginLimiter;
  tokenTtlSeconds: number;
  /** SECOND_FACTOR_KEY (the TOTP secrets of the mfa grant). */
  key: Buffer;
  /** Passkeys: the relying party and the origins allowed (WEBAUTHN_*). */
  webauthn: TWebauthnSettings;
  /** What a security mail offers to someone who did not sign in (from PUBLIC_URL). */
  links: TSecurityLinks;
}

const TOKEN_SCOPE = 'api';

/** 429 with Retry-After: the login limiter refused the attempt, nothing was verified. */
const tooManyAttempts = (waitSeconds: number) =>
  new OAuthError(429, 'invalid_request', 'oauthTooManyAttempts', { minutes: Math.ceil(waitSeconds / 60) }, waitSeconds);

async function requireClient(db: Kysely<Database>, clientId: string | undefined, secret: string | undefined): Promise<string> {
  if (!clientId || !secret) throw new OAuthError(401, 'invalid_client', 'oauthInvalidClient');
  const client = await findClient(db, clientId);
  return checkClient(client?.secret_hash ?? null, clientId, secret);
}

async function checkClient(secretHash: string | null, clientId: string, secret: string): Promise<string> {
  if (secretHash === null || !(await verifyClientSecret(secretHash, secret))) throw new OAuthError(401, 'invalid_client', 'oauthInvalidClient');
  return clientId;
}

/**
 * POST /oauth/token: the RFC 6749 password grant, and strong authentication's extension grants
 * (issue 18, RFC 6749 §4.5): the login's second step (`urn:kc:params:oauth:grant-type:mfa`) and
 * the password-less passkey sign-in (`urn:kc:params:oauth:grant-type:passkey`, passkeys helper).
 */
export async function issueToken(
  deps: TOAuthDeps,
  input: TTokenRequest,
  context: { companyId: string | undefined; client: TClient },
): Promise<TTokenResponse> {
  const { db } = deps;
  const companyId = context.companyId;
  if (!companyId) throw new OAuthError(400, 'invalid_request', 'companyMissing');
  if (companyId.length > 64) throw new OAuthError(400, 'invalid_request', 'companyUnknown', { companyId: companyId.slice(0, 40) });
  // The company, the client and (password grant) the account in one round trip; their errors keep
  // their order.
  const username = input.grant_type === 'password' ? (input.username?.trim() ?? '') : '';
  const parties = await findLoginContext(db, companyId, input.client_id ?? '', username && username.length <= 254 ? username : undefined);
  if (!parties.companyExists) throw new OAuthError(400, 'invalid_request', 'companyUnknown', { companyId: companyId.slice(0, 40) });
  if (!input.grant_type) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'grant_type' });
  if (input.grant_type !== 'password' && input.grant_type !== MFA_GRANT_TYPE && input.grant_type !== PASSKEY_GRANT_TYPE) {
    throw new OAuthError(400, 'unsupported_grant_type', 'oauthUnsupportedGrantType');
  }
  if (!input.client_id || !input.client_secret) throw new OAuthError(401, 'invalid_client', 'oauthInvalidClient');
  const clientId = await checkClient(parties.clientSecretHash, input.client_id, input.client_secret);
  const address = context.client.address;
  if (input.grant_type === MFA_GRANT_TYPE) return mfaGrant(deps, input, { companyId, clientId, address, client: context.client });
  if (input.grant_type === PASSKEY_GRANT_TYPE) return passkeyGrant(deps, input, { companyId, clientId, address, client: context.client });
  return passwordGrant(deps, input, { companyId, clientId, address, client: context.client, user: parties.user });
}

/** Whom a session is for: what its sign-in's mail needs. */
interface TSessionPerson {
  id: string;
  email: string;
  firstName: string;
  language: string;
}

/**
 * A new session (token) for a user; `secondFactorAt` stamps it as having proved a second factor.
 * The same statement records the (device, network) it comes from and, when the account had other
 * devices but not this one, queues the mail that tells the person (docs/decisions/0045).
 */
async function openSession(
  deps: TOAuthDeps,
  input: { person: TSessionPerson; companyId: string; clientId: string; client: TClient; secondFactorAt?: Date },
): Promise<TTokenResponse> {
  const token = newToken();
  const now = new Date();
  const { person, client } = input;
  const family = deviceFamilyOf(client.userAgent);
  const language = person.language === 'en' ? 'en' : 'es';
  await insertAccessTokenAndLogon(
    deps.db,
    {
      tokenHash: hashToken(token),
      userId: person.id,
      companyId: input.companyId,
      clientId: input.clientId,
      expiresAt: new Date(now.getTime() + deps.tokenTtlSeconds * 1000),
      ...(input.secondFactorAt ? { secondFactorAt: input.secondFactorAt } : {}),
    },
    {
      fingerprint: deviceFingerprint(deps.key, person.id, family, client.address),
      browser: family.browser,
      os: family.os,
      newDeviceMail: {
        companyId: input.companyId,
        to: person.email,
        ...newDeviceSignInMail(language, { firstName: person.firstName, event: { at: now, client }, links: deps.links }),
      },
    },
  );
  return { access_token: token, token_type: 'bearer', expires_in: deps.tokenTtlSeconds, scope: TOKEN_SCOPE };
}

/**
 * RFC 6749 password grant. The same answer and about the same work (one argon2id
 * verification) for an unknown e-mail and a wrong password; whether an account is unconfirmed
 * or inactive is said only to whoever gave its right password. A user with a second factor gets
 * no token yet: `mfa_required` with a single-use `mfa_token` for the second step (issue 18).
 */
async function passwordGrant(
  deps: TOAuthDeps,
  input: TTokenRequest,
  context: { companyId: string; clientId: string; address: string; client: TClient; user: TLoginUser | undefined },
): Promise<TTokenResponse> {
  const { db, limiter } = deps;
  const { companyId, clientId, user } = context;
  const username = input.username?.trim() ?? '';
  const password = input.password ?? '';
  if (!username) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'username' });
  if (!password) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'password' });

  // The attempt is counted before the password is verified, so racing requests cannot verify
  // more than the limit; a wrong password keeps its count, a right one gives it back.
  const reservation = await limiter.reserve(loginKeys(companyId, username, context.address));
  if (!reservation.ok) throw tooManyAttempts(reservation.waitSeconds);

  const known = user !== undefined && !user.is_deleted;
  const isValid = await verifySecret(known ? user.password_hash : await decoyHash(), password);
  if (!known || !isValid) throw new OAuthError(400, 'invalid_grant', 'oauthInvalidCredentials');
  // Given back alongside the answer's own writes (no round trip of its own on PostgreSQL).
  const giveBack = () => limiter.succeeded(reservation.ticket);
  const refusal = !user.confirmed_at ? 'oauthAccountUnconfirmed' : !user.is_active ? 'oauthAccountInactive' : undefined;
  if (refusal) {
    await giveBack();
    throw new OAuthError(400, 'invalid_grant', refusal);
  }

  if (user.has_second_factor) {
    const [, mfaToken, factors] = await Promise.all([giveBack(), issueMfaToken(db, { userId: user.id, companyId, clientId }), secondFactorKindsOf(db, user.id)]);
    throw new OAuthError(400, 'mfa_required', 'oauthMfaRequired', {}, undefined, { mfa_token: mfaToken, factors });
  }
  const [, session] = await Promise.all([
    giveBack(),
    openSession(deps, {
      person: { id: user.id, email: user.email, firstName: user.first_name, language: user.language },
      companyId,
      clientId,
      client: context.client,
    }),
  ]);
  return session;
}

/** The one proof of a second step: exactly one of `otp`, `recovery_code`, `passkey`. */
function proofOf(input: TTokenRequest): TFactorProof {
  const given = [input.otp, input.recovery_code, input.passkey].filter((v) => v !== undefined && v !== '');
  if (given.length === 0) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'otp' });
  if (given.length > 1) throw new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  if (input.otp) return { kind: 'totp', code: input.otp };
  if (input.recovery_code) return { kind: 'recoveryCode', code: input.recovery_code };
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.passkey!);
  } catch {
    throw new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  }
  const assertion = ZPasskeyAssertion.safeParse(parsed);
  if (!assertion.success) throw new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  return { kind: 'passkey', proof: assertion.data };
}

/**
 * The login's second step (issue 18): the `mfa_token` of a password grant, of this company and
 * client, unused and at most 5 minutes old, and one proof of a second factor. Wrong codes count
 * as wrong passwords (same limiter, same keys); the token is spent only by the proof that
 * succeeds, so a typo does not send the person back to the password. The session is stamped
 * with the second factor's time (a step-up is not needed for 5 minutes).
 */
async function mfaGrant(
  deps: TOAuthDeps,
  input: TTokenRequest,
  context: { companyId: string; clientId: string; address: string; client: TClient },
): Promise<TTokenResponse> {
  const { db } = deps;
  if (!input.mfa_token) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'mfa_token' });
  const proof = proofOf(input);
  const pending = input.mfa_token.length <= 128 ? await findMfaToken(db, input.mfa_token, context.companyId) : undefined;
  if (!pending || pending.client_id !== context.clientId) throw new OAuthError(400, 'invalid_grant', 'oauthMfaTokenInvalid');
  if (!pending.is_active || pending.is_deleted) throw new OAuthError(400, 'invalid_grant', 'oauthAccountInactive');
  const owner = await loadFactorOwner(db, pending.user_id);
  const now = new Date();
  const outcome = await proveSecondFactor(
    { db, key: deps.key, limiter: deps.limiter, webauthn: deps.webauthn, links: deps.links },
    owner,
    proof,
    { client: context.client, audit: { companyId: context.companyId, actorId: owner.id, ipAddress: context.address } },
    now,
  );
  if (!outcome.ok) {
    if (outcome.reason === 'blocked') throw tooManyAttempts(outcome.waitSeconds);
    if (outcome.reason === 'passkeyUnavailable') throw new OAuthError(400, 'invalid_grant', 'oauthPasskeyUnavailable');
    throw new OAuthError(400, 'invalid_grant', 'oauthInvalidCode');
  }
  if (!(await consumeMfaToken(db, input.mfa_token, now))) throw new OAuthError(400, 'invalid_grant', 'oauthMfaTokenInvalid');
  return openSession(deps, { person: owner, companyId: context.companyId, clientId: context.clientId, client: context.client, secondFactorAt: now });
}

/**
 * The password-less sign-in (issue 18, docs/decisions/0033): `passkey` is the JSON of
 * `{challengeId, response}`, the answer of a discoverable passkey to a challenge handed out
 * without a user. The credential names its owner (its user handle must agree); the
 * authenticator must have verified its user (PIN, biometrics), so the passkey is both factors
 * and the session is stamped with the second factor's time. Failures count on the login
 * limiter: on the owner's counters once the credential is known, else on the credential id's
 * and the address's, so guessing cannot go on unchecked. Audited: `passkeySignIn`, or
 * `secondFactorFailed` for a known person.
 */
async function passkeyGrant(
  deps: TOAuthDeps,
  input: TTokenRequest,
  context: { companyId: string; clientId: string; address: string; client: TClient },
): Promise<TTokenResponse> {
  const { db, limiter } = deps;
  if (!input.passkey) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'passkey' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.passkey);
  } catch {
    throw new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  }
  const answer = ZPasskeyAnswer.safeParse(parsed);
  if (!answer.success) throw new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  const { challengeId, response } = answer.data;

  const ownerId = await findPasskeyOwner(db, context.companyId, response.id);
  const owner = ownerId ? await loadFactorOwner(db, ownerId) : undefined;
  const reservation = await limiter.reserve(loginKeys(context.companyId, owner ? owner.email : `passkey:${response.id}`, context.address));
  if (!reservation.ok) throw tooManyAttempts(reservation.waitSeconds);

  const now = new Date();
  const audit = { companyId: context.companyId, actorId: owner?.id ?? null, ipAddress: context.address };
  const result = await verifyPasskeyAssertion(db, deps.webauthn, { companyId: context.companyId, challengeId, response, purposes: ['authentication'] }, now);
  if (!result.ok) {
    if (owner) {
      await recordAudit(db, audit, { entityType: 'user', entityId: owner.id, action: 'user.secondFactorFailed', after: { method: 'passkey', signIn: true, reason: result.reason } });
    }
    throw new OAuthError(400, 'invalid_grant', 'oauthPasskeyInvalid');
  }
  await limiter.succeeded(reservation.ticket);
  const user = owner ? await userForLogin(db, context.companyId, owner.email) : undefined;
  if (!user || user.id !== result.userId || user.is_deleted) throw new OAuthError(400, 'invalid_grant', 'oauthPasskeyInvalid');
  if (!user.confirmed_at) throw new OAuthError(400, 'invalid_grant', 'oauthAccountUnconfirmed');
  if (!user.is_active) throw new OAuthError(400, 'invalid_grant', 'oauthAccountInactive');
  await recordAudit(db, audit, { entityType: 'user', entityId: user.id, action: 'user.passkeySignIn', after: { passkeyId: result.passkeyId } });
  return openSession(deps, { person: owner!, companyId: context.companyId, clientId: context.clientId, client: context.client, secondFactorAt: now });
}

/** RFC 7009: revokes the token (logout). An unknown or already revoked token is not an error. */
export async function revokeToken(
  deps: TOAuthDeps,
  input: { token?: string | undefined; client_id?: string | undefined; client_secret?: string | undefined },
): Promise<void> {
  await requireClient(deps.db, input.client_id, input.client_secret);
  if (!input.token) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'token' });
  await revokeAccessToken(deps.db, hashToken(input.token));
}

/** A person's sessions for their data export (issue 16): metadata only, never a token or its hash. */
export function listSessionsForExport(db: Kysely<Database>, companyId: string, userId: string) {
  return findSessionsForExport(db, companyId, userId);
}

/** The (device, network) pairs a person signed in from, for their data export: families and dates, never the hash. */
export function listKnownDevicesForExport(db: Kysely<Database>, companyId: string, userId: string) {
  return findKnownDevicesForExport(db, companyId, userId);
}

/** A person's erasure: this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseKnownDevices } from './repository.ts';

/** The session behind a bearer token, for the auth plugin (plugins/auth.ts). */
export { findTokenUser } from './repository.ts';
