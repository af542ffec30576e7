import { z } from 'zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPANY_HEADER, COOKIE_SESSION, ZCookieTokenResponse, ZRevokeRequest, ZTokenError, ZTokenRequest, ZTokenResponse } from '@kc/domain';
import { isBadInputForDatabase } from '../../db/bad-input.ts';
import { databaseFault } from '../../db/unavailable.ts';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../plugins/error-handler.ts';
import { AppError } from '../../lib/app-error.ts';
import { apiMessage } from '../../lib/messages.ts';
import { clearedSessionCookie, csrfTokenOf, sessionCookie, sessionCookieOf } from '../../lib/session-cookie.ts';
import { hashToken } from '../../lib/tokens.ts';
import { requireCsrfProof } from '../../plugins/auth.ts';
import { databaseLoginLimiter, redisLoginLimiter, type TLoginLimiter, type TLoginLimits } from './login-limiter.ts';
import { OAuthError } from './oauth-error.ts';
import { issueToken, revokeToken, type TOAuthDeps } from './service.ts';
import { webauthnSettingsOf } from '../strong-auth/passkeys-webauthn.ts';
import { clientOf } from '../../lib/client-device.ts';
import { securityLinks } from '../../lib/security-mail.ts';

export interface TOAuthRoutesOptions {
  /** Tests may pass smaller limits. */
  limits?: TLoginLimits;
}

function send(request: FastifyRequest, reply: FastifyReply, error: OAuthError): FastifyReply {
  const { detail } = apiMessage(request.language, error.code, error.params);
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error.status === 401) reply.header('www-authenticate', 'Basic realm="kc"');
  return reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: error.error, error_description: detail, ...error.extra });
}

/** Any other failure inside these routes (parse, media type, validation) still speaks RFC 6749. */
function toOAuthError(error: FastifyError | Error): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof AppError && error.status < 500) return new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  if (isBadInputForDatabase(error)) return new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  // A database that cannot serve now: the client may try again shortly (RFC 6749's own word).
  const fault = databaseFault(error);
  if (fault) return new OAuthError(503, 'temporarily_unavailable', fault === 'busy' ? 'databaseBusy' : 'unavailable', {}, UNAVAILABLE_RETRY_AFTER_S);
  return new OAuthError(500, 'server_error', 'internal');
}

const headerOf = (request: FastifyRequest): string | undefined => {
  const raw = request.headers[COMPANY_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
};

/** RFC 6749 appendix B: Basic's client id and secret are form-urlencoded before base64. */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * The client's credentials (RFC 6749 section 2.3.1): HTTP Basic (what standard clients send)
 * or client_id and client_secret in the body, never both at once (`invalid_request`). A Basic
 * header that cannot be read fails as a wrong secret does: 401 `invalid_client`. Another scheme
 * in Authorization is not a client authentication and is left alone.
 */
function withClientCredentials<T extends { client_id?: string | undefined; client_secret?: string | undefined }>(request: FastifyRequest, body: T): T {
  const header = request.headers.authorization;
  if (header === undefined || !/^basic(\s|$)/i.test(header)) return body;
  if (body.client_secret !== undefined) throw new OAuthError(400, 'invalid_request', 'oauthTwoClientMethods');
  const encoded = /^basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header)?.[1];
  const decoded = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientId = colon > 0 ? formDecode(decoded.slice(0, colon)) : undefined;
  const secret = colon > 0 ? formDecode(decoded.slice(colon + 1)) : undefined;
  if (!clientId || !secret) throw new OAuthError(401, 'invalid_client', 'oauthInvalidClient');
  if (body.client_id !== undefined && body.client_id !== clientId) throw new OAuthError(400, 'invalid_request', 'oauthTwoClientMethods');
  return { ...body, client_id: clientId, client_secret: secret };
}

/**
 * POST /oauth/token and POST /oauth/revoke, outside /api: form bodies, `Cache-Control:
 * no-store`, errors as `{error, error_description}` in the request's language. The company
 * comes from the company-id header, as on every tenant call.
 */
export const oauthRoutes: FastifyPluginAsyncZod<TOAuthRoutesOptions> = async (app, options) => {
  // The app's limiter (shared with the second factors' codes), unless a test asks for other limits.
  let limiter: TLoginLimiter = app.loginLimiter;
  if (options.limits) {
    const own = app.config.REDIS_URL ? redisLoginLimiter(app.config.REDIS_URL, options.limits) : databaseLoginLimiter(app.db, options.limits);
    app.addHook('onClose', async () => own.close());
    limiter = own;
  }
  const deps = (): TOAuthDeps => ({
    db: app.db,
    limiter,
    tokenTtlSeconds: app.config.TOKEN_TTL_SECONDS,
    key: app.config.secondFactorKey,
    webauthn: webauthnSettingsOf(app.config),
    links: securityLinks(app.config.PUBLIC_URL),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const oauthError = toOAuthError(error);
    if (oauthError.status === 503) request.log.warn({ err: error, reqId: request.id }, 'database unavailable or busy');
    else if (oauthError.status >= 500) request.log.error({ err: error, reqId: request.id }, 'oauth request failed');
    return send(request, reply, oauthError);
  });

  const errors = { 400: ZTokenError, 401: ZTokenError, 403: ZTokenError, 429: ZTokenError, 500: ZTokenError, 503: ZTokenError };

  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['oauth'],
        summary: 'RFC 6749 password grant: a bearer access token for the company named by company-id',
        description:
          'With session=cookie (the web app): the token is set as the HttpOnly cookie __Host-kc_session (for its lifetime with remember=true, else until the browser closes) and the answer carries csrf_token instead of access_token; the session then sends that token in X-CSRF-Token on every POST, PUT, PATCH and DELETE.',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZTokenRequest,
        response: { 200: z.union([ZTokenResponse, ZCookieTokenResponse]), ...errors },
      },
    },
    async (request, reply) => {
      const { session, remember } = request.body;
      if (session !== undefined && session !== COOKIE_SESSION) throw new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
      const answer = await issueToken(deps(), withClientCredentials(request, request.body), { companyId: headerOf(request), client: clientOf(request) });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (session !== COOKIE_SESSION) return answer;
      // The web app: the token goes where no script can read it.
      const { access_token: token, ...rest } = answer;
      reply.header('set-cookie', sessionCookie(token, remember === 'true' ? answer.expires_in : undefined));
      return { ...rest, csrf_token: csrfTokenOf(app.config.secondFactorKey, hashToken(token)) };
    },
  );

  app.post(
    '/oauth/revoke',
    {
      schema: {
        tags: ['oauth'],
        summary: 'RFC 7009: revokes an access token (logout)',
        description:
          'Without token, a cookie session revokes itself (its X-CSRF-Token is required: 403 otherwise) and the answer removes the cookie.',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZRevokeRequest,
        response: { 200: z.object({}), ...errors },
      },
    },
    async (request, reply) => {
      const cookieToken = request.body.token === undefined ? sessionCookieOf(request) : undefined;
      if (cookieToken !== undefined) {
        try {
          requireCsrfProof(request, hashToken(cookieToken));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          throw new OAuthError(403, 'invalid_request', 'csrfTokenInvalid', {}, undefined, { code: 'csrfTokenInvalid' });
        }
      }
      await revokeToken(deps(), withClientCredentials(request, { ...request.body, ...(cookieToken !== undefined ? { token: cookieToken } : {}) }));
      reply.header('cache-control', 'no-store');
      if (cookieToken !== undefined) reply.header('set-cookie', clearedSessionCookie());
      return {};
    },
  );
};
