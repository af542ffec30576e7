import { can, seesBlockedPeople } from '@kc/domain';
import type { TAuthUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/app-error.ts';
import type { TDb } from '../../db/database.ts';
import { findCustomer } from './repository.ts';

import { isUuid } from '../../lib/ids.ts';

export { isUuid };

/** The customer as the scope rules see them; `blocked_at` set: only ADMIN reaches them. */
export interface TCustomerRef {
  id: string;
  advisor_id: string | null;
  blocked_at?: Date | string | null;
}

/**
 * Who acts as staff for a customer (the permission matrix's scope): a role with
 * `contracts.manageCompany` for every customer of the company, a role with
 * `contracts.manageAssigned` (the advisor) for the customers assigned to them.
 */
export function isStaffFor(caller: TAuthUser, customer: TCustomerRef): boolean {
  // A person whose data is blocked (issue 16): only ADMIN reaches them.
  if (customer.blocked_at && !seesBlockedPeople(caller.roles)) return false;
  if (can(caller.roles, 'contracts.manageCompany')) return true;
  return can(caller.roles, 'contracts.manageAssigned') && customer.advisor_id === caller.id;
}

/**
 * Who may act for a customer (decisions, "Tenancy and roles"): the customer themself, their
 * advisor, or an administrator of the same company. Everyone else gets the same 404 as for an
 * id that does not exist, so ids of other users and companies reveal nothing.
 */
export function canReach(caller: TAuthUser, customer: TCustomerRef): boolean {
  return customer.id === caller.id || isStaffFor(caller, customer);
}

/** The customer named in a URL, if the caller may reach them; 404 otherwise. */
export async function resolveCustomer(db: TDb, caller: TAuthUser, customerId: string, code = 'customerNotFound') {
  if (!isUuid(customerId)) throw notFound(code);
  const customer = await findCustomer(db, caller.companyId, customerId);
  if (!customer || !canReach(caller, customer)) throw notFound(code);
  return customer;
}

/**
 * The id of the customer named in a URL, if the caller may reach them; 404 otherwise. A person
 * asking about themself needs no lookup: their token has just been checked, which finds only an
 * active, undeleted user of this company, and a person always reaches their own data.
 */
export async function resolveCustomerId(db: TDb, caller: TAuthUser, customerId: string, code = 'customerNotFound'): Promise<string> {
  if (customerId === caller.id) return caller.id;
  return (await resolveCustomer(db, caller, customerId, code)).id;
}
