import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { sessionCacheOf } from '../lib/session-cache.ts';
import { hashToken } from '../lib/tokens.ts';
import { findTokenUser } from '../modules/oauth/repository.ts';

export interface TAuthUser {
  id: string;
  companyId: string;
  email: string;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by `app.authenticate` (undefined on public routes). */
    user: TAuthUser | undefined;
    /** The bearer token's hash, for revocation. */
    tokenHash: string | undefined;
  }
  interface FastifyInstance {
    /** preHandler: a valid, unexpired, unrevoked bearer token of this company, for an active user. */
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
 * Bearer token → identity. Tokens work only with the company they were issued for. Valid
 * sessions are kept for SESSION_CACHE_MS in this process (docs/decisions/0008-session-cache.md).
 */
export function registerAuth(app: FastifyInstance): void {
  const sessions = sessionCacheOf(app.db, app.config.SESSION_CACHE_MS);
  app.decorateRequest('user', undefined);
  app.decorateRequest('tokenHash', undefined);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    // Answers to an authenticated call carry someone's personal data: no cache may keep them.
    reply.header('cache-control', 'no-store');
    const token = bearerOf(request);
    if (!token) throw new AppError(401, 'unauthorized');
    const tokenHash = hashToken(token);
    const row = await sessions.resolve(tokenHash, () => findTokenUser(app.db, tokenHash));
    if (!row || row.token_company !== request.companyId) throw new AppError(401, 'unauthorized');
    request.user = { id: row.id, companyId: row.company_id, email: row.email, roles: row.roles };
    request.tokenHash = tokenHash;
  });
}

/** True when the user holds at least one of the roles. */
export const hasAnyRole = (user: TAuthUser, roles: readonly string[]): boolean => user.roles.some((r) => roles.includes(r));

/** preHandler factory: 403 unless the authenticated user holds one of the roles. Use after `authenticate`. */
export function requireRoles(...roles: string[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.user || !hasAnyRole(request.user, roles)) throw new AppError(403, 'forbidden');
  };
}
