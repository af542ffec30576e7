import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, tokenFor } from './helpers/auth.ts';
import { createMetrics, metricsAccess } from '../src/modules/metrics/service.ts';
import type { TMailTransport } from '../src/modules/mail/transport.ts';

interface TSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reader of Prometheus' text format 0.0.4: every line is a comment (# HELP / # TYPE)
 * or a sample `name{label="value",…} number`; a sample's metric must have been typed first.
 */
function parseExposition(text: string): { samples: TSample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const samples: TSample[] = [];
  const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const sampleLine = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = new RegExp(`^# HELP (${NAME}) .*$`).exec(line);
    if (help) continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      expect(types.has(type[1]!), `TYPE of ${type[1]} given twice`).toBe(false);
      types.set(type[1]!, type[2]!);
      continue;
    }
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`Not a line of the text format: ${line}`);
    const [, name, rawLabels, rawValue] = match as unknown as [string, string, string | undefined, string];
    const labels: Record<string, string> = {};
    if (rawLabels) {
      labelPair.lastIndex = 0;
      while (labelPair.lastIndex < rawLabels.length) {
        const pair = labelPair.exec(rawLabels);
        if (!pair) throw new Error(`Bad labels in: ${line}`);
        labels[pair[1]!] = pair[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
      }
    }
    // Values are read as Go's ParseFloat reads them (Prometheus): NaN and Inf in any letter case.
    const special = /^([+-]?)(inf|infinity|nan)$/i.exec(rawValue);
    const value = special ? (special[2]!.toLowerCase() === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity) : Number(rawValue);
    if (!special && (rawValue.trim() === '' || Number.isNaN(value))) throw new Error(`Bad value in: ${line}`);
    const family = name.replace(/_(bucket|sum|count|total|created)$/, '');
    expect(types.has(name) || types.has(family), `sample of an untyped metric: ${line}`).toBe(true);
    samples.push({ name, labels, value });
  }
  return { samples, types };
}

const find = (samples: TSample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
const valueOf = (samples: TSample[], name: string, labels: Record<string, string> = {}) => find(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

const FAR = '203.0.113.9';

/** The pool counts the app reads (the same function the test app handed to buildApp). */
function poolStatsOf(t: TTestApp) {
  if (!t.poolStats) throw new Error('the test app has no pool stats');
  return t.poolStats();
}
const TOKEN = 'a-metrics-token-of-more-than-32-characters';

describe.each(DB_KINDS)('metrics on %s', (kind) => {
  let t: TTestApp;
  let failMail = false;
  const transport: TMailTransport = {
    send: async () => {
      if (failMail) throw new Error('SMTP is down');
    },
    close: () => {},
  };
  beforeAll(async () => {
    t = await buildTestApp(kind, { mailTransport: transport });
  });
  afterAll(async () => t.close());

  const scrape = async (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) => {
    const res = await t.app.inject({ url: '/api/metrics', ...options });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    return parseExposition(res.body).samples;
  };

  it('serves the text format from loopback: process, requests, pool, outbox and cache metrics', async () => {
    await t.app.inject('/api/health');
    const res = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const { samples, types } = parseExposition(res.body);
    expect(types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('nodejs_heap_size_used_bytes')).toBe('gauge');
    expect(types.get('kc_http_requests_total')).toBe('counter');
    expect(types.get('kc_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('kc_mail_delivery_failures_total')).toBe('counter');
    expect(types.get('kc_dashboard_cache_lookups_total')).toBe('counter');
    expect(valueOf(samples, 'kc_db_pool_connections', { state: 'max' })).toBe(kind === 'pglite' ? 1 : 5);
    expect(find(samples, 'kc_db_pool_connections', { state: 'in_use' })).toHaveLength(1);
    expect(find(samples, 'kc_db_pool_connections', { state: 'idle' })).toHaveLength(1);
    expect(valueOf(samples, 'kc_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'kc_mail_outbox_pending')).toHaveLength(1);
    expect(find(samples, 'kc_mail_outbox_oldest_due_seconds')).toHaveLength(1);
    expect(valueOf(samples, 'kc_http_requests_total', { method: 'GET', route: '/api/health', status_code: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('counts requests and their durations by route pattern and status, never by raw URL', async () => {
    const headers = await authHeaders(t.db, 'investor@kc.example');
    const before = await scrape();
    const route = '/api/lookup/cities/:countryId';
    const missing = crypto.randomUUID();
    await t.app.inject({ url: '/api/lookup/cities/ES', headers: { 'company-id': '1' } });
    await t.app.inject({ url: '/api/lookup/cities/PT', headers: { 'company-id': '1' } });
    await t.app.inject({ url: '/api/lookup/cities/ZZ', headers: { 'company-id': '1' } });
    await t.app.inject({ url: `/api/contracts/${missing}`, headers });
    await t.app.inject({ url: `/api/no-such-thing/${missing}` });
    await t.app.inject({ method: 'PROPFIND', url: `/api/health` });
    const after = await scrape();

    const count = (samples: TSample[], labels: Record<string, string>) => valueOf(samples, 'kc_http_requests_total', labels);
    expect(count(after, { route, status_code: '200', method: 'GET' }) - count(before, { route, status_code: '200', method: 'GET' })).toBe(2);
    expect(count(after, { route, status_code: '404' }) - count(before, { route, status_code: '404' })).toBe(1);
    expect(count(after, { route: '/api/contracts/:id', status_code: '404' }) - count(before, { route: '/api/contracts/:id', status_code: '404' })).toBe(1);
    expect(count(after, { route: '(unmatched)', status_code: '404', method: 'GET' }) - count(before, { route: '(unmatched)', status_code: '404', method: 'GET' })).toBe(1);
    expect(count(after, { method: 'OTHER' }) - count(before, { method: 'OTHER' })).toBe(1);
    const durations = (samples: TSample[]) => valueOf(samples, 'kc_http_request_duration_seconds_count', { route, status_code: '200' });
    expect(durations(after) - durations(before)).toBe(2);
    const inf = find(after, 'kc_http_request_duration_seconds_bucket', { route, status_code: '200', le: '+Inf' });
    expect(inf[0]!.value).toBe(durations(after));
    expect(valueOf(after, 'kc_http_request_duration_seconds_sum', { route, status_code: '200' })).toBeGreaterThan(0);
    // No label carries an id, a country or a raw path.
    const labels = after.flatMap((s) => Object.values(s.labels)).join(' ');
    expect(labels).not.toContain(missing);
    expect(labels).not.toMatch(/cities\/(ES|PT|ZZ)/);
    expect(labels).not.toContain('no-such-thing');
    expect(labels).not.toContain('PROPFIND');
  });

  it('reports the outbox backlog and counts failed deliveries', async () => {
    await sql`UPDATE mail_outbox SET status = 'SENT' WHERE status = 'PENDING'`.execute(t.db);
    const before = await scrape();
    expect(valueOf(before, 'kc_mail_outbox_pending')).toBe(0);
    expect(valueOf(before, 'kc_mail_outbox_oldest_due_seconds')).toBe(0);
    for (const to of ['a@example.com', 'b@example.com']) {
      await t.app.mailer.enqueue(t.db, { companyId: '1', to, subject: 'Prueba', text: 'Hola', html: '<p>Hola</p>' });
    }
    await sql`UPDATE mail_outbox SET next_attempt_at = now() - interval '90 seconds' WHERE status = 'PENDING'`.execute(t.db);
    const queued = await scrape();
    expect(valueOf(queued, 'kc_mail_outbox_pending')).toBe(2);
    expect(valueOf(queued, 'kc_mail_outbox_oldest_due_seconds')).toBeGreaterThanOrEqual(89);
    expect(valueOf(queued, 'kc_mail_outbox_oldest_due_seconds')).toBeLessThan(150);

    failMail = true;
    try {
      await t.app.mailer.drain();
    } finally {
      failMail = false;
    }
    const failed = await scrape();
    expect(valueOf(failed, 'kc_mail_delivery_failures_total') - valueOf(before, 'kc_mail_delivery_failures_total')).toBe(2);
    // Both wait for their retry: still pending, none due now.
    expect(valueOf(failed, 'kc_mail_outbox_pending')).toBe(2);
    expect(valueOf(failed, 'kc_mail_outbox_oldest_due_seconds')).toBe(0);

    await sql`UPDATE mail_outbox SET next_attempt_at = now() - interval '1 second' WHERE status = 'PENDING'`.execute(t.db);
    expect(await t.app.mailer.drain()).toBe(2);
    const sent = await scrape();
    expect(valueOf(sent, 'kc_mail_outbox_pending')).toBe(0);
    expect(valueOf(sent, 'kc_mail_sent_total') - valueOf(before, 'kc_mail_sent_total')).toBe(2);
  });

  it.skipIf(kind !== 'postgres')('reads the outbox backlog with the partial index of pending mails', async () => {
    // The planner would pick a scan of this small table; without that choice it must use the index.
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      const rows = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT count(*) AS pending,
        extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())) AS oldest_due_seconds
        FROM mail_outbox WHERE status = 'PENDING'`.execute(tx);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('mail_outbox_pending');
  });

  it('reports connections in use and callers waiting while queries run', async () => {
    const stats = () => scrape();
    let held!: TSample[];
    let queued: Promise<unknown> | undefined;
    await t.db.transaction().execute(async (tx) => {
      await sql`SELECT 1`.execute(tx);
      // Another caller asks while the transaction holds a connection.
      queued = sql`SELECT 1`.execute(t.db);
      if (kind === 'postgres') {
        held = await stats();
      } else {
        // PGlite's one connection is held by the transaction: read the counts without a query.
        const s = createMetrics({
          pool: () => poolStatsOf(t),
          mail: t.app.mailer.stats,
          mailBacklog: async () => ({ pending: 0, oldestDueSeconds: 0 }),
          dashboardCache: t.app.dashboardCache,
        });
        held = parseExposition(await s.render()).samples;
      }
    });
    await queued;
    if (kind === 'postgres') {
      // The transaction's connection, the other caller's, and the scrape's own outbox query.
      expect(valueOf(held, 'kc_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(2);
    } else {
      expect(valueOf(held, 'kc_db_pool_connections', { state: 'in_use' })).toBe(1);
      expect(valueOf(held, 'kc_db_pool_waiting')).toBeGreaterThanOrEqual(1);
    }
    const after = await stats();
    expect(valueOf(after, 'kc_db_pool_waiting')).toBe(0);
  });

  it('counts dashboard cache hits and misses', async () => {
    const headers = await authHeaders(t.db, 'investor@kc.example');
    const before = await scrape();
    const lookups = (samples: TSample[], result: string) => valueOf(samples, 'kc_dashboard_cache_lookups_total', { result });
    await expect.poll(() => t.app.dashboardCache.active).toBe(true);
    t.app.dashboardCache.forgetAll();
    // The first call's session is not cached yet: its board comes with the session, served without
    // the answer cache (decision 0039). The second reads it by its key (a miss, kept); the third hits.
    for (let call = 0; call < 3; call += 1) expect((await t.app.inject({ url: '/api/dashboard?page=0&size=10', headers })).statusCode).toBe(200);
    const after = await scrape();
    expect(lookups(after, 'bypass') - lookups(before, 'bypass')).toBe(1);
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(1);
    expect(valueOf(after, 'kc_dashboard_cache_pages')).toBeGreaterThanOrEqual(1);
  });

  it('answers 404, as for an unknown path, to an address outside the allow-list, whatever it sends', async () => {
    const unknown = await t.app.inject({ url: '/api/no-metrics-here', remoteAddress: FAR });
    const admin = await tokenFor(t.db, 'admin@kc.example');
    const attempts = [
      {},
      { authorization: `Bearer ${admin.token}`, 'company-id': '1' },
      { authorization: `Bearer ${TOKEN}` },
      { 'x-forwarded-for': '127.0.0.1' },
    ];
    for (const headers of attempts) {
      const res = await t.app.inject({ url: '/api/metrics', remoteAddress: FAR, headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('kc_http');
      expect(res.json()).toMatchObject({ type: unknown.json().type, title: unknown.json().title, status: 404 });
    }
    // IPv6 loopback is allowed by default; IPv4 written as IPv6 is read as IPv4.
    expect((await t.app.inject({ url: '/api/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/metrics', remoteAddress: '::ffff:203.0.113.9' })).statusCode).toBe(404);
  });
});

describe('metrics access with METRICS_TOKEN and METRICS_ALLOW', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { METRICS_TOKEN: TOKEN, METRICS_ALLOW: '10.20.0.0/16,2001:db8:5::/48' } });
  });
  afterAll(async () => t.close());

  const get = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ url: '/api/metrics', remoteAddress, headers });

  it('lets in the listed networks and the token, and nobody else (not even loopback, once a list is given)', async () => {
    expect((await get('10.20.3.4')).statusCode).toBe(200);
    expect((await get('2001:db8:5:77::1')).statusCode).toBe(200);
    expect((await get('10.21.0.1')).statusCode).toBe(404);
    expect((await get('2001:db8:6::1')).statusCode).toBe(404);
    expect((await get('127.0.0.1')).statusCode).toBe(404);
    expect((await get(FAR, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await get(FAR, { authorization: `bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await get(FAR, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
    expect((await get(FAR, { authorization: `Bearer ${TOKEN.slice(0, -1)}` })).statusCode).toBe(404);
    expect((await get(FAR, { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` })).statusCode).toBe(404);
    expect((await get(FAR, { authorization: TOKEN })).statusCode).toBe(404);
  });

  it('never writes the token to the log', () => {
    expect(t.logs.join('')).not.toContain(TOKEN);
  });
});

describe('metrics access rules', () => {
  it('with METRICS_ALLOW=none and no token, nobody may read', () => {
    const mayRead = metricsAccess({ allow: [] });
    expect(mayRead('127.0.0.1', undefined)).toBe(false);
    expect(mayRead('::1', 'Bearer anything')).toBe(false);
  });

  it('a source that fails (the database is down) gives NaN, not a reassuring 0; the rest is served', async () => {
    const problems: string[] = [];
    const metrics = createMetrics({
      mail: { sent: 3, failedAttempts: 1, givenUp: 0 },
      mailBacklog: () => Promise.reject(new Error('connection refused')),
      dashboardCache: { lookups: { hits: 5, misses: 2, bypassed: 0 }, size: 2 },
      onSourceError: (source) => problems.push(source),
    });
    const { samples } = parseExposition(await metrics.render());
    expect(valueOf(samples, 'kc_mail_outbox_pending')).toBeNaN();
    expect(valueOf(samples, 'kc_mail_outbox_oldest_due_seconds')).toBeNaN();
    expect(valueOf(samples, 'kc_mail_sent_total')).toBe(3);
    expect(valueOf(samples, 'kc_dashboard_cache_lookups_total', { result: 'hit' })).toBe(5);
    expect(problems).toContain('mail outbox');
  });
});
