import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboardParams, ZDashboardQuery, ZDashboardResponse, ZProblem } from '@kc/domain';
import { getDashboard } from '../contracts/service.ts';

const summary = "The caller's contracts (page from 0, size 10 by default) and the counters NEW, ACTIVE, STANDBY, ARCHIVED, DELETED, ALL";
const response = { 200: ZDashboardResponse, 400: ZProblem, 401: ZProblem };

/** GET /api/dashboard/{contractState}: a state, ALL, or empty for all. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/:contractState',
    {
      preHandler: app.authenticate,
      schema: { tags: ['dashboard'], summary, security: [{ bearer: [] }], params: ZDashboardParams, querystring: ZDashboardQuery, response },
    },
    async (request) => getDashboard(app, request.user!, request.params.contractState, request.query.page, request.query.size),
  );
  app.get(
    '/dashboard',
    {
      preHandler: app.authenticate,
      schema: { tags: ['dashboard'], summary, security: [{ bearer: [] }], querystring: ZDashboardQuery, response },
    },
    async (request) => getDashboard(app, request.user!, 'ALL', request.query.page, request.query.size),
  );
};
