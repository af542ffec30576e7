// `npm run bench:sse -w @kc/bench`: the notification stream budgets of issue 13 on PostgreSQL.
//
//   1. Memory: 1,000 streams (1,000 users, one stream each) open on one API instance (a process of
//      its own, server-process.ts); the RSS it adds, read from /proc once every stream has its
//      `ready` event and again after a few heartbeats. Budget: ≤ 100 MB.
//   2. Latency across instances: this process is instance B (createRuntime on the same database)
//      and makes 200 notifications, one at a time, for users whose stream is open on instance A;
//      the time from just before B's transaction starts to the event's arrival on A's stream (so
//      it includes B's commit, PostgreSQL's NOTIFY, A's read of the event and the socket).
//      Budget: p99 ≤ 1 s.
//
// The database kc_bench_sse on 127.0.0.1:5432 (BENCH_PG_HOST) is rebuilt on every run with the
// app's migrations and demo seed; users and tokens are bulk-inserted in SQL. BENCH_STREAMS and
// BENCH_NOTIFICATIONS change the counts. Loopback only; the machine's cores are shared by
// PostgreSQL, both instances and the clients.
import fs from 'node:fs';
import http from 'node:http';
import { sql } from 'kysely';
import pg from 'pg';
import { createRuntime } from '../apps/api/src/runtime.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { notify } from '../apps/api/src/modules/notifications/service.ts';
import { apiConfig, urlOf } from './api-config.ts';
import { startServer } from './server-process.ts';

const DATABASE = 'kc_bench_sse';
const STREAMS = Number(process.env['BENCH_STREAMS'] ?? 1000);
const NOTIFICATIONS = Number(process.env['BENCH_NOTIFICATIONS'] ?? 200);

const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);
const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function rebuild(): Promise<void> {
  const admin = new pg.Client({ connectionString: urlOf('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
}

interface TStreamClient {
  userId: string;
  onEvent: ((id: string) => void) | undefined;
  ready: Promise<void>;
  close(): void;
}

function openStream(origin: string, token: string, userId: string): TStreamClient {
  let markReady: () => void = () => {};
  const client: TStreamClient = {
    userId,
    onEvent: undefined,
    ready: new Promise<void>((resolve) => (markReady = resolve)),
    close: () => request.destroy(),
  };
  const request = http.get(
    `${origin}/api/notifications/stream`,
    { headers: { authorization: `Bearer ${token}`, 'company-id': '1', accept: 'text/event-stream' }, agent: false },
    (res) => {
      if (res.statusCode !== 200) throw new Error(`stream answered ${res.statusCode}`);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes('event: ready')) markReady();
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes('event: notification') && data) client.onEvent?.((JSON.parse(data) as { notification: { id: string } }).notification.id);
        }
      });
    },
  );
  request.on('error', () => {});
  return client;
}

async function main(): Promise<void> {
  console.log(`Notification streams on PostgreSQL (${urlOf(DATABASE)}): ${STREAMS} streams, ${NOTIFICATIONS} notifications`);
  await rebuild();
  // Instance B: migrates, seeds, and later makes the notifications.
  const { app: b } = await createRuntime(apiConfig(DATABASE));
  await b.ready();
  const tokens: string[] = [];
  const users = await b.db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (company_id, email, password_hash, first_name, last_name, roles, confirmed_at, language)
      SELECT '1', 'sse-' || i || '@bench.example', 'x', 'Bench', 'User ' || i, ARRAY['INVESTOR'], now(), 'es'
      FROM generate_series(1, ${STREAMS}) AS i RETURNING id`.execute(tx);
    for (let i = 0; i < rows.length; i += 1) tokens.push(newToken());
    await tx
      .insertInto('access_tokens')
      .values(rows.map((r, i) => ({ token_hash: hashToken(tokens[i]!), user_id: r.id, company_id: '1', client_id: 'kc-mobile', expires_at: new Date(Date.now() + 86_400_000) })))
      .execute();
    return rows.map((r) => r.id);
  });

  const a = await startServer(['api', DATABASE, 'LOG_LEVEL=warn']);
  try {
    // Warm up instance A (JIT, pools, the LISTEN connection) with a few streams, then measure.
    const warm = users.slice(0, 10).map((id, i) => openStream(a.origin, tokens[i]!, id));
    await Promise.all(warm.map((c) => c.ready));
    warm.forEach((c) => c.close());
    await sleep(1000);
    const before = rssMb(a.pid);
    const started = performance.now();
    const clients: TStreamClient[] = [];
    for (let i = 0; i < users.length; i += 100) {
      const batch = users.slice(i, i + 100).map((id, j) => openStream(a.origin, tokens[i + j]!, id));
      await Promise.all(batch.map((c) => c.ready));
      clients.push(...batch);
    }
    line(`${clients.length} streams open (every one got its ready event)`, `${((performance.now() - started) / 1000).toFixed(1)} s`);
    const opened = rssMb(a.pid);
    await sleep(3000);
    const settled = rssMb(a.pid);
    line('instance A RSS before', `${before.toFixed(1)} MB`);
    line(`instance A RSS with ${clients.length} streams (at once / after 3 s)`, `${opened.toFixed(1)} MB / ${settled.toFixed(1)} MB`);
    line('RSS added by the streams (budget ≤ 100 MB)', `${(Math.max(opened, settled) - before).toFixed(1)} MB`);

    // Latency: B notifies, A's stream hears.
    const latencies: number[] = [];
    for (let n = 0; n < NOTIFICATIONS; n += 1) {
      const client = clients[(n * 7919) % clients.length]!;
      const arrived = new Promise<number>((resolve) => {
        // Only this notification reaches this user's stream now (its id may arrive before B's commit returns).
        client.onEvent = () => resolve(performance.now());
      });
      const t0 = performance.now();
      await b.db.transaction().execute((tx) =>
        notify(tx, { companyId: '1', userId: client.userId, kind: 'notification', key: 'passwordChanged' }),
      );
      latencies.push((await arrived) - t0);
      client.onEvent = undefined;
      await sleep(5);
    }
    latencies.sort((x, y) => x - y);
    line(`notification made on B → event on A, ${latencies.length} samples: p50`, `${percentile(latencies, 50).toFixed(1)} ms`);
    line('  p99 (budget ≤ 1000 ms)', `${percentile(latencies, 99).toFixed(1)} ms`);
    line('  max', `${latencies.at(-1)!.toFixed(1)} ms`);
    clients.forEach((c) => c.close());
  } finally {
    await a.close();
    await b.close();
  }
}

await main();
