import { z } from 'zod';
import { PERMISSIONS, can } from '../permissions/matrix.ts';

/**
 * Contract states and their transitions (decisions.md, "Contracts"), as a pure function:
 * NEW → ACTIVE (activate, staff), NEW → DELETED (cancel; revoke: the owner inside the reflection period), ACTIVE ⇄ STANDBY (suspend/resume,
 * staff), NEW/ACTIVE/STANDBY → ARCHIVED (archive), ARCHIVED → ACTIVE (recover). "Staff" is the
 * customer's advisor or an administrator of the company; everything else is refused.
 */
export const CONTRACT_STATES = ['NEW', 'ACTIVE', 'STANDBY', 'ARCHIVED', 'DELETED'] as const;
export const ZContractState = z.enum(CONTRACT_STATES);
export type TContractState = z.infer<typeof ZContractState>;

/** The dashboard's filters: a state, or ALL (an empty filter means all too). */
export const CONTRACT_FILTERS = [...CONTRACT_STATES, 'ALL'] as const;
export const ZContractFilter = z.enum(CONTRACT_FILTERS);
export type TContractFilter = z.infer<typeof ZContractFilter>;

export const CONTRACT_ACTIONS = ['activate', 'cancel', 'revoke', 'suspend', 'resume', 'archive', 'recover'] as const;
export const ZContractAction = z.enum(CONTRACT_ACTIONS);
export type TContractAction = z.infer<typeof ZContractAction>;

interface TTransitionRule {
  from: readonly TContractState[];
  to: TContractState;
  /** Only the customer's advisor or an administrator may do it. */
  staffOnly: boolean;
  /** Only the contract's owner (the investor) may do it, not staff acting for them. */
  ownerOnly?: boolean;
}

export const CONTRACT_TRANSITIONS: Readonly<Record<TContractAction, TTransitionRule>> = {
  activate: { from: ['NEW'], to: 'ACTIVE', staffOnly: true },
  cancel: { from: ['NEW'], to: 'DELETED', staffOnly: false },
  // The reflection period's revocation (Art. 22, decision 0026): only the owner, only inside the
  // period (the service checks the clock).
  revoke: { from: ['NEW'], to: 'DELETED', staffOnly: false, ownerOnly: true },
  suspend: { from: ['ACTIVE'], to: 'STANDBY', staffOnly: true },
  resume: { from: ['STANDBY'], to: 'ACTIVE', staffOnly: true },
  archive: { from: ['NEW', 'ACTIVE', 'STANDBY'], to: 'ARCHIVED', staffOnly: false },
  recover: { from: ['ARCHIVED'], to: 'ACTIVE', staffOnly: false },
};

export type TTransitionDecision =
  | { ok: true; from: TContractState; to: TContractState }
  | { ok: false; reason: 'notAllowedInState' | 'staffOnly' | 'ownerOnly'; from: TContractState };

/**
 * Whether `action` may move a contract in `state`, done by staff or by the customer. Staff acting
 * on a client's contract is not its owner (`isOwner` defaults to the opposite of `isStaff`).
 */
export function decideTransition(state: TContractState, action: TContractAction, isStaff: boolean, isOwner = !isStaff): TTransitionDecision {
  const rule = CONTRACT_TRANSITIONS[action];
  if (!rule.from.includes(state)) return { ok: false, reason: 'notAllowedInState', from: state };
  if (rule.staffOnly && !isStaff) return { ok: false, reason: 'staffOnly', from: state };
  if (rule.ownerOnly && !isOwner) return { ok: false, reason: 'ownerOnly', from: state };
  return { ok: true, from: state, to: rule.to };
}

/** The actions available on a contract in `state` to this kind of caller, in a stable order. */
export function allowedActions(state: TContractState, isStaff: boolean, isOwner = !isStaff): TContractAction[] {
  return CONTRACT_ACTIONS.filter((action) => decideTransition(state, action, isStaff, isOwner).ok);
}

/** Roles that act on any contract of their company (advisors act on their own clients'): from the permission matrix. */
export const CONTRACT_ADMIN_ROLES = PERMISSIONS['contracts.manageCompany'];
/** Roles that may use the administration area (/user/list): from the permission matrix. */
export const ADMINISTRATION_ROLES = PERMISSIONS['administration.use'];

export function canUseAdministration(roles: readonly string[]): boolean {
  return can(roles, 'administration.use');
}
