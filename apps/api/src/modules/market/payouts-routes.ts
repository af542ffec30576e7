import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPayout, ZPayoutContractParams, ZPayoutHeaders, ZProblem, ZRecordPayoutRequest, ZSellerPayables, ZSellerPayablesQuery } from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import { listSellerPayables, recordPayout } from './payouts-service.ts';

const security = [{ bearer: [] }];
const tags = ['market'];
const denied = { 401: ZProblem, 403: ZProblem };
const language = (value: string) => (value === 'en' ? 'en' : 'es');

/**
 * Seller payouts (issue 18, decision 0036): staff of the company see what the platform owes each
 * seller contract after market trades and record the transfers that pay it.
 */
export const marketPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/market/payouts',
    {
      onRequest: requirePermission('market.payouts.read'),
      schema: {
        tags,
        summary:
          "What the platform owes each seller contract (its MARKET_PAYABLE balance), most owed first, with the sales behind it, the payouts made and the seller's payment methods (masked); `filter=owed` (default) or `all`, paged from 1",
        security,
        querystring: ZSellerPayablesQuery,
        response: { 200: ZSellerPayables, 400: ZProblem, ...denied },
      },
    },
    async (request) => listSellerPayables(app, request.user!, request.query, language(request.language)),
  );

  app.post(
    '/market/payouts/contracts/:contractId',
    {
      onRequest: requirePermission('market.payouts.record'),
      schema: {
        tags,
        summary:
          'Records a transfer to the seller of a contract: amount above zero and at most what is owed (409 payoutMoreThanOwed), value date not after today, bank reference; a PAYOUT journal, audited, mailed to the seller. Idempotency-Key required: a retry with the same body answers the same payout (200), with another body 422',
        security,
        params: ZPayoutContractParams,
        headers: ZPayoutHeaders,
        body: ZRecordPayoutRequest,
        response: { 200: ZPayout, 201: ZPayout, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem, 422: ZProblem },
      },
    },
    async (request, reply) => {
      const { status, result } = await recordPayout(
        app,
        request.user!,
        request.params.contractId,
        request.body,
        request.headers['idempotency-key'],
        auditContextOf(request),
      );
      return reply.status(status).send(result);
    },
  );
};
