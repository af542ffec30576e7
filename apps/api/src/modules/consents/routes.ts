import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConsentChangeRequest, ZConsentHistoryRequest, ZConsentOverview, ZConsentUserParams, ZProblem } from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import { changeOwnConsent, getOwnConsents, readUserConsentHistory } from './service.ts';

const security = [{ bearer: [] }];

/** Consent records (issue 16): the caller's own consents, and an ADMIN's read of a person's history. */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/consents',
    {
      onRequest: requirePermission('consents.own'),
      schema: {
        tags: ['consents'],
        summary: "The caller's consents: the current choice per purpose (with its text version) and the whole history",
        security,
        response: { 200: ZConsentOverview, 401: ZProblem, 403: ZProblem },
      },
    },
    async (request) => getOwnConsents(app, request.user!),
  );

  app.post(
    '/users/me/consents',
    {
      onRequest: requirePermission('consents.own'),
      schema: {
        tags: ['consents'],
        summary: 'Gives, refuses or withdraws consent for cookies or marketing (a new record; history is kept)',
        description: 'The text version must be the one in force (else 409 consentTextOutdated). Withdrawing what was not given answers 409 consentNothingToWithdraw. Repeating the current choice records nothing.',
        security,
        body: ZConsentChangeRequest,
        response: { 200: ZConsentOverview, 400: ZProblem, 401: ZProblem, 403: ZProblem, 409: ZProblem },
      },
    },
    async (request) => changeOwnConsent(app, request.user!, request.body),
  );

  // A POST, not a GET: the read is audited (stores an entry), and it carries the claim's reason.
  app.post(
    '/users/:userId/consents/history',
    {
      onRequest: requirePermission('consents.readAny'),
      schema: {
        tags: ['consents'],
        summary: "A person's consent history, for a claim (ADMIN; the read and its reason are audited)",
        security,
        params: ZConsentUserParams,
        body: ZConsentHistoryRequest,
        response: { 200: ZConsentOverview, 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem },
      },
    },
    async (request) => readUserConsentHistory(app, request.user!, request.params.userId, request.body.reason, auditContextOf(request)),
  );
};
