import { sql, type Kysely, type Transaction } from 'kysely';
import type { TNetworkListQuery } from '@kc/domain';
import type { Database } from '../../db/schema.ts';

/**
 * The sales network's SQL (the only place with it). Every statement is scoped by company_id.
 * Figures are computed from rows: an agent's come from their open client assignments, those
 * clients' ACTIVE contracts and their own leads, kept in `agent_figures` by triggers (migration
 * 0015); a team's are the sums of its agents'.
 */
export type TExecutor = Kysely<Database> | Transaction<Database>;

/** Which nodes a caller may see: every node of the company, or those under the groups/teams they run. */
export type TReach = { kind: 'company' } | { kind: 'group'; managerId: string } | { kind: 'team'; managerId: string } | { kind: 'agent'; agentId: string };

const NODE_COLUMNS = ['id', 'title', 'state', 'start_since', 'country_id', 'city_id', 'phone', 'email', 'manager_id'] as const;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---------------------------------------------------------------------------------------------
// Reach

/** The ids of the groups the caller reaches (undefined: all of the company). */
export async function reachableGroupIds(db: TExecutor, companyId: string, reach: TReach): Promise<string[] | undefined> {
  if (reach.kind === 'company') return undefined;
  if (reach.kind === 'group') {
    const rows = await db.selectFrom('company_groups').select('id').where('company_id', '=', companyId).where('manager_id', '=', reach.managerId).execute();
    return rows.map((r) => r.id);
  }
  if (reach.kind === 'team') {
    const rows = await db.selectFrom('teams').select('group_id').where('company_id', '=', companyId).where('manager_id', '=', reach.managerId).execute();
    return [...new Set(rows.map((r) => r.group_id))];
  }
  const rows = await db
    .selectFrom('team_memberships as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select('t.group_id')
    .where('m.company_id', '=', companyId)
    .where('m.agent_id', '=', reach.agentId)
    .where('m.left_at', 'is', null)
    .execute();
  return rows.map((r) => r.group_id);
}

/** The ids of the teams the caller reaches (undefined: all of the company). */
export async function reachableTeamIds(db: TExecutor, companyId: string, reach: TReach): Promise<string[] | undefined> {
  if (reach.kind === 'company') return undefined;
  let query = db.selectFrom('teams').select('id').where('company_id', '=', companyId);
  if (reach.kind === 'group') {
    query = query.where('group_id', 'in', db.selectFrom('company_groups').select('id').where('company_id', '=', companyId).where('manager_id', '=', reach.managerId));
  } else if (reach.kind === 'team') {
    query = query.where('manager_id', '=', reach.managerId);
  } else {
    query = query.where('id', 'in', db.selectFrom('team_memberships').select('team_id').where('agent_id', '=', reach.agentId).where('left_at', 'is', null));
  }
  return (await query.execute()).map((r) => r.id);
}

/**
 * The users a group or team manager reaches in the user back office: the agents with an open
 * membership in the teams they reach, those teams' managers, and the agents' clients (open
 * assignments). A subquery of user ids, for the user list and page.
 */
export function usersInReach(db: TExecutor, companyId: string, scope: 'group' | 'team', managerId: string) {
  const teams =
    scope === 'group'
      ? db
          .selectFrom('teams')
          .select('id')
          .where('company_id', '=', companyId)
          .where('group_id', 'in', db.selectFrom('company_groups').select('id').where('company_id', '=', companyId).where('manager_id', '=', managerId))
      : db.selectFrom('teams').select('id').where('company_id', '=', companyId).where('manager_id', '=', managerId);
  const agents = db.selectFrom('team_memberships').select('agent_id as user_id').where('company_id', '=', companyId).where('left_at', 'is', null).where('team_id', 'in', teams);
  const managers = db.selectFrom('teams').select('manager_id as user_id').where('company_id', '=', companyId).where('manager_id', 'is not', null).where('id', 'in', teams);
  const clients = db
    .selectFrom('customer_agent_assignments')
    .select('customer_id as user_id')
    .where('company_id', '=', companyId)
    .where('ended_at', 'is', null)
    .where('agent_id', 'in', db.selectFrom('team_memberships').select('agent_id').where('company_id', '=', companyId).where('left_at', 'is', null).where('team_id', 'in', teams));
  return agents.union(managers.$narrowType<{ user_id: string }>()).union(clients);
}

/** Whether a user is in a group or team manager's reach (see `usersInReach`). */
export async function isUserInReach(db: TExecutor, companyId: string, scope: 'group' | 'team', managerId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom(usersInReach(db, companyId, scope, managerId).as('r'))
    .select('r.user_id')
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Nodes

export type TGroupRow = Awaited<ReturnType<typeof findGroups>>[number];
export type TTeamRow = Awaited<ReturnType<typeof findTeams>>[number];

function pageOf<T extends { total: string | number | bigint }>(rows: T[]) {
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

/** One page of groups (with the number of their teams) and the total. */
export async function listGroups(db: TExecutor, companyId: string, query: TNetworkListQuery, groupIds: string[] | undefined) {
  if (groupIds && groupIds.length === 0) return { rows: [], total: 0 };
  let base = db.selectFrom('company_groups as g').where('g.company_id', '=', companyId);
  if (groupIds) base = base.where('g.id', 'in', groupIds);
  if (query.q) base = base.where(sql<boolean>`lower(g.title) LIKE '%' || lower(${escapeLike(query.q)}) || '%'`);
  if (query.state) base = base.where('g.state', '=', query.state);
  const column = query.sort.field === 'title' ? 'g.title' : 'g.start_since';
  const rows = await base
    .select(NODE_COLUMNS.map((c) => `g.${c}` as const))
    .select(sql<string>`count(*) OVER ()`.as('total'))
    .orderBy(column, query.sort.direction)
    .orderBy('g.id')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  if (rows.length === 0 && query.page > 0) {
    const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { rows: [], total: Number(count.n) };
  }
  return pageOf(rows);
}

export function findGroups(db: TExecutor, companyId: string, groupIds: string[] | undefined) {
  let query = db.selectFrom('company_groups').select([...NODE_COLUMNS]).where('company_id', '=', companyId);
  if (groupIds) {
    if (groupIds.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', groupIds);
  }
  return query.orderBy('title').orderBy('id').execute();
}

export function findGroup(db: TExecutor, companyId: string, groupId: string) {
  return db.selectFrom('company_groups').select([...NODE_COLUMNS]).where('company_id', '=', companyId).where('id', '=', groupId).executeTakeFirst();
}

export function lockGroup(db: Transaction<Database>, companyId: string, groupId: string) {
  return db.selectFrom('company_groups').select([...NODE_COLUMNS]).where('company_id', '=', companyId).where('id', '=', groupId).forUpdate().executeTakeFirst();
}

const TEAM_COLUMNS = [...NODE_COLUMNS.map((c) => `t.${c}` as const), 't.group_id', 'g.title as group_title'] as const;

/** One page of teams and the total. */
export async function listTeams(db: TExecutor, companyId: string, query: TNetworkListQuery, teamIds: string[] | undefined) {
  if (teamIds && teamIds.length === 0) return { rows: [], total: 0 };
  let base = db.selectFrom('teams as t').innerJoin('company_groups as g', 'g.id', 't.group_id').where('t.company_id', '=', companyId);
  if (teamIds) base = base.where('t.id', 'in', teamIds);
  if (query.q) base = base.where(sql<boolean>`lower(t.title) LIKE '%' || lower(${escapeLike(query.q)}) || '%'`);
  if (query.state) base = base.where('t.state', '=', query.state);
  if (query.groupId) base = base.where('t.group_id', '=', query.groupId);
  const column = query.sort.field === 'title' ? 't.title' : 't.start_since';
  const rows = await base
    .select([...TEAM_COLUMNS])
    .select(sql<string>`count(*) OVER ()`.as('total'))
    .orderBy(column, query.sort.direction)
    .orderBy('t.id')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  if (rows.length === 0 && query.page > 0) {
    const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { rows: [], total: Number(count.n) };
  }
  return pageOf(rows);
}

export function findTeams(db: TExecutor, companyId: string, filter: { teamIds?: string[]; groupIds?: string[] }) {
  let query = db.selectFrom('teams as t').innerJoin('company_groups as g', 'g.id', 't.group_id').select([...TEAM_COLUMNS]).where('t.company_id', '=', companyId);
  if (filter.teamIds) {
    if (filter.teamIds.length === 0) return Promise.resolve([]);
    query = query.where('t.id', 'in', filter.teamIds);
  }
  if (filter.groupIds) {
    if (filter.groupIds.length === 0) return Promise.resolve([]);
    query = query.where('t.group_id', 'in', filter.groupIds);
  }
  return query.orderBy('t.title').orderBy('t.id').execute();
}

export function findTeam(db: TExecutor, companyId: string, teamId: string) {
  return db
    .selectFrom('teams as t')
    .innerJoin('company_groups as g', 'g.id', 't.group_id')
    .select([...TEAM_COLUMNS])
    .where('t.company_id', '=', companyId)
    .where('t.id', '=', teamId)
    .executeTakeFirst();
}

export function lockTeam(db: Transaction<Database>, companyId: string, teamId: string) {
  return db.selectFrom('teams').select([...NODE_COLUMNS, 'group_id']).where('company_id', '=', companyId).where('id', '=', teamId).forUpdate().executeTakeFirst();
}

export interface TNodeValues {
  title: string;
  startSince: string;
  countryId: string | null;
  cityId: string | null;
  phone: string | null;
  email: string | null;
  managerId: string | null;
}

const nodeRow = (v: TNodeValues) => ({
  title: v.title,
  start_since: v.startSince,
  country_id: v.countryId,
  city_id: v.cityId,
  phone: v.phone,
  email: v.email,
  manager_id: v.managerId,
});

export async function insertGroup(tx: TExecutor, companyId: string, values: TNodeValues): Promise<string> {
  const row = await tx.insertInto('company_groups').values({ company_id: companyId, ...nodeRow(values) }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(tx: TExecutor, companyId: string, groupId: string, values: TNodeValues): Promise<void> {
  await tx.updateTable('company_groups').set({ ...nodeRow(values), updated_at: sql<Date>`now()` }).where('company_id', '=', companyId).where('id', '=', groupId).execute();
}

export async function closeGroupRow(tx: TExecutor, companyId: string, groupId: string): Promise<void> {
  await tx
    .updateTable('company_groups')
    .set({ state: 'CLOSED', closed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', groupId)
    .execute();
}

export async function insertTeam(tx: TExecutor, companyId: string, groupId: string, values: TNodeValues): Promise<string> {
  const row = await tx.insertInto('teams').values({ company_id: companyId, group_id: groupId, ...nodeRow(values) }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTeam(tx: TExecutor, companyId: string, teamId: string, groupId: string, values: TNodeValues): Promise<void> {
  await tx
    .updateTable('teams')
    .set({ ...nodeRow(values), group_id: groupId, updated_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', teamId)
    .execute();
}

export async function closeTeamRow(tx: TExecutor, companyId: string, teamId: string): Promise<void> {
  await tx
    .updateTable('teams')
    .set({ state: 'CLOSED', closed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', teamId)
    .execute();
}

export async function countOpenTeams(tx: TExecutor, companyId: string, groupId: string): Promise<number> {
  const row = await tx
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .where('state', '=', 'OPERATIVE')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countTeamAgents(tx: TExecutor, companyId: string, teamId: string): Promise<number> {
  const row = await tx
    .selectFrom('team_memberships')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('team_id', '=', teamId)
    .where('left_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// People

export function findPerson(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'roles', 'is_active', 'is_deleted'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Locks the user's row: moves of one agent queue instead of racing on the open membership. */
export function lockPerson(db: Transaction<Database>, companyId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'roles', 'is_active', 'is_deleted'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function findPeople(db: TExecutor, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

export function findOpenMembership(db: TExecutor, companyId: string, agentId: string) {
  return db
    .selectFrom('team_memberships as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select(['m.id', 'm.team_id', 'm.joined_at', 't.title', 't.manager_id', 't.group_id'])
    .where('m.company_id', '=', companyId)
    .where('m.agent_id', '=', agentId)
    .where('m.left_at', 'is', null)
    .executeTakeFirst();
}

export async function closeMembership(tx: TExecutor, membershipId: string, by: string): Promise<void> {
  await tx.updateTable('team_memberships').set({ left_at: sql<Date>`now()`, left_by: by }).where('id', '=', membershipId).execute();
}

export async function openMembership(tx: TExecutor, companyId: string, teamId: string, agentId: string, by: string): Promise<void> {
  await tx.insertInto('team_memberships').values({ company_id: companyId, team_id: teamId, agent_id: agentId, joined_by: by }).execute();
}

// ---------------------------------------------------------------------------------------------
// Figures

export interface TAgentFiguresRow {
  team_id: string;
  agent_id: string;
  first_name: string;
  last_name: string;
  email: string;
  customers: string | number;
  contracts: string | number;
  investment: string;
  active_leads: string | number;
  discarded_clients: string | number;
  discarded_offerings: string | number;
}

/**
 * The figures of every agent with an open membership in `teamIds`: one indexed read of the
 * agent's `agent_figures` row, which triggers keep from rows in the same transaction as each
 * change (migration 0015): the clients of their open assignments, those clients' ACTIVE
 * contracts (count and the sum of the initial investment), their live leads (RESERVED/EXTENDED
 * — a due lead counts until the expiry job turns it EXPIRED) and discarded ones by kind.
 */
export async function agentFigures(db: TExecutor, companyId: string, teamIds: string[]): Promise<TAgentFiguresRow[]> {
  if (teamIds.length === 0) return [];
  const result = await sql<TAgentFiguresRow>`
    SELECT m.team_id, m.agent_id, u.first_name, u.last_name, u.email,
           coalesce(f.customers, 0) AS customers, coalesce(f.active_contracts, 0) AS contracts,
           coalesce(f.investment, 0)::numeric(16,2)::text AS investment,
           coalesce(f.active_leads, 0) AS active_leads, coalesce(f.discarded_clients, 0) AS discarded_clients,
           coalesce(f.discarded_offerings, 0) AS discarded_offerings
      FROM team_memberships m
      JOIN users u ON u.id = m.agent_id
      LEFT JOIN agent_figures f ON f.agent_id = m.agent_id AND f.company_id = ${companyId}
     WHERE m.company_id = ${companyId} AND m.left_at IS NULL AND m.team_id IN (${sql.join(teamIds)})
     ORDER BY u.last_name, u.first_name, m.agent_id
  `.execute(db);
  return result.rows;
}

export interface TFiguresMismatch {
  agent_id: string;
  stored: string;
  computed: string;
}

/**
 * Recomputes every agent's figures of the company from the rows and compares them with
 * `agent_figures`: the agents whose stored figures differ (empty when they all agree). An agent
 * without a row and one with a row of zeros agree.
 */
export async function checkAgentFigures(db: TExecutor, companyId: string): Promise<TFiguresMismatch[]> {
  const result = await sql<TFiguresMismatch>`
    WITH computed AS (
      SELECT x.agent_id, sum(x.customers)::int AS customers, sum(x.contracts)::int AS active_contracts, sum(x.investment)::numeric(16,2) AS investment,
             sum(x.active_leads)::int AS active_leads, sum(x.discarded_clients)::int AS discarded_clients, sum(x.discarded_offerings)::int AS discarded_offerings
        FROM (
          SELECT a.agent_id, count(*) AS customers, coalesce(sum(k.n), 0) AS contracts, coalesce(sum(k.s), 0) AS investment,
                 0 AS active_leads, 0 AS discarded_clients, 0 AS discarded_offerings
            FROM customer_agent_assignments a
            CROSS JOIN LATERAL (
              SELECT count(*) AS n, coalesce(sum(c.initial_investment), 0) AS s
                FROM contracts c WHERE c.company_id = a.company_id AND c.user_id = a.customer_id AND c.state = 'ACTIVE'
            ) k
           WHERE a.company_id = ${companyId} AND a.ended_at IS NULL
           GROUP BY a.agent_id
          UNION ALL
          SELECT l.agent_id, 0, 0, 0,
                 count(*) FILTER (WHERE l.state IN ('RESERVED', 'EXTENDED')),
                 count(*) FILTER (WHERE l.state = 'DISCARDED' AND l.discard_kind = 'CLIENT'),
                 count(*) FILTER (WHERE l.state = 'DISCARDED' AND l.discard_kind = 'OFFERING')
            FROM leads l
           WHERE l.company_id = ${companyId}
           GROUP BY l.agent_id
        ) x
       GROUP BY x.agent_id
    ),
    stored AS (
      SELECT agent_id, customers, active_contracts, investment, active_leads, discarded_clients, discarded_offerings
        FROM agent_figures WHERE company_id = ${companyId}
    )
    SELECT coalesce(s.agent_id, c.agent_id) AS agent_id,
           concat_ws(' ', coalesce(s.customers, 0), coalesce(s.active_contracts, 0), coalesce(s.investment, 0)::numeric(16,2), coalesce(s.active_leads, 0), coalesce(s.discarded_clients, 0), coalesce(s.discarded_offerings, 0)) AS stored,
           concat_ws(' ', coalesce(c.customers, 0), coalesce(c.active_contracts, 0), coalesce(c.investment, 0)::numeric(16,2), coalesce(c.active_leads, 0), coalesce(c.discarded_clients, 0), coalesce(c.discarded_offerings, 0)) AS computed
      FROM stored s FULL JOIN computed c ON c.agent_id = s.agent_id
     WHERE concat_ws(' ', coalesce(s.customers, 0), coalesce(s.active_contracts, 0), coalesce(s.investment, 0)::numeric(16,2), coalesce(s.active_leads, 0), coalesce(s.discarded_clients, 0), coalesce(s.discarded_offerings, 0))
        <> concat_ws(' ', coalesce(c.customers, 0), coalesce(c.active_contracts, 0), coalesce(c.investment, 0)::numeric(16,2), coalesce(c.active_leads, 0), coalesce(c.discarded_clients, 0), coalesce(c.discarded_offerings, 0))
     ORDER BY 1
  `.execute(db);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Zones and seats

const ZONE_COLUMNS = ['z.id', 'z.title', 'z.state', 'z.start_since', 'z.country_id', 'z.city_id', 'z.phone', 'z.email', 'z.group_id', 'g.title as group_title'] as const;

export async function listZones(db: TExecutor, companyId: string, query: TNetworkListQuery, groupIds: string[] | undefined) {
  if (groupIds && groupIds.length === 0) return { rows: [], total: 0 };
  let base = db.selectFrom('zones as z').innerJoin('company_groups as g', 'g.id', 'z.group_id').where('z.company_id', '=', companyId);
  if (groupIds) base = base.where('z.group_id', 'in', groupIds);
  if (query.q) base = base.where(sql<boolean>`lower(z.title) LIKE '%' || lower(${escapeLike(query.q)}) || '%'`);
  if (query.state) base = base.where('z.state', '=', query.state);
  if (query.groupId) base = base.where('z.group_id', '=', query.groupId);
  const column = query.sort.field === 'title' ? 'z.title' : 'z.start_since';
  const rows = await base
    .select([...ZONE_COLUMNS])
    .select(sql<string>`count(*) OVER ()`.as('total'))
    .orderBy(column, query.sort.direction)
    .orderBy('z.id')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  if (rows.length === 0 && query.page > 0) {
    const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { rows: [], total: Number(count.n) };
  }
  return pageOf(rows);
}
export type TZoneRow = Awaited<ReturnType<typeof findZone>> & {};

export function findZone(db: TExecutor, companyId: string, zoneId: string) {
  return db
    .selectFrom('zones as z')
    .innerJoin('company_groups as g', 'g.id', 'z.group_id')
    .select([...ZONE_COLUMNS])
    .where('z.company_id', '=', companyId)
    .where('z.id', '=', zoneId)
    .executeTakeFirst();
}

/** Locks the zone's row: every seat taken in a zone queues behind it, so the count is true. */
export function lockZone(tx: Transaction<Database>, companyId: string, zoneId: string) {
  return tx.selectFrom('zones').select(['id', 'title', 'state', 'group_id']).where('company_id', '=', companyId).where('id', '=', zoneId).forUpdate().executeTakeFirst();
}

export function findMembershipTypes(db: TExecutor, companyId: string) {
  return db.selectFrom('membership_types').select(['type', 'stars', 'monthly_price', 'max_seats']).where('company_id', '=', companyId).orderBy('stars').execute();
}

/** Open seats by zone and type. */
export async function countOpenSeats(db: TExecutor, companyId: string, zoneIds: string[]) {
  if (zoneIds.length === 0) return [];
  const rows = await db
    .selectFrom('zone_seats')
    .select(['zone_id', 'membership_type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('company_id', '=', companyId)
    .where('released_at', 'is', null)
    .where('zone_id', 'in', zoneIds)
    .groupBy(['zone_id', 'membership_type'])
    .execute();
  return rows.map((r) => ({ zoneId: r.zone_id, type: r.membership_type, taken: Number(r.n) }));
}

export function findOpenSeats(db: TExecutor, companyId: string, zoneId: string) {
  return db
    .selectFrom('zone_seats as s')
    .innerJoin('users as u', 'u.id', 's.agent_id')
    .select(['s.id', 's.agent_id', 's.membership_type', 's.taken_at', 'u.first_name', 'u.last_name', 'u.email'])
    .where('s.company_id', '=', companyId)
    .where('s.zone_id', '=', zoneId)
    .where('s.released_at', 'is', null)
    .orderBy('s.taken_at')
    .orderBy('s.id')
    .execute();
}

export async function insertSeat(tx: TExecutor, companyId: string, zoneId: string, type: string, agentId: string): Promise<void> {
  await tx.insertInto('zone_seats').values({ company_id: companyId, zone_id: zoneId, membership_type: type, agent_id: agentId }).execute();
}

export async function releaseSeatRow(tx: TExecutor, seatId: string): Promise<void> {
  await tx.updateTable('zone_seats').set({ released_at: sql<Date>`now()` }).where('id', '=', seatId).execute();
}

/** Whether the agent has an open membership in a team of the group. */
export async function agentInGroup(db: TExecutor, companyId: string, agentId: string, groupId: string): Promise<boolean> {
  const row = await db
    .selectFrom('team_memberships as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select('m.id')
    .where('m.company_id', '=', companyId)
    .where('m.agent_id', '=', agentId)
    .where('m.left_at', 'is', null)
    .where('t.group_id', '=', groupId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Seed

export async function ensureMembershipTypes(
  db: TExecutor,
  companyId: string,
  types: readonly { type: string; stars: number; monthlyPrice: string; maxSeats: number }[],
): Promise<void> {
  await db
    .insertInto('membership_types')
    .values(types.map((t) => ({ company_id: companyId, type: t.type, stars: t.stars, monthly_price: t.monthlyPrice, max_seats: t.maxSeats })))
    .onConflict((oc) => oc.columns(['company_id', 'type']).doNothing())
    .execute();
}
