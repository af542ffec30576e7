import { z } from 'zod';
import { ZPasskeySummary } from '@kc/domain/strong-auth/schemas.ts';

export {
  ZPasskeySummary,
  ZRecoveryCodes,
  ZStepUpResponse as ZStepUpAnswer,
  ZStrongAuthStatus,
  ZTotpSetup,
  type TPasskeySummary,
  type TStrongAuthStatus,
  type TTotpSetup,
} from '@kc/domain/strong-auth/schemas.ts';

/**
 * The strong-authentication endpoints (issue 18) and the shapes of their answers: the domain's
 * schemas (shared with the API), plus the passkey registration's answer.
 */
export const strongAuthApi = {
  status: '/api/strong-auth',
  totpSetup: '/api/strong-auth/totp/setup',
  totpConfirm: '/api/strong-auth/totp/confirm',
  totp: '/api/strong-auth/totp',
  recoveryCodes: '/api/strong-auth/recovery-codes',
  stepUp: '/api/strong-auth/step-up',
  passkeyRegistrationOptions: '/api/strong-auth/passkeys/registration/options',
  passkeyRegistration: '/api/strong-auth/passkeys/registration',
  passkey: (id: string) => `/api/strong-auth/passkeys/${encodeURIComponent(id)}`,
  passkeyAuthenticationOptions: '/api/strong-auth/passkeys/authentication/options',
} as const;

export const ZPasskeyRegistration = z.object({ passkey: ZPasskeySummary, recoveryCodes: z.array(z.string()).nullable() });

/** What proves the second factor: an authenticator code, a recovery code or a passkey's answer. */
export type TSecondFactorProof = { code: string } | { recoveryCode: string } | { passkey: { challengeId: string; response: unknown } };
