// `npm run bench:reservations -w @kc/bench`: the reservations' budgets of issue 14 on PostgreSQL.
//
// One database on 127.0.0.1:5432, kc_bench_leads, rebuilt on every run with the app's own
// migrations and demo seed (createRuntime), then filled in SQL (generate_series): 200 agents of
// company 1 with a token each, and 10,000 live reservations (RESERVED) already past their end.
//
// 1. Conflict: 200 concurrent POST /api/agent/leads of the same person by the 200 agents, over
//    HTTP, against the API in a process of its own (server-process.ts). Budget: exactly one 201,
//    the other 199 answer 409 leadReservedByOther; one live row for the person.
// 2. Expiry: two job runners, each on its own pool (as two instances would be), run one pass at
//    once over the 10,000 due reservations. Budget: ≤ 10 s, and each lead handled exactly once:
//    10,000 EXPIRED rows, 10,000 leadExpired notifications, none of them for the same lead twice,
//    and the runners' own counts add up to 10,000.
import { createRuntime } from '../apps/api/src/runtime.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { benchTotpSecretOf } from './staff-factor.ts';
import { createLeadExpiryJob } from '../apps/api/src/modules/leads/expiry-job.ts';
import { apiConfig, urlOf, withClient } from './api-config.ts';
import { startServer } from './server-process.ts';

const DATABASE = 'kc_bench_leads';
const AGENTS = 200;
const DUE = 10_000;
const BUDGET_EXPIRY_MS = 10_000;

function line(label: string, value: string) {
  console.log(`${label.padEnd(70)} ${value}`);
}


async function build(): Promise<string[]> {
  await withClient('postgres', async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DATABASE}`);
  });
  const { app } = await createRuntime(apiConfig(DATABASE, { LEADS_JOB_POLL_MS: '0' }));
  await app.close();
  const tokens = Array.from({ length: AGENTS }, () => newToken());
  await withClient(DATABASE, async (c) => {
    const start = performance.now();
    await c.query(`
      INSERT INTO users (company_id, email, password_hash, first_name, last_name, roles, is_active, confirmed_at)
      SELECT '1', 'bench-agent-' || i || '@bench.example', 'x', 'Agente', 'Bench ' || i, ARRAY['AGENT'], true, now()
        FROM generate_series(1, ${AGENTS}) AS i`);
    await c.query(
      `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at)
       SELECT t.hash, u.id, '1', 'kc-mobile', now() + interval '2 hours'
         FROM unnest($1::text[]) WITH ORDINALITY AS t(hash, i)
         JOIN users u ON u.email = 'bench-agent-' || t.i || '@bench.example'`,
      [tokens.map(hashToken)],
    );
    // Agents are staff: a second factor before their workspace (issue 18).
    const agents = await c.query<{ id: string }>(`SELECT id FROM users WHERE email LIKE 'bench-agent-%@bench.example'`);
    await c.query(
      `INSERT INTO user_totp (user_id, company_id, secret_encrypted, enrolled_at)
       SELECT u, '1', s, now() FROM unnest($1::uuid[], $2::text[]) AS t(u, s) ON CONFLICT (user_id) DO NOTHING`,
      [agents.rows.map((r) => r.id), agents.rows.map((r) => benchTotpSecretOf(r.id))],
    );
    await c.query(`
      INSERT INTO leads (company_id, agent_id, first_name, last_name, email, email_key, state, reserved_at, reserved_until)
      SELECT '1', a.id, 'Persona', 'Due ' || i, 'due-' || i || '@bench.example', 'due-' || i || '@bench.example', 'RESERVED',
             now() - interval '6 months' - interval '1 hour', now() - interval '1 hour'
        FROM generate_series(1, ${DUE}) AS i
        JOIN LATERAL (SELECT id FROM users WHERE email = 'bench-agent-' || (1 + i % ${AGENTS}) || '@bench.example') a ON true`);
    await c.query('ANALYZE');
    line('data set built (200 agents with tokens, 10,000 due reservations)', `${((performance.now() - start) / 1000).toFixed(1)} s`);
  });
  return tokens;
}

async function conflict(tokens: string[]): Promise<boolean> {
  const server = await startServer(['api', DATABASE, 'LEADS_JOB_POLL_MS=0']);
  try {
    const body = JSON.stringify({ firstName: 'Carmen', lastName: 'Disputada', email: 'carmen.disputada@bench.example' });
    const start = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const res = await fetch(`${server.origin}/api/agent/leads`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'company-id': '1', 'content-type': 'application/json' },
          body,
        });
        const json = (await res.json()) as { code?: string };
        return { status: res.status, code: json.code };
      }),
    );
    const ms = performance.now() - start;
    const created = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409 && a.code === 'leadReservedByOther').length;
    const other = answers.length - created - refused;
    const live = await withClient(DATABASE, async (c) =>
      Number((await c.query("SELECT count(*) AS n FROM leads WHERE email_key = 'carmen.disputada@bench.example' AND state IN ('RESERVED','EXTENDED')")).rows[0].n),
    );
    const met = created === 1 && refused === AGENTS - 1 && other === 0 && live === 1;
    line(`${AGENTS} concurrent reservations of one person (HTTP, ${ms.toFixed(0)} ms)`, `201: ${created}, 409: ${refused}, other: ${other}, live rows: ${live} — ${met ? 'met' : 'MISSED'}`);
    return met;
  } finally {
    await server.close();
  }
}

async function expiry(): Promise<boolean> {
  const pools = await Promise.all([0, 1].map(() => openDatabase({ url: urlOf(DATABASE), poolSize: 5 })));
  const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silent; }, level: 'silent' } as never;
  try {
    const now = new Date();
    const jobs = pools.map((p) => createLeadExpiryJob({ db: p.db, pollMs: 0, log: silent, clock: () => now }));
    const start = performance.now();
    const results = await Promise.all(jobs.map((job) => job.runOnce()));
    const ms = performance.now() - start;
    const counts = await withClient(DATABASE, async (c) => {
      const q = async (text: string) => Number((await c.query(text)).rows[0].n);
      return {
        expired: await q("SELECT count(*) AS n FROM leads WHERE state = 'EXPIRED' AND email_key LIKE 'due-%'"),
        notifications: await q("SELECT count(*) AS n FROM notifications WHERE message_key = 'leadExpired'"),
        distinctLeads: await q("SELECT count(DISTINCT subject_id) AS n FROM notifications WHERE message_key = 'leadExpired'"),
      };
    });
    const handled = results.map((r) => r.expired);
    const met =
      ms <= BUDGET_EXPIRY_MS && counts.expired === DUE && counts.notifications === DUE && counts.distinctLeads === DUE && handled[0]! + handled[1]! === DUE;
    line(
      `expiry of ${DUE.toLocaleString('en')} due reservations, two runners on separate pools`,
      `${(ms / 1000).toFixed(2)} s (runners: ${handled.join(' + ')}); EXPIRED ${counts.expired}, notifications ${counts.notifications} for ${counts.distinctLeads} leads — ${met ? 'met' : 'MISSED'} (budget ≤ 10 s, each once)`,
    );
    return met;
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
}

const tokens = await build();
const okConflict = await conflict(tokens);
const okExpiry = await expiry();
process.exitCode = okConflict && okExpiry ? 0 : 1;
