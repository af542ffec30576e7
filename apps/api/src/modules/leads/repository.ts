import { sql, type Kysely, type Transaction } from 'kysely';
import type { TLeadListQuery, TAgentClientListQuery, TPendingAssignmentQuery } from '@kc/domain';
import type { Database, LeadsTable } from '../../db/schema.ts';
import type { Updateable } from 'kysely';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/** `%`, `_` and `\` match themselves in a search. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const LIVE = ['RESERVED', 'EXTENDED'] as const;

const LEAD_COLUMNS = [
  'l.id',
  'l.company_id',
  'l.agent_id',
  'l.zone_id',
  'l.first_name',
  'l.last_name',
  'l.email',
  'l.email_key',
  'l.phone',
  'l.note',
  'l.state',
  'l.reserved_at',
  'l.reserved_until',
  'l.extended_at',
  'l.expiry_warned_at',
  'l.expired_at',
  'l.discarded_at',
  'l.discard_kind',
  'l.discard_reason',
  'l.converted_at',
  'l.converted_user_id',
] as const;

function leadQuery(db: TExecutor) {
  return db.selectFrom('leads as l').leftJoin('zones as z', 'z.id', 'l.zone_id').select([...LEAD_COLUMNS, 'z.title as zone_title']);
}
export type TLeadRow = Omit<NonNullable<Awaited<ReturnType<ReturnType<typeof leadQuery>['executeTakeFirst']>>>, 'zone_title'> & { zone_title?: string | null };

const SORT_COLUMNS = { reservedUntil: 'l.reserved_until', reservedAt: 'l.reserved_at', lastName: 'l.last_name', email: 'l.email_key' } as const;

/** One page of an agent's leads with the total. */
export async function listAgentLeads(db: TExecutor, companyId: string, agentId: string, query: TLeadListQuery) {
  let base = db.selectFrom('leads as l').where('l.company_id', '=', companyId).where('l.agent_id', '=', agentId);
  if (query.state === 'LIVE') base = base.where('l.state', 'in', [...LIVE]);
  else if (query.state) base = base.where('l.state', '=', query.state);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    base = base.where(
      sql<boolean>`kc_fold(l.first_name || ' ' || l.last_name || ' ' || l.email || ' ' || coalesce(l.phone, '')) LIKE kc_fold(${pattern})`,
    );
  }
  const direction = query.sort.direction;
  const rows = await base
    .leftJoin('zones as z', 'z.id', 'l.zone_id')
    .select([...LEAD_COLUMNS, 'z.title as zone_title'])
    .orderBy(sql.ref(SORT_COLUMNS[query.sort.field]), direction)
    .orderBy('l.id', direction)
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export function findLead(db: TExecutor, companyId: string, leadId: string) {
  return leadQuery(db).where('l.company_id', '=', companyId).where('l.id', '=', leadId).executeTakeFirst();
}

export function findLeadForUpdate(db: Transaction<Database>, companyId: string, leadId: string) {
  return db.selectFrom('leads as l').select([...LEAD_COLUMNS]).where('l.company_id', '=', companyId).where('l.id', '=', leadId).forUpdate().executeTakeFirst();
}

/** The live reservation of a person in a company (at most one: the index leads_live_person). */
export function findLivePerson(db: TExecutor, companyId: string, emailKey: string) {
  return db
    .selectFrom('leads')
    .select(['id', 'agent_id', 'reserved_until'])
    .where('company_id', '=', companyId)
    .where('email_key', '=', emailKey)
    .where('state', 'in', [...LIVE])
    .executeTakeFirst();
}

/**
 * Expires, inside the caller's transaction, a person's live reservation whose end has passed but
 * that the job has not handled yet (so it does not block a new one). The state condition makes
 * the expiry happen once, whoever gets there first (this or the job). Returns the rows expired.
 */
export async function expireStalePerson(tx: Transaction<Database>, companyId: string, emailKey: string, now: Date) {
  return tx
    .updateTable('leads')
    .set({ state: 'EXPIRED', expired_at: now, updated_at: now })
    .where('company_id', '=', companyId)
    .where('email_key', '=', emailKey)
    .where('state', 'in', [...LIVE])
    .where('reserved_until', '<=', now)
    .returning(['id', 'company_id', 'agent_id', 'first_name', 'last_name', 'expiry_warned_at'])
    .execute();
}

export async function insertLead(
  tx: Transaction<Database>,
  lead: {
    companyId: string;
    agentId: string;
    zoneId: string | null;
    firstName: string;
    lastName: string;
    email: string;
    emailKey: string;
    phone: string | null;
    note: string | null;
    reservedAt: Date;
    reservedUntil: Date;
  },
): Promise<string> {
  const row = await tx
    .insertInto('leads')
    .values({
      company_id: lead.companyId,
      agent_id: lead.agentId,
      zone_id: lead.zoneId,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      email_key: lead.emailKey,
      phone: lead.phone,
      note: lead.note,
      state: 'RESERVED',
      reserved_at: lead.reservedAt,
      reserved_until: lead.reservedUntil,
      created_at: lead.reservedAt,
      updated_at: lead.reservedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLead(tx: Transaction<Database>, leadId: string, changes: Updateable<LeadsTable>) {
  await tx.updateTable('leads').set(changes).where('id', '=', leadId).execute();
}

/** An operative zone of the company. */
export function findOperativeZone(db: TExecutor, companyId: string, zoneId: string) {
  return db.selectFrom('zones').select(['id', 'title']).where('company_id', '=', companyId).where('id', '=', zoneId).where('state', '=', 'OPERATIVE').executeTakeFirst();
}

export function listOperativeZones(db: TExecutor, companyId: string) {
  return db.selectFrom('zones').select(['id', 'title']).where('company_id', '=', companyId).where('state', '=', 'OPERATIVE').orderBy('title').orderBy('id').execute();
}

/** A confirmed investor account of the company with this e-mail (case ignored). */
export function findInvestorByEmail(db: TExecutor, companyId: string, emailKey: string) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey))
    .where(sql<boolean>`'INVESTOR' = ANY(roles)`)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
}

/** Marks the person's live lead CONVERTED (at sign-up confirmation); returns it, if any. */
export async function convertLivePerson(tx: TExecutor, companyId: string, emailKey: string, userId: string, now: Date) {
  return tx
    .updateTable('leads')
    .set({ state: 'CONVERTED', converted_at: now, converted_user_id: userId, updated_at: now })
    .where('company_id', '=', companyId)
    .where('email_key', '=', emailKey)
    .where('state', 'in', [...LIVE])
    .where('reserved_until', '>', now)
    .returning(['id', 'agent_id', 'first_name', 'last_name'])
    .executeTakeFirst();
}

export function findOpenAssignment(db: TExecutor, customerId: string) {
  return db.selectFrom('customer_agent_assignments').select(['id', 'agent_id']).where('customer_id', '=', customerId).where('ended_at', 'is', null).executeTakeFirst();
}

export async function insertAssignment(
  tx: TExecutor,
  row: { companyId: string; customerId: string; agentId: string; leadId: string | null; assignedBy: string | null; at: Date },
): Promise<void> {
  await tx
    .insertInto('customer_agent_assignments')
    .values({ company_id: row.companyId, customer_id: row.customerId, agent_id: row.agentId, lead_id: row.leadId, assigned_by: row.assignedBy, assigned_at: row.at })
    .execute();
}

/** One page of an agent's clients (open assignments) with the total. */
export async function listAgentClients(db: TExecutor, companyId: string, agentId: string, query: TAgentClientListQuery) {
  let base = db
    .selectFrom('customer_agent_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.customer_id')
    .where('a.company_id', '=', companyId)
    .where('a.agent_id', '=', agentId)
    .where('a.ended_at', 'is', null);
  if (query.q) base = base.where(sql<boolean>`u.search_text LIKE '%' || kc_fold(${escapeLike(query.q)}) || '%'`);
  const rows = await base
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.phone', 'a.assigned_at', 'a.lead_id'])
    .orderBy('a.assigned_at', 'desc')
    .orderBy('u.id')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export function listContractsOf(db: TExecutor, companyId: string, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contracts')
    .select(['id', 'user_id', 'product_key', 'state', 'initial_investment', 'submission_date'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', customerIds)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The agent's figures in one statement. */
export async function readAgentFigures(db: TExecutor, companyId: string, agentId: string, now: Date, warnFrom: Date) {
  const result = await sql<{
    active: string;
    expiring: string;
    converted: string;
    discarded_clients: string;
    discarded_offerings: string;
    expired: string;
    clients: string;
    active_contracts: string;
  }>`
    SELECT
      count(*) FILTER (WHERE state IN ('RESERVED', 'EXTENDED') AND reserved_until > ${now}) AS active,
      count(*) FILTER (WHERE state IN ('RESERVED', 'EXTENDED') AND reserved_until > ${now} AND reserved_until <= ${warnFrom}) AS expiring,
      count(*) FILTER (WHERE state = 'CONVERTED') AS converted,
      count(*) FILTER (WHERE state = 'DISCARDED' AND discard_kind = 'CLIENT') AS discarded_clients,
      count(*) FILTER (WHERE state = 'DISCARDED' AND discard_kind = 'OFFERING') AS discarded_offerings,
      count(*) FILTER (WHERE state = 'EXPIRED' OR (state IN ('RESERVED', 'EXTENDED') AND reserved_until <= ${now})) AS expired,
      (SELECT count(*) FROM customer_agent_assignments a WHERE a.company_id = ${companyId} AND a.agent_id = ${agentId} AND a.ended_at IS NULL) AS clients,
      (SELECT count(*) FROM customer_agent_assignments a JOIN contracts c ON c.user_id = a.customer_id AND c.company_id = a.company_id
        WHERE a.company_id = ${companyId} AND a.agent_id = ${agentId} AND a.ended_at IS NULL AND c.state = 'ACTIVE') AS active_contracts
    FROM leads WHERE company_id = ${companyId} AND agent_id = ${agentId}`.execute(db);
  return result.rows[0]!;
}

// ---------------------------------------------------------------------------------------------
// Pending assignments

/** Confirmed, active investors of the company with no open assignment to an agent. */
export async function listPendingAssignments(db: TExecutor, companyId: string, query: TPendingAssignmentQuery) {
  let base = db
    .selectFrom('users as u')
    .leftJoin('users as adv', 'adv.id', 'u.advisor_id')
    .where('u.company_id', '=', companyId)
    .where(sql<boolean>`'INVESTOR' = ANY(u.roles)`)
    .where('u.confirmed_at', 'is not', null)
    .where('u.is_active', '=', true)
    .where('u.is_deleted', '=', false)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('customer_agent_assignments as a').select('a.id').whereRef('a.customer_id', '=', 'u.id').where('a.ended_at', 'is', null))),
    );
  if (query.q) base = base.where(sql<boolean>`u.search_text LIKE '%' || kc_fold(${escapeLike(query.q)}) || '%'`);
  const rows = await base
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.confirmed_at', 'adv.id as advisor_id', 'adv.first_name as advisor_first_name', 'adv.last_name as advisor_last_name'])
    .orderBy('u.confirmed_at', 'asc')
    .orderBy('u.id')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** A confirmed active investor of the company, locked for the assignment. */
export function findInvestorForUpdate(tx: Transaction<Database>, companyId: string, customerId: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'advisor_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', customerId)
    .where(sql<boolean>`'INVESTOR' = ANY(roles)`)
    .where('confirmed_at', 'is not', null)
    .where('is_active', '=', true)
    .where('is_deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The active agents the caller may assign clients to: every agent of the company (`teamManagerId`
 * null), or the agents whose open team membership is in a team the manager runs. Reads the
 * sales network's teams and memberships (never writes them).
 */
export function listAssignableAgents(db: TExecutor, companyId: string, teamManagerId: string | null, agentId?: string) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('team_memberships as m', (join) => join.onRef('m.agent_id', '=', 'u.id').on('m.left_at', 'is', null))
    .leftJoin('teams as t', 't.id', 'm.team_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 't.title as team_title'])
    .where('u.company_id', '=', companyId)
    .where(sql<boolean>`'AGENT' = ANY(u.roles)`)
    .where('u.is_active', '=', true)
    .where('u.is_deleted', '=', false);
  if (teamManagerId !== null) query = query.where('t.manager_id', '=', teamManagerId).where('t.company_id', '=', companyId).where('t.state', '=', 'OPERATIVE');
  if (agentId) query = query.where('u.id', '=', agentId);
  return query.orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id').execute();
}

// ---------------------------------------------------------------------------------------------
// The expiry job

/**
 * Leases up to `limit` live leads whose 15-day warning is due and not yet given, locked with
 * FOR UPDATE SKIP LOCKED (another runner takes other rows), and marks them warned. The caller's
 * transaction holds the locks until the tasks are written.
 */
export async function claimDueWarnings(tx: Transaction<Database>, now: Date, warnBefore: Date, limit: number) {
  const result = await sql<{ id: string; company_id: string; agent_id: string; first_name: string; last_name: string; reserved_until: Date }>`
    UPDATE leads SET expiry_warned_at = ${now}, updated_at = ${now}
    WHERE id IN (
      SELECT id FROM leads
      WHERE state IN ('RESERVED', 'EXTENDED') AND expiry_warned_at IS NULL
        AND reserved_until <= ${warnBefore} AND reserved_until > ${now}
      ORDER BY reserved_until
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, company_id, agent_id, first_name, last_name, reserved_until`.execute(tx);
  return result.rows;
}

/** Leases up to `limit` live leads whose end has come and expires them (FOR UPDATE SKIP LOCKED). */
export async function claimDueExpiries(tx: Transaction<Database>, now: Date, limit: number) {
  const result = await sql<{ id: string; company_id: string; agent_id: string; first_name: string; last_name: string; expiry_warned_at: Date | null }>`
    UPDATE leads SET state = 'EXPIRED', expired_at = ${now}, updated_at = ${now}
    WHERE id IN (
      SELECT id FROM leads
      WHERE state IN ('RESERVED', 'EXTENDED') AND reserved_until <= ${now}
      ORDER BY reserved_until
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, company_id, agent_id, first_name, last_name, expiry_warned_at`.execute(tx);
  return result.rows;
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** The phones in leads with the person's e-mail (to find them elsewhere). */
export async function leadPhonesOf(db: TExecutor, person: Pick<TErasedPerson, 'companyId' | 'email'>): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('phone')
    .where('company_id', '=', person.companyId)
    .where(sql<boolean>`lower(email) = ${person.email}`)
    .execute();
  return rows.flatMap((r) => (r.phone ? [r.phone] : []));
}

/** Leads of the person (converted into their account, or with their e-mail): every personal field replaced. */
export async function eraseLeads(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const { anon } = person;
  const result = await tx
    .updateTable('leads')
    .set({ first_name: anon, last_name: anon, email: anon, email_key: anon, phone: null, note: null, discard_reason: null, updated_at: person.at })
    .where('company_id', '=', person.companyId)
    .where((eb) => eb.or([eb('converted_user_id', '=', person.id), eb(sql`lower(email)`, '=', person.email)]))
    .executeTakeFirst();
  return { leads: changedRows(result) };
}
