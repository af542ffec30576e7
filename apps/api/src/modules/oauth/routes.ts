import { z } from 'zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPANY_HEADER, COOKIE_SESSION, ZCookieTokenResponse, ZRevokeRequest, ZTokenError, ZTokenRequest, ZTokenResponse } from '@kc/domain';
import { isBadInputForDatabase } from '../../db/bad-input.ts';
import { apiMessage } from '../../lib/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearedSessionCookie, csrfTokenOf, sessionCookie, sessionCookieOf } from '../../lib/session-cookie.ts';
import { hashToken } from '../../lib/tokens.ts';
import { requireCsrfProof } from '../../plugins/auth.ts';
import { databaseLoginLimiter, redisLoginLimiter, type TLoginLimiter, type TLoginLimits } from './login-limiter.ts';
import { OAuthError } from './oauth-error.ts';
import { issueToken, revokeToken, type TOAuthDeps } from './service.ts';
import { webauthnSettingsOf } from '../strong-auth/passkeys-webauthn.ts';

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
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  if (isBadInputForDatabase(error)) return new OAuthError(400, 'invalid_request', 'oauthInvalidRequest');
  return new OAuthError(500, 'server_error', 'internal');
}

const headerOf = (request: FastifyRequest): string | undefined => {
  const raw = request.headers[COMPANY_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
};

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
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const oauthError = toOAuthError(error);
    if (oauthError.status >= 500) request.log.error({ err: error, reqId: request.id }, 'oauth request failed');
    return send(request, reply, oauthError);
  });

  const errors = { 400: ZTokenError, 401: ZTokenError, 403: ZTokenError, 429: ZTokenError, 500: ZTokenError };

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
      const answer = await issueToken(deps(), request.body, { companyId: headerOf(request), address: request.ip });
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
      await revokeToken(deps(), { ...request.body, ...(cookieToken !== undefined ? { token: cookieToken } : {}) });
      reply.header('cache-control', 'no-store');
      if (cookieToken !== undefined) reply.header('set-cookie', clearedSessionCookie());
      return {};
    },
  );
};
