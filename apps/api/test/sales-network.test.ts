import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { FILL } from '../src/db/migrations/0015-agent-figures.ts';
import { claimDueExpiries } from '../src/modules/leads/repository.ts';
import { checkAgentFigures } from '../src/modules/sales-network/repository.ts';
import { hashSecret } from '../src/lib/password.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';

type THeaders = Record<string, string>;
const MADRID = '3117735';

/**
 * The sales network (issue 14): hierarchy rules, figures against hand-computed rows, seat
 * maxima under concurrency, the managers' scope (tree and user back office), roles and
 * tenants refused, bad input refused with nothing changed.
 */
describe.each(DB_KINDS)('sales network (%s)', (kind) => {
  let t: TTestApp;
  let admin: THeaders;
  let manager: THeaders;
  let groupManager: THeaders;
  let teamManager: THeaders;
  let investor: THeaders;
  let advisor: THeaders;
  let agentHeaders: THeaders;
  let otherAdmin: THeaders;
  let ids: Record<string, string>;
  let counter = 0;
  let productId: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: THeaders, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function makeUser(roles: string[], company = '1'): Promise<{ id: string; email: string }> {
    counter += 1;
    const email = `sn.${kind}.${counter}.${roles.join('-').toLowerCase()}@kc.example`;
    const hash = await hashSecret(DEMO_PASSWORD);
    const row = await t.db
      .insertInto('users')
      .values({ company_id: company, email, password_hash: hash, first_name: 'Persona', last_name: `Prueba ${counter}`, roles, confirmed_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email };
  }
  const counts = async () => ({
    groups: (await t.db.selectFrom('company_groups').select('id').execute()).length,
    teams: (await t.db.selectFrom('teams').select('id').execute()).length,
    memberships: (await t.db.selectFrom('team_memberships').select('id').execute()).length,
    seats: (await t.db.selectFrom('zone_seats').select('id').execute()).length,
    audit: (await t.db.selectFrom('audit_log').select('id').execute()).length,
  });
  const group = (overrides: Record<string, unknown> = {}) => ({ title: `Grupo ${kind} ${++counter}`, startSince: '2024-01-15', countryId: 'ES', cityId: MADRID, phone: '+34 600 000 000', email: 'g@kc.example', ...overrides });
  const createGroup = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/sales/groups', admin, group(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; title: string };
  };
  const createTeam = async (groupId: string, overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/sales/teams', admin, { title: `Equipo ${kind} ${++counter}`, startSince: '2024-02-01', groupId, ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; title: string };
  };
  const move = (agentId: string, teamId: string | null, headers = admin) => call('PUT', `/api/sales/agents/${agentId}/team`, headers, { teamId });
  const insertZone = async (groupId: string, title = `Zona ${++counter}`) =>
    (await t.db.insertInto('zones').values({ company_id: '1', group_id: groupId, title, start_since: '2024-03-01', country_id: 'ES', city_id: MADRID }).returning('id').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await authHeaders(t.db, 'admin@kc.example');
    manager = await authHeaders(t.db, 'company.manager@kc.example');
    groupManager = await authHeaders(t.db, 'group.manager@kc.example');
    teamManager = await authHeaders(t.db, 'team.manager@kc.example');
    investor = await authHeaders(t.db, 'investor@kc.example');
    advisor = await authHeaders(t.db, 'advisor@kc.example');
    agentHeaders = await authHeaders(t.db, 'agent@kc.example');
    const other = await makeUser(['ADMIN'], '2');
    otherAdmin = await authHeaders(t.db, other.email);
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    productId = (await t.db.selectFrom('products').select('id').where('company_id', '=', '1').limit(1).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  describe('groups and teams', () => {
    it('lets ADMIN and COMPANY_MANAGER create, edit and close groups and teams, each with an audit entry', async () => {
      const gm = ids['group.manager@kc.example']!;
      const created = await call('POST', '/api/sales/groups', manager, group({ managerId: gm }));
      expect(created.statusCode, created.body).toBe(201);
      const g = created.json();
      expect(g).toMatchObject({ state: 'Operativo', stateCode: 'OPERATIVE', country: 'España', cityId: MADRID, city: 'Madrid', manager: { id: gm }, membersTotal: 0, investmentTotal: '0.00', teamsTotal: 0 });
      const en = await call('GET', `/api/sales/groups/${g.id}`, { ...admin, 'accept-language': 'en' });
      expect(en.json()).toMatchObject({ state: 'Operative', country: 'Spain' });
      const team = await createTeam(g.id, { managerId: ids['team.manager@kc.example'] });
      expect(team).toMatchObject({ groupId: g.id, groupName: g.title, state: 'Operativo', manager: { id: ids['team.manager@kc.example'] } });
      const edited = await call('PUT', `/api/sales/teams/${team.id}`, manager, { title: 'Renombrado', startSince: '2024-02-02', groupId: g.id, phone: '+34 611' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ title: 'Renombrado', phone: '+34 611', manager: null, startSince: '2024-02-02' });
      const closed = await call('POST', `/api/sales/teams/${team.id}/close`, admin);
      expect(closed.json()).toMatchObject({ stateCode: 'CLOSED', state: 'Cerrado' });
      const closedGroup = await call('POST', `/api/sales/groups/${g.id}/close`, admin);
      expect(closedGroup.json()).toMatchObject({ stateCode: 'CLOSED' });
      const audit = await t.db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity_id', 'in', [g.id, team.id]).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['companyGroup.create', 'team.create', 'team.update', 'team.close', 'companyGroup.close']);
      // The manager named is told.
      const told = await t.db.selectFrom('notifications').select('message_key').where('user_id', '=', gm).where('message_key', '=', 'groupManagerAssigned').execute();
      expect(told.length).toBeGreaterThan(0);
    });

    it('refuses bad input with a clear error per field and changes nothing', async () => {
      const before = await counts();
      const bad = await call('POST', '/api/sales/groups', admin, { title: '', startSince: '2023-02-30', email: 'no', countryId: 'XX' });
      expect(bad.statusCode).toBe(400);
      const fields = (bad.json().errors as { field: string; message: string }[]).map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['title', 'startSince', 'email']));
      expect(bad.json().errors.find((e: { field: string }) => e.field === 'title').message).toBe('Requerido');
      const unknownCountry = await call('POST', '/api/sales/groups', admin, group({ countryId: 'XX', cityId: null }));
      expect(unknownCountry.statusCode).toBe(400);
      expect(unknownCountry.json().errors).toEqual([{ field: 'countryId', message: 'Valor no válido' }]);
      const cityElsewhere = await call('POST', '/api/sales/groups', admin, group({ countryId: 'FR' }));
      expect(cityElsewhere.json().errors).toEqual([{ field: 'cityId', message: 'Valor no válido' }]);
      const notAManager = await call('POST', '/api/sales/groups', admin, group({ managerId: ids['team.manager@kc.example'] }));
      expect(notAManager.statusCode).toBe(400);
      expect(notAManager.json()).toMatchObject({ code: 'salesNotAGroupManager', errors: [{ field: 'managerId' }] });
      const noGroup = await call('POST', '/api/sales/teams', admin, { title: 'Sin grupo', startSince: '2024-01-01' });
      expect(noGroup.statusCode).toBe(400);
      const unknownGroup = await call('POST', '/api/sales/teams', admin, { title: 'X', startSince: '2024-01-01', groupId: '00000000-0000-4000-8000-000000000000' });
      expect(unknownGroup.json()).toMatchObject({ code: 'salesGroupUnknown', errors: [{ field: 'groupId' }] });
      const agentAsTeamManager = await call('POST', '/api/sales/teams', admin, { title: 'X', startSince: '2024-01-01', groupId: (await createGroup()).id, managerId: ids['agent@kc.example'] });
      expect(agentAsTeamManager.json().code).toBe('salesNotATeamManager');
      const after = await counts();
      expect(after).toMatchObject({ ...before, groups: before.groups + 1, audit: before.audit + 1 });
    });

    it('refuses a team in a closed group, closing a group with operative teams, and editing closed nodes', async () => {
      const g = await createGroup();
      const team = await createTeam(g.id);
      const refused = await call('POST', `/api/sales/groups/${g.id}/close`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'salesGroupHasTeams' });
      expect(refused.json().detail).toContain('1 equipo');
      await call('POST', `/api/sales/teams/${team.id}/close`, admin);
      expect((await call('POST', `/api/sales/groups/${g.id}/close`, admin)).statusCode).toBe(200);
      const late = await call('POST', '/api/sales/teams', admin, { title: 'Tarde', startSince: '2024-01-01', groupId: g.id });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('salesGroupClosed');
      expect((await call('PUT', `/api/sales/groups/${g.id}`, admin, group())).json().code).toBe('salesGroupClosed');
      expect((await call('PUT', `/api/sales/teams/${team.id}`, admin, { title: 'X', startSince: '2024-01-01', groupId: g.id })).json().code).toBe('salesTeamClosed');
    });
  });

  describe('moving agents', () => {
    it('moves an agent between teams keeping the history, and tells the agent and the managers concerned', async () => {
      const g = await createGroup({ managerId: ids['group.manager@kc.example'] });
      const tmA = await makeUser(['TEAM_MANAGER']);
      const a = await createTeam(g.id, { managerId: tmA.id });
      const b = await createTeam(g.id);
      const agent = await makeUser(['AGENT']);
      const first = await move(agent.id, a.id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ agentId: agent.id, teamId: a.id });
      expect((await move(agent.id, a.id)).json().code).toBe('salesAgentAlreadyInTeam');
      expect((await move(agent.id, b.id)).statusCode).toBe(200);
      const history = await t.db.selectFrom('team_memberships').select(['team_id', 'left_at', 'joined_by', 'left_by']).where('agent_id', '=', agent.id).orderBy('id').execute();
      expect(history).toHaveLength(2);
      expect(history[0]).toMatchObject({ team_id: a.id, joined_by: ids['admin@kc.example'], left_by: ids['admin@kc.example'] });
      expect(history[0]!.left_at).not.toBeNull();
      expect(history[1]).toMatchObject({ team_id: b.id, left_at: null });
      const keysOf = async (userId: string) => (await t.db.selectFrom('notifications').select('message_key').where('user_id', '=', userId).execute()).map((n) => n.message_key);
      expect(await keysOf(agent.id)).toEqual(['agentJoinedTeam', 'agentJoinedTeam']);
      expect(await keysOf(tmA.id)).toEqual(expect.arrayContaining(['teamManagerAssigned', 'teamAgentJoined', 'teamAgentLeft']));
      expect(await keysOf(ids['group.manager@kc.example']!)).toEqual(expect.arrayContaining(['teamAgentJoined', 'teamAgentLeft']));
      const audit = await t.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('action', '=', 'team.moveAgent').where('entity_id', 'in', [a.id, b.id]).orderBy('id').execute();
      expect(audit.map((e) => [e.before?.['teamId'], e.after?.['teamId']])).toEqual([
        [null, a.id],
        [a.id, b.id],
      ]);
      // Out of every team, then a closed team takes no one.
      expect((await move(agent.id, null)).json()).toMatchObject({ teamId: null });
      expect((await move(agent.id, null)).json().code).toBe('salesAgentInNoTeam');
      await call('POST', `/api/sales/teams/${a.id}/close`, admin);
      const closed = await move(agent.id, a.id);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('salesTeamClosed');
    });

    it('refuses closing a team with agents (they are moved first), a non-agent, and bad ids, changing nothing', async () => {
      const g = await createGroup();
      const team = await createTeam(g.id);
      const agent = await makeUser(['AGENT']);
      await move(agent.id, team.id);
      const before = await counts();
      const refused = await call('POST', `/api/sales/teams/${team.id}/close`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'salesTeamHasAgents', detail: expect.stringContaining('1 comercial') });
      const investorMove = await move(ids['investor@kc.example']!, team.id);
      expect(investorMove.statusCode).toBe(409);
      expect(investorMove.json().code).toBe('salesNotAnAgent');
      expect((await move(agent.id, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'salesTeamUnknown', errors: [{ field: 'teamId' }] });
      expect((await call('PUT', `/api/sales/agents/${agent.id}/team`, admin, { teamId: 'nope' })).statusCode).toBe(400);
      expect((await move('nope', team.id)).statusCode).toBe(404);
      expect(await counts()).toEqual(before);
      const team2 = (await t.db.selectFrom('teams').select('state').where('id', '=', team.id).executeTakeFirstOrThrow()).state;
      expect(team2).toBe('OPERATIVE');
    });
  });

  describe('figures', () => {
    it("computes a team's figures from rows exactly as defined, and a group's as the sums of its teams", async () => {
      const g = await createGroup();
      const a = await createTeam(g.id);
      const b = await createTeam(g.id);
      const [agent1, agent2, agent3, leaver] = [await makeUser(['AGENT']), await makeUser(['AGENT']), await makeUser(['AGENT']), await makeUser(['AGENT'])];
      for (const agent of [agent1, agent2, leaver]) await move(agent.id, a.id);
      await move(agent3.id, b.id);
      await move(leaver.id, b.id); // leaves team a: their rows count for b now
      const [c1, c2, c3, c4, old] = [await makeUser(['INVESTOR']), await makeUser(['INVESTOR']), await makeUser(['INVESTOR']), await makeUser(['INVESTOR']), await makeUser(['INVESTOR'])];
      const assign = (customerId: string, agentId: string, ended = false) =>
        t.db.insertInto('customer_agent_assignments').values({ company_id: '1', customer_id: customerId, agent_id: agentId, ended_at: ended ? new Date() : null }).execute();
      await assign(c1.id, agent1.id);
      await assign(c2.id, agent1.id);
      await assign(c3.id, agent2.id);
      await assign(c4.id, leaver.id);
      await assign(old.id, agent1.id, true); // an ended assignment does not count
      const contract = (userId: string, state: string, amount: string) =>
        t.db
          .insertInto('contracts')
          .values({ company_id: '1', user_id: userId, product_id: productId, product_key: 'jubilacion', state, initial_investment: amount, recurring_amount: '10.00', submission_date: '2024-01-01', expiring_date: '2044-01-01' })
          .execute();
      await contract(c1.id, 'ACTIVE', '1000.10');
      await contract(c1.id, 'ACTIVE', '250.25');
      await contract(c1.id, 'NEW', '9999.00');
      await contract(c2.id, 'STANDBY', '500.00');
      await contract(c3.id, 'ACTIVE', '0.65');
      await contract(c4.id, 'ACTIVE', '777.00');
      await contract(old.id, 'ACTIVE', '12345.00');
      const day = 86_400_000;
      let leadNo = 0;
      const lead = (agentId: string, state: string, reservedUntil: Date, discardKind: 'CLIENT' | 'OFFERING' | null = null) =>
        t.db
          .insertInto('leads')
          .values({
            company_id: '1',
            agent_id: agentId,
            first_name: 'Lead',
            last_name: String(++leadNo),
            email: `lead.${kind}.${counter}.${leadNo}@example.com`,
            email_key: `lead.${kind}.${counter}.${leadNo}@example.com`,
            state: state as 'RESERVED',
            reserved_until: reservedUntil,
            discard_kind: discardKind,
            discarded_at: discardKind ? new Date() : null,
          })
          .execute();
      const future = new Date(Date.now() + 30 * day);
      const past = new Date(Date.now() - day);
      await lead(agent1.id, 'RESERVED', future);
      await lead(agent1.id, 'EXTENDED', future);
      await lead(agent2.id, 'RESERVED', past); // due but not yet expired by the job: live until the job expires it (decision 0014)
      await lead(agent2.id, 'EXPIRED', past);
      await lead(agent2.id, 'CONVERTED', future);
      await lead(agent1.id, 'DISCARDED', past, 'CLIENT');
      await lead(agent2.id, 'DISCARDED', past, 'CLIENT');
      await lead(agent2.id, 'DISCARDED', past, 'OFFERING');
      await lead(leaver.id, 'RESERVED', future);
      await lead(agent3.id, 'DISCARDED', past, 'OFFERING');

      // The expiry job turns the due lead EXPIRED: it leaves the active leads in the same transaction.
      const dueTeamA = (await call('GET', `/api/sales/teams/${a.id}`, admin)).json();
      expect(dueTeamA).toMatchObject({ activeLeads: 3 });
      await t.db.transaction().execute((tx) => claimDueExpiries(tx, new Date(), 1000));

      const teamA = (await call('GET', `/api/sales/teams/${a.id}`, admin)).json();
      expect(teamA).toMatchObject({
        membersTotal: 2,
        customersTotal: 3,
        activeContracts: 3,
        investmentTotal: '1251.00',
        activeLeads: 2,
        discardedClients: 2,
        discardedOfferings: 1,
      });
      expect(Object.keys(teamA).sort()).toEqual(
        ['id', 'title', 'investmentTotal', 'membersTotal', 'customersTotal', 'activeContracts', 'activeLeads', 'discardedOfferings', 'discardedClients', 'groupName', 'state', 'startSince', 'countryId', 'country', 'cityId', 'city', 'phone', 'email', 'groupId', 'stateCode', 'manager', 'agents'].sort(),
      );
      const byAgent = Object.fromEntries((teamA.agents as { id: string; customersTotal: number; investmentTotal: string }[]).map((x) => [x.id, x]));
      expect(byAgent[agent1.id]).toMatchObject({ customersTotal: 2, activeContracts: 2, investmentTotal: '1250.35', activeLeads: 2, discardedClients: 1 });
      expect(byAgent[agent2.id]).toMatchObject({ customersTotal: 1, activeContracts: 1, investmentTotal: '0.65', activeLeads: 0, discardedClients: 1, discardedOfferings: 1 });
      const teamB = (await call('GET', `/api/sales/teams/${b.id}`, admin)).json();
      expect(teamB).toMatchObject({ membersTotal: 2, customersTotal: 1, activeContracts: 1, investmentTotal: '777.00', activeLeads: 1, discardedClients: 0, discardedOfferings: 1 });
      const groupDetail = (await call('GET', `/api/sales/groups/${g.id}`, admin)).json();
      expect(groupDetail).toMatchObject({ membersTotal: 4, customersTotal: 4, activeContracts: 4, investmentTotal: '2028.00', activeLeads: 3, discardedClients: 2, discardedOfferings: 2, teamsTotal: 2 });
      // The same figures in the list and the tree.
      const list = (await call('GET', `/api/sales/teams?groupId=${g.id}`, admin)).json();
      expect(list.content.find((x: { id: string }) => x.id === a.id)).toMatchObject({ investmentTotal: '1251.00', membersTotal: 2 });
      const tree = (await call('GET', '/api/sales/tree', admin)).json();
      const node = tree.groups.find((x: { id: string }) => x.id === g.id);
      expect(node).toMatchObject({ investmentTotal: '2028.00', membersTotal: 4 });
      expect(node.teams.find((x: { id: string }) => x.id === a.id).agents).toHaveLength(2);
    });

    it('keeps agent_figures equal to the recomputation from rows through random sequences of changes', async () => {
      const g = await createGroup();
      const team = await createTeam(g.id);
      const agents = [await makeUser(['AGENT']), await makeUser(['AGENT']), await makeUser(['AGENT'])];
      for (const agent of agents) await move(agent.id, team.id);
      const clients = [await makeUser(['INVESTOR']), await makeUser(['INVESTOR']), await makeUser(['INVESTOR']), await makeUser(['INVESTOR'])];
      // A small deterministic generator (the seed is printed on failure).
      let seed = 14_2026 + (kind === 'pglite' ? 0 : 7);
      const startSeed = seed;
      const rand = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed % n;
      };
      const pick = <T,>(xs: T[]): T => xs[rand(xs.length)] as T;
      const day = 86_400_000;
      let leadNo = 0;
      const steps: string[] = [];
      const openAssignment = (customerId: string) =>
        t.db.selectFrom('customer_agent_assignments').select(['id', 'agent_id']).where('customer_id', '=', customerId).where('ended_at', 'is', null).executeTakeFirst();
      const contractIds = async (customerId: string) => (await t.db.selectFrom('contracts').select('id').where('user_id', '=', customerId).execute()).map((r) => r.id);
      const leadIds = async (states: string[]) =>
        (await t.db.selectFrom('leads').select('id').where('agent_id', 'in', agents.map((x) => x.id)).where('state', 'in', states as 'RESERVED'[]).execute()).map((r) => r.id);
      for (let step = 0; step < 120; step += 1) {
        const action = rand(10);
        const client = pick(clients);
        const agent = pick(agents);
        if (action === 0) {
          // assign (closing any open assignment first: a client has one agent at a time)
          await t.db.transaction().execute(async (tx) => {
            await tx.updateTable('customer_agent_assignments').set({ ended_at: new Date() }).where('customer_id', '=', client.id).where('ended_at', 'is', null).execute();
            await tx.insertInto('customer_agent_assignments').values({ company_id: '1', customer_id: client.id, agent_id: agent.id }).execute();
          });
          steps.push('assign');
        } else if (action === 1) {
          const open = await openAssignment(client.id);
          if (open) await t.db.updateTable('customer_agent_assignments').set({ ended_at: new Date() }).where('id', '=', open.id).execute();
          steps.push('unassign');
        } else if (action === 2) {
          const amount = `${1 + rand(5000)}.${String(rand(100)).padStart(2, '0')}`;
          await t.db
            .insertInto('contracts')
            .values({ company_id: '1', user_id: client.id, product_id: productId, product_key: 'jubilacion', state: pick(['NEW', 'ACTIVE', 'STANDBY']), initial_investment: amount, recurring_amount: '10.00', submission_date: '2024-01-01', expiring_date: '2044-01-01' })
            .execute();
          steps.push('new contract');
        } else if (action === 3 || action === 4) {
          const ids2 = await contractIds(client.id);
          if (ids2.length) {
            const state = pick(['ACTIVE', 'STANDBY', 'ACTIVE', 'ARCHIVED', 'NEW']);
            await t.db.updateTable('contracts').set({ state }).where('id', '=', pick(ids2)).execute();
          }
          steps.push('contract state');
        } else if (action === 5) {
          const ids2 = await contractIds(client.id);
          if (ids2.length) await t.db.updateTable('contracts').set({ initial_investment: `${rand(900)}.50` }).where('id', '=', pick(ids2)).execute();
          steps.push('contract amount');
        } else if (action === 6) {
          leadNo += 1;
          const email = `rand.${kind}.${counter}.${leadNo}@example.com`;
          await t.db
            .insertInto('leads')
            .values({ company_id: '1', agent_id: agent.id, first_name: 'Lead', last_name: String(leadNo), email, email_key: email, state: 'RESERVED', reserved_until: new Date(Date.now() + (rand(2) ? day : -day)) })
            .execute();
          steps.push('lead');
        } else if (action === 7) {
          const live = await leadIds(['RESERVED', 'EXTENDED']);
          if (live.length) await t.db.updateTable('leads').set({ state: 'DISCARDED', discard_kind: pick(['CLIENT', 'OFFERING'] as const), discarded_at: new Date() }).where('id', '=', pick(live)).execute();
          steps.push('discard');
        } else if (action === 8) {
          await t.db.transaction().execute((tx) => claimDueExpiries(tx, new Date(), 1000));
          const live = await leadIds(['RESERVED']);
          if (live.length) await t.db.updateTable('leads').set({ state: 'EXTENDED', extended_at: new Date() }).where('id', '=', pick(live)).execute();
          steps.push('expire/extend');
        } else {
          const live = await leadIds(['RESERVED', 'EXTENDED']);
          if (live.length) await t.db.updateTable('leads').set({ state: 'CONVERTED', converted_at: new Date() }).where('id', '=', pick(live)).execute();
          steps.push('convert');
        }
        if (step % 10 === 9) expect(await checkAgentFigures(t.db, '1'), `seed ${startSeed}, steps ${steps.join(', ')}`).toEqual([]);
      }
      expect(await checkAgentFigures(t.db, '1'), `seed ${startSeed}`).toEqual([]);
      // Deleting rows takes their part away too.
      const someClient = clients[0]!;
      await t.db.deleteFrom('contracts').where('user_id', '=', someClient.id).where('state', '=', 'ACTIVE').execute();
      await t.db.deleteFrom('customer_agent_assignments').where('customer_id', '=', clients[1]!.id).execute();
      expect(await checkAgentFigures(t.db, '1')).toEqual([]);
      // The check can fail: a figure typed in is found.
      await t.db.updateTable('agent_figures').set({ active_leads: sql<number>`active_leads + 1` }).where('agent_id', '=', agents[0]!.id).execute();
      expect(await checkAgentFigures(t.db, '1')).toEqual([expect.objectContaining({ agent_id: agents[0]!.id })]);
      await t.db.updateTable('agent_figures').set({ active_leads: sql<number>`active_leads - 1` }).where('agent_id', '=', agents[0]!.id).execute();
      // The migration's fill from rows gives the same table.
      const before = await t.db.selectFrom('agent_figures').selectAll().where('company_id', '=', '1').orderBy('agent_id').execute();
      await t.db.deleteFrom('agent_figures').execute();
      await sql.raw(FILL).execute(t.db);
      const refilled = await t.db.selectFrom('agent_figures').selectAll().where('company_id', '=', '1').orderBy('agent_id').execute();
      const ours = (rows: typeof before) =>
        rows.filter((r) => agents.some((x) => x.id === r.agent_id) && [r.customers, r.active_contracts, r.investment, r.active_leads, r.discarded_clients, r.discarded_offerings].some((v) => Number(v) !== 0));
      expect(ours(refilled)).toEqual(ours(before));
      expect(ours(before).length).toBeGreaterThan(0);
      expect(await checkAgentFigures(t.db, '1')).toEqual([]);
      // The team's figures are the stored ones.
      const detail = (await call('GET', `/api/sales/teams/${team.id}`, admin)).json();
      const stored = await t.db.selectFrom('agent_figures').selectAll().where('agent_id', 'in', agents.map((x) => x.id)).execute();
      expect(detail.customersTotal).toBe(stored.reduce((n, r) => n + Number(r.customers), 0));
      expect(detail.activeLeads).toBe(stored.reduce((n, r) => n + Number(r.active_leads), 0));
    });
  });

  describe('lists', () => {
    it('answers the paged envelope with filters and sort', async () => {
      const g = await createGroup({ title: `Zeta filtro ${kind}`, startSince: '2020-05-05' });
      await createTeam(g.id, { title: 'Beta' });
      await createTeam(g.id, { title: 'Alfa' });
      const closed = await createTeam(g.id, { title: 'Gamma' });
      await call('POST', `/api/sales/teams/${closed.id}/close`, admin);
      const page = (await call('GET', `/api/sales/teams?groupId=${g.id}&state=OPERATIVE&size=1`, admin)).json();
      expect(page).toMatchObject({ totalElements: 2, totalPages: 2, size: 1, number: 0, numberOfElements: 1, first: true, last: false, empty: false, pageable: { pageNumber: 0, pageSize: 1, offset: 0 } });
      expect(page.content[0].title).toBe('Alfa');
      const desc = (await call('GET', `/api/sales/teams?groupId=${g.id}&sort=title,desc`, admin)).json();
      expect(desc.content.map((x: { title: string }) => x.title)).toEqual(['Gamma', 'Beta', 'Alfa']);
      const past = (await call('GET', `/api/sales/teams?groupId=${g.id}&page=5`, admin)).json();
      expect(past).toMatchObject({ empty: true, totalElements: 3 });
      const groups = (await call('GET', `/api/sales/groups?q=${encodeURIComponent('zeta FILTRO')}`, admin)).json();
      expect(groups.content.map((x: { id: string }) => x.id)).toEqual([g.id]);
      const bad = await call('GET', '/api/sales/teams?sort=members', admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('sort');
    });
  });

  describe('scope', () => {
    it('shows a group manager only their group, and a team manager only their team', async () => {
      const gmUser = await makeUser(['GROUP_MANAGER']);
      const tmUser = await makeUser(['TEAM_MANAGER']);
      const gm = await authHeaders(t.db, gmUser.email);
      const tm = await authHeaders(t.db, tmUser.email);
      const mine = await createGroup({ managerId: gmUser.id });
      const theirs = await createGroup();
      const myTeam = await createTeam(mine.id, { managerId: tmUser.id });
      const sibling = await createTeam(mine.id);
      const otherTeam = await createTeam(theirs.id);
      const gmTree = (await call('GET', '/api/sales/tree', gm)).json();
      expect(gmTree.groups.map((x: { id: string }) => x.id)).toEqual([mine.id]);
      expect(gmTree.groups[0].teams.map((x: { id: string }) => x.id).sort()).toEqual([myTeam.id, sibling.id].sort());
      expect((await call('GET', '/api/sales/groups', gm)).json().content.map((x: { id: string }) => x.id)).toEqual([mine.id]);
      expect((await call('GET', `/api/sales/groups/${theirs.id}`, gm)).statusCode).toBe(404);
      expect((await call('GET', `/api/sales/teams/${otherTeam.id}`, gm)).statusCode).toBe(404);
      expect((await call('GET', `/api/sales/teams/${sibling.id}`, gm)).statusCode).toBe(200);
      const tmTree = (await call('GET', '/api/sales/tree', tm)).json();
      expect(tmTree.groups.map((x: { id: string }) => x.id)).toEqual([mine.id]);
      expect(tmTree.groups[0].teams.map((x: { id: string }) => x.id)).toEqual([myTeam.id]);
      expect((await call('GET', '/api/sales/teams', tm)).json().content.map((x: { id: string }) => x.id)).toEqual([myTeam.id]);
      expect((await call('GET', `/api/sales/teams/${sibling.id}`, tm)).statusCode).toBe(404);
      expect((await call('GET', `/api/sales/groups/${mine.id}`, tm)).statusCode).toBe(404);
      expect((await call('GET', '/api/sales/groups', tm)).json().totalElements).toBe(0);
      // Managers read; they do not act.
      expect((await call('POST', `/api/sales/teams/${myTeam.id}/close`, tm)).statusCode).toBe(403);
      expect((await call('POST', '/api/sales/groups', gm, group())).statusCode).toBe(403);
      expect((await move(ids['agent@kc.example']!, myTeam.id, gm)).statusCode).toBe(403);
    });

    it('gives group and team managers read-only access to the users of their part of the network', async () => {
      const gmUser = await makeUser(['GROUP_MANAGER']);
      const tmUser = await makeUser(['TEAM_MANAGER']);
      const gm = await authHeaders(t.db, gmUser.email);
      const tm = await authHeaders(t.db, tmUser.email);
      const g = await createGroup({ managerId: gmUser.id });
      const myTeam = await createTeam(g.id, { managerId: tmUser.id });
      const sibling = await createTeam(g.id);
      const [a1, a2, outsider] = [await makeUser(['AGENT']), await makeUser(['AGENT']), await makeUser(['AGENT'])];
      await move(a1.id, myTeam.id);
      await move(a2.id, sibling.id);
      const client = await makeUser(['INVESTOR']);
      await t.db.insertInto('customer_agent_assignments').values({ company_id: '1', customer_id: client.id, agent_id: a1.id }).execute();
      const emailsOf = async (headers: THeaders) => ((await call('GET', '/api/users?size=100', headers)).json().content as { id: string }[]).map((u) => u.id).sort();
      expect(await emailsOf(tm)).toEqual([a1.id, client.id, tmUser.id].sort());
      expect(await emailsOf(gm)).toEqual([a1.id, a2.id, client.id, tmUser.id].sort());
      expect((await call('GET', `/api/users/${client.id}`, tm)).statusCode).toBe(200);
      expect((await call('GET', `/api/users/${a2.id}`, tm)).statusCode).toBe(404);
      expect((await call('GET', `/api/users/${outsider.id}`, gm)).statusCode).toBe(404);
      expect((await call('GET', `/api/users/${ids['investor@kc.example']}`, gm)).statusCode).toBe(404);
      const detail = (await call('GET', `/api/users/${a1.id}`, gm)).json();
      expect(detail.grantableRoles).toEqual([]);
      expect((await call('POST', `/api/users/${a1.id}/deactivate`, gm)).statusCode).toBe(403);
      // A search stays inside the scope.
      const searched = (await call('GET', `/api/users?role=AGENT&size=100`, tm)).json().content.map((u: { id: string }) => u.id);
      expect(searched).toEqual([a1.id]);
    });

    it('refuses other roles and other companies', async () => {
      const g = await createGroup();
      const team = await createTeam(g.id);
      const zone = await insertZone(g.id);
      for (const headers of [investor, advisor]) {
        for (const url of ['/api/sales/tree', '/api/sales/groups', '/api/sales/teams', `/api/sales/teams/${team.id}`, '/api/sales/zones', `/api/sales/zones/${zone}`]) {
          expect((await call('GET', url, headers)).statusCode, url).toBe(403);
        }
      }
      expect((await call('GET', '/api/sales/tree', agentHeaders)).statusCode).toBe(403);
      const before = await counts();
      expect((await call('GET', `/api/sales/teams/${team.id}`, otherAdmin)).statusCode).toBe(404);
      expect((await call('GET', `/api/sales/groups/${g.id}`, otherAdmin)).statusCode).toBe(404);
      expect((await call('GET', `/api/sales/zones/${zone}`, otherAdmin)).statusCode).toBe(404);
      expect((await call('PUT', `/api/sales/teams/${team.id}`, otherAdmin, { title: 'Hack', startSince: '2024-01-01', groupId: g.id })).statusCode).toBe(404);
      expect((await call('POST', `/api/sales/teams/${team.id}/close`, otherAdmin)).statusCode).toBe(404);
      expect((await call('POST', `/api/sales/groups/${g.id}/close`, otherAdmin)).statusCode).toBe(404);
      expect((await move(ids['agent@kc.example']!, team.id, otherAdmin)).statusCode).toBe(404);
      expect((await call('POST', `/api/sales/zones/${zone}/seats`, otherAdmin, { type: 'GOLD', agentId: ids['agent@kc.example'] })).statusCode).toBe(404);
      expect((await call('GET', '/api/sales/teams', otherAdmin)).json().content.map((x: { id: string }) => x.id)).not.toContain(team.id);
      expect(await counts()).toEqual(before);
    });
  });

  describe('zones and seats', () => {
    it("answers the specification's Zone with occupation by type, and takes and releases seats", async () => {
      const g = await createGroup();
      const team = await createTeam(g.id);
      const zone = await insertZone(g.id, `Zona ${kind} A`);
      const agent = await makeUser(['AGENT']);
      await move(agent.id, team.id);
      const agentH = await authHeaders(t.db, agent.email);
      const took = await call('POST', `/api/sales/zones/${zone}/seats`, agentH, { type: 'platinum' });
      expect(took.statusCode, took.body).toBe(201);
      const z = took.json();
      expect(z).toMatchObject({ title: `Zona ${kind} A`, groupName: g.title, state: 'Operativo', ocupationPercent: 0.6, mySeat: 'PLATINUM' });
      expect(z.ocupationByType).toEqual([
        { type: 'GOLD', stars: 1, title: 'Oro', reserved: 0, max: 100, price: '600 € / mes' },
        { type: 'PLATINUM', stars: 2, title: 'Platino', reserved: 1, max: 40, price: '800 € / mes' },
        { type: 'DELUXE', stars: 3, title: 'Deluxe', reserved: 0, max: 20, price: '1.200 € / mes' },
      ]);
      const en = (await call('GET', `/api/sales/zones/${zone}`, { ...agentH, 'accept-language': 'en' })).json();
      expect(en.ocupationByType[2]).toMatchObject({ title: 'Deluxe', price: '€1,200 a month' });
      expect((await call('POST', `/api/sales/zones/${zone}/seats`, agentH, { type: 'GOLD' })).json().code).toBe('salesSeatAlreadyHeld');
      expect((await call('POST', `/api/sales/zones/${zone}/seats`, agentH, { type: 'GOLD', agentId: ids['agent@kc.example'] })).statusCode).toBe(403);
      expect((await call('POST', `/api/sales/zones/${zone}/seats`, agentH, { type: 'BRONZE' })).json()).toMatchObject({ code: 'validation', errors: [{ field: 'type' }] });
      // Another agent of the company, outside the zone's group, may not see or take it.
      expect((await call('GET', `/api/sales/zones/${zone}`, agentHeaders)).statusCode).toBe(404);
      const outsider = await makeUser(['AGENT']);
      expect((await call('POST', `/api/sales/zones/${zone}/seats`, admin, { type: 'GOLD', agentId: outsider.id })).json().code).toBe('salesAgentNotInZoneGroup');
      expect((await call('POST', `/api/sales/zones/${zone}/seats`, admin, { type: 'GOLD' })).json().errors[0].field).toBe('agentId');
      const released = await call('DELETE', `/api/sales/zones/${zone}/seats/${agent.id}`, agentH);
      expect(released.statusCode).toBe(200);
      expect(released.json()).toMatchObject({ ocupationPercent: 0, mySeat: null });
      expect((await call('DELETE', `/api/sales/zones/${zone}/seats/${agent.id}`, agentH)).json().code).toBe('salesSeatNotFound');
      const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', zone).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['zone.takeSeat', 'zone.releaseSeat']);
      const list = (await call('GET', `/api/sales/zones?groupId=${g.id}`, groupManager)).json();
      expect(list.totalElements).toBe(0); // not their group
      const all = (await call('GET', `/api/sales/zones?groupId=${g.id}`, admin)).json();
      expect(all.content.map((x: { id: string }) => x.id)).toEqual([zone]);
    });

    it('never goes over a type maximum: 30 concurrent takes of DELUXE (20 free) → exactly 20', async () => {
      const g = await createGroup();
      const team = await createTeam(g.id);
      const zone = await insertZone(g.id);
      const agents = [];
      for (let i = 0; i < 30; i++) agents.push(await makeUser(['AGENT']));
      await t.db.insertInto('team_memberships').values(agents.map((a) => ({ company_id: '1', team_id: team.id, agent_id: a.id }))).execute();
      const results = await Promise.all(agents.map((a) => call('POST', `/api/sales/zones/${zone}/seats`, admin, { type: 'DELUXE', agentId: a.id })));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(20);
      expect(codes.filter((c) => c === 409)).toHaveLength(10);
      expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('salesSeatsFull');
      const open = await t.db.selectFrom('zone_seats').select('id').where('zone_id', '=', zone).where('membership_type', '=', 'DELUXE').where('released_at', 'is', null).execute();
      expect(open).toHaveLength(20);
      const z = (await call('GET', `/api/sales/zones/${zone}`, admin)).json();
      expect(z.ocupationByType.find((x: { type: string }) => x.type === 'DELUXE')).toMatchObject({ reserved: 20, max: 20 });
      expect(z.ocupationPercent).toBe(12.5);
    });
  });

  it('seeds the demo network idempotently', async () => {
    const { seedDemo } = await import('../src/db/seed/demo.ts');
    const before = await counts();
    await seedDemo(t.db, { baseYear: 2020 });
    expect(await counts()).toEqual(before);
    const tree = (await call('GET', '/api/sales/tree', teamManager)).json();
    expect(tree.groups).toHaveLength(1);
    expect(tree.groups[0].teams).toHaveLength(1);
    expect(tree.groups[0].teams[0].agents.map((a: { email: string }) => a.email)).toContain('agent@kc.example');
    const gmTree = (await call('GET', '/api/sales/tree', groupManager)).json();
    expect(gmTree.groups[0].title).toBe('Grupo Centro');
    const zones = (await call('GET', '/api/sales/zones', admin)).json();
    const seeded = zones.content.filter((z: { title: string }) => ['Madrid', 'Toledo y La Mancha', 'Cantábrico'].includes(z.title));
    expect(seeded).toHaveLength(3);
    for (const z of seeded) for (const type of z.ocupationByType) expect(type.reserved, `${z.title} ${type.type}`).toBeGreaterThan(0);
  });
});
