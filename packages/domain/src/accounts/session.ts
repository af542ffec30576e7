import { z } from 'zod';
import { ZRole } from './roles.ts';

/**
 * The session (specification 3; decisions, "Accounts and sessions"): the OAuth 2 password-grant
 * answer (RFC 6749) plus the identity, stored locally under the user-data key. Pure: `now` is
 * always an argument.
 */

/** A successful POST /oauth/token answer. `token_type` is 'bearer' (compared without case, as RFC 6749 says). */
export const ZTokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer'),
  /** Lifetime in seconds. */
  expires_in: z.number().int().positive(),
  scope: z.string().optional(),
});
export type TTokenResponse = z.output<typeof ZTokenResponse>;

/**
 * The token answer of a cookie session (the web app, `session=cookie`): the token rides an
 * HttpOnly cookie, so the body has none; `csrf_token` goes in X-CSRF-Token on every unsafe call.
 */
export const ZCookieTokenResponse = ZTokenResponse.omit({ access_token: true }).extend({ csrf_token: z.string().min(1) });
export type TCookieTokenResponse = z.output<typeof ZCookieTokenResponse>;

/** POST /oauth/token's `session` value that asks for a cookie session. */
export const COOKIE_SESSION = 'cookie';

/** The kinds of second factor a login's second step may use (issue 18). */
export const SECOND_FACTOR_KINDS = ['totp', 'passkey', 'recovery_code'] as const;
export type TSecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** The error codes of RFC 6749, section 5.2. */
export const OAUTH_TOKEN_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;

/** A failed POST /oauth/token answer (HTTP 400 or 401); the login alert shows error_description. */
export const ZTokenError = z.object({
  error: z.string().min(1),
  error_description: z.string(),
  /** `mfa_required` (issue 18): the opaque token of the second step (5 minutes, single use). */
  mfa_token: z.string().optional(),
  /** `mfa_required`: the second factors this user can prove. */
  factors: z.array(z.enum(SECOND_FACTOR_KINDS)).optional(),
  /** A refusal of a cookie session's revocation without its CSRF token: `csrfTokenInvalid`. */
  code: z.string().optional(),
});

/** The OAuth extension grants of strong authentication (issue 18; RFC 6749 §4.5). */
export const MFA_GRANT_TYPE = 'urn:kc:params:oauth:grant-type:mfa';
export const PASSKEY_GRANT_TYPE = 'urn:kc:params:oauth:grant-type:passkey';
export type TTokenError = z.output<typeof ZTokenError>;

/** GET /api/users/identity. */
export const ZIdentity = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  roles: z.array(ZRole),
  /** True while the person must set a new password before anything else (the API answers 403 passwordChangeRequired to other calls). */
  isTemporalPassword: z.boolean().optional(),
  /** A cookie session's CSRF token (a page reloaded keeps it in memory only, so it asks here again). */
  csrfToken: z.string().optional(),
});
export type TIdentity = z.output<typeof ZIdentity>;

/**
 * What is stored locally and kept in memory while logged in: never the access token (it rides an
 * HttpOnly cookie no script can read; decisions, "Accounts and sessions").
 */
export const ZSession = z.object({
  userId: z.string().min(1),
  identity: ZIdentity,
  roles: z.array(ZRole),
  /** The token's lifetime in milliseconds (expires_in × 1000). */
  expiryTime: z.number().int().positive(),
  /** The instant it expires, ISO 8601 in UTC. */
  expiryDate: z.iso.datetime(),
});
export type TSession = z.output<typeof ZSession>;

/** The session that starts at `now` from a token answer and the identity it belongs to. */
export function makeSession(tokenResponse: Pick<TTokenResponse, 'expires_in'>, identity: TIdentity, now: Date): TSession {
  const expiryTime = tokenResponse.expires_in * 1000;
  return {
    userId: identity.id,
    identity: {
      id: identity.id,
      username: identity.username,
      roles: [...identity.roles],
      ...(identity.isTemporalPassword ? { isTemporalPassword: true } : {}),
    },
    roles: [...identity.roles],
    expiryTime,
    expiryDate: new Date(now.getTime() + expiryTime).toISOString(),
  };
}
