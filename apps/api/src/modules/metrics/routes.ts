import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProblem } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { createMetrics, metricsAccess, type TMetricSources, type TMetrics } from './service.ts';

/**
 * Prometheus metrics (issue 12): counts every answered request of the app (its route pattern,
 * never the raw URL) and serves GET /api/metrics to the callers METRICS_ALLOW or METRICS_TOKEN
 * let in. Anyone else gets the router's own 404, as if the path did not exist.
 * Call it before any route is registered, so that its hook sees every route.
 */
export async function registerMetrics(app: FastifyInstance, sources: TMetricSources): Promise<TMetrics> {
  const metrics = createMetrics(sources);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  const mayRead = metricsAccess({ token: app.config.METRICS_TOKEN, allow: app.config.METRICS_ALLOW });

  const routes: FastifyPluginAsyncZod = async (api) => {
    api.get(
      '/metrics',
      {
        schema: {
          tags: ['operations'],
          summary:
            'Prometheus metrics (text format 0.0.4). Only from an address of METRICS_ALLOW (loopback by default) or with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 404.',
          security: [{ metricsToken: [] }],
          produces: ['text/plain'],
          response: { 200: z.string().describe('Prometheus text exposition format'), 404: ZProblem },
        },
      },
      async (request, reply) => {
        if (!mayRead(request.ip, request.headers.authorization)) {
          request.log.info({ address: request.ip }, 'metrics refused: address not allowed and no valid token');
          throw new AppError(404, 'routeNotFound', { method: request.method, url: request.url.split('?')[0] ?? '' });
        }
        const text = await metrics.render();
        return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
      },
    );
  };
  await app.register(routes, { prefix: '/api' });
  return metrics;
}
