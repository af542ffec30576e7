import { z } from 'zod';
import { PERMISSIONS, can } from '../permissions/matrix.ts';

/**
 * Contract states and their transitions (decisions.md, "Contracts"), as a pure function:
 * NEW → ACTIVE (activate, staff), NEW → DELETED (cancel; revoke: the owner inside the reflection
 * period), ACTIVE ⇄ STANDBY (suspend/resume, staff), NEW/ACTIVE/STANDBY → ARCHIVED (archive),
 * ARCHIVED → the state it was archived from (recover: a NEW contract comes back NEW and still
 * unpaid, a STANDBY one stays suspended; only an ACTIVE one comes back ACTIVE). Archiving is a
 * parking place: it never moves money nor lets a contract skip its first payment, its activation,
 * its reflection period or a suspension. "Staff" is the customer's advisor or an administrator of
 * the company; the caller must be the owner or staff; everything else is refused.
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

/** The states a contract may be archived from, and so the only ones recovery may return it to. */
export const ARCHIVABLE_STATES = ['NEW', 'ACTIVE', 'STANDBY'] as const satisfies readonly TContractState[];
export type TArchivableState = (typeof ARCHIVABLE_STATES)[number];

interface TTransitionRule {
  from: readonly TContractState[];
  /** The state it moves to; `archivedFrom`: back to the state the contract was archived from. */
  to: TContractState | 'archivedFrom';
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
  archive: { from: ARCHIVABLE_STATES, to: 'ARCHIVED', staffOnly: false },
  // Back where it was (decision 0043): recovering never activates an unpaid contract nor lifts a suspension.
  recover: { from: ['ARCHIVED'], to: 'archivedFrom', staffOnly: false },
};

/** What the machine needs to know beyond the state. */
export interface TTransitionContext {
  /** An ARCHIVED contract's origin (see `archivedFromOf`); null or absent when it cannot be read. */
  archivedFrom?: TContractState | null;
}

export type TTransitionRefusal = 'notAllowedInState' | 'staffOnly' | 'ownerOnly' | 'notOwnerOrStaff' | 'archivedFromUnknown';

export type TTransitionDecision = { ok: true; from: TContractState; to: TContractState } | { ok: false; reason: TTransitionRefusal; from: TContractState };

const isArchivable = (state: TContractState | null | undefined): state is TArchivableState =>
  state !== null && state !== undefined && (ARCHIVABLE_STATES as readonly TContractState[]).includes(state);

/**
 * Whether `action` may move a contract in `state`, done by staff or by the customer. Staff acting
 * on a client's contract is not its owner (`isOwner` defaults to the opposite of `isStaff`); a
 * caller who is neither is refused whatever the action. Recovery needs the state the contract was
 * archived from (`context.archivedFrom`): without a readable one it is refused, never guessed.
 */
export function decideTransition(state: TContractState, action: TContractAction, isStaff: boolean, isOwner = !isStaff, context: TTransitionContext = {}): TTransitionDecision {
  const rule = CONTRACT_TRANSITIONS[action];
  if (!isStaff && !isOwner) return { ok: false, reason: 'notOwnerOrStaff', from: state };
  if (!rule.from.includes(state)) return { ok: false, reason: 'notAllowedInState', from: state };
  if (rule.staffOnly && !isStaff) return { ok: false, reason: 'staffOnly', from: state };
  if (rule.ownerOnly && !isOwner) return { ok: false, reason: 'ownerOnly', from: state };
  if (rule.to !== 'archivedFrom') return { ok: true, from: state, to: rule.to };
  if (!isArchivable(context.archivedFrom)) return { ok: false, reason: 'archivedFromUnknown', from: state };
  return { ok: true, from: state, to: context.archivedFrom };
}

/** The actions available on a contract in `state` to this kind of caller, in a stable order. */
export function allowedActions(state: TContractState, isStaff: boolean, isOwner = !isStaff, context: TTransitionContext = {}): TContractAction[] {
  return CONTRACT_ACTIONS.filter((action) => decideTransition(state, action, isStaff, isOwner, context).ok);
}

/**
 * The state an ARCHIVED contract was archived from, read from its history (oldest event first):
 * the origin of its last event when that event archived it and the origin is one that may be
 * archived; null otherwise (no such event, or an unreadable one).
 */
export function archivedFromOf(history: readonly { fromState: string | null; toState: string }[]): TArchivableState | null {
  const last = history.at(-1);
  if (last?.toState !== 'ARCHIVED') return null;
  const from = last.fromState as TContractState | null;
  return isArchivable(from) ? from : null;
}

/** Roles that act on any contract of their company (advisors act on their own clients'): from the permission matrix. */
export const CONTRACT_ADMIN_ROLES = PERMISSIONS['contracts.manageCompany'];
/** Roles that may use the administration area (/user/list): from the permission matrix. */
export const ADMINISTRATION_ROLES = PERMISSIONS['administration.use'];

export function canUseAdministration(roles: readonly string[]): boolean {
  return can(roles, 'administration.use');
}
