import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  EXPIRY_WARNING_DAYS,
  TASK_TYPES,
  checkExtension,
  emailKeyOf,
  extendedEnd,
  formatReservationDate,
  isExpiringSoon,
  isLiveAt,
  paths,
  reservationEnd,
  toPage,
  type TAgentClientListQuery,
  type TAgentClientPage,
  type TAgentFigures,
  type TAgentZoneList,
  type TAssignableAgentList,
  type TCreateLeadRequest,
  type TDiscardLeadRequest,
  type TLanguage,
  type TLead,
  type TLeadListQuery,
  type TLeadPage,
  type TPendingAssignmentPage,
  type TPendingAssignmentQuery,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { completeTasks, notify, notifyMany, type TNotificationExecutor, type TNotifyInput } from '../notifications/service.ts';
import './messages.ts';
import {
  convertLivePerson,
  expireStalePerson,
  findInvestorByEmail,
  findInvestorForUpdate,
  findLead,
  findLeadForUpdate,
  findLivePerson,
  findOpenAssignment,
  findOperativeZone,
  insertAssignment,
  insertLead,
  listAgentClients,
  listAgentLeads,
  listAssignableAgents,
  listContractsOf,
  listOperativeZones,
  listPendingAssignments as listPendingRows,
  readAgentFigures,
  updateLead,
  type TLeadRow,
} from './repository.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
const DAY_MS = 86_400_000;
const leadName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`;
/** A date parameter of a notification, read in the reader's language. */
const dateParam = (value: Date | string) => ({ es: formatReservationDate('es', value), en: formatReservationDate('en', value) });

export function toLead(row: TLeadRow & { zone_title?: string | null }, now: Date): TLead {
  const live = { state: row.state, reservedUntil: new Date(row.reserved_until) };
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    note: row.note,
    zone: row.zone_id ? { id: row.zone_id, title: row.zone_title ?? '' } : null,
    state: row.state,
    reservedAt: iso(row.reserved_at)!,
    reservedUntil: iso(row.reserved_until)!,
    extendedAt: iso(row.extended_at),
    expiringSoon: isExpiringSoon(live, now),
    canExtend: checkExtension({ ...live, extendedAt: row.extended_at ? new Date(row.extended_at) : null }, now) === null,
    expiredAt: iso(row.expired_at),
    discardedAt: iso(row.discarded_at),
    discardKind: row.discard_kind,
    discardReason: row.discard_reason,
    convertedAt: iso(row.converted_at),
    convertedUserId: row.converted_user_id,
  };
}

export async function listLeads(app: FastifyInstance, caller: TAuthUser, query: TLeadListQuery): Promise<TLeadPage> {
  const now = new Date();
  const { rows, total } = await listAgentLeads(app.db, caller.companyId, caller.id, query);
  return toPage(
    rows.map((row) => toLead(row, now)),
    query.page,
    query.size,
    total,
    true,
  );
}

/** Closes the "about to expire" task of a lead, if one is open. */
const closeExpiryTask = (tx: TNotificationExecutor, companyId: string, leadId: string, by: string | null) =>
  completeTasks(tx, { companyId, subjectType: 'lead', subjectId: leadId, taskType: TASK_TYPES.leadExpiring, completedBy: by });

type TExpiredLead = { id: string; company_id: string; agent_id: string; first_name: string; last_name: string; expiry_warned_at: Date | string | null };
type TExpiringLead = { id: string; company_id: string; agent_id: string; first_name: string; last_name: string; reserved_until: Date | string };

const expiredNotice = (lead: TExpiredLead): TNotifyInput => ({
  companyId: lead.company_id,
  userId: lead.agent_id,
  kind: 'notification',
  severity: 'NORMAL',
  key: 'leadExpired',
  params: { leadName: leadName(lead) },
  links: [{ label: 'viewLeads', link: paths.agentWorkspace.href('state=EXPIRED') }],
  subject: { type: 'lead', id: lead.id },
});

/**
 * Tells the agents their reservations have ended and closes their tasks (the job's batch, or a
 * stale row met on the way). Only a warned lead has a task to close.
 */
export async function tellExpired(tx: TNotificationExecutor, leads: TExpiredLead[]) {
  await notifyMany(tx, leads.map(expiredNotice));
  for (const lead of leads) {
    if (lead.expiry_warned_at !== null) await closeExpiryTask(tx, lead.company_id, lead.id, null);
  }
}

const expiringTask = (lead: TExpiringLead): TNotifyInput => ({
  companyId: lead.company_id,
  userId: lead.agent_id,
  kind: 'task',
  severity: 'HIGH',
  key: 'leadExpiring',
  params: { leadName: leadName(lead), until: dateParam(lead.reserved_until) },
  links: [{ label: 'viewLeads', link: paths.agentWorkspace.href('state=LIVE') }],
  subject: { type: 'lead', id: lead.id },
  taskType: TASK_TYPES.leadExpiring,
});

/** The warning 15 days before: a task for each agent, linked to their live leads. */
export async function tellExpiring(tx: TNotificationExecutor, leads: TExpiringLead[]) {
  await notifyMany(tx, leads.map(expiringTask));
}

/**
 * An agent registers a lead and so reserves the person for 6 months. A person held by anyone
 * (this agent or another) gets 409 saying until when; the unique index `leads_live_person`
 * decides every race. A live row whose end has passed (the job has not reached it yet) is
 * expired first, in the same transaction, so it does not block.
 */
export async function createLead(app: FastifyInstance, caller: TAuthUser, input: TCreateLeadRequest, language: TLanguage, audit: TAuditContext): Promise<TLead> {
  const emailKey = emailKeyOf(input.email);
  if (input.zoneId && !(await findOperativeZone(app.db, caller.companyId, input.zoneId))) {
    throw new AppError(400, 'leadZoneUnknown', {}, [{ field: 'zoneId', message: 'validation.invalid' }]);
  }
  if (await findInvestorByEmail(app.db, caller.companyId, emailKey)) {
    throw new AppError(409, 'leadAlreadyInvestor', {}, [{ field: 'email', message: 'validation.invalid' }]);
  }
  const now = new Date();
  let leadId: string;
  try {
    leadId = await app.db.transaction().execute(async (tx) => {
      await tellExpired(tx, await expireStalePerson(tx, caller.companyId, emailKey, now));
      const id = await insertLead(tx, {
        companyId: caller.companyId,
        agentId: caller.id,
        zoneId: input.zoneId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        emailKey,
        phone: input.phone,
        note: input.note,
        reservedAt: now,
        reservedUntil: reservationEnd(now),
      });
      await recordAudit(tx, audit, {
        entityType: 'lead',
        entityId: id,
        action: 'lead.create',
        before: null,
        after: { zoneId: input.zoneId, reservedUntil: reservationEnd(now).toISOString() },
      });
      return id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const holder = await findLivePerson(app.db, caller.companyId, emailKey);
    const until = holder ? formatReservationDate(language, holder.reserved_until) : formatReservationDate(language, reservationEnd(now));
    throw new AppError(409, holder?.agent_id === caller.id ? 'leadReservedByYou' : 'leadReservedByOther', { until }, [
      { field: 'email', message: 'validation.invalid' },
    ]);
  }
  const row = await findLead(app.db, caller.companyId, leadId);
  return toLead(row!, now);
}

async function changeOwnLead(
  app: FastifyInstance,
  caller: TAuthUser,
  leadId: string,
  audit: TAuditContext,
  action: 'lead.extend' | 'lead.discard',
  change: (tx: Transaction<Database>, lead: TLeadRow, now: Date) => Promise<Record<string, unknown>>,
): Promise<TLead> {
  if (!isUuid(leadId)) throw notFound('leadNotFound');
  const now = new Date();
  await app.db.transaction().execute(async (tx) => {
    const lead = await findLeadForUpdate(tx, caller.companyId, leadId);
    // Another agent's lead is as unknown as one of another company.
    if (!lead || lead.agent_id !== caller.id) throw notFound('leadNotFound');
    const after = await change(tx, lead, now);
    await recordAudit(tx, audit, { entityType: 'lead', entityId: lead.id, action, before: { state: lead.state, reservedUntil: iso(lead.reserved_until) }, after });
  });
  const row = await findLead(app.db, caller.companyId, leadId);
  return toLead(row!, now);
}

/** The one extension: 6 more months from the current end, only while live. */
export async function extendLead(app: FastifyInstance, caller: TAuthUser, leadId: string, language: TLanguage, audit: TAuditContext): Promise<TLead> {
  return changeOwnLead(app, caller, leadId, audit, 'lead.extend', async (tx, lead, now) => {
    const current = new Date(lead.reserved_until);
    const problem = checkExtension({ state: lead.state, reservedUntil: current, extendedAt: lead.extended_at ? new Date(lead.extended_at) : null }, now);
    if (problem === 'alreadyExtended' && isLiveAt({ state: lead.state, reservedUntil: current }, now)) {
      throw new AppError(409, 'leadAlreadyExtended', { until: formatReservationDate(language, current) });
    }
    if (problem) throw new AppError(409, 'leadNotLive');
    const until = extendedEnd(current);
    // A new end: the 15-day warning is due again before it (the old task is closed).
    await updateLead(tx, lead.id, { state: 'EXTENDED', extended_at: now, reserved_until: until, expiry_warned_at: null, updated_at: now });
    await closeExpiryTask(tx, lead.company_id, lead.id, caller.id);
    return { state: 'EXTENDED', reservedUntil: until.toISOString() };
  });
}

/** Discards a live lead with a kind and a reason (kept); the person is free again. */
export async function discardLead(app: FastifyInstance, caller: TAuthUser, leadId: string, input: TDiscardLeadRequest, audit: TAuditContext): Promise<TLead> {
  return changeOwnLead(app, caller, leadId, audit, 'lead.discard', async (tx, lead, now) => {
    if (!isLiveAt({ state: lead.state, reservedUntil: new Date(lead.reserved_until) }, now)) throw new AppError(409, 'leadNotLive');
    await updateLead(tx, lead.id, { state: 'DISCARDED', discarded_at: now, discard_kind: input.kind, discard_reason: input.reason, updated_at: now });
    await closeExpiryTask(tx, lead.company_id, lead.id, caller.id);
    return { state: 'DISCARDED', discardKind: input.kind, discardReason: input.reason };
  });
}

/**
 * At sign-up confirmation (module signup, inside its transaction): a live reservation of this
 * person converts, and the investor becomes the agent's client; the agent is told. Returns the
 * agent's id, or null when nobody held the person.
 */
export async function convertLeadOnConfirmation(
  tx: TNotificationExecutor,
  user: { id: string; companyId: string; email: string; firstName: string; lastName: string },
): Promise<string | null> {
  const now = new Date();
  const lead = await convertLivePerson(tx, user.companyId, emailKeyOf(user.email), user.id, now);
  if (!lead) return null;
  if (!(await findOpenAssignment(tx, user.id))) {
    await insertAssignment(tx, { companyId: user.companyId, customerId: user.id, agentId: lead.agent_id, leadId: lead.id, assignedBy: null, at: now });
  }
  await closeExpiryTask(tx, user.companyId, lead.id, null);
  await notify(tx, {
    companyId: user.companyId,
    userId: lead.agent_id,
    kind: 'notification',
    severity: 'HIGH',
    key: 'leadConverted',
    params: { leadName: `${user.firstName} ${user.lastName}` },
    links: [{ label: 'viewClients', link: paths.agentWorkspace.href('tab=clients') }],
    subject: { type: 'user', id: user.id },
  });
  return lead.agent_id;
}

export async function listClients(app: FastifyInstance, caller: TAuthUser, query: TAgentClientListQuery): Promise<TAgentClientPage> {
  const { rows, total } = await listAgentClients(app.db, caller.companyId, caller.id, query);
  const contracts = await listContractsOf(
    app.db,
    caller.companyId,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      assignedAt: iso(r.assigned_at)!,
      origin: r.lead_id ? ('LEAD' as const) : ('ASSIGNED' as const),
      contracts: contracts
        .filter((c) => c.user_id === r.id)
        .map((c) => ({ id: c.id, productKey: c.product_key, state: c.state, initialInvestment: String(c.initial_investment), submissionDate: String(c.submission_date) })),
    })),
    query.page,
    query.size,
    total,
    true,
  );
}

export async function getFigures(app: FastifyInstance, caller: TAuthUser): Promise<TAgentFigures> {
  const now = new Date();
  const row = await readAgentFigures(app.db, caller.companyId, caller.id, now, new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS));
  return {
    activeLeads: Number(row.active),
    expiringSoon: Number(row.expiring),
    converted: Number(row.converted),
    discardedClients: Number(row.discarded_clients),
    discardedOfferings: Number(row.discarded_offerings),
    expired: Number(row.expired),
    clients: Number(row.clients),
    activeContracts: Number(row.active_contracts),
  };
}

export async function listZones(app: FastifyInstance, caller: TAuthUser): Promise<TAgentZoneList> {
  return { zones: await listOperativeZones(app.db, caller.companyId) };
}

// ---------------------------------------------------------------------------------------------
// Pending assignments

const isCompanyWide = (caller: TAuthUser) => caller.roles.includes('ADMIN') || caller.roles.includes('COMPANY_MANAGER');

export async function listPending(app: FastifyInstance, caller: TAuthUser, query: TPendingAssignmentQuery): Promise<TPendingAssignmentPage> {
  const { rows, total } = await listPendingRows(app.db, caller.companyId, query);
  return toPage(
    rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      confirmedAt: iso(r.confirmed_at),
      advisor: r.advisor_id ? { id: r.advisor_id, firstName: r.advisor_first_name ?? '', lastName: r.advisor_last_name ?? '' } : null,
    })),
    query.page,
    query.size,
    total,
    true,
  );
}

export async function assignableAgents(app: FastifyInstance, caller: TAuthUser): Promise<TAssignableAgentList> {
  const rows = await listAssignableAgents(app.db, caller.companyId, isCompanyWide(caller) ? null : caller.id);
  return { agents: rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, teamTitle: r.team_title })) };
}

/**
 * A manager assigns a confirmed investor without an agent to an agent: a TEAM_MANAGER to an
 * agent of a team they run, ADMIN and COMPANY_MANAGER to any agent of the company. The open
 * assignment's unique index decides a race between two managers. The agent is notified; an
 * audit entry is written in the same transaction.
 */
export async function assignClient(app: FastifyInstance, caller: TAuthUser, customerId: string, agentId: string, audit: TAuditContext) {
  if (!isUuid(customerId)) throw notFound('investorNotFound');
  const [agent] = await listAssignableAgents(app.db, caller.companyId, isCompanyWide(caller) ? null : caller.id, agentId);
  if (!agent) throw new AppError(403, 'agentNotAssignable', {}, [{ field: 'agentId', message: 'validation.invalid' }]);
  const now = new Date();
  try {
    await app.db.transaction().execute(async (tx) => {
      const customer = await findInvestorForUpdate(tx, caller.companyId, customerId);
      if (!customer) throw notFound('investorNotFound');
      if (await findOpenAssignment(tx, customerId)) throw new AppError(409, 'clientNotPending');
      await insertAssignment(tx, { companyId: caller.companyId, customerId, agentId: agent.id, leadId: null, assignedBy: caller.id, at: now });
      await recordAudit(tx, audit, {
        entityType: 'user',
        entityId: customerId,
        action: 'user.assignAgent',
        before: { agentId: null },
        after: { agentId: agent.id },
      });
      await notify(tx, {
        companyId: caller.companyId,
        userId: agent.id,
        kind: 'notification',
        severity: 'HIGH',
        key: 'clientAssigned',
        params: { customerName: `${customer.first_name} ${customer.last_name}` },
        links: [{ label: 'viewClients', link: paths.agentWorkspace.href('tab=clients') }],
        subject: { type: 'user', id: customerId },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'clientNotPending');
    throw error;
  }
  return { customerId, agentId: agent.id, assignedAt: now.toISOString() };
}


/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { leadPhonesOf, eraseLeads } from './repository.ts';
