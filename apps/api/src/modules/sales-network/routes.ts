import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAgentMembership,
  ZAgentParams,
  ZGroupDetail,
  ZGroupPage,
  ZGroupParams,
  ZGroupRequest,
  ZMoveAgentRequest,
  ZNetworkListQuery,
  ZProblem,
  ZTakeSeatRequest,
  ZTeamDetail,
  ZTeamPage,
  ZTeamParams,
  ZTeamRequest,
  ZTree,
  ZZoneDetail,
  ZZonePage,
  ZZoneParams,
  ZZoneSeatParams,
  type TTeamRequest,
} from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import {
  closeGroup,
  closeTeam,
  createGroup,
  createTeam,
  getGroupDetail,
  getTeamDetail,
  getTree,
  getZoneDetail,
  listGroupsPage,
  listTeamsPage,
  listZonesPage,
  moveAgent,
  releaseSeat,
  takeSeat,
  updateGroup,
  updateTeam,
} from './service.ts';

const security = [{ bearer: [] }];
const tags = ['sales-network'];
const denied = { 401: ZProblem, 403: ZProblem };
const listSummary = 'paged: q (title fragment), state (OPERATIVE|CLOSED), sort (title|startSince[,asc|desc]); page, size (20)';

/** The sales network: the tree, groups, teams, agents' moves, zones and seats (issue 14). */
export const salesNetworkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales/tree',
    {
      onRequest: requirePermission('sales.read'),
      schema: { tags, summary: 'Groups → teams → agents with each node\'s figures, as far as the caller reaches', security, response: { 200: ZTree, ...denied } },
    },
    async (request) => getTree(app, request.user!, request.language),
  );

  app.get(
    '/sales/groups',
    {
      onRequest: requirePermission('sales.read'),
      schema: { tags, summary: `Company groups with their figures, ${listSummary}`, security, querystring: ZNetworkListQuery, response: { 200: ZGroupPage, 400: ZProblem, ...denied } },
    },
    async (request) => listGroupsPage(app, request.user!, request.query, request.language),
  );

  app.post(
    '/sales/groups',
    {
      onRequest: requirePermission('sales.manage'),
      schema: { tags, summary: 'Creates a company group (its manager must hold GROUP_MANAGER)', security, body: ZGroupRequest, response: { 201: ZGroupDetail, 400: ZProblem, ...denied } },
    },
    async (request, reply) => reply.status(201).send(await createGroup(app, request.user!, request.body, auditContextOf(request), request.language)),
  );

  app.get(
    '/sales/groups/:groupId',
    {
      onRequest: requirePermission('sales.read'),
      schema: { tags, summary: 'A group with its figures and its teams', security, params: ZGroupParams, response: { 200: ZGroupDetail, ...denied, 404: ZProblem } },
    },
    async (request) => getGroupDetail(app, request.user!, request.params.groupId, request.language),
  );

  app.put(
    '/sales/groups/:groupId',
    {
      onRequest: requirePermission('sales.manage'),
      schema: { tags, summary: 'Edits an operative group', security, params: ZGroupParams, body: ZGroupRequest, response: { 200: ZGroupDetail, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem } },
    },
    async (request) => updateGroup(app, request.user!, request.params.groupId, request.body, auditContextOf(request), request.language),
  );

  app.post(
    '/sales/groups/:groupId/close',
    {
      onRequest: requirePermission('sales.manage'),
      schema: { tags, summary: 'Closes a group that has no operative team left', security, params: ZGroupParams, response: { 200: ZGroupDetail, ...denied, 404: ZProblem, 409: ZProblem } },
    },
    async (request) => closeGroup(app, request.user!, request.params.groupId, auditContextOf(request), request.language),
  );

  app.get(
    '/sales/teams',
    {
      onRequest: requirePermission('sales.read'),
      schema: { tags, summary: `Teams with their figures, ${listSummary}, groupId`, security, querystring: ZNetworkListQuery, response: { 200: ZTeamPage, 400: ZProblem, ...denied } },
    },
    async (request) => listTeamsPage(app, request.user!, request.query, request.language),
  );

  app.post(
    '/sales/teams',
    {
      onRequest: requirePermission('sales.manage'),
      schema: { tags, summary: 'Creates a team in an operative group (its manager must hold TEAM_MANAGER)', security, body: ZTeamRequest, response: { 201: ZTeamDetail, 400: ZProblem, ...denied, 409: ZProblem } },
    },
    async (request, reply) => reply.status(201).send(await createTeam(app, request.user!, request.body as TTeamRequest, auditContextOf(request), request.language)),
  );

  app.get(
    '/sales/teams/:teamId',
    {
      onRequest: requirePermission('sales.read'),
      schema: { tags, summary: "A team: the specification's Team fields, computed from rows, and its agents with theirs", security, params: ZTeamParams, response: { 200: ZTeamDetail, ...denied, 404: ZProblem } },
    },
    async (request) => getTeamDetail(app, request.user!, request.params.teamId, request.language),
  );

  app.put(
    '/sales/teams/:teamId',
    {
      onRequest: requirePermission('sales.manage'),
      schema: { tags, summary: 'Edits an operative team (or moves it to another operative group)', security, params: ZTeamParams, body: ZTeamRequest, response: { 200: ZTeamDetail, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem } },
    },
    async (request) => updateTeam(app, request.user!, request.params.teamId, request.body as TTeamRequest, auditContextOf(request), request.language),
  );

  app.post(
    '/sales/teams/:teamId/close',
    {
      onRequest: requirePermission('sales.manage'),
      schema: { tags, summary: 'Closes a team that has no agent left (move them first)', security, params: ZTeamParams, response: { 200: ZTeamDetail, ...denied, 404: ZProblem, 409: ZProblem } },
    },
    async (request) => closeTeam(app, request.user!, request.params.teamId, auditContextOf(request), request.language),
  );

  app.put(
    '/sales/agents/:agentId/team',
    {
      onRequest: requirePermission('sales.manage'),
      schema: {
        tags,
        summary: 'Moves an agent (role AGENT) into an operative team, or out of every team with teamId null; the history is kept',
        security,
        params: ZAgentParams,
        body: ZMoveAgentRequest,
        response: { 200: ZAgentMembership, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => moveAgent(app, request.user!, request.params.agentId, request.body.teamId, auditContextOf(request)),
  );

  app.get(
    '/sales/zones',
    {
      onRequest: requirePermission('sales.zones.read'),
      schema: { tags, summary: `Zones with their occupation by membership type, ${listSummary}, groupId`, security, querystring: ZNetworkListQuery, response: { 200: ZZonePage, 400: ZProblem, ...denied } },
    },
    async (request) => listZonesPage(app, request.user!, request.query, request.language),
  );

  app.get(
    '/sales/zones/:zoneId',
    {
      onRequest: requirePermission('sales.zones.read'),
      schema: { tags, summary: "A zone: the specification's Zone fields and the open seats", security, params: ZZoneParams, response: { 200: ZZoneDetail, ...denied, 404: ZProblem } },
    },
    async (request) => getZoneDetail(app, request.user!, request.params.zoneId, request.language),
  );

  app.post(
    '/sales/zones/:zoneId/seats',
    {
      onRequest: requirePermission('sales.seats'),
      schema: {
        tags,
        summary: 'Takes a seat of a membership type in an operative zone (an agent for themselves; staff for agentId); never over the type\'s maximum',
        security,
        params: ZZoneParams,
        body: ZTakeSeatRequest,
        response: { 201: ZZoneDetail, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request, reply) => reply.status(201).send(await takeSeat(app, request.user!, request.params.zoneId, request.body, auditContextOf(request), request.language)),
  );

  app.delete(
    '/sales/zones/:zoneId/seats/:agentId',
    {
      onRequest: requirePermission('sales.seats'),
      schema: { tags, summary: "Releases an agent's seat in a zone (an agent their own)", security, params: ZZoneSeatParams, response: { 200: ZZoneDetail, ...denied, 404: ZProblem } },
    },
    async (request) => releaseSeat(app, request.user!, request.params.zoneId, request.params.agentId, auditContextOf(request), request.language),
  );
};
