import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZHoldings,
  ZJournal,
  ZLedgerCheck,
  ZLedgerContractParams,
  ZLedgerCustomerParams,
  ZLedgerJournalParams,
  ZPayment,
  ZPaymentList,
  ZPrice,
  ZPriceHistory,
  ZPriceHistoryQuery,
  ZProblem,
  ZPublishPriceRequest,
  ZRecordPaymentRequest,
  ZReverseJournalRequest,
  ZSchedule,
} from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import './messages.ts';
import {
  checkLedger,
  getHoldings,
  holdingsAlongside,
  getJournal,
  getSchedule,
  listPayments,
  listPrices,
  publishPrice,
  recordPayment,
  reverseJournal,
} from './service.ts';

const security = [{ bearer: [] }];
const tags = ['ledger'];
const denied = { 401: ZProblem, 403: ZProblem };

/**
 * The money ledger (issue 15): the published KC price (public history), a contract's payment
 * schedule, recorded payments, holdings derived from the ledger's lines, reversing entries and
 * the check that recomputes every balance.
 */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ledger/prices',
    {
      schema: {
        tags,
        summary: 'The published KC reference price history (net asset value per unit, value date, asset report), oldest first; public; from/to filter the value date',
        querystring: ZPriceHistoryQuery,
        response: { 200: ZPriceHistory, 400: ZProblem },
      },
    },
    async (request) => listPrices(app, request.companyId, request.query),
  );

  app.post(
    '/ledger/prices',
    {
      onRequest: requirePermission('ledger.publishPrice'),
      schema: {
        tags,
        summary: 'Publishes the KC reference price of a value date (today or earlier; one per date; final)',
        security,
        body: ZPublishPriceRequest,
        response: { 201: ZPrice, 400: ZProblem, ...denied, 409: ZProblem },
      },
    },
    async (request, reply) => reply.status(201).send(await publishPrice(app, request.user!, request.body, auditContextOf(request))),
  );

  app.get(
    '/ledger/contracts/:contractId/schedule',
    {
      onRequest: requirePermission('ledger.readContract'),
      schema: {
        tags,
        summary: "A contract's payment schedule (M1): the initial amount, then the monthly amount on the same day each month until the end date, each item PAID, DUE or OVERDUE",
        security,
        params: ZLedgerContractParams,
        response: { 200: ZSchedule, ...denied, 404: ZProblem },
      },
    },
    async (request) => getSchedule(app, request.user!, request.params.contractId),
  );

  app.get(
    '/ledger/contracts/:contractId/payments',
    {
      onRequest: requirePermission('ledger.readContract'),
      schema: {
        tags,
        summary: "A contract's recorded payments, newest value date first, with the price and units each bought",
        security,
        params: ZLedgerContractParams,
        response: { 200: ZPaymentList, ...denied, 404: ZProblem },
      },
    },
    async (request) => listPayments(app, request.user!, request.params.contractId),
  );

  app.post(
    '/ledger/contracts/:contractId/payments',
    {
      onRequest: requirePermission('ledger.recordPayment'),
      schema: {
        tags,
        summary:
          'Records a received payment (the advisor of the client or company staff): one balanced journal buying units at the price of the value date; the same reference again answers the first payment (200)',
        security,
        params: ZLedgerContractParams,
        body: ZRecordPaymentRequest,
        response: { 200: ZPayment, 201: ZPayment, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request, reply) => {
      const { status, payment } = await recordPayment(app, request.user!, request.params.contractId, request.body, auditContextOf(request));
      return reply.status(status).send(payment);
    },
  );

  app.get(
    '/ledger/customers/:customerId/holdings',
    {
      // One's own holdings come with the session's statement when the session is not cached.
      onRequest: requirePermission('ledger.readContract', { alongside: holdingsAlongside }),
      schema: {
        tags,
        summary: "A customer's holdings per contract (units, paid in, income, value at the last published price), from the ledger's lines",
        security,
        params: ZLedgerCustomerParams,
        response: { 200: ZHoldings, ...denied, 404: ZProblem },
      },
    },
    async (request) => getHoldings(app, request.user!, request.params.customerId, request.sessionAlongside),
  );

  app.get(
    '/ledger/journals/:journalId',
    {
      onRequest: requirePermission('ledger.audit'),
      schema: {
        tags,
        summary: 'A journal entry with its lines (signed amounts: debit > 0, credit < 0)',
        security,
        params: ZLedgerJournalParams,
        response: { 200: ZJournal, ...denied, 404: ZProblem },
      },
    },
    async (request) => getJournal(app, request.user!, request.params.journalId),
  );

  app.post(
    '/ledger/journals/:journalId/reverse',
    {
      onRequest: requirePermission('ledger.reverseJournal'),
      schema: {
        tags,
        summary: 'Reverses a journal (the ledger is append-only): a new journal with every line negated, dated today, with its reason',
        security,
        params: ZLedgerJournalParams,
        body: ZReverseJournalRequest,
        response: { 201: ZJournal, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reverseJournal(app, request.user!, request.params.journalId, request.body, auditContextOf(request))),
  );

  app.post(
    '/ledger/check',
    {
      onRequest: requirePermission('ledger.audit'),
      schema: {
        tags,
        summary: "Recomputes the company's balances from the ledger's lines and verifies that every journal balances per currency and that units held equal units issued",
        security,
        response: { 200: ZLedgerCheck, ...denied },
      },
    },
    async (request) => checkLedger(app, request.user!),
  );
};
