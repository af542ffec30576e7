import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { ENROLMENT_ACTIONS, PASSWORD_CHANGE_ACTIONS, can, mustEnrolSecondFactor, type TAction } from '@kc/domain';
import { AppError } from '../lib/app-error.ts';
import { sessionCacheOf, type TSessionAlongside } from '../lib/session-cache.ts';
import { hashToken } from '../lib/tokens.ts';
import { csrfHeaderOf, isCrossSite, isCsrfTokenValid, isUnsafeMethod, sessionCookieOf } from '../lib/session-cookie.ts';
import { findTokenUser } from '../modules/oauth/service.ts';
import { findTokenSecondFactor } from '../modules/strong-auth/service.ts';
import '../modules/strong-auth/messages.ts';

export interface TAuthUser {
  id: string;
  companyId: string;
  email: string;
  roles: string[];
  /** Must set a new password before doing anything else (identity and the password change only). */
  isTemporalPassword: boolean;
  /** Whether the user has a confirmed second factor (issue 18). */
  hasSecondFactor: boolean;
  /** When this session last proved a second factor; null: never (issue 18, step-up). */
  secondFactorAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by `requirePermission`/`app.authenticate` (undefined on public routes). */
    user: TAuthUser | undefined;
    /** The access token's hash, for revocation. */
    tokenHash: string | undefined;
    /** How the access token came: the Authorization header, or the web app's session cookie. */
    credentialSource: 'bearer' | 'cookie' | undefined;
    /**
     * The route's `alongside` column, when the session was read from the database on this
     * request (undefined when it came from the session cache: the route reads it itself).
     */
    sessionAlongside: unknown;
  }
  interface FastifyInstance {
    /**
     * preHandler: a valid, unexpired, unrevoked bearer token of this company, for an active
     * user whose password is not temporary. Routes use `requirePermission(action)` instead.
     */
    authenticate: preHandlerAsyncHookHandler;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/**
 * The access token of the request: the bearer header (other clients), else the web app's session
 * cookie (docs/decisions/0048-session-cookie.md). Both may come; the header then wins.
 */
function credentialOf(request: FastifyRequest): { token: string; source: 'bearer' | 'cookie' } | undefined {
  if (request.headers.authorization !== undefined) {
    const token = bearerOf(request);
    return token ? { token, source: 'bearer' } : undefined;
  }
  const token = sessionCookieOf(request);
  return token ? { token, source: 'cookie' } : undefined;
}

/** Whether the request carries a credential (routes where a session is optional). */
export const hasCredential = (request: FastifyRequest): boolean =>
  request.headers.authorization !== undefined || sessionCookieOf(request) !== undefined;

/**
 * A cookie rides along with any request the browser sends, so a state-changing call of a cookie
 * session must prove it comes from the app's own page: its CSRF token (given by the login and the
 * identity) in X-CSRF-Token, and no cross-site Origin or Sec-Fetch-Site. A bearer needs neither.
 */
export function requireCsrfProof(request: FastifyRequest, tokenHash: string): void {
  const config = request.server.config;
  if (isCrossSite(request, config.PUBLIC_URL) || !isCsrfTokenValid(config.secondFactorKey, tokenHash, csrfHeaderOf(request))) {
    throw new AppError(403, 'csrfTokenInvalid');
  }
}

/**
 * Access token (bearer header or session cookie) → identity (401 when missing, unknown, expired,
 * revoked, of another company or of an inactive or deleted user; 403 csrfTokenInvalid for an
 * unsafe call of a cookie session without its CSRF token). Valid sessions are kept for
 * SESSION_CACHE_MS in this process (docs/decisions/0008-session-cache.md).
 */
async function identify(request: FastifyRequest, reply: FastifyReply, alongside?: TSessionAlongside): Promise<TAuthUser> {
  // Answers to an authenticated call carry someone's personal data: no cache may keep them.
  reply.header('cache-control', 'no-store');
  if (request.user) return request.user;
  const app = request.server;
  const credential = credentialOf(request);
  if (!credential) throw new AppError(401, 'unauthorized');
  const tokenHash = hashToken(credential.token);
  const sessions = sessionCacheOf(app.db, app.config.SESSION_CACHE_MS);
  const row = await sessions.resolve(tokenHash, async () => {
    const found = await findTokenUser(app.db, tokenHash, new Date(), alongside);
    if (!found || !alongside) return found;
    // The route's column is for this request only: the session cache keeps the session without it.
    const { alongside: column, ...session } = found;
    request.sessionAlongside = column;
    return session;
  });
  if (!row || row.token_company !== request.companyId) throw new AppError(401, 'unauthorized');
  // A dead session is 401 first, so the web app signs the person in again rather than asking for a reload.
  if (credential.source === 'cookie' && isUnsafeMethod(request.method)) requireCsrfProof(request, tokenHash);
  request.user = {
    id: row.id,
    companyId: row.company_id,
    email: row.email,
    roles: row.roles,
    isTemporalPassword: row.is_temporal_password,
    hasSecondFactor: row.has_second_factor,
    secondFactorAt: row.second_factor_at ? new Date(row.second_factor_at) : null,
  };
  request.tokenHash = tokenHash;
  request.credentialSource = credential.source;
  return request.user;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', undefined);
  app.decorateRequest('tokenHash', undefined);
  app.decorateRequest('credentialSource', undefined);
  app.decorateRequest('sessionAlongside', undefined);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const user = await identify(request, reply);
    if (user.isTemporalPassword) throw new AppError(403, 'passwordChangeRequired');
  });
}

/**
 * The route hook of the permission matrix (packages/domain/src/permissions): 401 without a valid
 * session, 403 `passwordChangeRequired` while the password is temporary (except identity and the
 * password change), 403 `forbidden` unless one of the caller's roles may do `action`. It runs
 * on request, before the body is read or validated, so a caller without the right learns nothing
 * about the input. Whose data the caller reaches is the service's rule (scope). `alongside`: a
 * column the route needs, read with the session when it is not cached (`request.sessionAlongside`).
 */
export function requirePermission(action: TAction, options: { alongside?: TSessionAlongside } = {}): onRequestAsyncHookHandler {
  const allowedWhileTemporary = PASSWORD_CHANGE_ACTIONS.includes(action);
  const allowedBeforeEnrolment = ENROLMENT_ACTIONS.includes(action);
  return async function checkPermission(request, reply) {
    const user = await identify(request, reply, options.alongside);
    if (user.isTemporalPassword && !allowedWhileTemporary) throw new AppError(403, 'passwordChangeRequired');
    if (!can(user.roles, action)) throw new AppError(403, 'forbidden');
    if (!allowedBeforeEnrolment && !user.hasSecondFactor && mustEnrolSecondFactor(user.roles)) await requireEnrolment(request, user);
  };
}

/**
 * The staff gate (issue 18): staff must enrol a second factor before the back office. The cached
 * session may be up to SESSION_CACHE_MS old (an enrolment made through another instance), so
 * the refusal is decided on a fresh read.
 */
async function requireEnrolment(request: FastifyRequest, user: TAuthUser): Promise<void> {
  const fresh = request.tokenHash ? await findTokenSecondFactor(request.server.db, request.tokenHash) : undefined;
  if (!fresh?.has_second_factor) throw new AppError(403, 'enrolmentRequired');
  user.hasSecondFactor = true;
  user.secondFactorAt = fresh.second_factor_at ? new Date(fresh.second_factor_at) : null;
}

/** Whether the authenticated caller may do `action` (for rules inside a service). */
export const callerCan = (user: TAuthUser, action: TAction): boolean => can(user.roles, action);
