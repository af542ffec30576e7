import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMPANY_HEADER } from '@kc/domain';
import { AppError } from '../lib/app-error.ts';
import { companyExists } from '../modules/company/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of this request, from the company-id header (tenant routes only). */
    companyId: string;
  }
}

const CACHE_MS = 30_000;

/**
 * Tenant routes: `company-id` names the company; missing or unknown is a 400 with a clear
 * message. Known companies are cached for a short while (they are created by migrations and
 * seeds, never by users), so the hot path costs no query.
 */
export function registerTenancy(app: FastifyInstance): void {
  const known = new Map<string, number>();
  app.decorateRequest('companyId', '');
  // Callback style: a known company costs no promise.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const raw = request.headers[COMPANY_HEADER];
    const companyId = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!companyId) return done(new AppError(400, 'companyMissing'));
    const seen = known.get(companyId);
    if (seen !== undefined && Date.now() - seen <= CACHE_MS) {
      request.companyId = companyId;
      return done();
    }
    companyExists(app.db, companyId).then((exists) => {
      if (!exists) return done(new AppError(400, 'companyUnknown', { companyId: companyId.slice(0, 40) }));
      known.set(companyId, Date.now());
      request.companyId = companyId;
      done();
    }, done);
  });
}
