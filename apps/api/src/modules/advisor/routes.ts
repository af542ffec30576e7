import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdvisorClientDetail,
  ZAdvisorClientPage,
  ZAdvisorClientsQuery,
  ZAdvisorOptions,
  ZAdvisorQueueQuery,
  ZClientNote,
  ZClientParams,
  ZCreateNoteRequest,
  ZProblem,
  ZQueuePage,
  ZReassignRequest,
} from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import { addClientNote, getAdvisorOptions, getClientDetail, getClients, getQueue, reassignClient } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['advisor'];
const denied = { 401: ZProblem, 403: ZProblem };

/**
 * The advisor's workspace: clients, a client's page, notes, the queue of NEW contracts and the
 * reassignment of a client. The queue's actions are the contracts' transition endpoint
 * (POST /contracts/{id}/{action}), so the state rules live in one place.
 */
export const advisorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/advisor/clients',
    {
      onRequest: requirePermission('advisor.workspace'),
      schema: {
        tags,
        summary:
          "Clients, paged (newest first), with their contracts per state: an advisor's own; ADMIN and COMPANY_MANAGER the company's or one advisor's (advisorId). q: name, e-mail or DNI fragment, accents and case ignored",
        security,
        querystring: ZAdvisorClientsQuery,
        response: { 200: ZAdvisorClientPage, 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request) => getClients(app, request.user!, request.query),
  );

  app.get(
    '/advisor/clients/:clientId',
    {
      onRequest: requirePermission('advisor.workspace'),
      schema: {
        tags,
        summary: "A client's page (customerDetails): profile, contracts with history, payment methods (masked), agent and notes",
        security,
        params: ZClientParams,
        response: { 200: ZAdvisorClientDetail, ...denied, 404: ZProblem },
      },
    },
    async (request) => getClientDetail(app, request.user!, request.params.clientId),
  );

  app.post(
    '/advisor/clients/:clientId/notes',
    {
      onRequest: requirePermission('advisor.notes'),
      schema: {
        tags,
        summary: 'Adds a note to a client; answers the notes, newest first',
        security,
        params: ZClientParams,
        body: ZCreateNoteRequest,
        response: { 201: z.object({ notes: z.array(ZClientNote) }), 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request, reply) => {
      const notes = await addClientNote(app, request.user!, request.params.clientId, request.body.body, auditContextOf(request));
      return reply.status(201).send({ notes });
    },
  );

  app.put(
    '/advisor/clients/:clientId/advisor',
    {
      onRequest: requirePermission('advisor.reassign'),
      schema: {
        tags,
        summary: 'Moves a client to another active advisor of the company; both advisors are notified and the open tasks move',
        security,
        params: ZClientParams,
        body: ZReassignRequest,
        response: { 200: ZAdvisorClientDetail, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => reassignClient(app, request.user!, request.params.clientId, request.body.advisorId, auditContextOf(request)),
  );

  app.get(
    '/advisor/advisors',
    {
      onRequest: requirePermission('advisor.reassign'),
      schema: {
        tags,
        summary: "The company's active advisors with their number of active clients (the reassignment's choices)",
        security,
        response: { 200: ZAdvisorOptions, ...denied },
      },
    },
    async (request) => getAdvisorOptions(app, request.user!),
  );

  app.get(
    '/advisor/queue',
    {
      onRequest: requirePermission('advisor.workspace'),
      schema: {
        tags,
        summary: "NEW contracts waiting for the first payment, oldest first: an advisor's clients' (the company's for ADMIN and COMPANY_MANAGER)",
        security,
        querystring: ZAdvisorQueueQuery,
        response: { 200: ZQueuePage, 400: ZProblem, ...denied },
      },
    },
    async (request) => getQueue(app, request.user!, request.query),
  );
};
