import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZContractActionParams,
  ZContractDetail,
  ZContractPage,
  ZContractParams,
  ZContractSearchFilters,
  ZContractSearchQuery,
  ZCreateContractRequest,
  ZCustomerParams,
  ZProblem,
  ZReflectionWaiverRequest,
  ZTransitionDetails,
  ZUserParams,
} from '@kc/domain';
import { createContract, getContractDetail, searchContracts, transitionContract, waiveReflection } from './service.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import { requireStepUp } from '../strong-auth/step-up.ts';

const security = [{ bearer: [] }];
const ZIdempotencyHeaders = z.object({
  /** Any client-chosen text (a UUID per hiring draft in the web app), at most 200 characters. */
  'idempotency-key': z.string().min(1).max(200).optional(),
});

/** Hiring, the contract search, one contract with its history, and the state transitions. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/:customerId/contracts',
    {
      onRequest: requirePermission('contracts.own'),
      preHandler: requireStepUp('hire'),
      schema: {
        tags: ['contracts'],
        summary: 'Hires a product for a customer (the customer, their advisor or an administrator); honours Idempotency-Key',
        security,
        params: ZCustomerParams,
        headers: ZIdempotencyHeaders,
        body: ZCreateContractRequest,
        response: { 200: ZContractDetail, 201: ZContractDetail, 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem, 422: ZProblem },
      },
    },
    async (request, reply) => {
      const { status, contract } = await createContract(
        app,
        request.user!,
        request.params.customerId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(status).send(contract);
    },
  );

  app.post(
    '/users/:userId/contracts/search',
    {
      onRequest: requirePermission('contracts.own'),
      schema: {
        tags: ['contracts'],
        summary: "A customer's contracts: filters in the body; page, size (100, capped), sort (whitelisted) and contractState in the query",
        security,
        params: ZUserParams,
        querystring: ZContractSearchQuery,
        body: ZContractSearchFilters.default({}),
        response: { 200: ZContractPage, 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem },
      },
    },
    async (request) => searchContracts(app, request.user!, request.params.userId, request.query, request.body ?? {}),
  );

  app.get(
    '/contracts/:id',
    {
      onRequest: requirePermission('contracts.own'),
      schema: {
        tags: ['contracts'],
        summary: 'One contract with its state history and the actions the caller may take',
        security,
        params: ZContractParams,
        response: { 200: ZContractDetail, 401: ZProblem, 403: ZProblem, 404: ZProblem },
      },
    },
    async (request) => getContractDetail(app, request.user!, request.params.id),
  );

  // Registered before the generic action route; a static segment wins over `:action` anyway.
  app.post(
    '/contracts/:id/waive-reflection',
    {
      onRequest: requirePermission('contracts.own'),
      schema: {
        tags: ['contracts'],
        summary:
          "The investor waives the reflection period of a NEW contract of theirs (body: confirmed, the confirmation text's version); owner only, inside the period, once (decision 0026)",
        security,
        params: ZContractParams,
        body: ZReflectionWaiverRequest,
        response: { 200: ZContractDetail, 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => waiveReflection(app, request.user!, request.params.id, request.body),
  );

  app.post(
    '/contracts/:id/:action',
    {
      onRequest: requirePermission('contracts.own'),
      schema: {
        tags: ['contracts'],
        summary:
          'A state transition: archive, recover, cancel (NEW → DELETED); activate (body: paymentReference, required), suspend and resume (body: reason, required) for the advisor or an administrator',
        security,
        params: ZContractActionParams,
        body: ZTransitionDetails.nullish(),
        response: { 200: ZContractDetail, 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => transitionContract(app, request.user!, request.params.id, request.params.action, auditContextOf(request), request.body ?? undefined),
  );
};
