import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboardParams, ZDashboardQuery, ZDashboardResponse, ZProblem, type TContractFilter } from '@kc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dashboardAlongside, getDashboard, isKeptPage, keptDashboardAnswer } from '../contracts/service.ts';
import { ownerKey } from './dashboard-cache.ts';
import { requirePermission } from '../../plugins/auth.ts';

const summary = "The caller's contracts (page from 0, size 10 by default) and the counters NEW, ACTIVE, STANDBY, ARCHIVED, DELETED, ALL";
const response = { 200: ZDashboardResponse, 400: ZProblem, 401: ZProblem, 403: ZProblem };
/** Pages past these are read from the database every time: one investor paging far cannot push everyone else's boards out. */
const CACHED_PAGES = 10;

/** GET /api/dashboard/{contractState}: a state, ALL, or empty for all. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The answer as JSON text. The kept page (all states, page 0, its size) is the text the database
   * keeps for each owner (migration 0039), sent as it is; other pages are written by the route's
   * serializer (lib/response-serializer.ts). The first CACHED_PAGES pages are kept by the
   * dashboard cache (decision 0009), except a kept page that came with the session's statement.
   */
  async function answer(request: FastifyRequest, reply: FastifyReply, filter: TContractFilter, page: number, size: number) {
    const user = request.user!;
    const computed = async () => String(reply.serialize(await getDashboard(app, user, filter, page, size)));
    let body: string;
    if (isKeptPage(filter, page, size) && request.sessionAlongside !== undefined) {
      // Read with the session, before the cache could watch for changes to its owner (decision
      // 0009: a page read while a change commits is not stored): served, not kept.
      app.dashboardCache.countBypass();
      body = (await keptDashboardAnswer(app, user, request.sessionAlongside)) ?? (await computed());
    } else {
      const load = isKeptPage(filter, page, size) ? async () => (await keptDashboardAnswer(app, user)) ?? (await computed()) : computed;
      body = page < CACHED_PAGES ? await app.dashboardCache.resolve(ownerKey(user.companyId, user.id), `${filter} ${page} ${size}`, load) : await load();
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }

  app.get(
    '/dashboard/:contractState',
    {
      onRequest: requirePermission('dashboard.own', { alongside: dashboardAlongside }),
      schema: { tags: ['dashboard'], summary, security: [{ bearer: [] }], params: ZDashboardParams, querystring: ZDashboardQuery, response },
    },
    async (request, reply) => answer(request, reply, request.params.contractState, request.query.page, request.query.size),
  );
  app.get(
    '/dashboard',
    {
      onRequest: requirePermission('dashboard.own', { alongside: dashboardAlongside }),
      schema: { tags: ['dashboard'], summary, security: [{ bearer: [] }], querystring: ZDashboardQuery, response },
    },
    async (request, reply) => answer(request, reply, 'ALL', request.query.page, request.query.size),
  );
};
