import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAcceptedResponse,
  ZCreateUserRequest,
  ZIdentity,
  ZOkResponse,
  ZPasswordLink,
  ZPasswordLinkInfo,
  ZPasswordResetRequest,
  ZProblem,
  ZSetPasswordRequest,
  ZUpdateRolesRequest,
  ZUserDetail,
  ZUserListPage,
  ZUserListQuery,
  ZUserParams,
  isRole,
  type TIdentity,
} from '@kc/domain';
import { unauthorized } from '../../lib/app-error.ts';
import { csrfTokenOf } from '../../lib/session-cookie.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import { findIdentity } from './repository.ts';
import {
  checkPasswordLink,
  createUser,
  deleteUser,
  getUserDetail,
  listUsers,
  requestPasswordReset,
  sendPasswordReset,
  setPasswordWithLink,
  setUserActive,
  updateUserRoles,
} from './service.ts';

const security = [{ bearer: [] }];
const tags = ['users'];
const denied = { 401: ZProblem, 403: ZProblem };

/**
 * Identity, the administration of users (list, page, create, roles, deactivate/reactivate,
 * soft delete, reset link) and the public password links (forgot password, set password).
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/identity',
    {
      onRequest: requirePermission('identity.read'),
      schema: {
        tags,
        summary: 'The identity of the bearer token: id, username (the e-mail), roles, and whether a new password is due first (and, for a cookie session, its CSRF token)',
        security,
        response: { 200: ZIdentity, ...denied },
      },
    },
    async (request): Promise<TIdentity> => {
      const user = await findIdentity(app.db, request.user!.id);
      if (!user) throw unauthorized();
      const identity: TIdentity = { id: user.id, username: user.email, roles: user.roles.filter(isRole), isTemporalPassword: user.is_temporal_password };
      // A cookie session's page, once reloaded, asks here again for the CSRF token it keeps in memory only.
      if (request.credentialSource === 'cookie' && request.tokenHash) identity.csrfToken = csrfTokenOf(app.config.secondFactorKey, request.tokenHash);
      return identity;
    },
  );

  app.get(
    '/users',
    {
      onRequest: requirePermission('users.read'),
      schema: {
        tags,
        summary:
          "The company's users, paged: q (name, e-mail or DNI/NIE fragment; accents and case ignored), role, active, deleted, temporaryPassword, createdFrom/createdTo, sort (createdAt|lastName|email|lastLogonAt[,asc|desc]); page, size (20)",
        security,
        querystring: ZUserListQuery,
        response: { 200: ZUserListPage, 400: ZProblem, ...denied },
      },
    },
    async (request) => listUsers(app, request.user!, request.query),
  );

  app.post(
    '/users',
    {
      onRequest: requirePermission('users.create'),
      schema: {
        tags,
        summary: 'Creates a user with roles the caller may grant; the user gets a one-time link by e-mail to set a password (72 h)',
        security,
        body: ZCreateUserRequest,
        response: { 201: ZUserDetail, 400: ZProblem, ...denied, 409: ZProblem },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(app, request.user!, request.body, auditContextOf(request))),
  );

  app.get(
    '/users/:userId',
    {
      onRequest: requirePermission('users.read'),
      schema: {
        tags,
        summary: "A user's page: every field, roles, open sessions, contract counts, and where their contracts and audit entries are",
        security,
        params: ZUserParams,
        response: { 200: ZUserDetail, ...denied, 404: ZProblem },
      },
    },
    async (request) => getUserDetail(app, request.user!, request.params.userId),
  );

  app.put(
    '/users/:userId/roles',
    {
      onRequest: requirePermission('users.updateRoles'),
      schema: {
        tags,
        summary: "Replaces a user's roles (never one's own; only grantable roles; the company's last active ADMIN stays ADMIN)",
        security,
        params: ZUserParams,
        body: ZUpdateRolesRequest,
        response: { 200: ZUserDetail, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => updateUserRoles(app, request.user!, request.params.userId, request.body.roles, auditContextOf(request)),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/users/:userId/${action}`,
      {
        onRequest: requirePermission(active ? 'users.reactivate' : 'users.deactivate'),
        schema: {
          tags,
          summary: active
            ? 'Reactivates a deactivated user'
            : 'Deactivates a user and revokes every token of theirs at once (other instances within SESSION_CACHE_MS)',
          security,
          params: ZUserParams,
          response: { 200: ZUserDetail, ...denied, 404: ZProblem, 409: ZProblem },
        },
      },
      async (request) => setUserActive(app, request.user!, request.params.userId, active, auditContextOf(request)),
    );
  }

  app.delete(
    '/users/:userId',
    {
      onRequest: requirePermission('users.delete'),
      schema: {
        tags,
        summary: 'Soft delete (isDeleted): the user cannot log in any more and every token of theirs is revoked; the record stays',
        security,
        params: ZUserParams,
        response: { 200: ZUserDetail, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => deleteUser(app, request.user!, request.params.userId, auditContextOf(request)),
  );

  app.post(
    '/users/:userId/password-reset',
    {
      onRequest: requirePermission('users.sendPasswordReset'),
      schema: {
        tags,
        summary: 'Mails the user a one-time link to reset their password (24 h)',
        security,
        params: ZUserParams,
        response: { 200: ZOkResponse, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => {
      await sendPasswordReset(app, request.user!, request.params.userId, auditContextOf(request));
      return { ok: true as const };
    },
  );

  // Public: the password links.
  app.post(
    '/users/password-reset',
    {
      schema: {
        tags,
        summary: "Forgot password: mails a one-time reset link when the e-mail names an account; answers 202 either way (rate limited)",
        body: ZPasswordResetRequest,
        response: { 202: ZAcceptedResponse, 400: ZProblem, 429: ZProblem },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, request.companyId, request.body.email, request.ip);
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/users/password/check',
    {
      schema: {
        tags,
        summary: 'Whether a one-time password link (userId, token) works: its purpose (SET or RESET), e-mail and expiry',
        body: ZPasswordLink,
        response: { 200: ZPasswordLinkInfo, 400: ZProblem, 404: ZProblem, 409: ZProblem, 410: ZProblem },
      },
    },
    async (request) => checkPasswordLink(app, request.companyId, request.body),
  );

  app.post(
    '/users/password',
    {
      schema: {
        tags,
        summary: 'Sets a new password with a one-time link (userId, token, newPassword, repeatPassword); closes every session of the user',
        body: ZSetPasswordRequest,
        response: { 200: ZOkResponse, 400: ZProblem, 404: ZProblem, 409: ZProblem, 410: ZProblem },
      },
    },
    async (request) => {
      await setPasswordWithLink(app, request.companyId, request.body);
      return { ok: true as const };
    },
  );
};

