import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';

const ZHealth = z.object({ status: z.literal('ok') });

/** For load balancers: `/api/health` says the process is up, `/api/ready` that the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: ZHealth } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'The database is reachable', response: { 200: ZHealth } } },
    async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch {
        throw new AppError(503, 'unavailable');
      }
      return { status: 'ok' as const };
    },
  );
};
