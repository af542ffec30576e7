import type { TSecondFactorKind } from '@kc/domain';

/**
 * A failure of the OAuth endpoints, answered as RFC 6749 (section 5.2) says: `{error,
 * error_description}`, never as problem details. `code` names the description in
 * lib/messages.ts, so it is in the request's language.
 */
export class OAuthError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 429 | 500 | 503,
    public readonly error: string,
    public readonly code: string,
    public readonly params: Record<string, string | number> = {},
    public readonly retryAfterSeconds?: number,
    /** Members added to the answer (issue 18: `mfa_required` carries `mfa_token` and `factors`). */
    public readonly extra: { mfa_token?: string; factors?: TSecondFactorKind[]; code?: string } = {},
  ) {
    super(code);
    this.name = 'OAuthError';
  }
}
