import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PLAN_IDS,
  ZAppropriatenessRequest,
  ZAppropriatenessResult,
  ZAppropriatenessStatus,
  ZCustomerParams,
  ZProblem,
  ZRiskCheck,
  ZRiskCheckRequest,
  type TPlanId,
} from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkRisk, getAppropriateness, submitAppropriateness } from './service.ts';
import { renderKeyInfoSheet } from './sheet-pdf.ts';

const security = [{ bearer: [] }];
const tags = ['investor-protection'];
const denied = { 401: ZProblem, 403: ZProblem };

const ZSheetParams = z.object({ planId: z.string().min(1).max(40) });
const ZSheetQuery = z.object({ lang: z.enum(['es', 'en']).optional() });

/**
 * Investor protection before a hire (issue 16, helper kis): the key information sheet as PDF
 * (public), the appropriateness test with its loss-bearing simulation, and the warnings a hire
 * would show. The hire itself checks them (POST /api/customers/{customerId}/contracts).
 */
/** The sheet's PDF: the same content for every company, so it needs no company-id (a plain link opens it). */
export const keyInfoSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investor-protection/sheets/:planId',
    {
      schema: {
        tags,
        summary: "A plan's key information sheet as PDF (A4, ?lang= first, then the other language); public",
        params: ZSheetParams,
        querystring: ZSheetQuery,
        response: { 400: ZProblem, 404: ZProblem },
      },
    },
    async (request, reply) => {
      const planId = request.params.planId as TPlanId;
      if (!(PLAN_IDS as readonly string[]).includes(planId)) throw new AppError(404, 'keyInfoSheetNotFound');
      const lang = request.query.lang ?? (request.language === 'en' ? 'en' : 'es');
      const content = await renderKeyInfoSheet(planId, lang);
      const fileName = lang === 'es' ? `ficha-${planId}.pdf` : `key-information-${planId}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'public, max-age=300')
        .send(content as never); // raw bytes: not one of the JSON schemas above
    },
  );
};

export const investorProtectionRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/customers/:customerId/appropriateness',
    {
      onRequest: requirePermission('contracts.own'),
      schema: {
        tags,
        summary: "The customer's latest appropriateness test and loss-bearing simulation (null when none); the customer, their advisor or an administrator",
        security,
        params: ZCustomerParams,
        response: { 200: ZAppropriatenessStatus, ...denied, 404: ZProblem },
      },
    },
    async (request) => getAppropriateness(app, request.user!, request.params.customerId),
  );

  app.post(
    '/customers/:customerId/appropriateness',
    {
      onRequest: requirePermission('contracts.own'),
      schema: {
        tags,
        summary: 'Records the investor\'s own test: answers, net worth, yearly income and commitments; answers the score and 10 % of the net worth as the sum they could lose',
        security,
        params: ZCustomerParams,
        body: ZAppropriatenessRequest,
        response: { 201: ZAppropriatenessResult, 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request, reply) => reply.status(201).send(await submitAppropriateness(app, request.user!, request.params.customerId, request.body)),
  );

  app.post(
    '/customers/:customerId/risk-check',
    {
      onRequest: requirePermission('contracts.own'),
      schema: {
        tags,
        summary: 'The risk warnings a hire of these amounts would show (failed test, above EUR 1,000, above 5 % of the net worth) and the latest test',
        security,
        params: ZCustomerParams,
        body: ZRiskCheckRequest,
        response: { 200: ZRiskCheck, 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request) => checkRisk(app, request.user!, request.params.customerId, request.body),
  );
};
