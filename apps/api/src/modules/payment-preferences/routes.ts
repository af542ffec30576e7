import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  makeAddCardSchema,
  summarizeCard,
  ZPaymentPreference,
  ZPaymentPreferenceList,
  ZPaymentPreferenceParams,
  ZProblem,
  type TPaymentPreference,
} from '@kc/domain';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../contracts/access.ts';
import { toPaymentPreference } from './mapper.ts';
import { insertCard, listPaymentPreferences, removePaymentPreference } from './repository.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { requireStepUp } from '../strong-auth/step-up.ts';

const security = [{ bearer: [] }];

/** The caller's payment preferences (what the hiring screen offers as formaDePago). */
export const paymentPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/payment-preferences',
    {
      onRequest: requirePermission('paymentPreferences.manageOwn'),
      schema: {
        tags: ['payment-preferences'],
        summary: "The caller's payment preferences: masked card, brand and expiry; bank transfer; Ethereum wallet",
        security,
        response: { 200: ZPaymentPreferenceList, 401: ZProblem, 403: ZProblem },
      },
    },
    async (request): Promise<TPaymentPreference[]> =>
      (await listPaymentPreferences(app.db, request.companyId, request.user!.id)).map(toPaymentPreference),
  );

  // The card rules depend on today (expiry), so the body is validated per request.
  app.post(
    '/users/payment-preferences',
    {
      onRequest: requirePermission('paymentPreferences.manageOwn'),
      preHandler: requireStepUp('addPaymentMethod'),
      schema: {
        tags: ['payment-preferences'],
        summary: 'Adds a card (sign-up rules: Luhn, brand, 3-digit code, expiry not past). Only brand, last four and expiry are kept.',
        security,
        body: makeAddCardSchema(new Date()),
        response: { 201: ZPaymentPreference, 400: ZProblem, 401: ZProblem, 403: ZProblem },
      },
      validatorCompiler: () => (data) => {
        const result = makeAddCardSchema(new Date()).safeParse(data);
        if (result.success) return { value: result.data };
        const error = new AppError(
          400,
          'validation',
          {},
          result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })),
        );
        return { error };
      },
    },
    async (request, reply) => {
      const summary = summarizeCard(request.body.creditCard, request.body.expirationDate);
      if (!summary) throw new AppError(400, 'validation');
      const row = await insertCard(app.db, request.companyId, request.user!.id, summary);
      return reply.status(201).send(toPaymentPreference(row));
    },
  );

  app.delete(
    '/users/payment-preferences/:id',
    {
      onRequest: requirePermission('paymentPreferences.manageOwn'),
      schema: {
        tags: ['payment-preferences'],
        summary: "Removes one of the caller's payment preferences (contracts that used it keep their record)",
        security,
        params: ZPaymentPreferenceParams,
        response: { 204: z.null().describe('Removed'), 401: ZProblem, 403: ZProblem, 404: ZProblem },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await removePaymentPreference(app.db, request.companyId, request.user!.id, id))) {
        throw notFound('paymentPreferenceNotFound');
      }
      return reply.status(204).send(null);
    },
  );
};
