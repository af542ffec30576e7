import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDeclareDistributionRequest, ZIncomeDistribution, ZIncomeDistributionList, ZDistributionPreview, ZIncomeCustomerParams, ZProblem, ZValueHistory } from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import './messages.ts';
import { declareDistribution, getValueHistory, listDistributions, previewDistribution } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['income'];
const denied = { 401: ZProblem, 403: ZProblem };

/**
 * Income (issue 15, part income; decision 0020): ADMIN declares a distribution of a period's
 * rent and timber income per unit, credited to every contract ACTIVE and holding units on the
 * record date; the investor's value over time for the dashboard's chart.
 */
export const incomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/income/distributions',
    {
      onRequest: requirePermission('income.declare'),
      schema: {
        tags,
        summary: 'The distributions declared by the company, newest record date first, with their figures',
        security,
        response: { 200: ZIncomeDistributionList, ...denied },
      },
    },
    async (request) => listDistributions(app, request.user!),
  );

  app.post(
    '/income/distributions/preview',
    {
      onRequest: requirePermission('income.declare'),
      schema: {
        tags,
        summary: 'What a distribution would credit on its record date (contracts, units, total, credited, remainder); records nothing',
        security,
        body: ZDeclareDistributionRequest,
        response: { 200: ZDistributionPreview, 400: ZProblem, ...denied },
      },
    },
    async (request) => previewDistribution(app, request.user!, request.body),
  );

  app.post(
    '/income/distributions',
    {
      onRequest: requirePermission('income.declare'),
      schema: {
        tags,
        summary:
          "Declares a distribution of a period's income per unit: one DISTRIBUTION journal crediting every contract ACTIVE and holding units on the record date, the remainder to ROUNDING, each investor mailed; a period is distributed once (409)",
        security,
        body: ZDeclareDistributionRequest,
        response: { 201: ZIncomeDistribution, 400: ZProblem, ...denied, 409: ZProblem },
      },
    },
    async (request, reply) => reply.status(201).send(await declareDistribution(app, request.user!, request.body, auditContextOf(request))),
  );

  app.get(
    '/income/customers/:customerId/value-history',
    {
      onRequest: requirePermission('income.readHoldings'),
      schema: {
        tags,
        summary: "A customer's value over time: at each published price date, the units held, their value at that price and what was paid in",
        security,
        params: ZIncomeCustomerParams,
        response: { 200: ZValueHistory, ...denied, 404: ZProblem },
      },
    },
    async (request) => getValueHistory(app, request.user!, request.params.customerId),
  );
};
