import type { FastifyInstance } from 'fastify';
import {
  seesBlockedPeople,
  CONTRACT_STATES,
  TASK_TYPES,
  allowedActions,
  can,
  paths,
  readHistoryReason,
  toPage,
  type TAdvisorClient,
  type TAdvisorClientDetail,
  type TAdvisorClientPage,
  type TAdvisorClientsQuery,
  type TAdvisorOptions,
  type TAdvisorQueueQuery,
  type TClientNote,
  type TContractAction,
  type TContractCounts,
  type TContractState,
  type TQueuePage,
} from '@kc/domain';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { isStaffFor } from '../contracts/access.ts';
import { reflectionInfo } from '../contracts/service.ts';
import { completeTasks, notify } from '../notifications/service.ts';
import { toPaymentPreference } from '../payment-preferences/mapper.ts';
import {
  countContractsByClient,
  findClient,
  findOpenAgent,
  findPerson,
  insertNote,
  listAdvisors,
  listClientContracts,
  listClients,
  listEventsOf,
  listNewContracts,
  listNotes,
  listPaymentMethods,
  listQueue,
  setClientAdvisor,
} from './repository.ts';
import './messages.ts';

/** Only ADMIN sees people whose data is blocked (issue 16, docs/decisions/0027). */
const seesBlocked = (caller: TAuthUser): boolean => seesBlockedPeople(caller.roles);

const iso = (value: Date | string) => new Date(value).toISOString();
const fullName = (first: string | null | undefined, last: string | null | undefined) => `${first ?? ''} ${last ?? ''}`.trim();

/** The advisor's own actions on a contract (the rest are the investor's). */
const ADVISOR_ACTIONS: readonly TContractAction[] = ['activate', 'suspend', 'resume'];

/** ADMIN and COMPANY_MANAGER see the whole company; an advisor, their own clients. */
const isCompanyWide = (caller: TAuthUser) => can(caller.roles, 'contracts.manageCompany');

/**
 * Whose clients a request is about: the company's (undefined) or one advisor's. An advisor may
 * only name themself; another advisor's id answers 404, like an id that does not exist.
 */
function advisorScope(caller: TAuthUser, requested: string | undefined): string | undefined {
  if (isCompanyWide(caller)) return requested;
  if (requested !== undefined && requested !== caller.id) throw notFound('advisorNotFound');
  return caller.id;
}

function emptyCounts(): TContractCounts {
  return { NEW: 0, ACTIVE: 0, STANDBY: 0, ARCHIVED: 0, DELETED: 0, ALL: 0 };
}

/** The clients list: searchable, paged, with the number of contracts per state of each client. */
export async function getClients(app: FastifyInstance, caller: TAuthUser, query: TAdvisorClientsQuery): Promise<TAdvisorClientPage> {
  const advisorId = advisorScope(caller, query.advisorId);
  const { rows, total } = await listClients(app.db, {
    companyId: caller.companyId,
    advisorId,
    q: query.q,
    limit: query.size,
    offset: query.page * query.size,
    includeBlocked: seesBlocked(caller),
  });
  const counts = new Map<string, TContractCounts>();
  for (const row of await countContractsByClient(app.db, caller.companyId, rows.map((r) => r.id))) {
    const entry = counts.get(row.user_id) ?? emptyCounts();
    const n = Number(row.n);
    if ((CONTRACT_STATES as readonly string[]).includes(row.state)) entry[row.state as TContractState] += n;
    entry.ALL += n;
    counts.set(row.user_id, entry);
  }
  const content: TAdvisorClient[] = rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    dni: r.dni,
    isActive: r.is_active,
    createdAt: iso(r.created_at),
    advisor: r.advisor_id ? { id: r.advisor_id, firstName: r.advisor_first_name ?? '', lastName: r.advisor_last_name ?? '', email: r.advisor_email ?? '' } : null,
    contracts: counts.get(r.id) ?? emptyCounts(),
  }));
  return toPage(content, query.page, query.size, total, true);
}

/** The client if the caller may act for them (their advisor, or staff of the company); 404 otherwise. */
async function reachableClient(app: FastifyInstance, caller: TAuthUser, clientId: string) {
  if (!isUuid(clientId)) throw notFound('clientNotFound');
  const client = await findClient(app.db, caller.companyId, clientId, { includeBlocked: seesBlocked(caller) });
  if (!client || client.id === caller.id || !isStaffFor(caller, { id: client.id, advisor_id: client.advisor_id })) throw notFound('clientNotFound');
  return client;
}

/** 404 `clientNotFound` unless the caller may act for the client (the path-reach gate's check). */
export async function assertClientReachable(app: FastifyInstance, caller: TAuthUser, clientId: string): Promise<void> {
  await reachableClient(app, caller, clientId);
}

/** A client's page (customerDetails): profile, contracts with history, payment methods, agent, notes. */
export async function getClientDetail(app: FastifyInstance, caller: TAuthUser, clientId: string): Promise<TAdvisorClientDetail> {
  const client = await reachableClient(app, caller, clientId);
  const [advisor, agent, contracts, methods, notes] = await Promise.all([
    client.advisor_id ? findPerson(app.db, caller.companyId, client.advisor_id) : Promise.resolve(undefined),
    findOpenAgent(app.db, caller.companyId, client.id),
    listClientContracts(app.db, caller.companyId, client.id),
    listPaymentMethods(app.db, caller.companyId, client.id),
    listNotes(app.db, caller.companyId, client.id),
  ]);
  const events = await listEventsOf(app.db, contracts.map((c) => c.id));
  return {
    profile: {
      id: client.id,
      email: client.email,
      firstName: client.first_name,
      lastName: client.last_name,
      phone: client.phone,
      dni: client.dni,
      country: client.country_id,
      city: client.city_id,
      postalCode: client.postal_code,
      language: client.language,
      isActive: client.is_active,
      createdAt: iso(client.created_at),
      confirmedAt: client.confirmed_at ? iso(client.confirmed_at) : null,
    },
    advisor: advisor ? { id: advisor.id, firstName: advisor.first_name, lastName: advisor.last_name, email: advisor.email } : null,
    agent: agent ? { id: agent.id, firstName: agent.first_name, lastName: agent.last_name, email: agent.email, since: iso(agent.assigned_at) } : null,
    contracts: contracts.map((c) => ({
      id: c.id,
      productKey: c.product_key,
      productNameEs: c.name_es ?? c.product_key,
      productNameEn: c.name_en ?? c.product_key,
      state: c.state as TContractState,
      initialInvestment: c.initial_investment,
      recurringAmount: c.recurring_amount,
      submissionDate: c.submission_date,
      expiringDate: c.expiring_date,
      createdAt: iso(c.created_at),
      history: events
        .filter((e) => e.contract_id === c.id)
        .map((e) => ({
          fromState: (e.from_state as TContractState | null) ?? null,
          toState: e.to_state as TContractState,
          at: iso(e.at),
          actor: e.actor_id ? { id: e.actor_id, name: fullName(e.first_name, e.last_name) } : null,
          // A revocation's reason is a message key (decision 0026); older rows are read as the key.
          reason: readHistoryReason(e.reason),
          paymentReference: e.payment_reference,
        })),
      actions: allowedActions(c.state as TContractState, true).filter((a) => ADVISOR_ACTIONS.includes(a)),
      reflection: reflectionInfo(c.created_at, c.waived_at),
    })),
    paymentMethods: methods.map(toPaymentPreference),
    notes: notes.map(toNote),
    canReassign: can(caller.roles, 'advisor.reassign'),
  };
}

const toNote = (n: { id: string | number | bigint; body: string; created_at: Date | string; author_id: string; first_name: string; last_name: string }): TClientNote => ({
  id: String(n.id),
  body: n.body,
  createdAt: iso(n.created_at),
  author: { id: n.author_id, name: fullName(n.first_name, n.last_name) },
});

/** Adds a note to a client's page (and an audit entry saying so, without the text). Returns the notes, newest first. */
export async function addClientNote(app: FastifyInstance, caller: TAuthUser, clientId: string, body: string, audit: TAuditContext): Promise<TClientNote[]> {
  const client = await reachableClient(app, caller, clientId);
  await app.db.transaction().execute(async (tx) => {
    const id = await insertNote(tx, { companyId: caller.companyId, clientId: client.id, authorId: caller.id, body });
    await recordAudit(tx, audit, { entityType: 'user', entityId: client.id, action: 'user.addClientNote', before: null, after: { noteId: id, length: [...body].length } });
  });
  return (await listNotes(app.db, caller.companyId, client.id)).map(toNote);
}

/** The queue: NEW contracts waiting for the first payment, oldest first. */
export async function getQueue(app: FastifyInstance, caller: TAuthUser, query: TAdvisorQueueQuery): Promise<TQueuePage> {
  const advisorId = isCompanyWide(caller) ? undefined : caller.id;
  const { rows, total } = await listQueue(app.db, { companyId: caller.companyId, advisorId, limit: query.size, offset: query.page * query.size, includeBlocked: seesBlocked(caller) });
  return toPage(
    rows.map((r) => ({
      contractId: r.id,
      productKey: r.product_key,
      productNameEs: r.name_es ?? r.product_key,
      productNameEn: r.name_en ?? r.product_key,
      initialInvestment: r.initial_investment,
      recurringAmount: r.recurring_amount,
      createdAt: iso(r.created_at),
      client: { id: r.client_id, firstName: r.client_first_name, lastName: r.client_last_name, email: r.client_email },
      advisor: r.advisor_id ? { id: r.advisor_id, firstName: r.advisor_first_name ?? '', lastName: r.advisor_last_name ?? '', email: r.advisor_email ?? '' } : null,
      reflection: reflectionInfo(r.created_at, r.waived_at),
    })),
    query.page,
    query.size,
    total,
    true,
  );
}

/** The advisors a client may be moved to. */
export async function getAdvisorOptions(app: FastifyInstance, caller: TAuthUser): Promise<TAdvisorOptions> {
  const rows = await listAdvisors(app.db, caller.companyId);
  return { advisors: rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, activeClients: Number(r.clients ?? 0) })) };
}

/**
 * Moves a client to another advisor (ADMIN, COMPANY_MANAGER), in one transaction: the client's
 * row is locked; the new advisor must hold ADVISOR, be active and of the same company. The
 * previous advisor's open tasks about the client (welcome, confirm the first payment of each
 * NEW contract) are closed and the new advisor gets them afresh; both advisors are notified;
 * an audit entry records before and after.
 */
export async function reassignClient(app: FastifyInstance, caller: TAuthUser, clientId: string, advisorId: string, audit: TAuditContext): Promise<TAdvisorClientDetail> {
  if (!isUuid(clientId)) throw notFound('clientNotFound');
  await app.db.transaction().execute(async (tx) => {
    const client = await findClient(tx, caller.companyId, clientId, { forUpdate: true, includeBlocked: seesBlocked(caller) });
    if (!client || client.id === caller.id) throw notFound('clientNotFound');
    const target = await findPerson(tx, caller.companyId, advisorId);
    if (!target || !target.roles.includes('ADVISOR') || !target.is_active || target.is_deleted || target.id === client.id) {
      throw new AppError(400, 'advisorNotFound', {}, [{ field: 'advisorId', message: 'validation.invalid' }]);
    }
    if (client.advisor_id === target.id) throw new AppError(409, 'clientSameAdvisor', {}, [{ field: 'advisorId', message: 'validation.invalid' }]);
    const previous = client.advisor_id ? await findPerson(tx, caller.companyId, client.advisor_id) : undefined;
    await setClientAdvisor(tx, client.id, target.id);
    await recordAudit(tx, audit, {
      entityType: 'user',
      entityId: client.id,
      action: 'user.reassignAdvisor',
      before: { advisorId: client.advisor_id },
      after: { advisorId: target.id },
    });
    const customerName = fullName(client.first_name, client.last_name);
    const clientLink = [{ label: 'viewClient' as const, link: paths.advisorClient.href(client.id) }];
    // The previous advisor's open tasks about this client end here; the new advisor gets them.
    const welcomeClosed = await completeTasks(tx, {
      companyId: caller.companyId,
      subjectType: 'user',
      subjectId: client.id,
      taskType: TASK_TYPES.welcomeClient,
      completedBy: caller.id,
    });
    await notify(tx, {
      companyId: caller.companyId,
      userId: target.id,
      kind: 'task',
      severity: welcomeClosed > 0 ? 'HIGH' : 'NORMAL',
      key: 'clientReassignedToYou',
      params: { customerName },
      links: clientLink,
      subject: { type: 'user', id: client.id },
      taskType: TASK_TYPES.welcomeClient,
    });
    for (const contract of await listNewContracts(tx, caller.companyId, client.id)) {
      await completeTasks(tx, {
        companyId: caller.companyId,
        subjectType: 'contract',
        subjectId: contract.id,
        taskType: TASK_TYPES.confirmFirstPayment,
        completedBy: caller.id,
      });
      await notify(tx, {
        companyId: caller.companyId,
        userId: target.id,
        kind: 'task',
        severity: 'HIGH',
        key: 'contractHired',
        params: { customerName, productName: { es: contract.name_es ?? contract.product_key, en: contract.name_en ?? contract.product_key } },
        links: [{ label: 'viewContract', link: paths.contracts.href(contract.id) }],
        subject: { type: 'contract', id: contract.id },
        taskType: TASK_TYPES.confirmFirstPayment,
      });
    }
    if (previous) {
      await notify(tx, {
        companyId: caller.companyId,
        userId: previous.id,
        kind: 'notification',
        key: 'clientReassignedAway',
        params: { customerName, advisorName: fullName(target.first_name, target.last_name) },
        // About the client: their erasure rewrites the name in it (decision 0027).
        subject: { type: 'user', id: client.id },
      });
    }
  });
  return getClientDetail(app, caller, clientId);
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseClientNotes } from './repository.ts';
