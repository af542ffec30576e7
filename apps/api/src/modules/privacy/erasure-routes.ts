import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErasureConfirmed, ZErasureConfirmRequest, ZErasureLiveContractsProblem, ZErasureRequested, ZProblem } from '@kc/domain';
import { hasCredential, requirePermission, type TAuthUser } from '../../plugins/auth.ts';
import { problemFor } from '../../plugins/error-handler.ts';
import { auditContextOf } from '../audit/service.ts';
import { confirmErasure, LiveContractsError, requestErasure } from './erasure-service.ts';

const security = [{ bearer: [] }];

/** The erasure of one's own data (issue 16, Art. 17; docs/decisions/0027). */
export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/privacy/erasure',
    {
      onRequest: requirePermission('privacy.erasure'),
      schema: {
        tags: ['privacy'],
        summary: 'Asks for the erasure of the caller’s data: a one-time confirmation link (60 minutes) is mailed to them',
        description: 'Refused with 409 erasureLiveContracts (listing them) while a contract is NEW, ACTIVE or STANDBY.',
        security,
        response: { 202: ZErasureRequested, 401: ZProblem, 403: ZProblem, 409: ZErasureLiveContractsProblem },
      },
    },
    async (request, reply) => {
      try {
        const answer = await requestErasure(app, request.user!, auditContextOf(request));
        return reply.status(202).send(answer);
      } catch (error) {
        if (error instanceof LiveContractsError) return reply.status(409).type('application/problem+json').send({ ...problemFor(request, error), contracts: error.contracts });
        throw error;
      }
    },
  );

  app.post(
    '/privacy/erasure/confirm',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Confirms an erasure with the mail’s one-time token: the account is closed and anonymised, the AML records kept and blocked',
        description:
          'The token names the person; a session, when sent, must be theirs. 404 erasureLinkInvalid (unknown, another person’s or another company’s link), 409 erasureLinkUsed, 410 erasureLinkExpired or erasureLinkReplaced, 409 erasureLiveContracts (listing them). Nothing changes on a refusal.',
        body: ZErasureConfirmRequest,
        response: { 200: ZErasureConfirmed, 400: ZProblem, 404: ZProblem, 409: ZErasureLiveContractsProblem.or(ZProblem), 410: ZProblem },
      },
    },
    async (request, reply) => {
      // Optional session: a valid one must be the link's person; a stale one (already erased) is ignored.
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
      try {
        return await confirmErasure(app, { companyId: request.companyId, token: request.body.token, caller, ipAddress: request.ip ?? null });
      } catch (error) {
        if (error instanceof LiveContractsError) return reply.status(409).type('application/problem+json').send({ ...problemFor(request, error), contracts: error.contracts });
        throw error;
      }
    },
  );
};
