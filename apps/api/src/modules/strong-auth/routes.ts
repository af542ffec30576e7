import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProblem, ZRecoveryCodes, ZStepUpRequest, ZStepUpResponse, ZStrongAuthStatus, ZTotpConfirmRequest, ZTotpSetup } from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { clientOf } from '../../lib/client-device.ts';
import { auditContextOf } from '../audit/service.ts';
import { confirmTotp, getStatus, regenerateRecoveryCodes, removeTotp, setUpTotp, stepUp, strongAuthDepsOf } from './service.ts';
import { requireStepUp } from './step-up.ts';

const security = [{ bearer: [] }];
const tags = ['strong-auth'];

/**
 * Strong authentication (issue 18, decision 0032): the caller's own second factors. Every route
 * is open to staff who have not enrolled yet (ENROLMENT_ACTIONS): this is where they enrol.
 */
export const strongAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => strongAuthDepsOf(app);
  const contextOf = (request: Parameters<typeof auditContextOf>[0]) => ({ client: clientOf(request), audit: auditContextOf(request) });

  app.get(
    '/strong-auth',
    {
      onRequest: requirePermission('strongAuth.own'),
      schema: {
        tags,
        summary: "The caller's second factors, recovery codes left, and this session's last second-factor use",
        security,
        response: { 200: ZStrongAuthStatus, 401: ZProblem, 403: ZProblem },
      },
    },
    async (request) => getStatus(deps(), request.user!, request.tokenHash!),
  );

  app.post(
    '/strong-auth/totp/setup',
    {
      onRequest: requirePermission('strongAuth.own'),
      preHandler: requireStepUp('addSecondFactor'),
      schema: {
        tags,
        summary: 'Starts enrolling an authenticator app: a new pending secret, as a QR code and a key to type',
        description: 'Replaces any earlier pending secret; the confirmed one (if any) stays until the new one is confirmed. A user who already has a factor needs a step-up (addSecondFactor).',
        security,
        response: { 200: ZTotpSetup, 401: ZProblem, 403: ZProblem },
      },
    },
    async (request) => setUpTotp(deps(), request.user!),
  );

  app.post(
    '/strong-auth/totp/confirm',
    {
      onRequest: requirePermission('strongAuth.own'),
      schema: {
        tags,
        summary: "Confirms the pending secret with the app's current code; returns the recovery codes (once) when it is the first factor",
        description: '400 invalidCode (counted like a wrong password; 429 tooManyAttempts), 409 totpSetupMissing when no setup is pending (or it is older than 15 minutes). Stamps this session as having proved a second factor.',
        security,
        body: ZTotpConfirmRequest,
        response: { 200: ZRecoveryCodes, 400: ZProblem, 401: ZProblem, 403: ZProblem, 409: ZProblem, 429: ZProblem },
      },
    },
    async (request) => confirmTotp(deps(), request.user!, request.tokenHash!, request.body, contextOf(request)),
  );

  app.delete(
    '/strong-auth/totp',
    {
      onRequest: requirePermission('strongAuth.own'),
      preHandler: requireStepUp('removeSecondFactor'),
      schema: {
        tags,
        summary: 'Removes the authenticator app (step-up removeSecondFactor); staff cannot remove their last factor (409 lastFactorRequired)',
        security,
        response: { 204: z.null().describe('Removed'), 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request, reply) => {
      await removeTotp(deps(), request.user!, contextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/strong-auth/recovery-codes',
    {
      onRequest: requirePermission('strongAuth.own'),
      preHandler: requireStepUp('regenerateRecoveryCodes'),
      schema: {
        tags,
        summary: 'Ten new recovery codes, shown once; the earlier ones stop working (step-up regenerateRecoveryCodes)',
        security,
        response: { 200: ZRecoveryCodes, 401: ZProblem, 403: ZProblem, 409: ZProblem },
      },
    },
    async (request) => regenerateRecoveryCodes(deps(), request.user!, contextOf(request)),
  );

  app.post(
    '/strong-auth/step-up',
    {
      onRequest: requirePermission('strongAuth.own'),
      schema: {
        tags,
        summary: 'Proves a second factor (a code, a recovery code or a passkey): money and identity actions are allowed for 5 minutes',
        description: '400 invalidCode (counted like a wrong password; 429 tooManyAttempts), 400 passkeyUnavailable, 409 secondFactorMissing.',
        security,
        body: ZStepUpRequest,
        response: { 200: ZStepUpResponse, 400: ZProblem, 401: ZProblem, 403: ZProblem, 409: ZProblem, 429: ZProblem },
      },
    },
    async (request) => stepUp(deps(), request.user!, request.tokenHash!, request.body, contextOf(request)),
  );
};
