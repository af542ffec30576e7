import { ROLES, type TRole } from '../accounts/roles.ts';

/**
 * The one permission matrix of the platform (issue 13): every action → the roles that may do it.
 * The API enforces it on every route (`requirePermission(action)`), the web app reads it to
 * decide what to show. An action being allowed says nothing of *whose* data: that is the scope
 * (`userScope`, and the contracts' own/assigned/company rule), applied by the services.
 */
const EVERYONE = ROLES;
const STAFF_OF_COMPANY = ['ADMIN', 'COMPANY_MANAGER'] as const satisfies readonly TRole[];
const CONTRACT_STAFF = ['ADMIN', 'COMPANY_MANAGER', 'ADVISOR'] as const satisfies readonly TRole[];
const ADMINISTRATION = ['ADMIN', 'COMPANY_MANAGER', 'GROUP_MANAGER', 'TEAM_MANAGER'] as const satisfies readonly TRole[];

export const PERMISSIONS = {
  // Own account: every signed-in person.
  'identity.read': EVERYONE,
  'account.read': EVERYONE,
  'account.changePassword': EVERYONE,
  /** Ask to change one's own e-mail address (confirmed from the new mailbox; decision 0037). */
  'account.changeEmail': EVERYONE,
  'paymentPreferences.manageOwn': EVERYONE,
  'dashboard.own': EVERYONE,
  /** One's own notifications and tasks inbox and its live stream. */
  'notifications.own': EVERYONE,
  /** Hire for oneself, search and read one's own contracts, cancel/archive/recover them. */
  'contracts.own': EVERYONE,
  // Contracts of other people.
  /** Act on the contracts of the clients assigned to oneself (the advisor). */
  'contracts.manageAssigned': ['ADVISOR'],
  /** Act on every contract of the company. */
  'contracts.manageCompany': STAFF_OF_COMPANY,
  /** Hire a product for a client (within the scope above). */
  'contracts.hireFor': CONTRACT_STAFF,
  'contracts.activate': CONTRACT_STAFF,
  'contracts.suspend': CONTRACT_STAFF,
  'contracts.resume': CONTRACT_STAFF,
  'contracts.cancel': EVERYONE,
  'contracts.archive': EVERYONE,
  'contracts.recover': EVERYONE,
  // Administration (back office).
  /** The Administration block of the dashboard and the user list (scope: `userScope`). */
  'administration.use': ADMINISTRATION,
  'users.read': ADMINISTRATION,
  'users.create': STAFF_OF_COMPANY,
  'users.updateRoles': STAFF_OF_COMPANY,
  'users.deactivate': STAFF_OF_COMPANY,
  'users.reactivate': STAFF_OF_COMPANY,
  'users.delete': STAFF_OF_COMPANY,
  'users.sendPasswordReset': STAFF_OF_COMPANY,
  /** Act on (change, deactivate, delete, reset) a user who holds ADMIN. */
  'users.manageAdmins': ['ADMIN'],
  'users.grant.ADMIN': ['ADMIN'],
  'users.grant.COMPANY_MANAGER': STAFF_OF_COMPANY,
  'users.grant.GROUP_MANAGER': STAFF_OF_COMPANY,
  'users.grant.TEAM_MANAGER': STAFF_OF_COMPANY,
  'users.grant.ADVISOR': STAFF_OF_COMPANY,
  'users.grant.AGENT': STAFF_OF_COMPANY,
  'users.grant.SUPPLIER': STAFF_OF_COMPANY,
  'users.grant.OWNER': STAFF_OF_COMPANY,
  'users.grant.INVESTOR': STAFF_OF_COMPANY,
  'audit.read': ['ADMIN'],
  // Sales network (issue 14, slice sales-network): groups, teams, agents, zones and seats.
  /** The tree, groups and teams with their figures (scope: company, or the manager's group or team). */
  'sales.read': ADMINISTRATION,
  /** Create, edit and close groups and teams; name their managers; move agents between teams. */
  'sales.manage': STAFF_OF_COMPANY,
  /** Zones and their occupation (scope: company, the manager's group, the agent's team's group). */
  'sales.zones.read': [...ADMINISTRATION, 'AGENT'],
  /** Take or release a seat in a zone: an agent for themselves, staff of the company for an agent. */
  'sales.seats': [...STAFF_OF_COMPANY, 'AGENT'],
  // Leads, reservations, clients and pending assignments (issue 14, slice `leads`).
  /** One's own leads (register, extend, discard), clients, figures: the agent's workspace. */
  'leads.own': ['AGENT'],
  /** See confirmed investors without an agent and assign them (TEAM_MANAGER: to an agent of their team). */
  'sales.assignClients': ['ADMIN', 'COMPANY_MANAGER', 'TEAM_MANAGER'],
  // --- Advisor's workspace (issue 14, slice "advisor") ---
  /** The clients list, a client's page and the queue of NEW contracts (scope: an advisor's own clients; the company for ADMIN, COMPANY_MANAGER). */
  'advisor.workspace': CONTRACT_STAFF,
  /** Add a note to a client's page (same scope). */
  'advisor.notes': CONTRACT_STAFF,
  /** Move a client to another advisor of the company, and list the candidates. */
  'advisor.reassign': STAFF_OF_COMPANY,
  // Money ledger (issue 15).
  /** Publish the KC reference price (net asset value per unit, value date, asset report). */
  'ledger.publishPrice': ['ADMIN'],
  /** A contract's schedule, payments and holding, and a customer's holdings (scope: the owner, their advisor, company staff). */
  'ledger.readContract': EVERYONE,
  /** Record a received payment (scope: the advisor of the client, or company staff). */
  'ledger.recordPayment': CONTRACT_STAFF,
  /** Reverse a journal (the only correction: the ledger is append-only). */
  'ledger.reverseJournal': ['ADMIN'],
  /** Read a journal with its lines, and run the ledger check. */
  'ledger.audit': ['ADMIN'],
  // Documents and exports (issue 15, part "documents").
  /** A customer's documents (PDF) and CSV exports (scope: the customer, their advisor, ADMIN; anyone else 404). */
  'documents.read': EVERYONE,
  // --- Income (issue 15, part income): distributions and the investor's value over time ---
  /** Declare a distribution of a period's income per unit, preview it, and list past ones. */
  'income.declare': ['ADMIN'],
  /** A customer's value over time (scope: the owner, their advisor, company staff, as holdings). */
  'income.readHoldings': EVERYONE,
  // --- Jobs board (issue 17, slice jobs) ---
  /** Create, edit, publish, close and reopen the company's job offers; read their applications, move them and download CVs. */
  'jobs.manage': STAFF_OF_COMPANY,
  // --- Properties and plantations behind KC (issue 15, part assets) ---
  /** Create, edit, publish and withdraw homes and plantations, and list them in any status (published ones are public). */
  'assets.manage': ['ADMIN'],
  // Bank statement imports (issue 15, helper imports).
  /** Import a bank statement and resolve its unmatched lines (advisor: their imports and clients). */
  'bankStatements.import': CONTRACT_STAFF,
  // --- Consent records (issue 16, part consents) ---
  /** Read and change one's own consents (cookies, marketing). */
  'consents.own': EVERYONE,
  /** Read a person's consent history (for a claim; audited). */
  'consents.readAny': ['ADMIN'],
  // --- Personal data (issue 16, part export) ---
  /** Download all of one's own personal data (GDPR Art. 15/20): everyone, for themselves only. */
  'privacy.exportOwn': EVERYONE,
  // --- Personal data: erasure (issue 16, helper erasure) ---
  /** Ask for and confirm the erasure of one's own data (customers; staff leave through HR). */
  'privacy.erasure': ['INVESTOR', 'SUPPLIER', 'OWNER'],
  // --- The KC market (issue 18, helper market-api) ---
  /** Offer units of one's own ACTIVE contracts, change and withdraw one's offers, list open offers, buy, and read one's offers and trades. */
  'market.trade': ['INVESTOR'],
  // --- Seller payouts (issue 18, helper payout; decision 0036): treasury of the company, not an advisor's ---
  /** What the platform owes each seller after market trades, the trades behind it, the seller's payment methods (masked). */
  'market.payouts.read': STAFF_OF_COMPANY,
  /** Record a payout to a seller (a PAYOUT journal: MARKET_PAYABLE debited, BANK credited; audited, mailed). */
  'market.payouts.record': STAFF_OF_COMPANY,
  // --- Strong authentication (issue 18) ---
  /** One's own second factors: status, enrolment, removal, recovery codes, step-up. */
  'strongAuth.own': EVERYONE,
} as const satisfies Record<string, readonly TRole[]>;

export type TAction = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as TAction[];

export function isAction(value: unknown): value is TAction {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

/** True when one of `roles` may do `action` (unknown roles grant nothing). */
export function can(roles: readonly string[], action: TAction): boolean {
  const allowed: readonly string[] = PERMISSIONS[action];
  return roles.some((role) => allowed.includes(role));
}

/** The roles allowed to do `action`. */
export function rolesFor(action: TAction): readonly TRole[] {
  return PERMISSIONS[action];
}

/** Every action `roles` may do (the web app's menu and buttons). */
export function actionsOf(roles: readonly string[]): TAction[] {
  return ACTIONS.filter((action) => can(roles, action));
}

/** The roles someone holding `actorRoles` may grant or remove (COMPANY_MANAGER never ADMIN). */
export function grantableRoles(actorRoles: readonly string[]): TRole[] {
  return ROLES.filter((role) => can(actorRoles, `users.grant.${role}`));
}

/**
 * Whose users a role reaches in the back office: the whole company (ADMIN, COMPANY_MANAGER),
 * their group (GROUP_MANAGER: its teams' agents and managers, and those agents' clients) or
 * their team (TEAM_MANAGER: its agents and those agents' clients), read only; or nobody. The
 * widest scope of the person's roles wins.
 */
export type TUserScope = 'company' | 'group' | 'team' | 'none';
export function userScope(roles: readonly string[]): TUserScope {
  if (roles.some((role) => (STAFF_OF_COMPANY as readonly string[]).includes(role))) return 'company';
  if (roles.includes('GROUP_MANAGER')) return 'group';
  if (roles.includes('TEAM_MANAGER')) return 'team';
  return 'none';
}

export type TRoleChangeProblem = 'self' | 'notGrantable' | 'targetIsAdmin' | 'noRoles';

/**
 * Whether an actor may change a user's roles from `before` to `after`: nobody changes their
 * own roles; every role added or removed must be grantable by the actor; only an ADMIN acts on
 * a user who holds ADMIN; a user keeps at least one role. (The last-admin rule needs the
 * database and is the service's.)
 */
export function checkRoleChange(
  actor: { id: string; roles: readonly string[] },
  target: { id: string; roles: readonly string[] },
  after: readonly string[],
): TRoleChangeProblem | null {
  if (actor.id === target.id) return 'self';
  if (target.roles.includes('ADMIN') && !can(actor.roles, 'users.manageAdmins')) return 'targetIsAdmin';
  if (after.length === 0) return 'noRoles';
  const grantable = new Set<string>(grantableRoles(actor.roles));
  const changed = [...after.filter((r) => !target.roles.includes(r)), ...target.roles.filter((r) => !after.includes(r))];
  return changed.every((role) => grantable.has(role)) ? null : 'notGrantable';
}

/** Whether an actor may act on (deactivate, delete, reset) a user: never themselves; an ADMIN target only by an ADMIN. */
export function checkActOnUser(
  actor: { id: string; roles: readonly string[] },
  target: { id: string; roles: readonly string[] },
): 'self' | 'targetIsAdmin' | null {
  if (actor.id === target.id) return 'self';
  if (target.roles.includes('ADMIN') && !can(actor.roles, 'users.manageAdmins')) return 'targetIsAdmin';
  return null;
}
