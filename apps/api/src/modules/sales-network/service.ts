import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  ZERO_FIGURES,
  membershipTypeTitle,
  monthlyPriceText,
  networkStateLabel,
  occupationPercent,
  paths,
  sumFigures,
  sumMoney,
  toPage,
  vkey,
  type TAgentNode,
  type TGroup,
  type TGroupDetail,
  type TGroupPage,
  type TGroupRequest,
  type TLanguage,
  type TNetworkFigures,
  type TNetworkListQuery,
  type TNetworkState,
  type TNotificationKey,
  type TNotificationLinkLabel,
  type TPersonRef,
  type TTakeSeatRequest,
  type TTeam,
  type TTeamDetail,
  type TTeamPage,
  type TTeamRequest,
  type TTree,
  type TZone,
  type TZoneDetail,
  type TZonePage,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import type { TDb } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { isKnownCountry, listCountries } from '../lookups/lookups-data.ts';
import { notify } from '../notifications/service.ts';
import {
  agentFigures,
  agentInGroup,
  closeGroupRow,
  closeMembership,
  closeTeamRow,
  countOpenSeats,
  countOpenTeams,
  countTeamAgents,
  findGroup,
  findGroups,
  findMembershipTypes,
  findOpenMembership,
  findOpenSeats,
  findPeople,
  findPerson,
  findTeam,
  findTeams,
  findZone,
  insertGroup,
  insertSeat,
  insertTeam,
  listGroups,
  listTeams,
  listZones,
  lockGroup,
  lockPerson,
  lockTeam,
  lockZone,
  openMembership,
  reachableGroupIds,
  reachableTeamIds,
  releaseSeatRow,
  updateGroup as updateGroupRow,
  updateTeam as updateTeamRow,
  type TAgentFiguresRow,
  type TNodeValues,
  type TReach,
  isUserInReach,
} from './repository.ts';

/**
 * The sales network (issue 14): who sees what (`reachOf`), the figures computed from rows, and
 * the staff actions (groups, teams, moves, seats), each with its audit entry and notifications
 * in the same transaction. Decisions: docs/decisions/0014-sales-network.md.
 */

const STAFF = ['ADMIN', 'COMPANY_MANAGER'];
const isStaff = (caller: TAuthUser) => caller.roles.some((r) => STAFF.includes(r));

/** The part of the network a caller reaches: the company (staff), the groups or teams they run, or their own team (an agent). */
export function reachOf(caller: TAuthUser): TReach | null {
  if (isStaff(caller)) return { kind: 'company' };
  if (caller.roles.includes('GROUP_MANAGER')) return { kind: 'group', managerId: caller.id };
  if (caller.roles.includes('TEAM_MANAGER')) return { kind: 'team', managerId: caller.id };
  if (caller.roles.includes('AGENT')) return { kind: 'agent', agentId: caller.id };
  return null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const day = (value: Date | string): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));
const personRef = (p: { id: string; first_name: string; last_name: string; email: string }): TPersonRef => ({
  id: p.id,
  firstName: p.first_name,
  lastName: p.last_name,
  email: p.email,
});
const personName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;

// ---------------------------------------------------------------------------------------------
// Places and people (names for ids)

class Names {
  readonly #countries: Map<string, string>;
  readonly #cities = new Map<string, string | undefined>();
  readonly #people = new Map<string, TPersonRef>();
  constructor(
    private readonly app: FastifyInstance,
    readonly language: TLanguage,
  ) {
    this.#countries = new Map(listCountries(language).map((c) => [c.id, c.name]));
  }
  country(id: string | null): string | null {
    return id ? (this.#countries.get(id) ?? null) : null;
  }
  async city(cityId: string | null, countryId: string | null): Promise<string | null> {
    if (!cityId || !countryId) return null;
    const key = `${countryId}/${cityId}`;
    if (!this.#cities.has(key)) this.#cities.set(key, await this.app.cities.cityName(cityId, countryId));
    return this.#cities.get(key) ?? null;
  }
  async loadPeople(companyId: string, ids: (string | null)[]): Promise<void> {
    const missing = [...new Set(ids.filter((id): id is string => id !== null && !this.#people.has(id)))];
    for (const p of await findPeople(this.app.db, companyId, missing)) this.#people.set(p.id, personRef(p));
  }
  person(id: string | null): TPersonRef | null {
    return id ? (this.#people.get(id) ?? null) : null;
  }
}

interface TNodeRow {
  id: string;
  title: string;
  state: TNetworkState;
  start_since: string | Date;
  country_id: string | null;
  city_id: string | null;
  phone: string | null;
  email: string | null;
}

async function placeOf(names: Names, row: TNodeRow) {
  return {
    countryId: row.country_id,
    country: names.country(row.country_id),
    cityId: row.city_id,
    city: await names.city(row.city_id, row.country_id),
    phone: row.phone,
    email: row.email,
  };
}

// ---------------------------------------------------------------------------------------------
// Figures

function agentNode(row: TAgentFiguresRow): TAgentNode {
  return {
    id: row.agent_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    investmentTotal: sumMoney([row.investment]),
    membersTotal: 1,
    customersTotal: Number(row.customers),
    activeContracts: Number(row.contracts),
    activeLeads: Number(row.active_leads),
    discardedOfferings: Number(row.discarded_offerings),
    discardedClients: Number(row.discarded_clients),
  };
}

const figuresOf = (node: TNetworkFigures): TNetworkFigures => ({
  investmentTotal: node.investmentTotal,
  membersTotal: node.membersTotal,
  customersTotal: node.customersTotal,
  activeContracts: node.activeContracts,
  activeLeads: node.activeLeads,
  discardedOfferings: node.discardedOfferings,
  discardedClients: node.discardedClients,
});

/** The agents of each team with their figures (teams without agents get an empty list). */
async function agentsByTeam(app: FastifyInstance, companyId: string, teamIds: string[]): Promise<Map<string, TAgentNode[]>> {
  const rows = await agentFigures(app.db, companyId, teamIds);
  const byTeam = new Map<string, TAgentNode[]>(teamIds.map((id) => [id, []]));
  for (const row of rows) byTeam.get(row.team_id)?.push(agentNode(row));
  return byTeam;
}

type TTeamRowFull = NonNullable<Awaited<ReturnType<typeof findTeam>>>;

async function toTeam(names: Names, row: TTeamRowFull, agents: TAgentNode[]): Promise<TTeam> {
  const figures = agents.length ? sumFigures(agents.map(figuresOf)) : ZERO_FIGURES;
  return {
    id: row.id,
    title: row.title,
    ...figures,
    groupName: row.group_title,
    state: networkStateLabel(row.state, names.language),
    startSince: day(row.start_since),
    ...(await placeOf(names, row)),
    groupId: row.group_id,
    stateCode: row.state,
    manager: names.person(row.manager_id),
  };
}

type TGroupRowFull = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

async function toGroup(names: Names, row: TGroupRowFull, teams: TTeam[]): Promise<TGroup> {
  const figures = teams.length ? sumFigures(teams.map(figuresOf)) : ZERO_FIGURES;
  return {
    id: row.id,
    title: row.title,
    ...figures,
    state: networkStateLabel(row.state, names.language),
    startSince: day(row.start_since),
    ...(await placeOf(names, row)),
    stateCode: row.state,
    manager: names.person(row.manager_id),
    teamsTotal: teams.length,
  };
}

function requireReach(caller: TAuthUser): TReach {
  const reach = reachOf(caller);
  if (!reach) throw new AppError(403, 'forbidden');
  return reach;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Groups → teams → agents, each with its figures, as far as the caller reaches. */
export async function getTree(app: FastifyInstance, caller: TAuthUser, language: TLanguage): Promise<TTree> {
  const reach = requireReach(caller);
  const teamIds = await reachableTeamIds(app.db, caller.companyId, reach);
  const teams = await findTeams(app.db, caller.companyId, teamIds ? { teamIds } : {});
  const groupIds = reach.kind === 'company' ? undefined : reach.kind === 'group' ? await reachableGroupIds(app.db, caller.companyId, reach) : [...new Set(teams.map((t) => t.group_id))];
  const groups = await findGroups(app.db, caller.companyId, groupIds);
  const names = new Names(app, language);
  await names.loadPeople(caller.companyId, [...groups.map((g) => g.manager_id), ...teams.map((t) => t.manager_id)]);
  const agents = await agentsByTeam(app, caller.companyId, teams.map((t) => t.id));
  const teamNodes = await Promise.all(teams.map(async (t) => ({ ...(await toTeam(names, t, agents.get(t.id) ?? [])), agents: agents.get(t.id) ?? [] })));
  return {
    groups: await Promise.all(
      groups.map(async (g) => {
        const own = teamNodes.filter((t) => t.groupId === g.id);
        return { ...(await toGroup(names, g, own)), teams: own };
      }),
    ),
  };
}

/** Groups reach: the company's (staff) or those a GROUP_MANAGER runs; a TEAM_MANAGER has none. */
async function groupReach(app: FastifyInstance, caller: TAuthUser): Promise<string[] | undefined> {
  const reach = requireReach(caller);
  if (reach.kind === 'team' || reach.kind === 'agent') return [];
  return reachableGroupIds(app.db, caller.companyId, reach);
}

export async function listGroupsPage(app: FastifyInstance, caller: TAuthUser, query: TNetworkListQuery, language: TLanguage): Promise<TGroupPage> {
  const groupIds = await groupReach(app, caller);
  const { rows, total } = await listGroups(app.db, caller.companyId, query, groupIds);
  const teams = await findTeams(app.db, caller.companyId, { groupIds: rows.map((r) => r.id) });
  const names = new Names(app, language);
  await names.loadPeople(caller.companyId, [...rows.map((r) => r.manager_id), ...teams.map((t) => t.manager_id)]);
  const agents = await agentsByTeam(app, caller.companyId, teams.map((t) => t.id));
  const teamNodes = await Promise.all(teams.map((t) => toTeam(names, t, agents.get(t.id) ?? [])));
  const content = await Promise.all(rows.map((g) => toGroup(names, g, teamNodes.filter((t) => t.groupId === g.id))));
  return toPage(content, query.page, query.size, total, true);
}

export async function getGroupDetail(app: FastifyInstance, caller: TAuthUser, groupId: string, language: TLanguage): Promise<TGroupDetail> {
  if (!isUuid(groupId)) throw notFound('salesGroupNotFound');
  const groupIds = await groupReach(app, caller);
  if (groupIds && !groupIds.includes(groupId)) throw notFound('salesGroupNotFound');
  const group = await findGroup(app.db, caller.companyId, groupId);
  if (!group) throw notFound('salesGroupNotFound');
  const teams = await findTeams(app.db, caller.companyId, { groupIds: [groupId] });
  const names = new Names(app, language);
  await names.loadPeople(caller.companyId, [group.manager_id, ...teams.map((t) => t.manager_id)]);
  const agents = await agentsByTeam(app, caller.companyId, teams.map((t) => t.id));
  const teamNodes = await Promise.all(teams.map((t) => toTeam(names, t, agents.get(t.id) ?? [])));
  return { ...(await toGroup(names, group, teamNodes)), teams: teamNodes };
}

async function teamReach(app: FastifyInstance, caller: TAuthUser): Promise<string[] | undefined> {
  const reach = requireReach(caller);
  if (reach.kind === 'agent') return [];
  return reachableTeamIds(app.db, caller.companyId, reach);
}

export async function listTeamsPage(app: FastifyInstance, caller: TAuthUser, query: TNetworkListQuery, language: TLanguage): Promise<TTeamPage> {
  const teamIds = await teamReach(app, caller);
  const { rows, total } = await listTeams(app.db, caller.companyId, query, teamIds);
  const names = new Names(app, language);
  await names.loadPeople(caller.companyId, rows.map((r) => r.manager_id));
  const agents = await agentsByTeam(app, caller.companyId, rows.map((t) => t.id));
  const content = await Promise.all(rows.map((t) => toTeam(names, t, agents.get(t.id) ?? [])));
  return toPage(content, query.page, query.size, total, true);
}

export async function getTeamDetail(app: FastifyInstance, caller: TAuthUser, teamId: string, language: TLanguage): Promise<TTeamDetail> {
  if (!isUuid(teamId)) throw notFound('salesTeamNotFound');
  const teamIds = await teamReach(app, caller);
  if (teamIds && !teamIds.includes(teamId)) throw notFound('salesTeamNotFound');
  // The team and its agents' figures at once (one round trip less; the figures of a team of
  // another company are empty: every statement is scoped by company).
  const [team, byTeam] = await Promise.all([findTeam(app.db, caller.companyId, teamId), agentsByTeam(app, caller.companyId, [teamId])]);
  if (!team) throw notFound('salesTeamNotFound');
  const names = new Names(app, language);
  await names.loadPeople(caller.companyId, [team.manager_id]);
  const agents = byTeam.get(teamId) ?? [];
  return { ...(await toTeam(names, team, agents)), agents };
}

// ---------------------------------------------------------------------------------------------
// Zones

async function zoneNodes(app: FastifyInstance, companyId: string, rows: NonNullable<Awaited<ReturnType<typeof findZone>>>[], names: Names): Promise<TZone[]> {
  const [types, seats] = await Promise.all([findMembershipTypes(app.db, companyId), countOpenSeats(app.db, companyId, rows.map((r) => r.id))]);
  return Promise.all(
    rows.map(async (z) => {
      const byType = types.map((t) => ({
        type: t.type,
        stars: t.stars,
        title: membershipTypeTitle(t.type, names.language),
        reserved: seats.find((s) => s.zoneId === z.id && s.type === t.type)?.taken ?? 0,
        max: t.max_seats,
        price: monthlyPriceText(t.monthly_price, names.language),
      }));
      const taken = byType.reduce((n, t) => n + t.reserved, 0);
      const max = byType.reduce((n, t) => n + t.max, 0);
      return {
        id: z.id,
        title: z.title,
        ocupationPercent: occupationPercent(taken, max),
        ocupationByType: byType,
        groupName: z.group_title,
        state: networkStateLabel(z.state, names.language),
        startSince: day(z.start_since),
        ...(await placeOf(names, z)),
        groupId: z.group_id,
        stateCode: z.state,
      };
    }),
  );
}

export async function listZonesPage(app: FastifyInstance, caller: TAuthUser, query: TNetworkListQuery, language: TLanguage): Promise<TZonePage> {
  const groupIds = await reachableGroupIds(app.db, caller.companyId, requireReach(caller));
  const { rows, total } = await listZones(app.db, caller.companyId, query, groupIds);
  const content = await zoneNodes(app, caller.companyId, rows, new Names(app, language));
  return toPage(content, query.page, query.size, total, true);
}

async function reachableZone(app: FastifyInstance, caller: TAuthUser, zoneId: string) {
  if (!isUuid(zoneId)) throw notFound('salesZoneNotFound');
  const zone = await findZone(app.db, caller.companyId, zoneId);
  if (!zone) throw notFound('salesZoneNotFound');
  const groupIds = await reachableGroupIds(app.db, caller.companyId, requireReach(caller));
  if (groupIds && !groupIds.includes(zone.group_id)) throw notFound('salesZoneNotFound');
  return zone;
}

export async function getZoneDetail(app: FastifyInstance, caller: TAuthUser, zoneId: string, language: TLanguage): Promise<TZoneDetail> {
  const zone = await reachableZone(app, caller, zoneId);
  const [node] = await zoneNodes(app, caller.companyId, [zone], new Names(app, language));
  const seats = await findOpenSeats(app.db, caller.companyId, zoneId);
  // A manager or staff sees who holds the seats; an agent, only their own.
  const visible = caller.roles.some((r) => ['ADMIN', 'COMPANY_MANAGER', 'GROUP_MANAGER', 'TEAM_MANAGER'].includes(r)) ? seats : seats.filter((s) => s.agent_id === caller.id);
  return {
    ...node!,
    seats: visible.map((s) => ({
      agent: { id: s.agent_id, firstName: s.first_name, lastName: s.last_name, email: s.email },
      type: s.membership_type,
      takenAt: iso(s.taken_at)!,
    })),
    mySeat: seats.find((s) => s.agent_id === caller.id)?.membership_type ?? null,
  };
}

/** The agent a seat action is for: oneself (an agent), or the named agent (staff). */
function seatAgentOf(caller: TAuthUser, agentId: string | undefined): string {
  if (isStaff(caller)) {
    if (!agentId) throw new AppError(400, 'validation', {}, [{ field: 'agentId', message: vkey('required') }]);
    return agentId;
  }
  if (agentId && agentId !== caller.id) throw new AppError(403, 'salesSeatOwnOnly');
  return caller.id;
}

/**
 * Takes a seat of a type in a zone for an agent of one of the zone group's teams. Under the
 * zone row's lock (FOR UPDATE), the open seats of the type are counted: concurrent requests
 * queue, so a type never goes over its maximum.
 */
export async function takeSeat(app: FastifyInstance, caller: TAuthUser, zoneId: string, input: TTakeSeatRequest, audit: TAuditContext, language: TLanguage): Promise<TZoneDetail> {
  await reachableZone(app, caller, zoneId);
  const agentId = seatAgentOf(caller, input.agentId);
  if (!isUuid(agentId)) throw notFound('salesAgentNotFound');
  const type = input.type.toUpperCase();
  await app.db.transaction().execute(async (tx) => {
    const zone = await lockZone(tx, caller.companyId, zoneId);
    if (!zone) throw notFound('salesZoneNotFound');
    if (zone.state !== 'OPERATIVE') throw new AppError(409, 'salesZoneClosed', { zone: zone.title });
    const types = await findMembershipTypes(tx, caller.companyId);
    const kind = types.find((t) => t.type === type);
    if (!kind) throw new AppError(400, 'validation', {}, [{ field: 'type', message: vkey('invalid') }]);
    const agent = await findPerson(tx, caller.companyId, agentId);
    if (!agent) throw notFound('salesAgentNotFound');
    if (!agent.roles.includes('AGENT') || !agent.is_active || agent.is_deleted) throw new AppError(409, 'salesNotAnAgent', { name: personName(agent) });
    if (!(await agentInGroup(tx, caller.companyId, agentId, zone.group_id))) throw new AppError(409, 'salesAgentNotInZoneGroup', { name: personName(agent), zone: zone.title });
    const seats = await findOpenSeats(tx, caller.companyId, zoneId);
    if (seats.some((s) => s.agent_id === agentId)) throw new AppError(409, 'salesSeatAlreadyHeld', { name: personName(agent), zone: zone.title });
    const taken = seats.filter((s) => s.membership_type === type).length;
    if (taken >= kind.max_seats) throw new AppError(409, 'salesSeatsFull', { type: membershipTypeTitle(type, language), zone: zone.title, max: kind.max_seats });
    await insertSeat(tx, caller.companyId, zoneId, type, agentId);
    await recordAudit(tx, audit, { entityType: 'zone', entityId: zoneId, action: 'zone.takeSeat', before: null, after: { agentId, type } });
    await tellSeat(tx, caller, 'seatTaken', agentId, type, zone);
  });
  return getZoneDetail(app, caller, zoneId, language);
}

export async function releaseSeat(app: FastifyInstance, caller: TAuthUser, zoneId: string, agentIdParam: string, audit: TAuditContext, language: TLanguage): Promise<TZoneDetail> {
  await reachableZone(app, caller, zoneId);
  const agentId = seatAgentOf(caller, agentIdParam);
  await app.db.transaction().execute(async (tx) => {
    const zone = await lockZone(tx, caller.companyId, zoneId);
    if (!zone) throw notFound('salesZoneNotFound');
    const seat = isUuid(agentId) ? (await findOpenSeats(tx, caller.companyId, zoneId)).find((s) => s.agent_id === agentId) : undefined;
    if (!seat) throw notFound('salesSeatNotFound');
    await releaseSeatRow(tx, seat.id);
    await recordAudit(tx, audit, { entityType: 'zone', entityId: zoneId, action: 'zone.releaseSeat', before: { agentId, type: seat.membership_type }, after: null });
    await tellSeat(tx, caller, 'seatReleased', agentId, seat.membership_type, zone);
  });
  return getZoneDetail(app, caller, zoneId, language);
}

async function tellSeat(tx: Transaction<Database>, caller: TAuthUser, key: 'seatTaken' | 'seatReleased', agentId: string, type: string, zone: { id: string; title: string }) {
  const recipients = new Set<string>([agentId]);
  const membership = await findOpenMembership(tx, caller.companyId, agentId);
  if (membership?.manager_id) recipients.add(membership.manager_id);
  recipients.delete(caller.id);
  for (const userId of recipients) {
    await notify(tx, {
      companyId: caller.companyId,
      userId,
      kind: 'notification',
      key,
      params: { type, zoneTitle: zone.title },
      links: [{ label: 'viewZone', link: paths.salesZone.href(zone.id) }],
      subject: { type: 'zone', id: zone.id },
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Staff actions: groups and teams

async function checkNode(app: FastifyInstance, caller: TAuthUser, input: { countryId: string | null; cityId: string | null }) {
  if (input.countryId && !isKnownCountry(input.countryId)) throw new AppError(400, 'validation', {}, [{ field: 'countryId', message: vkey('invalid') }]);
  if (input.cityId && (!input.countryId || !(await app.cities.isCityOfCountry(input.cityId, input.countryId)))) {
    throw new AppError(400, 'validation', {}, [{ field: 'cityId', message: vkey('invalid') }]);
  }
}

/** The manager named must be an active user of the company holding the role. */
async function checkManager(tx: Transaction<Database>, caller: TAuthUser, managerId: string | null, role: 'GROUP_MANAGER' | 'TEAM_MANAGER') {
  if (!managerId) return null;
  const person = await findPerson(tx, caller.companyId, managerId);
  if (!person || !person.is_active || person.is_deleted || !person.roles.includes(role)) {
    throw new AppError(400, role === 'GROUP_MANAGER' ? 'salesNotAGroupManager' : 'salesNotATeamManager', {}, [{ field: 'managerId', message: vkey('invalid') }]);
  }
  return person;
}

const nodeValues = (input: TGroupRequest): TNodeValues => ({
  title: input.title,
  startSince: input.startSince,
  countryId: input.countryId,
  cityId: input.cityId,
  phone: input.phone,
  email: input.email,
  managerId: input.managerId,
});
const snapshot = (v: TNodeValues & { groupId?: string; state?: string }) => ({ ...v });
const snapshotRow = (row: TNodeRow & { manager_id: string | null; group_id?: string }) => ({
  title: row.title,
  startSince: day(row.start_since),
  countryId: row.country_id,
  cityId: row.city_id,
  phone: row.phone,
  email: row.email,
  managerId: row.manager_id,
  state: row.state,
  ...(row.group_id ? { groupId: row.group_id } : {}),
});

async function tell(
  tx: Transaction<Database>,
  caller: TAuthUser,
  userIds: (string | null | undefined)[],
  key: TNotificationKey,
  params: Record<string, string>,
  link: { label: TNotificationLinkLabel; href: string; subject: { type: string; id: string } },
) {
  const recipients = new Set(userIds.filter((id): id is string => !!id && id !== caller.id));
  for (const userId of recipients) {
    await notify(tx, {
      companyId: caller.companyId,
      userId,
      kind: 'notification',
      key,
      params,
      links: [{ label: link.label, link: link.href }],
      subject: link.subject,
    });
  }
}

export async function createGroup(app: FastifyInstance, caller: TAuthUser, input: TGroupRequest, audit: TAuditContext, language: TLanguage): Promise<TGroupDetail> {
  await checkNode(app, caller, input);
  const id = await app.db.transaction().execute(async (tx) => {
    await checkManager(tx, caller, input.managerId, 'GROUP_MANAGER');
    const values = nodeValues(input);
    const groupId = await insertGroup(tx, caller.companyId, values);
    await recordAudit(tx, audit, { entityType: 'companyGroup', entityId: groupId, action: 'companyGroup.create', before: null, after: snapshot(values) });
    const link = { label: 'viewGroup' as const, href: paths.salesGroup.href(groupId), subject: { type: 'companyGroup', id: groupId } };
    await tell(tx, caller, [values.managerId], 'groupManagerAssigned', { groupTitle: values.title }, link);
    return groupId;
  });
  return getGroupDetail(app, caller, id, language);
}

export async function updateGroup(app: FastifyInstance, caller: TAuthUser, groupId: string, input: TGroupRequest, audit: TAuditContext, language: TLanguage): Promise<TGroupDetail> {
  if (!isUuid(groupId)) throw notFound('salesGroupNotFound');
  await checkNode(app, caller, input);
  await app.db.transaction().execute(async (tx) => {
    const before = await lockGroup(tx, caller.companyId, groupId);
    if (!before) throw notFound('salesGroupNotFound');
    if (before.state === 'CLOSED') throw new AppError(409, 'salesGroupClosed', { group: before.title });
    await checkManager(tx, caller, input.managerId, 'GROUP_MANAGER');
    const values = nodeValues(input);
    await updateGroupRow(tx, caller.companyId, groupId, values);
    await recordAudit(tx, audit, { entityType: 'companyGroup', entityId: groupId, action: 'companyGroup.update', before: snapshotRow(before), after: snapshot(values) });
    if (values.managerId !== before.manager_id) {
      const link = { label: 'viewGroup' as const, href: paths.salesGroup.href(groupId), subject: { type: 'companyGroup', id: groupId } };
      await tell(tx, caller, [values.managerId], 'groupManagerAssigned', { groupTitle: values.title }, link);
    }
  });
  return getGroupDetail(app, caller, groupId, language);
}

/** Closing a group with operative teams is refused: its teams are closed (or moved) first. */
export async function closeGroup(app: FastifyInstance, caller: TAuthUser, groupId: string, audit: TAuditContext, language: TLanguage): Promise<TGroupDetail> {
  if (!isUuid(groupId)) throw notFound('salesGroupNotFound');
  await app.db.transaction().execute(async (tx) => {
    const before = await lockGroup(tx, caller.companyId, groupId);
    if (!before) throw notFound('salesGroupNotFound');
    if (before.state === 'CLOSED') throw new AppError(409, 'salesGroupClosed', { group: before.title });
    const open = await countOpenTeams(tx, caller.companyId, groupId);
    if (open > 0) throw new AppError(409, 'salesGroupHasTeams', { group: before.title, count: open });
    await closeGroupRow(tx, caller.companyId, groupId);
    await recordAudit(tx, audit, { entityType: 'companyGroup', entityId: groupId, action: 'companyGroup.close', before: snapshotRow(before), after: { state: 'CLOSED' } });
    const link = { label: 'viewGroup' as const, href: paths.salesGroup.href(groupId), subject: { type: 'companyGroup', id: groupId } };
    await tell(tx, caller, [before.manager_id], 'groupClosed', { groupTitle: before.title }, link);
  });
  return getGroupDetail(app, caller, groupId, language);
}

/** The group a team goes in: of the company (400 on the field otherwise) and operative (409). */
async function checkTeamGroup(tx: Transaction<Database>, caller: TAuthUser, groupId: string) {
  const group = await lockGroup(tx, caller.companyId, groupId);
  if (!group) throw new AppError(400, 'salesGroupUnknown', {}, [{ field: 'groupId', message: vkey('invalid') }]);
  if (group.state === 'CLOSED') throw new AppError(409, 'salesGroupClosed', { group: group.title });
  return group;
}

export async function createTeam(app: FastifyInstance, caller: TAuthUser, input: TTeamRequest, audit: TAuditContext, language: TLanguage): Promise<TTeamDetail> {
  await checkNode(app, caller, input);
  const id = await app.db.transaction().execute(async (tx) => {
    const group = await checkTeamGroup(tx, caller, input.groupId);
    await checkManager(tx, caller, input.managerId, 'TEAM_MANAGER');
    const values = nodeValues(input);
    const teamId = await insertTeam(tx, caller.companyId, input.groupId, values);
    await recordAudit(tx, audit, { entityType: 'team', entityId: teamId, action: 'team.create', before: null, after: snapshot({ ...values, groupId: input.groupId }) });
    const link = { label: 'viewTeam' as const, href: paths.salesTeam.href(teamId), subject: { type: 'team', id: teamId } };
    await tell(tx, caller, [values.managerId], 'teamManagerAssigned', { teamTitle: values.title }, link);
    await tell(tx, caller, [group.manager_id], 'teamCreatedInGroup', { teamTitle: values.title, groupTitle: group.title }, link);
    return teamId;
  });
  return getTeamDetail(app, caller, id, language);
}

export async function updateTeam(app: FastifyInstance, caller: TAuthUser, teamId: string, input: TTeamRequest, audit: TAuditContext, language: TLanguage): Promise<TTeamDetail> {
  if (!isUuid(teamId)) throw notFound('salesTeamNotFound');
  await checkNode(app, caller, input);
  await app.db.transaction().execute(async (tx) => {
    const before = await lockTeam(tx, caller.companyId, teamId);
    if (!before) throw notFound('salesTeamNotFound');
    if (before.state === 'CLOSED') throw new AppError(409, 'salesTeamClosed', { team: before.title });
    if (input.groupId !== before.group_id) await checkTeamGroup(tx, caller, input.groupId);
    await checkManager(tx, caller, input.managerId, 'TEAM_MANAGER');
    const values = nodeValues(input);
    await updateTeamRow(tx, caller.companyId, teamId, input.groupId, values);
    await recordAudit(tx, audit, { entityType: 'team', entityId: teamId, action: 'team.update', before: snapshotRow(before), after: snapshot({ ...values, groupId: input.groupId }) });
    if (values.managerId !== before.manager_id) {
      const link = { label: 'viewTeam' as const, href: paths.salesTeam.href(teamId), subject: { type: 'team', id: teamId } };
      await tell(tx, caller, [values.managerId], 'teamManagerAssigned', { teamTitle: values.title }, link);
    }
  });
  return getTeamDetail(app, caller, teamId, language);
}

/** Closing a team that still has agents is refused (they are moved first, one by one, with their history). */
export async function closeTeam(app: FastifyInstance, caller: TAuthUser, teamId: string, audit: TAuditContext, language: TLanguage): Promise<TTeamDetail> {
  if (!isUuid(teamId)) throw notFound('salesTeamNotFound');
  await app.db.transaction().execute(async (tx) => {
    const before = await lockTeam(tx, caller.companyId, teamId);
    if (!before) throw notFound('salesTeamNotFound');
    if (before.state === 'CLOSED') throw new AppError(409, 'salesTeamClosed', { team: before.title });
    const agents = await countTeamAgents(tx, caller.companyId, teamId);
    if (agents > 0) throw new AppError(409, 'salesTeamHasAgents', { team: before.title, count: agents });
    await closeTeamRow(tx, caller.companyId, teamId);
    await recordAudit(tx, audit, { entityType: 'team', entityId: teamId, action: 'team.close', before: snapshotRow(before), after: { state: 'CLOSED' } });
    const group = await findGroup(tx, caller.companyId, before.group_id);
    const link = { label: 'viewTeam' as const, href: paths.salesTeam.href(teamId), subject: { type: 'team', id: teamId } };
    await tell(tx, caller, [before.manager_id, group?.manager_id], 'teamClosed', { teamTitle: before.title }, link);
  });
  return getTeamDetail(app, caller, teamId, language);
}

/**
 * Moves an agent into a team (or out of every team with null): the open membership is closed
 * and a new one opened, so the history stays. The agent's row is locked first, so two moves of
 * one agent queue. The agent and the managers of both teams (and their groups) are told.
 */
export async function moveAgent(app: FastifyInstance, caller: TAuthUser, agentId: string, teamId: string | null, audit: TAuditContext): Promise<{ agentId: string; teamId: string | null; joinedAt: string | null }> {
  if (!isUuid(agentId)) throw notFound('salesAgentNotFound');
  return app.db.transaction().execute(async (tx) => {
    const agent = await lockPerson(tx, caller.companyId, agentId);
    if (!agent) throw notFound('salesAgentNotFound');
    if (!agent.roles.includes('AGENT') || !agent.is_active || agent.is_deleted) throw new AppError(409, 'salesNotAnAgent', { name: personName(agent) });
    const current = await findOpenMembership(tx, caller.companyId, agentId);
    let target: Awaited<ReturnType<typeof lockTeam>> | undefined;
    if (teamId !== null) {
      target = await lockTeam(tx, caller.companyId, teamId);
      if (!target) throw new AppError(400, 'salesTeamUnknown', {}, [{ field: 'teamId', message: vkey('invalid') }]);
      if (target.state === 'CLOSED') throw new AppError(409, 'salesTeamClosed', { team: target.title });
      if (current?.team_id === teamId) throw new AppError(409, 'salesAgentAlreadyInTeam', { name: personName(agent), team: target.title });
    } else if (!current) {
      throw new AppError(409, 'salesAgentInNoTeam', { name: personName(agent) });
    }
    if (current) await closeMembership(tx, current.id, caller.id);
    if (target) await openMembership(tx, caller.companyId, target.id, agentId, caller.id);
    await recordAudit(tx, audit, {
      entityType: 'team',
      entityId: target?.id ?? current!.team_id,
      action: 'team.moveAgent',
      before: { agentId, teamId: current?.team_id ?? null },
      after: { agentId, teamId: target?.id ?? null },
    });
    const agentName = personName(agent);
    const groupManager = async (groupId: string | undefined) => (groupId ? (await findGroup(tx, caller.companyId, groupId))?.manager_id : null);
    if (current) {
      const link = { label: 'viewTeam' as const, href: paths.salesTeam.href(current.team_id), subject: { type: 'team', id: current.team_id } };
      if (!target) await tell(tx, caller, [agentId], 'agentLeftTeam', { teamTitle: current.title }, link);
      await tell(tx, caller, [current.manager_id, await groupManager(current.group_id)], 'teamAgentLeft', { agentName, teamTitle: current.title }, link);
    }
    if (target) {
      const link = { label: 'viewTeam' as const, href: paths.salesTeam.href(target.id), subject: { type: 'team', id: target.id } };
      await tell(tx, caller, [agentId], 'agentJoinedTeam', { teamTitle: target.title }, link);
      await tell(tx, caller, [target.manager_id, await groupManager(target.group_id)], 'teamAgentJoined', { agentName, teamTitle: target.title }, link);
    }
    const opened = target ? await findOpenMembership(tx, caller.companyId, agentId) : undefined;
    return { agentId, teamId: target?.id ?? null, joinedAt: opened ? iso(opened.joined_at) : null };
  });
}

/** Whether a user is in the reach (group or team) of a manager, for another module (users). */
export function userInReach(db: TDb, companyId: string, scope: 'group' | 'team', managerId: string, userId: string): Promise<boolean> {
  return isUserInReach(db, companyId, scope, managerId, userId);
}
