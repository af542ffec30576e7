import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAgentClientListQuery,
  ZAgentClientPage,
  ZAgentFigures,
  ZAgentZoneList,
  ZAssignClientRequest,
  ZAssignClientResponse,
  ZAssignableAgentList,
  ZCreateLeadRequest,
  ZCustomerAssignParams,
  ZDiscardLeadRequest,
  ZLead,
  ZLeadListQuery,
  ZLeadPage,
  ZLeadParams,
  ZPendingAssignmentPage,
  ZPendingAssignmentQuery,
  ZProblem,
} from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import {
  assignClient,
  assignableAgents,
  createLead,
  discardLead,
  extendLead,
  getFigures,
  listClients,
  listLeads,
  listPending,
  listZones,
} from './service.ts';

const security = [{ bearer: [] }];
const tags = ['leads'];
const denied = { 401: ZProblem, 403: ZProblem };

/** The agent's workspace (leads, clients, figures) and the pending assignments (issue 14). */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = { onRequest: requirePermission('leads.own') };
  const assign = { onRequest: requirePermission('sales.assignClients') };

  app.get(
    '/agent/leads',
    {
      ...own,
      schema: {
        tags,
        summary: "The agent's leads, paged: state (a state or LIVE), q (name, e-mail or phone), sort (reservedUntil|reservedAt|lastName|email[,asc|desc]); page, size (20)",
        security,
        querystring: ZLeadListQuery,
        response: { 200: ZLeadPage, 400: ZProblem, ...denied },
      },
    },
    async (request) => listLeads(app, request.user!, request.query),
  );

  app.post(
    '/agent/leads',
    {
      ...own,
      schema: {
        tags,
        summary: 'Registers a lead and reserves the person for 6 months; 409 (saying until when) if anyone holds them, or if they are already an investor',
        security,
        body: ZCreateLeadRequest,
        response: { 201: ZLead, 400: ZProblem, ...denied, 409: ZProblem },
      },
    },
    async (request, reply) => reply.status(201).send(await createLead(app, request.user!, request.body, request.language, auditContextOf(request))),
  );

  app.post(
    '/agent/leads/:leadId/extend',
    {
      ...own,
      schema: {
        tags,
        summary: 'The one extension of a live reservation: 6 more months from its current end',
        security,
        params: ZLeadParams,
        response: { 200: ZLead, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => extendLead(app, request.user!, request.params.leadId, request.language, auditContextOf(request)),
  );

  app.post(
    '/agent/leads/:leadId/discard',
    {
      ...own,
      schema: {
        tags,
        summary: 'Discards a live lead: kind CLIENT (not interested) or OFFERING (offer declined), with a reason (kept)',
        security,
        params: ZLeadParams,
        body: ZDiscardLeadRequest,
        response: { 200: ZLead, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => discardLead(app, request.user!, request.params.leadId, request.body, auditContextOf(request)),
  );

  app.get(
    '/agent/clients',
    {
      ...own,
      schema: {
        tags,
        summary: "The agent's clients (open assignments), paged, each with their contracts and states (read only); q searches name or e-mail",
        security,
        querystring: ZAgentClientListQuery,
        response: { 200: ZAgentClientPage, 400: ZProblem, ...denied },
      },
    },
    async (request) => listClients(app, request.user!, request.query),
  );

  app.get(
    '/agent/figures',
    {
      ...own,
      schema: { tags, summary: "The agent's own figures, computed from rows", security, response: { 200: ZAgentFigures, ...denied } },
    },
    async (request) => getFigures(app, request.user!),
  );

  app.get(
    '/agent/zones',
    {
      ...own,
      schema: { tags, summary: "The company's operative zones a lead can be placed in", security, response: { 200: ZAgentZoneList, ...denied } },
    },
    async (request) => listZones(app, request.user!),
  );

  app.get(
    '/sales/pending-assignments',
    {
      ...assign,
      schema: {
        tags,
        summary: 'Confirmed investors with no agent, oldest confirmation first, paged; q searches name or e-mail',
        security,
        querystring: ZPendingAssignmentQuery,
        response: { 200: ZPendingAssignmentPage, 400: ZProblem, ...denied },
      },
    },
    async (request) => listPending(app, request.user!, request.query),
  );

  app.get(
    '/sales/assignable-agents',
    {
      ...assign,
      schema: {
        tags,
        summary: "The agents the caller may assign clients to: their team's (TEAM_MANAGER) or the company's (ADMIN, COMPANY_MANAGER)",
        security,
        response: { 200: ZAssignableAgentList, ...denied },
      },
    },
    async (request) => assignableAgents(app, request.user!),
  );

  app.post(
    '/sales/pending-assignments/:customerId',
    {
      ...assign,
      schema: {
        tags,
        summary: 'Assigns a confirmed investor without an agent to an agent the caller may assign to; the agent is notified',
        security,
        params: ZCustomerAssignParams,
        body: ZAssignClientRequest,
        response: { 200: ZAssignClientResponse, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => assignClient(app, request.user!, request.params.customerId, request.body.agentId, auditContextOf(request)),
  );
};
