import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdentity, ZProblem, isRole, type TIdentity } from '@kc/domain';
import { unauthorized } from '../../lib/app-error.ts';
import { findIdentity } from './repository.ts';

/** GET /api/users/identity: who the bearer token belongs to (specification 7). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/identity',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The identity of the bearer token: id, username (the e-mail) and roles',
        security: [{ bearer: [] }],
        response: { 200: ZIdentity, 401: ZProblem },
      },
    },
    async (request): Promise<TIdentity> => {
      const user = await findIdentity(app.db, request.user!.id);
      if (!user) throw unauthorized();
      return { id: user.id, username: user.email, roles: user.roles.filter(isRole) };
    },
  );
};
