import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConfirmSignUpResponse, ZProblem, ZRegisterResponse, makeRegisterRequestSchema } from '@kc/domain';
import { confirmSignUp, registerUser, validateRegistration, type TSignUpDeps } from './service.ts';

/**
 * POST /api/users/register-inversor (every sign-up route; the role travels in the body) and
 * POST /api/users/confirm-sign-up/{userId}/{token}/{companyId}.
 */
export const signUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): TSignUpDeps => ({ db: app.db, mailer: app.mailer, publicUrl: app.config.PUBLIC_URL });

  app.post(
    '/users/register-inversor',
    {
      schema: {
        tags: ['users'],
        summary: 'Registers an unconfirmed account (investor, sales agent, miner or owner) and sends the confirmation mail',
        // The documented shape; the body is validated in the handler against today's date
        // (minimum age, card expiry), so a long-running server never uses a stale day.
        body: makeRegisterRequestSchema(new Date()),
        response: { 201: ZRegisterResponse, 400: ZProblem, 409: ZProblem },
      },
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request, reply) => {
      const input = await validateRegistration(request.body, new Date(), app.cities);
      const answer = await registerUser(deps(), input, { companyId: request.companyId, language: request.language });
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/users/confirm-sign-up/:userId/:token/:companyId',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirms a registration from the link of its mail (once; valid for 7 days)',
        params: z.object({ userId: z.string().max(64), token: z.string().max(128), companyId: z.string().max(64) }),
        response: { 200: ZConfirmSignUpResponse, 404: ZProblem, 409: ZProblem, 410: ZProblem },
      },
    },
    async (request) => confirmSignUp(deps(), request.params, request.companyId),
  );
};
