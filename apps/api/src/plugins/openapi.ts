import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentPolicy } from './security.ts';

/** The OpenAPI document, generated from the route schemas, and its reference UI. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'KC platform API',
        version: '1.0.0',
        description:
          'Every tenant route needs the `company-id` header. Errors are RFC 9457 problem details; ' +
          'the token endpoint answers as RFC 6749.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // GET /api/metrics: the METRICS_TOKEN of the configuration, not a user's token.
          metricsToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The documents' policy: Swagger UI runs no inline script but adds a <style> at run time, which
  // its own default policy (style-src without 'unsafe-inline') refused.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: documentPolicy() });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
