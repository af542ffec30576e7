import { CONTRACT_ADMIN_ROLES } from '@kc/domain';
import { hasAnyRole, type TAuthUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/app-error.ts';
import type { TDb } from '../../db/database.ts';
import { findCustomer } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are UUIDs; anything else names nothing (404, never a database error). */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * Who may act for a customer (decisions, "Tenancy and roles"): the customer themself, their
 * advisor, or an administrator of the same company. Everyone else gets the same 404 as for an
 * id that does not exist, so ids of other users and companies reveal nothing.
 */
export function isStaffFor(caller: TAuthUser, customer: { id: string; advisor_id: string | null }): boolean {
  if (hasAnyRole(caller, CONTRACT_ADMIN_ROLES)) return true;
  return hasAnyRole(caller, ['ADVISOR']) && customer.advisor_id === caller.id;
}

export function canReach(caller: TAuthUser, customer: { id: string; advisor_id: string | null }): boolean {
  return customer.id === caller.id || isStaffFor(caller, customer);
}

/** The customer named in a URL, if the caller may reach them; 404 otherwise. */
export async function resolveCustomer(db: TDb, caller: TAuthUser, customerId: string, code = 'customerNotFound') {
  if (!isUuid(customerId)) throw notFound(code);
  const customer = await findCustomer(db, caller.companyId, customerId);
  if (!customer || !canReach(caller, customer)) throw notFound(code);
  return customer;
}
