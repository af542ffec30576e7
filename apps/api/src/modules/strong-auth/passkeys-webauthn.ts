import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import type { Kysely, Transaction } from 'kysely';
import {
  WEBAUTHN_CHALLENGE_TTL_MS,
  type TAuthenticationResponseJSON,
  type TPasskey,
  type TPasskeyAuthenticationOptions,
  type TPasskeyCreationOptions,
  type TRegistrationResponseJSON,
} from '@kc/domain';
import type { TConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  consumeChallengeById,
  consumeRegistrationChallenge,
  findHasPasskey,
  deletePasskeyOfUser,
  findPasskeyByCredentialId,
  findPasskeysOfUser,
  insertChallenge,
  insertPasskey,
  pruneExpiredChallenges,
  recordPasskeyUse,
  type TChallengePurpose,
} from './passkeys-repository.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/**
 * Passkeys' WebAuthn ceremonies (issue 18, WebAuthn Level 3 through @simplewebauthn/server;
 * docs/decisions/0033): options, verification, the credentials kept. What a passkey means for
 * the account (first factor → recovery codes, audit, mails, the session's stamp) is
 * passkeys-service.ts; proving one as a second factor is passkey-proof.ts.
 * A passkey is a second factor (after the password, or for a step-up) and, when the
 * authenticator keeps it (a discoverable credential) and verifies its user, a whole sign-in
 * without a password. Every challenge is stored, single use and valid 5 minutes; which
 * purpose it was handed out for decides what its answer may prove.
 */

/** Where passkeys live: the relying party (RP id, its name) and the web origins allowed to use it. */
export interface TWebauthnSettings {
  rpId: string;
  rpName: string;
  origins: string[];
}

export const webauthnSettingsOf = (config: TConfig): TWebauthnSettings => ({
  rpId: config.WEBAUTHN_RP_ID,
  rpName: config.WEBAUTHN_RP_NAME,
  origins: config.WEBAUTHN_ORIGINS,
});

/** The transports WebAuthn names (hints for the browser); anything else a client sends is dropped. */
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const transportsOf = (values: readonly string[]): string[] => values.filter((v) => KNOWN_TRANSPORTS.has(v));

/** The WebAuthn user handle of a person: their id's 16 bytes (no name, no e-mail), base64url. */
export const userHandleOf = (userId: string): string => Buffer.from(userId.replace(/-/g, ''), 'hex').toString('base64url');

/** A user handle back to the id it was made from, or null when it is not 16 bytes. */
export function userIdOfHandle(handle: string): string | null {
  const bytes = Buffer.from(handle, 'base64url');
  if (bytes.length !== 16) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const newChallenge = (): string => randomBytes(32).toString('base64url');

/** The challenge a browser signed, read from clientDataJSON (null when it cannot be read). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{43}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

const toPasskey = (row: { id: string; name: string; created_at: Date; last_used_at: Date | null }): TPasskey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

async function storeChallenge(db: TExecutor, input: { companyId: string; userId: string | null; purpose: TChallengePurpose; now: Date }) {
  await pruneExpiredChallenges(db, input.now);
  const challenge = newChallenge();
  const id = await insertChallenge(db, { ...input, challenge, expiresAt: new Date(input.now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS) });
  return { id, challenge };
}

/** The person's passkeys as they see them. */
export async function listPasskeys(db: TExecutor, companyId: string, userId: string): Promise<TPasskey[]> {
  return (await findPasskeysOfUser(db, companyId, userId)).map(toPasskey);
}

/** Who holds a credential of this company (by its id, as an assertion names it), or undefined. */
export async function findPasskeyOwner(db: TExecutor, companyId: string, credentialId: string): Promise<string | undefined> {
  return (await findPasskeyByCredentialId(db, companyId, credentialId))?.user_id;
}

/** Whether the person has at least one passkey (one of the ways of "having a second factor"). */
export const userHasPasskey = (db: TExecutor, userId: string): Promise<boolean> => findHasPasskey(db, userId);

/**
 * The signature algorithms a passkey may use: EdDSA, ES256 and RS256, named rather than left to
 * the library's default, which adds ML-DSA-44 when the runtime's Web Crypto has it. On Node 24
 * that is an experimental API, and its 2,420-byte signatures do not fit the sign-in grant's
 * bounded fields: a browser offered it registers a key that can never sign in.
 */
export const PASSKEY_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/**
 * The options of `navigator.credentials.create` for a new passkey of this person: a fresh
 * challenge (stored), their user handle, and the passkeys they already have excluded (the same
 * authenticator is not registered twice). The credential should be discoverable, so that it can
 * also sign in without a password; user verification is preferred, not required, so that a
 * security key without a PIN still serves as a second factor.
 */
export async function createRegistrationOptions(
  db: TExecutor,
  settings: TWebauthnSettings,
  user: { id: string; companyId: string; email: string },
  now: Date,
): Promise<TPasskeyCreationOptions> {
  const existing = await findPasskeysOfUser(db, user.companyId, user.id);
  const { challenge } = await storeChallenge(db, { companyId: user.companyId, userId: user.id, purpose: 'registration', now });
  const options = await generateRegistrationOptions({
    rpName: settings.rpName,
    rpID: settings.rpId,
    userName: user.email,
    userDisplayName: user.email,
    userID: Buffer.from(userHandleOf(user.id), 'base64url'),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  return options as TPasskeyCreationOptions;
}

/** A credential whose registration was verified, ready to be kept (`storePasskey`). */
export type TVerifiedPasskey = Parameters<typeof insertPasskey>[1];

/**
 * Verifies the browser's answer to a registration challenge of this person. The challenge is
 * spent first, whatever the outcome: an answer is checked once. Errors: 400
 * `passkeyChallengeExpired` (unknown, used or expired challenge: start again), 400
 * `passkeyRegistrationFailed` (the library refused the answer: wrong origin, RP, challenge,
 * malformed attestation, an algorithm it does not accept).
 */
export async function verifyNewPasskey(
  db: TExecutor,
  settings: TWebauthnSettings,
  user: { id: string; companyId: string },
  input: { name: string; response: TRegistrationResponseJSON },
  now: Date,
): Promise<TVerifiedPasskey> {
  const challenge = challengeOf(input.response.response.clientDataJSON);
  const spent = challenge ? await consumeRegistrationChallenge(db, { companyId: user.companyId, userId: user.id, challenge, now }) : undefined;
  if (!spent) throw new AppError(400, 'passkeyChallengeExpired');
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: spent.challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch {
    throw new AppError(400, 'passkeyRegistrationFailed');
  }
  if (!verification.verified) throw new AppError(400, 'passkeyRegistrationFailed');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return {
    companyId: user.companyId,
    userId: user.id,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: transportsOf(input.response.response.transports ?? credential.transports ?? []),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name: input.name,
  };
}

/** Keeps a verified passkey (409 `passkeyAlreadyRegistered` when the credential is already known). */
export async function storePasskey(db: TExecutor, verified: TVerifiedPasskey): Promise<TPasskey> {
  if (await findPasskeyByCredentialId(db, verified.companyId, verified.credentialId)) throw new AppError(409, 'passkeyAlreadyRegistered');
  return toPasskey(await insertPasskey(db, verified));
}

/** What an authentication challenge is for: a password-less sign-in, a sign-in's second step, a step-up. */
export type TAssertionPurpose = Exclude<TChallengePurpose, 'registration'>;

/**
 * The options of `navigator.credentials.get`, with the id of the stored challenge. With a user
 * (second step or step-up) only their passkeys are allowed; without one (password-less sign-in)
 * the browser offers the discoverable credentials it holds for this site, and the authenticator
 * must verify its user (PIN, biometrics): the passkey is then both factors.
 */
export async function createAuthenticationOptions(
  db: TExecutor,
  settings: TWebauthnSettings,
  input: { companyId: string; purpose: TAssertionPurpose; userId: string | null },
  now: Date,
): Promise<TPasskeyAuthenticationOptions> {
  const userId = input.purpose === 'authentication' ? null : input.userId;
  if (input.purpose !== 'authentication' && !userId) throw new Error('A second-step or step-up challenge needs its user');
  const allowed = userId ? await findPasskeysOfUser(db, input.companyId, userId) : [];
  const { id, challenge } = await storeChallenge(db, { companyId: input.companyId, userId, purpose: input.purpose, now });
  const options = await generateAuthenticationOptions({
    rpID: settings.rpId,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    userVerification: input.purpose === 'authentication' ? 'required' : 'preferred',
    ...(userId ? { allowCredentials: allowed.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })) } : {}),
  });
  return { challengeId: id, options };
}

/** Why an assertion was refused (for the audit entry; the caller answers one error whatever the reason). */
export type TAssertionRefusal = 'challenge' | 'credential' | 'user' | 'signature' | 'counter';

export type TAssertionResult =
  | { ok: true; userId: string; passkeyId: string; passkeyName: string }
  | { ok: false; reason: TAssertionRefusal; userId: string | null };

/**
 * Checks a passkey's answer to a challenge of one of `purposes`. The challenge is spent first
 * (single use, even when the answer is wrong). The credential must be of this company and, when
 * the challenge was handed out to a person (second step, step-up), of that person — and of
 * `expectedUserId` when the caller knows who it expects (the bearer's user, the mfa token's). A
 * password-less sign-in also needs the user handle to name the credential's owner and the
 * authenticator to have verified its user. The signature is verified by the library against the
 * stored public key, and the signature counter must grow (else a cloned authenticator is
 * suspected); the new counter is stored only if no other answer moved it meanwhile.
 */
export async function verifyPasskeyAssertion(
  db: TExecutor,
  settings: TWebauthnSettings,
  input: {
    companyId: string;
    challengeId: string;
    response: TAuthenticationResponseJSON;
    purposes: readonly TAssertionPurpose[];
    expectedUserId?: string;
  },
  now: Date,
): Promise<TAssertionResult> {
  const spent = isUuid(input.challengeId)
    ? await consumeChallengeById(db, { id: input.challengeId, companyId: input.companyId, purposes: input.purposes, now })
    : undefined;
  const knownUser = input.expectedUserId ?? spent?.user_id ?? null;
  if (!spent) return { ok: false, reason: 'challenge', userId: knownUser };
  if (input.expectedUserId && spent.user_id !== null && spent.user_id !== input.expectedUserId) {
    return { ok: false, reason: 'user', userId: knownUser };
  }
  const passkey = await findPasskeyByCredentialId(db, input.companyId, input.response.id);
  if (!passkey) return { ok: false, reason: 'credential', userId: knownUser };
  const owner = spent.user_id ?? input.expectedUserId ?? null;
  if (owner !== null && passkey.user_id !== owner) return { ok: false, reason: 'user', userId: knownUser };
  const isPasswordless = spent.purpose === 'authentication';
  if (isPasswordless) {
    const handle = input.response.response.userHandle;
    if (!handle || userIdOfHandle(handle) !== passkey.user_id) return { ok: false, reason: 'user', userId: passkey.user_id };
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: spent.challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: isPasswordless,
    });
  } catch (error) {
    const reason = error instanceof Error && /counter/i.test(error.message) ? 'counter' : 'signature';
    return { ok: false, reason, userId: passkey.user_id };
  }
  if (!verification.verified) return { ok: false, reason: 'signature', userId: passkey.user_id };
  const isRecorded = await recordPasskeyUse(db, {
    id: passkey.id,
    previousCounter: passkey.counter,
    counter: verification.authenticationInfo.newCounter,
    at: now,
  });
  if (!isRecorded) return { ok: false, reason: 'counter', userId: passkey.user_id };
  return { ok: true, userId: passkey.user_id, passkeyId: passkey.id, passkeyName: passkey.name };
}

/** Deletes one of the person's passkeys (404 `notFound` when it is not theirs); returns its name. */
export async function removePasskey(db: TExecutor, user: { id: string; companyId: string }, passkeyId: string): Promise<{ id: string; name: string }> {
  const removed = isUuid(passkeyId) ? await deletePasskeyOfUser(db, { companyId: user.companyId, userId: user.id, id: passkeyId }) : undefined;
  if (!removed) throw new AppError(404, 'notFound');
  return removed;
}
