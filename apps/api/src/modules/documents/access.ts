import type { TAuthUser } from '../../plugins/auth.ts';

/**
 * Who may see a customer's documents and exports (issue 15): the customer, their advisor and
 * ADMIN of the same company. Nobody else, not even COMPANY_MANAGER (documents carry the
 * investor's tax figures); they get the same 404 as for an id that does not exist.
 */
export function mayReadDocuments(caller: TAuthUser, owner: { id: string; advisor_id: string | null }): boolean {
  if (owner.id === caller.id) return true;
  if (caller.roles.includes('ADMIN')) return true;
  return caller.roles.includes('ADVISOR') && owner.advisor_id === caller.id;
}
