import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_API_PATH, API_PREFIX, ZContactRequest, ZContactResponse, ZProblem } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { CONTACT_RATE_LIMIT, submitContactMessage } from './service.ts';

/** A contact message is small: 5,000 characters of text and a few fields fit well within this. */
export const CONTACT_BODY_LIMIT = 32 * 1024;

/** POST /api/contact: the public contact forms (tenant route, no session needed). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    CONTACT_API_PATH.slice(API_PREFIX.length),
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      schema: {
        tags: ['contact'],
        summary: 'Sends a message from one of the public contact forms',
        description: `Stores the message and mails it to the company's contact address. At most ${CONTACT_RATE_LIMIT.limit} messages per client address every ${CONTACT_RATE_LIMIT.windowSeconds / 60} minutes (then 429 with Retry-After).`,
        body: ZContactRequest,
        response: { 201: ZContactResponse, 400: ZProblem, 413: ZProblem, 429: ZProblem },
      },
    },
    async (request, reply) => {
      try {
        const result = await submitContactMessage(app, request.body, {
          companyId: request.companyId,
          language: request.language,
          clientAddress: request.ip,
        });
        return reply.status(201).send(result);
      } catch (error) {
        if (error instanceof AppError && error.status === 429) reply.header('retry-after', String(error.params['seconds'] ?? 60));
        throw error;
      }
    },
  );
};
