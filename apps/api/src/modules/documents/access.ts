import { seesBlockedPeople } from '@kc/domain';
import type { TAuthUser } from '../../plugins/auth.ts';

/**
 * Who may see a customer's documents and exports (issue 15): the customer, their advisor and
 * ADMIN of the same company. Nobody else, not even COMPANY_MANAGER (documents carry the
 * investor's tax figures); they get the same 404 as for an id that does not exist. A person whose
 * data is blocked (issue 16, decision 0027) is reached by staff only when their roles see blocked
 * people (`seesBlockedPeople`, ADMIN), exactly as `isStaffFor` decides for every other path.
 */
export function mayReadDocuments(caller: TAuthUser, owner: { id: string; advisor_id: string | null; blocked_at: Date | string | null }): boolean {
  if (owner.id === caller.id) return true;
  if (owner.blocked_at && !seesBlockedPeople(caller.roles)) return false;
  if (caller.roles.includes('ADMIN')) return true;
  return caller.roles.includes('ADVISOR') && owner.advisor_id === caller.id;
}
