import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChangeEmailRequest, ZEmailChangeConfirmed, ZEmailChangeConfirmRequest, ZEmailChangeRequested, ZProblem } from '@kc/domain';
import { hasCredential, requirePermission, type TAuthUser } from '../../plugins/auth.ts';
import { clientOf } from '../../lib/client-device.ts';
import { auditContextOf } from '../audit/service.ts';
import { requireStepUp } from '../strong-auth/step-up.ts';
import { confirmEmailChange, requestEmailChange } from './email-change-service.ts';

const security = [{ bearer: [] }];

/** Changing one's own e-mail address (issue 18; docs/decisions/0037). */
export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/me/email',
    {
      onRequest: requirePermission('account.changeEmail'),
      preHandler: requireStepUp('changeEmail'),
      schema: {
        tags: ['account'],
        summary: 'Asks to change the caller’s e-mail (new address and current password): a one-time link (60 minutes) goes to the new address, a notice to the current one',
        description:
          'Nothing changes until the link is opened. 403 stepUpRequired without a recent second factor (when the person has one); 400 currentPasswordWrong on currentPassword (counted as a failed login); 429 emailChangeTooManyAttempts while the login limiter blocks; 400 emailChangeSame and 409 emailChangeTaken on newEmail; 429 emailChangeRateLimited after 5 requests in an hour.',
        security,
        body: ZChangeEmailRequest,
        response: { 202: ZEmailChangeRequested, 400: ZProblem, 401: ZProblem, 403: ZProblem, 409: ZProblem, 429: ZProblem },
      },
    },
    async (request, reply) => {
      const answer = await requestEmailChange(app, request.user!, request.body, { client: clientOf(request), audit: auditContextOf(request) });
      return reply.status(202).send(answer);
    },
  );

  app.post(
    '/users/email-change/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'Confirms an e-mail change with the mail’s one-time token: the address changes and the person’s other sessions end',
        description:
          'The token names the person (the link may be opened where nobody is signed in); a session of that person, when sent, is kept. 404 emailChangeLinkInvalid (unknown or another company’s link), 409 emailChangeLinkUsed, 410 emailChangeLinkExpired or emailChangeLinkReplaced, 409 emailChangeTaken (the address was taken meanwhile). Nothing changes on a refusal.',
        body: ZEmailChangeConfirmRequest,
        response: { 200: ZEmailChangeConfirmed, 400: ZProblem, 404: ZProblem, 409: ZProblem, 410: ZProblem },
      },
    },
    async (request, reply) => {
      // Optional session: kept when it is the person's own; anything else is ignored.
      let caller: TAuthUser | undefined;
      if (hasCredential(request)) {
        try {
          await app.authenticate(request, reply);
          caller = request.user;
        } catch {
          caller = undefined;
        }
      }
      reply.header('cache-control', 'no-store');
      return confirmEmailChange(app, {
        companyId: request.companyId,
        token: request.body.token,
        caller,
        callerTokenHash: caller ? request.tokenHash : undefined,
        client: clientOf(request),
      });
    },
  );
};
