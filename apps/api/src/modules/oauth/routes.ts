import { z } from 'zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPANY_HEADER, ZRevokeRequest, ZTokenError, ZTokenRequest, ZTokenResponse } from '@kc/domain';
import { isBadInputForDatabase } from '../../db/bad-input.ts';
import { databaseFault } from '../../db/unavailable.ts';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../plugins/error-handler.ts';
import { apiMessage } from '../../lib/messages.ts';
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

  const errors = { 400: ZTokenError, 401: ZTokenError, 429: ZTokenError, 500: ZTokenError, 503: ZTokenError };

  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['oauth'],
        summary: 'RFC 6749 password grant: a bearer access token for the company named by company-id',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZTokenRequest,
        response: { 200: ZTokenResponse, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await issueToken(deps(), request.body, { companyId: headerOf(request), client: clientOf(request) });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return answer;
    },
  );

  app.post(
    '/oauth/revoke',
    {
      schema: {
        tags: ['oauth'],
        summary: 'RFC 7009: revokes an access token (logout)',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZRevokeRequest,
        response: { 200: z.object({}), ...errors },
      },
    },
    async (request, reply) => {
      await revokeToken(deps(), request.body);
      reply.header('cache-control', 'no-store');
      return {};
    },
  );
};
