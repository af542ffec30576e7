import type { Kysely } from 'kysely';
import type { TTokenRequest, TTokenResponse } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { decoyHash, verifySecret } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { verifyClientSecret } from '../../lib/client-secret.ts';
import { findUserForLogin } from '../users/repository.ts';
import { loginKeys, type TLoginLimiter } from './login-limiter.ts';
import { OAuthError } from './oauth-error.ts';
import { companyExists } from '../company/repository.ts';
import { findClient, findSessionsForExport, insertAccessTokenAndLogon, revokeAccessToken } from './repository.ts';

export interface TOAuthDeps {
  db: Kysely<Database>;
  limiter: TLoginLimiter;
  tokenTtlSeconds: number;
}

const TOKEN_SCOPE = 'api';

async function requireCompany(db: Kysely<Database>, companyId: string | undefined): Promise<string> {
  if (!companyId) throw new OAuthError(400, 'invalid_request', 'companyMissing');
  if (companyId.length > 64 || !(await companyExists(db, companyId))) {
    throw new OAuthError(400, 'invalid_request', 'companyUnknown', { companyId: companyId.slice(0, 40) });
  }
  return companyId;
}

async function requireClient(db: Kysely<Database>, clientId: string | undefined, secret: string | undefined): Promise<string> {
  if (!clientId || !secret) throw new OAuthError(401, 'invalid_client', 'oauthInvalidClient');
  const client = await findClient(db, clientId);
  if (!client || !(await verifyClientSecret(client.secret_hash, secret))) {
    throw new OAuthError(401, 'invalid_client', 'oauthInvalidClient');
  }
  return client.id;
}

/**
 * RFC 6749 password grant. The same answer and about the same work (one argon2id
 * verification) for an unknown e-mail and a wrong password; whether an account is unconfirmed
 * or inactive is said only to whoever gave its right password.
 */
export async function issueToken(
  deps: TOAuthDeps,
  input: TTokenRequest,
  context: { companyId: string | undefined; address: string },
): Promise<TTokenResponse> {
  const { db, limiter } = deps;
  const companyId = await requireCompany(db, context.companyId);
  if (!input.grant_type) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'grant_type' });
  if (input.grant_type !== 'password') throw new OAuthError(400, 'unsupported_grant_type', 'oauthUnsupportedGrantType');
  const clientId = await requireClient(db, input.client_id, input.client_secret);
  const username = input.username?.trim() ?? '';
  const password = input.password ?? '';
  if (!username) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'username' });
  if (!password) throw new OAuthError(400, 'invalid_request', 'oauthMissingParameter', { name: 'password' });

  const keys = loginKeys(companyId, username, context.address);
  const wait = await limiter.blockedFor(keys);
  if (wait > 0) {
    throw new OAuthError(429, 'invalid_request', 'oauthTooManyAttempts', { minutes: Math.ceil(wait / 60) }, wait);
  }

  const user = username.length <= 254 ? await findUserForLogin(db, companyId, username) : undefined;
  const known = user !== undefined && !user.is_deleted;
  const isValid = await verifySecret(known ? user.password_hash : await decoyHash(), password);
  if (!known || !isValid) {
    await limiter.recordFailure(keys);
    throw new OAuthError(400, 'invalid_grant', 'oauthInvalidCredentials');
  }
  await limiter.clearSuccess(keys);
  if (!user.confirmed_at) throw new OAuthError(400, 'invalid_grant', 'oauthAccountUnconfirmed');
  if (!user.is_active) throw new OAuthError(400, 'invalid_grant', 'oauthAccountInactive');

  const token = newToken();
  await insertAccessTokenAndLogon(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    companyId,
    clientId,
    expiresAt: new Date(Date.now() + deps.tokenTtlSeconds * 1000),
  });
  return { access_token: token, token_type: 'bearer', expires_in: deps.tokenTtlSeconds, scope: TOKEN_SCOPE };
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
