import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditPage, ZAuditQuery, ZProblem } from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { listAudit } from './service.ts';

/** GET /api/audit: the audit log (ADMIN), read-only; no endpoint changes or deletes an entry. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      onRequest: requirePermission('audit.read'),
      schema: {
        tags: ['audit'],
        summary:
          "The company's audit log, newest first: filters actorId, entityType, entityId, action, from and to (a day or an instant); page and size (20)",
        security: [{ bearer: [] }],
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage, 400: ZProblem, 401: ZProblem, 403: ZProblem },
      },
    },
    async (request) => listAudit(app, request.companyId, request.query),
  );
};
