import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { assertClientReachable } from '../modules/advisor/service.ts';
import { assertContractReachable, assertCustomerReachable } from '../modules/contracts/service.ts';
import { assertUserReachable } from '../modules/users/service.ts';

type TReachCheck = (request: FastifyRequest, id: string) => Promise<void>;

/**
 * Paths that name someone's data (a customer, a contract) and the check of whether the caller
 * reaches it: the same rule the route's service applies, and the same 404.
 */
const REACH: Array<{ prefix: string; param: string; check: TReachCheck }> = [
  { prefix: '/api/customers/:customerId', param: 'customerId', check: (r, id) => assertCustomerReachable(r.server, r.user!, id, 'customerNotFound') },
  { prefix: '/api/users/:userId/contracts', param: 'userId', check: (r, id) => assertCustomerReachable(r.server, r.user!, id, 'userNotFound') },
  { prefix: '/api/contracts/:id', param: 'id', check: (r, id) => assertContractReachable(r.server, r.user!, id) },
  { prefix: '/api/ledger/contracts/:contractId', param: 'contractId', check: (r, id) => assertContractReachable(r.server, r.user!, id) },
  { prefix: '/api/advisor/clients/:clientId', param: 'clientId', check: (r, id) => assertClientReachable(r.server, r.user!, id) },
  // After `/api/users/:userId/contracts` (a customer's contracts): a user administered by staff.
  { prefix: '/api/users/:userId', param: 'userId', check: (r, id) => assertUserReachable(r.server, r.user!, id) },
];

/**
 * Fastify validates a body before the handler, where the service checks whom the caller may
 * reach: someone else's id with a wrong body answered 400 listing the fields, with a right body
 * 404, which tells an id that exists from one that does not and shows the body's rules to a
 * caller who may not use the route. Every route with a body under a path of REACH checks the
 * caller's reach first (preValidation, after the session was checked on request), so an
 * unreachable id is the same 404 whatever the body.
 */
export function registerPathReach(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const reach = REACH.find((r) => route.url === r.prefix || route.url.startsWith(`${r.prefix}/`));
    if (!reach) return;
    const gate: preValidationAsyncHookHandler = async (request) => {
      const id = (request.params as Record<string, string | undefined>)[reach.param];
      if (request.user && id !== undefined) await reach.check(request, id);
    };
    const existing = route.preValidation;
    route.preValidation = [gate, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
  });
}
