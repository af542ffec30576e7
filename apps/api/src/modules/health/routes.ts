import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { pingDatabase } from './repository.ts';

const ZHealth = z.object({ status: z.literal('ok') });

/**
 * How long readiness waits for a pooled connection and an answer to a trivial statement. Longer
 * means requests are queueing behind a pool that cannot get work done (every connection waiting
 * on a lock, the database overloaded): the load balancer should send them elsewhere.
 */
export const READY_TIMEOUT_MS = 2000;

/**
 * For load balancers: `/api/health` says the process is up (no database: a busy database is no
 * reason to restart the process), `/api/ready` that the database answers through the pool soon
 * enough to serve.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probes that arrive while one is waiting share its answer, so that a stuck pool does not
  // collect a queue of them.
  let probe: Promise<boolean> | undefined;
  const ready = (): Promise<boolean> => {
    probe ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
      pingDatabase(app.db, READY_TIMEOUT_MS).then(
        () => resolve(true),
        () => resolve(false),
      ).finally(() => clearTimeout(timer));
    }).finally(() => {
      probe = undefined;
    });
    return probe;
  };

  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: ZHealth } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'The database answers through the pool within 2 s', response: { 200: ZHealth } } },
    async () => {
      if (!(await ready())) throw new AppError(503, 'unavailable');
      return { status: 'ok' as const };
    },
  );
};
