import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboardParams, ZDashboardQuery, ZDashboardResponse, ZProblem, type TContractFilter } from '@kc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dashboardAlongside, getDashboard, isKeptPage, parseBoard } from '../contracts/service.ts';
import { ownerKey } from './dashboard-cache.ts';
import { requirePermission } from '../../plugins/auth.ts';

const summary = "The caller's contracts (page from 0, size 10 by default) and the counters NEW, ACTIVE, STANDBY, ARCHIVED, DELETED, ALL";
const response = { 200: ZDashboardResponse, 400: ZProblem, 401: ZProblem, 403: ZProblem };
/** Pages past these are read from the database every time: one investor paging far cannot push everyone else's boards out. */
const CACHED_PAGES = 10;

/** GET /api/dashboard/{contractState}: a state, ALL, or empty for all. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The answer as JSON text, written by the route's serializer and, for the first
   * CACHED_PAGES pages, kept by the dashboard cache (decision 0009).
   */
  async function answer(request: FastifyRequest, reply: FastifyReply, filter: TContractFilter, page: number, size: number) {
    const user = request.user!;
    // The route's compiled serializer (lib/response-serializer.ts) writes JSON text.
    // The kept board came with the session's statement when the session was not cached (one round
    // trip); it answers only the kept page.
    const kept = isKeptPage(filter, page, size) && request.sessionAlongside !== undefined ? parseBoard(request.sessionAlongside) : undefined;
    const load = async () => String(reply.serialize(await getDashboard(app, user, filter, page, size, kept)));
    // A board read with the session was read before the cache could watch for changes to its owner
    // (decision 0009: a page read while a change commits is not stored), so it is served, not kept.
    if (kept !== undefined) app.dashboardCache.countBypass();
    const body =
      page < CACHED_PAGES && kept === undefined
        ? await app.dashboardCache.resolve(ownerKey(user.companyId, user.id), `${filter} ${page} ${size}`, load)
        : await load();
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
