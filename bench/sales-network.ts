// `npm run bench:sales -w @kc/bench`: the team-figures budget of issue 14 on PostgreSQL.
//
// One database on 127.0.0.1:5432, kc_bench_sales, built by this script with the app's own
// migrations and demo seed (createRuntime), then bulk-filled in SQL (generate_series) for
// company 1: 100k users (2,000 agents, 98k investors), 20 groups of 10 teams (200 teams), each
// agent in one team (10 a team), 50k investors assigned to the agents (25 each) with 2 contracts
// each (100k contracts, about half ACTIVE), and 200k leads (100 an agent) in every state
// (live, expired, converted, discarded as CLIENT or OFFERING). Reused when it already holds this
// data set (a marker row in bench_meta). Migration 0015's triggers are in place before the bulk
// inserts, so they fill agent_figures row by row as the inserts go (the timings include them);
// the build then checks the table's sums against the rows.
//
// Load: autocannon in a child process, 10 connections, BENCH_SECONDS (10 by default), against the
// API in a process of its own (server-process.ts), as an ADMIN: GET /api/sales/teams/{id} (the
// team's figures and its agents' figures), cycling through the 200 distinct teams. The floor in
// the same run: a bare Fastify answering one prepared query through a pool of 10 (server-process
// `hello`, GET /one-query/{id}), on the same PostgreSQL, cycling through the agents.
// Budget: p99 ≤ 20 ms.
import { createRuntime } from '../apps/api/src/runtime.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { enrolStaffStatement } from './staff-factor.ts';
import { apiConfig, withClient } from './api-config.ts';
import { fmt, loadVariants, seconds, type TVariant } from './load.ts';
import { startServer } from './server-process.ts';

const CONNECTIONS = 10;
const USERS = 100_000;
const AGENTS = 2_000;
const TEAMS = 200;
const CLIENTS = 50_000;
const LEADS = 200_000;
const DATABASE = 'kc_bench_sales';
const DATASET = `v2 (agent_figures) users=${USERS} agents=${AGENTS} teams=${TEAMS} clients=${CLIENTS} leads=${LEADS}`;
const BUDGET_P99_MS = 20;

function line(label: string, value: string) {
  console.log(`${label.padEnd(72)} ${value}`);
}


async function holdsDataSet(): Promise<boolean> {
  const exists = await withClient('postgres', async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 1);
  if (!exists) return false;
  return withClient(DATABASE, async (c) => {
    if (!(await c.query("SELECT to_regclass('public.bench_meta') AS t")).rows[0]?.t) return false;
    return (await c.query('SELECT value FROM bench_meta WHERE key = $1', ['dataset'])).rows[0]?.value === DATASET;
  });
}

async function build() {
  await withClient('postgres', async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DATABASE}`);
  });
  const { app } = await createRuntime(apiConfig(DATABASE));
  await app.close();
  await withClient(DATABASE, async (c) => {
    const start = performance.now();
    const step = async (label: string, text: string) => {
      const t0 = performance.now();
      await c.query(text);
      line(`  ${label}`, `${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    await step(
      `${USERS.toLocaleString('en')} users (${AGENTS.toLocaleString('en')} agents)`,
      `INSERT INTO users (company_id, email, password_hash, first_name, last_name, country_id, roles, confirmed_at)
       SELECT '1', 'bench-' || i || '@bench.example', 'x', 'Nombre' || i, 'Apellido' || i, 'ES',
              CASE WHEN i <= ${AGENTS} THEN ARRAY['AGENT'] ELSE ARRAY['INVESTOR'] END, now()
         FROM generate_series(1, ${USERS}) AS i`,
    );
    await c.query(`CREATE TEMP TABLE n_user AS SELECT split_part(split_part(email, '@', 1), '-', 2)::int AS n, id FROM users WHERE email LIKE 'bench-%@bench.example'`);
    await c.query('CREATE UNIQUE INDEX ON n_user (n)');
    await step(
      `20 groups, ${TEAMS} teams`,
      `INSERT INTO company_groups (company_id, title, state, start_since, country_id)
         SELECT '1', 'Grupo bench ' || g, 'OPERATIVE', date '2022-01-01' + g, 'ES' FROM generate_series(1, 20) AS g;
       INSERT INTO teams (company_id, group_id, title, state, start_since, country_id)
         SELECT '1', (SELECT id FROM company_groups WHERE title = 'Grupo bench ' || (1 + (t - 1) / 10)), 'Equipo bench ' || t, 'OPERATIVE', date '2022-02-01' + t, 'ES'
           FROM generate_series(1, ${TEAMS}) AS t`,
    );
    await c.query(`CREATE TEMP TABLE n_team AS SELECT substr(title, 14)::int AS n, id FROM teams WHERE title LIKE 'Equipo bench %'`);
    await step(
      'memberships (10 agents a team)',
      `INSERT INTO team_memberships (company_id, team_id, agent_id)
       SELECT '1', t.id, u.id FROM n_user u JOIN n_team t ON t.n = 1 + (u.n - 1) / ${AGENTS / TEAMS} WHERE u.n <= ${AGENTS}`,
    );
    await step(
      `${CLIENTS.toLocaleString('en')} client assignments (25 an agent)`,
      `INSERT INTO customer_agent_assignments (company_id, customer_id, agent_id)
       SELECT '1', c.id, a.id FROM n_user c JOIN n_user a ON a.n = 1 + (c.n - ${AGENTS} - 1) % ${AGENTS}
        WHERE c.n > ${AGENTS} AND c.n <= ${AGENTS + CLIENTS}`,
    );
    await step(
      `${(CLIENTS * 2).toLocaleString('en')} contracts of those clients`,
      `INSERT INTO contracts (company_id, user_id, product_id, product_key, state, initial_investment, recurring_amount, submission_date, expiring_date)
       SELECT '1', c.id, p.id, p.product_key,
              (ARRAY['ACTIVE', 'ACTIVE', 'NEW', 'STANDBY', 'ARCHIVED'])[1 + (c.n * 2 + k) % 5],
              (1000 + (c.n * 37 + k * 11) % 50000)::numeric(14,2) + 0.25, 50, date '2024-01-01', date '2044-01-01'
         FROM n_user c CROSS JOIN generate_series(0, 1) AS k
         CROSS JOIN LATERAL (SELECT id, product_key FROM products WHERE company_id = '1' ORDER BY id LIMIT 1) p
        WHERE c.n > ${AGENTS} AND c.n <= ${AGENTS + CLIENTS}`,
    );
    await step(
      `${LEADS.toLocaleString('en')} leads (100 an agent, every state)`,
      `INSERT INTO leads (company_id, agent_id, first_name, last_name, email, email_key, state, reserved_at, reserved_until, discard_kind, discarded_at)
       SELECT '1', a.id, 'Lead', 'L' || i, 'lead-' || i || '@bench.example', 'lead-' || i || '@bench.example',
              (ARRAY['RESERVED', 'EXTENDED', 'EXPIRED', 'CONVERTED', 'DISCARDED'])[1 + i % 5],
              now() - interval '90 days', now() + (((i % 360) - 60) || ' days')::interval,
              CASE WHEN i % 5 = 4 THEN (ARRAY['CLIENT', 'OFFERING'])[1 + (i / 5) % 2] END,
              CASE WHEN i % 5 = 4 THEN now() END
         FROM generate_series(1, ${LEADS}) AS i JOIN n_user a ON a.n = 1 + i % ${AGENTS}`,
    );
    const sums = await c.query(
      `SELECT (SELECT row(sum(customers), sum(active_contracts), sum(investment), sum(active_leads), sum(discarded_clients), sum(discarded_offerings))::text FROM agent_figures) AS stored,
              (SELECT row((SELECT count(*) FROM customer_agent_assignments WHERE ended_at IS NULL),
                          (SELECT count(*) FROM contracts c JOIN customer_agent_assignments a ON a.customer_id = c.user_id AND a.ended_at IS NULL WHERE c.state = 'ACTIVE'),
                          (SELECT sum(c.initial_investment) FROM contracts c JOIN customer_agent_assignments a ON a.customer_id = c.user_id AND a.ended_at IS NULL WHERE c.state = 'ACTIVE'),
                          (SELECT count(*) FROM leads WHERE state IN ('RESERVED', 'EXTENDED')),
                          (SELECT count(*) FROM leads WHERE state = 'DISCARDED' AND discard_kind = 'CLIENT'),
                          (SELECT count(*) FROM leads WHERE state = 'DISCARDED' AND discard_kind = 'OFFERING'))::text) AS computed`,
    );
    const { stored, computed } = sums.rows[0] as { stored: string; computed: string };
    line('  agent_figures sums (customers, contracts, investment, live, discarded C/O)', `${stored} ${stored === computed ? '= rows' : `≠ rows ${computed}`}`);
    if (stored !== computed) throw new Error('agent_figures does not match the rows');
    await c.query('ANALYZE');
    await c.query('CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL)');
    await c.query('INSERT INTO bench_meta VALUES ($1, $2)', ['dataset', DATASET]);
    line('  data set built and analysed', `${((performance.now() - start) / 1000).toFixed(1)} s`);
  });
}

async function mintAdminToken(): Promise<string> {
  return withClient(DATABASE, async (c) => {
    const admin = await c.query("SELECT id FROM users WHERE company_id = '1' AND email = 'admin@kc.example'");
    const enrol = enrolStaffStatement(admin.rows[0].id);
    await c.query(enrol.text, enrol.values);
    const token = newToken();
    await c.query(
      `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at) VALUES ($1, $2, '1', 'kc-mobile', now() + interval '1 day')`,
      [hashToken(token), admin.rows[0].id],
    );
    return token;
  });
}

console.log(`Team figures on PostgreSQL: ${USERS.toLocaleString('en')} users, ${AGENTS.toLocaleString('en')} agents in ${TEAMS} teams, ${LEADS.toLocaleString('en')} leads; autocannon ${CONNECTIONS} connections, ${seconds} s, loopback.`);
if (await holdsDataSet()) line('kc_bench_sales', 'reused');
else await build();
const token = await mintAdminToken();
const headers = { authorization: `Bearer ${token}`, 'company-id': '1' };
const { teams, agents } = await withClient(DATABASE, async (c) => ({
  teams: (await c.query<{ id: string }>("SELECT id FROM teams WHERE title LIKE 'Equipo bench %' ORDER BY id")).rows.map((r) => r.id),
  agents: (await c.query<{ id: string }>("SELECT agent_id AS id FROM team_memberships WHERE left_at IS NULL ORDER BY agent_id LIMIT 200")).rows.map((r) => r.id),
}));
const teamVariants: TVariant[] = teams.map((id) => ({ path: `/api/sales/teams/${id}`, headers }));
const floorVariants: TVariant[] = agents.map((id) => ({ path: `/one-query/${id}` }));

const api = await startServer(['api', DATABASE]); // applies any new migration
const bare = await startServer(['hello', DATABASE, agents[0]!]);
// As autovacuum would have by then after loads of this size: statistics and the visibility map
// (index-only scans of the figures' indexes need it).
await withClient(DATABASE, (c) => c.query('VACUUM ANALYZE team_memberships, customer_agent_assignments, contracts, leads, agent_figures'));
try {
  const sample = await fetch(`${api.origin}${teamVariants[0]!.path}`, { headers });
  if (!sample.ok) throw new Error(`team → ${sample.status} ${await sample.text()}`);
  const body = (await sample.json()) as { membersTotal: number; customersTotal: number; activeContracts: number; activeLeads: number; investmentTotal: string };
  line('a team (sample)', `${body.membersTotal} agents, ${body.customersTotal} clients, ${body.activeContracts} active contracts, ${body.activeLeads} live leads, ${body.investmentTotal} €`);
  await loadVariants(bare.origin, floorVariants, { seconds: 2, connections: CONNECTIONS }); // warm-up
  await loadVariants(api.origin, teamVariants, { seconds: 2, connections: CONNECTIONS });
  const floor = await loadVariants(bare.origin, floorVariants, { connections: CONNECTIONS });
  line(`floor: bare Fastify + one prepared query, ${floorVariants.length} distinct ids`, fmt(floor));
  const r = await loadVariants(api.origin, teamVariants, { connections: CONNECTIONS });
  const verdict = r.p99Ms <= BUDGET_P99_MS ? 'met' : 'MISSED';
  line(`GET /api/sales/teams/{id}, ${teamVariants.length} distinct teams (budget p99 ≤ ${BUDGET_P99_MS} ms)`, `${fmt(r)}  ${verdict}`);
} finally {
  await api.close();
  await bare.close();
}
