import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { ZPasskeySummary, type TPasskeySummary } from './schemas.ts';

/**
 * Passkeys (issue 18, WebAuthn; docs/decisions/0033-passkeys.md): the shapes the browser sends
 * (`RegistrationResponseJSON`, `AuthenticationResponseJSON` of the WebAuthn Level 3 JSON
 * serialisation, what `@simplewebauthn/browser` returns) and what the API answers. The server
 * library checks every byte; these schemas bound the sizes and keep out what is not text.
 */

/** How long a passkey's name may be (`Pixel 9`, `YubiKey del despacho`). */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** A challenge is valid this long after it was handed out, and once. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, vkey('invalid'));
const ZTransport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
/** Client extension results: whatever the browser reports, an object (the server reads none). */
const ZExtensionResults = z.record(z.string(), z.unknown());

export const ZRegistrationResponseJSON = z.object({
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ZExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(ZTransport).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});
export type TRegistrationResponseJSON = z.infer<typeof ZRegistrationResponseJSON>;

export const ZAuthenticationResponseJSON = z.object({
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ZExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
});
export type TAuthenticationResponseJSON = z.infer<typeof ZAuthenticationResponseJSON>;

/**
 * A passkey's answer to a challenge handed out by `POST /api/strong-auth/passkeys/authentication/options`,
 * checked in full: what the step-up's and the token endpoint's looser `ZPasskeyAssertion` carry
 * is read with this before the signature is verified.
 */
export const ZPasskeyAnswer = z.object({
  challengeId: z.uuid(vkey('invalid')),
  response: ZAuthenticationResponseJSON,
});
export type TPasskeyAnswer = z.infer<typeof ZPasskeyAnswer>;

export const ZPasskeyName = z
  .string({ error: vkey('required') })
  .trim()
  .min(1, vkey('required'))
  .max(PASSKEY_NAME_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: PASSKEY_NAME_MAX_LENGTH }));

/** `POST /api/strong-auth/passkeys/registration`. */
export const ZPasskeyRegistrationRequest = z.object({
  name: ZPasskeyName,
  response: ZRegistrationResponseJSON,
});
export type TPasskeyRegistrationRequest = z.infer<typeof ZPasskeyRegistrationRequest>;

/** `POST /api/strong-auth/passkeys/authentication/options`: with an mfa token (second step of a sign-in) or without (no body at all is fine too). */
export const ZPasskeyAuthenticationOptionsRequest = z.object({ mfaToken: z.string().min(1).max(200).optional() }).nullish();
export type TPasskeyAuthenticationOptionsRequest = z.infer<typeof ZPasskeyAuthenticationOptionsRequest>;

/** One of the caller's passkeys, as listed (the status's `ZPasskeySummary`). */
export const ZPasskey = ZPasskeySummary;
export type TPasskey = TPasskeySummary;

export const ZPasskeyRegistrationResult = z.object({
  passkey: ZPasskey,
  /** The ten recovery codes when the passkey is the person's first factor (shown once), else null. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type TPasskeyRegistrationResult = z.infer<typeof ZPasskeyRegistrationResult>;

const ZCredentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3), what `navigator.credentials.create` needs. */
export const ZPasskeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  attestationFormats: z.array(z.string()).optional(),
  /** `credProps`: the browser says whether the credential is discoverable. */
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type TPasskeyCreationOptions = z.infer<typeof ZPasskeyCreationOptions>;

/** PublicKeyCredentialRequestOptionsJSON, what `navigator.credentials.get` needs. */
export const ZPasskeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.string()).optional(),
});
export type TPasskeyRequestOptions = z.infer<typeof ZPasskeyRequestOptions>;

export const ZPasskeyAuthenticationOptions = z.object({
  challengeId: z.string(),
  options: ZPasskeyRequestOptions,
});
export type TPasskeyAuthenticationOptions = z.infer<typeof ZPasskeyAuthenticationOptions>;
