import { z } from 'zod';

/**
 * The request and answer shapes of the accounts endpoints that the other accounts files do not
 * already define (their URLs are in api-paths.ts).
 */

/** A country or a city of the lookups (specification 3): `id` is the ISO 3166-1 alpha-2 code, or the city's GeoNames id. */
export const ZLookupItem = z.object({ id: z.string(), name: z.string() });
export type TLookupItem = z.output<typeof ZLookupItem>;
export const ZLookupList = z.array(ZLookupItem);

/** POST /oauth/token's form body (RFC 6749, 4.3.2); every field is checked by the endpoint itself. */
export const ZTokenRequest = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  scope: z.string().optional(),
  /** Strong authentication (issue 18): the second step of a login (`urn:kc:params:oauth:grant-type:mfa`). */
  mfa_token: z.string().optional(),
  /** A TOTP code (mfa grant). */
  otp: z.string().optional(),
  /** A one-time recovery code (mfa grant). */
  recovery_code: z.string().optional(),
  /** A passkey assertion as JSON `{"challengeId","response"}` (mfa and passkey grants). */
  passkey: z.string().optional(),
  /** `cookie`: the web app's session, in an HttpOnly cookie instead of the answer's body. */
  session: z.string().optional(),
  /** With `session=cookie`: `true` keeps the cookie for the token's lifetime, else until the browser closes. */
  remember: z.string().optional(),
});
export type TTokenRequest = z.output<typeof ZTokenRequest>;

/** POST /oauth/revoke's form body (RFC 7009): the token to revoke and the client. */
export const ZRevokeRequest = z.object({
  token: z.string().optional(),
  token_type_hint: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

/** POST /api/users/register-inversor's answer (201): the new, unconfirmed account. */
export const ZRegisterResponse = z.object({
  id: z.string(),
  email: z.string(),
  confirmed: z.literal(false),
});
export type TRegisterResponse = z.output<typeof ZRegisterResponse>;

/** POST /api/users/confirm-sign-up/…'s answer: the confirmed account and, for an investor, their advisor's name. */
export const ZConfirmSignUpResponse = z.object({
  id: z.string(),
  confirmed: z.literal(true),
  advisor: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});
export type TConfirmSignUpResponse = z.output<typeof ZConfirmSignUpResponse>;

/** Days a sign-up confirmation link is valid (decisions, "Accounts and sessions"). */
export const SIGN_UP_CONFIRMATION_DAYS = 7;
