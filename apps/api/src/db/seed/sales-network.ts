import type { Kysely } from 'kysely';
import { DEFAULT_MEMBERSHIP_TYPES } from '@kc/domain';
import type { Database } from '../schema.ts';
import { hashSecret } from '../../lib/password.ts';

/**
 * Demo sales network (issue 14) for company 1: 2 groups (group.manager@kc.example runs Centro),
 * 4 teams (team.manager@kc.example runs Madrid Centro, where agent@kc.example works), 8 more
 * agents spread over the teams, 3 zones with seats of every membership type, and the membership
 * types of every company. Idempotent: what exists (by title or e-mail) is left as it is.
 * Leads and clients are seeded by the leads slice.
 */
export const DEMO_AGENTS = [
  { email: 'agente.lucia@kc.example', first: 'Lucía', last: 'Moreno', team: 'Madrid Centro' },
  { email: 'agente.pablo@kc.example', first: 'Pablo', last: 'Ruiz', team: 'Madrid Centro' },
  { email: 'agente.marta@kc.example', first: 'Marta', last: 'Jiménez', team: 'Toledo' },
  { email: 'agente.javier@kc.example', first: 'Javier', last: 'Navarro', team: 'Toledo' },
  { email: 'agente.elena@kc.example', first: 'Elena', last: 'Iglesias', team: 'Bilbao' },
  { email: 'agente.diego@kc.example', first: 'Diego', last: 'Ortega', team: 'Bilbao' },
  { email: 'agente.sofia@kc.example', first: 'Sofía', last: 'Castro', team: 'Santander' },
  { email: 'agente.hugo@kc.example', first: 'Hugo', last: 'Vidal', team: 'Santander' },
] as const;

const COMPANY = '1';
const MADRID = '3117735';
const GROUPS = [
  { title: 'Grupo Centro', manager: 'group.manager@kc.example', city: MADRID, phone: '+34 910 000 100', email: 'centro@kc.example', since: '2021-01-11' },
  { title: 'Grupo Norte', manager: null, city: '3128026', phone: '+34 944 000 200', email: 'norte@kc.example', since: '2022-03-01' },
] as const;
const TEAMS = [
  { title: 'Madrid Centro', group: 'Grupo Centro', manager: 'team.manager@kc.example', city: MADRID, since: '2021-02-01' },
  { title: 'Toledo', group: 'Grupo Centro', manager: null, city: '2510409', since: '2021-09-15' },
  { title: 'Bilbao', group: 'Grupo Norte', manager: null, city: '3128026', since: '2022-03-14' },
  { title: 'Santander', group: 'Grupo Norte', manager: null, city: '3109718', since: '2023-01-09' },
] as const;
const ZONES = [
  { title: 'Madrid', group: 'Grupo Centro', city: MADRID, since: '2021-02-01' },
  { title: 'Toledo y La Mancha', group: 'Grupo Centro', city: '2510409', since: '2021-10-01' },
  { title: 'Cantábrico', group: 'Grupo Norte', city: '3128026', since: '2022-04-01' },
] as const;

export async function seedSalesNetwork(db: Kysely<Database>, options: { password: string }): Promise<void> {
  const companies = await db.selectFrom('companies').select('id').execute();
  for (const company of companies) {
    await db
      .insertInto('membership_types')
      .values(DEFAULT_MEMBERSHIP_TYPES.map((t) => ({ company_id: company.id, type: t.type, stars: t.stars, monthly_price: t.monthlyPrice, max_seats: t.maxSeats })))
      .onConflict((oc) => oc.columns(['company_id', 'type']).doNothing())
      .execute();
  }
  if (!companies.some((c) => c.id === COMPANY)) return;

  // The extra agents.
  const have = new Set((await db.selectFrom('users').select('email').where('company_id', '=', COMPANY).execute()).map((u) => u.email));
  const missing = DEMO_AGENTS.filter((a) => !have.has(a.email));
  if (missing.length > 0) {
    const passwordHash = await hashSecret(options.password);
    await db
      .insertInto('users')
      .values(
        missing.map((a) => ({
          company_id: COMPANY,
          email: a.email,
          password_hash: passwordHash,
          first_name: a.first,
          last_name: a.last,
          roles: ['AGENT'],
          confirmed_at: new Date(),
          country_id: 'ES',
          language: 'es',
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const users = await db.selectFrom('users').select(['id', 'email']).where('company_id', '=', COMPANY).execute();
  const userId = (email: string | null) => (email ? (users.find((u) => u.email === email)?.id ?? null) : null);

  // Groups, teams and zones (by title).
  const groupIds = new Map<string, string>();
  for (const g of GROUPS) {
    let row = await db.selectFrom('company_groups').select('id').where('company_id', '=', COMPANY).where('title', '=', g.title).executeTakeFirst();
    row ??= await db
      .insertInto('company_groups')
      .values({ company_id: COMPANY, title: g.title, manager_id: userId(g.manager), start_since: g.since, country_id: 'ES', city_id: g.city, phone: g.phone, email: g.email })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupIds.set(g.title, row.id);
  }
  const teamIds = new Map<string, string>();
  for (const t of TEAMS) {
    let row = await db.selectFrom('teams').select('id').where('company_id', '=', COMPANY).where('title', '=', t.title).executeTakeFirst();
    row ??= await db
      .insertInto('teams')
      .values({ company_id: COMPANY, group_id: groupIds.get(t.group)!, title: t.title, manager_id: userId(t.manager), start_since: t.since, country_id: 'ES', city_id: t.city })
      .returning('id')
      .executeTakeFirstOrThrow();
    teamIds.set(t.title, row.id);
  }
  // Memberships: agent@kc.example in Madrid Centro, the others as listed; an agent already in a team stays.
  const placements = [{ email: 'agent@kc.example', team: 'Madrid Centro' }, ...DEMO_AGENTS];
  for (const p of placements) {
    const agentId = userId(p.email);
    if (!agentId) continue;
    const open = await db.selectFrom('team_memberships').select('id').where('agent_id', '=', agentId).where('left_at', 'is', null).executeTakeFirst();
    if (!open) await db.insertInto('team_memberships').values({ company_id: COMPANY, team_id: teamIds.get(p.team)!, agent_id: agentId }).execute();
  }
  for (const z of ZONES) {
    let row = await db.selectFrom('zones').select('id').where('company_id', '=', COMPANY).where('title', '=', z.title).executeTakeFirst();
    const created = !row;
    row ??= await db
      .insertInto('zones')
      .values({ company_id: COMPANY, group_id: groupIds.get(z.group)!, title: z.title, start_since: z.since, country_id: 'ES', city_id: z.city })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!created) continue;
    // Seats of every type, held by agents of the zone's group.
    const agents = await db
      .selectFrom('team_memberships as m')
      .innerJoin('teams as t', 't.id', 'm.team_id')
      .select('m.agent_id')
      .where('t.group_id', '=', groupIds.get(z.group)!)
      .where('m.left_at', 'is', null)
      .orderBy('m.agent_id')
      .execute();
    const types = ['GOLD', 'PLATINUM', 'DELUXE', 'GOLD'];
    const seats = agents.slice(0, types.length).map((a, i) => ({ company_id: COMPANY, zone_id: row.id, membership_type: types[i]!, agent_id: a.agent_id }));
    if (seats.length > 0) await db.insertInto('zone_seats').values(seats).execute();
  }
}
