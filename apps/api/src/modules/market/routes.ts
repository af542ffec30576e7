import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateMarketOfferRequest,
  ZMarketBuyHeaders,
  ZMarketBuyRequest,
  ZMarketBuyResult,
  ZMarketOffer,
  ZMarketOfferList,
  ZMarketOfferListQuery,
  ZMarketOfferParams,
  ZMarketSummary,
  ZMyMarketOffers,
  ZMyMarketTrades,
  ZProblem,
  ZUpdateMarketOfferRequest,
} from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { requireStepUp } from '../strong-auth/step-up.ts';
import { buyOffer, changeOffer, createOffer, getOffer, getSummary, listMyOffers, listMyTrades, listOffers, withdrawOffer } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['market'];
const denied = { 401: ZProblem, 403: ZProblem };
const language = (value: string) => (value === 'en' ? 'en' : 'es');

/**
 * The KC market (issue 18, decision 0034): a bulletin board, not a regulated market. The summary
 * is public (reference price, band, fee, last trades without names, depth); offers and trades are
 * an investor's, each refused to anyone else's data (404).
 */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/market/summary',
    {
      schema: {
        tags,
        summary: 'The market page: the reference price and its band, the fee, the minimum trade, the price history, the last trades (price and units only) and the depth of open offers; public',
        response: { 200: ZMarketSummary },
      },
    },
    async (request) => getSummary(app, request.companyId),
  );

  app.get(
    '/market/offers',
    {
      onRequest: requirePermission('market.trade'),
      schema: {
        tags,
        summary: 'Open offers still valid and inside the current band, sorted by price or date (minus: descending), filtered by price, paged from 1',
        security,
        querystring: ZMarketOfferListQuery,
        response: { 200: ZMarketOfferList, 400: ZProblem, ...denied },
      },
    },
    async (request) => listOffers(app, request.user!, request.query, language(request.language)),
  );

  app.get(
    '/market/offers/:id',
    {
      onRequest: requirePermission('market.trade'),
      schema: {
        tags,
        summary: 'One open offer, as in the list (404 when it is not open, valid and inside the band)',
        security,
        params: ZMarketOfferParams,
        response: { 200: ZMarketOffer, ...denied, 404: ZProblem },
      },
    },
    async (request) => getOffer(app, request.user!, request.params.id, language(request.language)),
  );

  app.post(
    '/market/offers',
    {
      onRequest: requirePermission('market.trade'),
      // A second factor used in the last 5 minutes when the seller has one (issue 18).
      preHandler: requireStepUp('sell'),
      schema: {
        tags,
        summary: "Offers units of one of the caller's ACTIVE contracts: at most the units held less those on open offers, at a price inside the band, for 1 to 90 days, worth at least 10.00 €",
        security,
        body: ZCreateMarketOfferRequest,
        response: { 201: ZMarketOffer, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request, reply) => reply.status(201).send(await createOffer(app, request.user!, request.body, language(request.language))),
  );

  app.patch(
    '/market/offers/:id',
    {
      onRequest: requirePermission('market.trade'),
      preHandler: requireStepUp('sell'),
      schema: {
        tags,
        summary: "Changes one of the caller's open offers: units for sale from now on, price, validity from today",
        security,
        params: ZMarketOfferParams,
        body: ZUpdateMarketOfferRequest,
        response: { 200: ZMarketOffer, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => changeOffer(app, request.user!, request.params.id, request.body, language(request.language)),
  );

  app.delete(
    '/market/offers/:id',
    {
      onRequest: requirePermission('market.trade'),
      schema: {
        tags,
        summary: "Withdraws one of the caller's open offers (its remaining units are free again)",
        security,
        params: ZMarketOfferParams,
        response: { 204: z.null().describe('Withdrawn'), ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request, reply) => {
      await withdrawOffer(app, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/market/my-offers',
    {
      onRequest: requirePermission('market.trade'),
      schema: { tags, summary: "The caller's offers, newest first, with their fills (gross, fee, net in euros)", security, response: { 200: ZMyMarketOffers, ...denied } },
    },
    async (request) => listMyOffers(app, request.user!, language(request.language)),
  );

  app.post(
    '/market/offers/:id/buy',
    {
      onRequest: requirePermission('market.trade'),
      // A second factor used in the last 5 minutes when the buyer has one (issue 18).
      preHandler: requireStepUp('buy'),
      schema: {
        tags,
        summary:
          'Buys all or part of an open offer (appropriateness test passed, key information and risk warning acknowledged); Idempotency-Key required: a retry with the same body answers the same trade (200), with another body 422',
        security,
        params: ZMarketOfferParams,
        headers: ZMarketBuyHeaders,
        body: ZMarketBuyRequest,
        response: { 200: ZMarketBuyResult, 201: ZMarketBuyResult, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem, 422: ZProblem },
      },
    },
    async (request, reply) => {
      const { status, result } = await buyOffer(app, request.user!, request.params.id, request.body, request.headers['idempotency-key']);
      return reply.status(status).send(result);
    },
  );

  app.get(
    '/market/trades/mine',
    {
      onRequest: requirePermission('market.trade'),
      schema: { tags, summary: "The caller's trades as buyer or seller, newest first, with their confirmation document", security, response: { 200: ZMyMarketTrades, ...denied } },
    },
    async (request) => listMyTrades(app, request.user!),
  );
};
