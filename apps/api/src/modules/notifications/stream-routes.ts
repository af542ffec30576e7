import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMPANY_HEADER, parseLastEventId, ZProblem, ZStreamQuery, type TLanguage } from '@kc/domain';
import { authenticateStream } from './service.ts';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const raw = request.headers[name];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
};

/**
 * GET /api/notifications/stream: the caller's inbox changes as Server-Sent Events. Outside the
 * tenant plugin because EventSource cannot send headers: a ticket names its company itself; a
 * bearer token needs the company-id header as everywhere else.
 */
export const notificationStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/stream',
    {
      // The ticket is in the query string: the logger's request serializer masks it (lib/log-redaction.ts).
      schema: {
        tags: ['notifications'],
        summary:
          'Server-Sent Events of the caller’s inbox: `ready` (unread count, last event id), then `notification` events (id = a per-user event number; data = type, item, unread count), a heartbeat comment, and `session-ended` before closing when the session is revoked or expires. Authenticate with ?ticket= (POST /api/notifications/stream-ticket) or a bearer token with company-id. Resume with the Last-Event-ID header or ?lastEventId=. ?lang=es|en picks the language (else Accept-Language).',
        security: [{ bearer: [] }, {}],
        querystring: ZStreamQuery.extend({ lang: z.enum(['es', 'en']).optional() }),
        response: {
          200: z.string().describe('text/event-stream'),
          400: ZProblem,
          401: ZProblem,
          403: ZProblem,
        },
      },
    },
    async (request, reply) => {
      const authorization = header(request, 'authorization');
      const [scheme, value] = authorization?.split(' ') ?? [];
      const session = await authenticateStream(app.db, {
        ticket: request.query.ticket,
        bearer: scheme?.toLowerCase() === 'bearer' ? value : undefined,
        companyHeader: header(request, COMPANY_HEADER),
      });
      const language: TLanguage = request.query.lang ?? request.language;
      const lastEventId = parseLastEventId(header(request, 'last-event-id') ?? request.query.lastEventId);
      reply.hijack();
      const headers = reply.getHeaders() as Record<string, string | number | string[]>;
      await app.notificationStreams.open({ ...session, language, lastEventId, res: reply.raw }, headers);
    },
  );
};
