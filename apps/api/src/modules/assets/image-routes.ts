import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAssetImageParams, ZProblem } from '@kc/domain';
import './messages.ts';
import { readImage } from './images.ts';

/**
 * Uploaded asset photos, outside the tenant routes: an <img> sends no company-id header, so the
 * company is in the address. Immutable bytes: cached for a year; nosniff comes with every answer.
 */
export const assetImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/asset-images/:companyId/:imageId',
    {
      schema: {
        tags: ['assets'],
        summary: 'An uploaded photo of a home or plantation (JPEG, PNG or WebP); public',
        params: ZAssetImageParams,
        response: { 404: ZProblem },
      },
    },
    async (request, reply) => {
      const image = await readImage(app, request.params.companyId, request.params.imageId);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes as never); // raw bytes: Fastify sends a Buffer as it is, no serializer
    },
  );
};
