import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLookupList, ZProblem } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { isKnownCountry, listCountries } from './lookups-data.ts';

/** GET /api/lookup/countries and /api/lookup/cities/{countryId} (specification 7). */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lookup/countries',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Every ISO 3166 country, named in the request language and sorted by name',
        response: { 200: ZLookupList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return listCountries(request.language);
    },
  );

  app.get(
    '/lookup/cities/:countryId',
    {
      schema: {
        tags: ['lookups'],
        summary: "A country's cities (GeoNames places of 1,000 people or more), sorted by name",
        params: z.object({ countryId: z.string().max(8) }),
        response: { 200: ZLookupList, 404: ZProblem },
      },
    },
    async (request, reply) => {
      const countryId = request.params.countryId.toUpperCase();
      if (!isKnownCountry(countryId)) throw new AppError(404, 'countryUnknown', { countryId: countryId.slice(0, 8) });
      reply.header('cache-control', 'public, max-age=86400');
      return app.cities.listCities(countryId);
    },
  );
};
