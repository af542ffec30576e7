import { z } from 'zod';
import { vkey } from '../i18n/validation-messages.ts';

/**
 * The strong-authentication API's shapes (issue 18; docs/decisions/0032): the status, TOTP
 * enrolment, recovery codes and step-up. The web app and the API share them.
 */

/** A passkey as the status lists it (the passkeys helper, 0033, fills the list). */
export const ZPasskeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TPasskeySummary = z.infer<typeof ZPasskeySummary>;

/** GET /api/strong-auth. */
export const ZStrongAuthStatus = z.object({
  totp: z.object({ enrolled: z.boolean(), enrolledAt: z.string().nullable() }),
  passkeys: z.array(ZPasskeySummary),
  recoveryCodesLeft: z.number().int().min(0),
  /** A staff role without any factor: the back office answers 403 enrolmentRequired until one is enrolled. */
  enrolmentRequired: z.boolean(),
  hasSecondFactor: z.boolean(),
  /** When this session last proved a second factor (a step-up counts for 5 minutes after it). */
  secondFactorAt: z.string().nullable(),
});
export type TStrongAuthStatus = z.infer<typeof ZStrongAuthStatus>;

/** POST /api/strong-auth/totp/setup: what the enrolment screen shows. */
export const ZTotpSetup = z.object({
  /** The secret in base32, in groups of four, for typing into the app by hand. */
  manualKey: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (an SVG document). */
  qrSvg: z.string(),
});
export type TTotpSetup = z.infer<typeof ZTotpSetup>;

const ZCodeText = z.string({ error: vkey('required') }).trim().min(1, vkey('required')).max(64, vkey('invalid'));

/** POST /api/strong-auth/totp/confirm. */
export const ZTotpConfirmRequest = z.object({ code: ZCodeText });
export type TTotpConfirmRequest = z.infer<typeof ZTotpConfirmRequest>;

/** Recovery codes, shown once (`XXXXX-XXXXX`); empty when a confirmation kept the earlier ones. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** A passkey assertion for a step-up or a login (the passkeys helper verifies it). */
export const ZPasskeyAssertion = z.object({
  challengeId: z.string().min(1).max(200),
  response: z.record(z.string(), z.unknown()),
});
export type TPasskeyAssertion = z.infer<typeof ZPasskeyAssertion>;

/** POST /api/strong-auth/step-up: one proof of a second factor. */
export const ZStepUpRequest = z.union([
  z.object({ code: ZCodeText }).strict(),
  z.object({ recoveryCode: ZCodeText }).strict(),
  z.object({ passkey: ZPasskeyAssertion }).strict(),
]);
export type TStepUpRequest = z.infer<typeof ZStepUpRequest>;

export const ZStepUpResponse = z.object({ secondFactorAt: z.string() });
export type TStepUpResponse = z.infer<typeof ZStepUpResponse>;
