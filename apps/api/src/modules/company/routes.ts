import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyProfile } from './service.ts';

export const ZCompanyProfile = z.object({ id: z.string(), name: z.string() });

/** The tenant's public profile (what the web app shows as the company's name). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company',
    { schema: { tags: ['company'], summary: 'The company named by company-id', response: { 200: ZCompanyProfile } } },
    async (request) => companyProfile(app.db, request.companyId),
  );
};
