import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
// @ts-expect-error: a plain ES module of the repository's scripts (no types).
import { startCluster } from '../../../../scripts/cluster-lib.mjs';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-env.mjs';
import { freePort } from '../helpers/server-process.ts';
import { bearer, COMPANY, hireAt, hireBodyAt, loginAt } from './helpers.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
// A Redis database of its own, emptied first: login counters of earlier runs (all from 127.0.0.1,
// nginx's address) must not count here.
const REDIS_URL = `${(process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/7`;
const hasNginx = (() => {
  try {
    execFileSync(process.env['NGINX'] ?? 'nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

interface TCluster {
  origin: string;
  instances: Array<{ id: string; origin: string; dataDir: string; child?: { pid?: number } }>;
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Issue 12, "Several instances, as deployed": two API processes behind nginx (the repository's
 * configuration, ops/nginx/kc.conf.template) on one PostgreSQL and Redis, used over real HTTP.
 */
describe.runIf(ADMIN_URL && hasNginx)('two instances behind nginx', () => {
  const name = `kc_cluster_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL ?? 'postgres://x'), { pathname: `/${name}` }).href;
  let cluster: TCluster;
  let appDb: pg.Client;
  const output: string[] = [];

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
    cluster = (await startCluster({
      size: 2,
      port: await freePort(),
      databaseUrl,
      redisUrl: REDIS_URL,
      dataDir: await fs.mkdtemp(path.join(os.tmpdir(), 'kc-cluster-')),
      entry: ['--import', 'tsx', 'apps/api/src/server.ts'],
      env: { NODE_ENV: 'test', SESSION_CACHE_MS: '2000', MAIL_POLL_MS: '200', LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent' },
      onOutput: (id: string, line: string) => output.push(`[${id}] ${line}`),
    })) as TCluster;
    appDb = new pg.Client({ connectionString: databaseUrl });
    await appDb.connect();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await appDb?.end();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const servedBy = (response: Response) => response.headers.get('x-served-by');

  it("starts every instance with the API server's V8 flags (decision 0042)", async () => {
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    for (const instance of cluster.instances) {
      const pid = instance.child?.pid;
      expect(pid).toBeTypeOf('number');
      const args = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      for (const flag of SERVER_NODE_FLAGS) expect(args).toContain(flag);
    }
  });

  it('spreads requests over both instances: a login on one, the dashboard on the other', async () => {
    const seen = new Set<string | null>();
    let token = '';
    let loginInstance: string | null = null;
    for (let i = 0; i < 4; i += 1) {
      const login = await fetch(`${cluster.origin}/oauth/token`, {
        method: 'POST',
        headers: { ...COMPANY, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', username: 'investor@kc.example', password: 'demo-password-2026' }),
      });
      expect(login.status).toBe(200);
      token = ((await login.json()) as { access_token: string }).access_token;
      loginInstance = servedBy(login);
      seen.add(loginInstance);
    }
    expect(seen).toEqual(new Set(['api-1', 'api-2']));
    // The token works on the instance that did not issue it.
    const other = cluster.instances.find((i) => i.id !== loginInstance)!;
    const dashboard = await fetch(`${other.origin}/api/dashboard`, { headers: bearer(token) });
    expect(dashboard.status).toBe(200);
    expect(servedBy(dashboard)).toBe(other.id);
  });

  it('revokes a token everywhere within SESSION_CACHE_MS after a logout through the balancer', async () => {
    const token = await loginAt(cluster.origin);
    for (const instance of cluster.instances) expect((await fetch(`${instance.origin}/api/dashboard`, { headers: bearer(token) })).status).toBe(200);
    const revoke = await fetch(`${cluster.origin}/oauth/revoke`, {
      method: 'POST',
      headers: { ...COMPANY, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: 'kc-mobile', client_secret: 'kc-mobile-secret' }),
    });
    expect(revoke.status).toBe(200);
    const revokedAt = Date.now();
    for (const instance of cluster.instances) {
      await expect.poll(async () => (await fetch(`${instance.origin}/api/dashboard`, { headers: bearer(token) })).status, { timeout: 3000, interval: 100 }).toBe(401);
    }
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(2000 + 500);
  });

  it('shares the login limits through Redis: failures on both instances add up', async () => {
    const account = `cluster-${crypto.randomUUID()}@kc.example`;
    const instances = new Set<string | null>();
    let answer: Response | undefined;
    for (let i = 0; i < 12 && answer?.status !== 429; i += 1) {
      answer = await fetch(`${cluster.origin}/oauth/token`, {
        method: 'POST',
        headers: { ...COMPANY, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', username: account, password: 'wrong-password' }),
      });
      instances.add(servedBy(answer));
    }
    expect(instances).toEqual(new Set(['api-1', 'api-2']));
    expect(answer!.status).toBe(429);
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await appDb.query(`SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'login:%'`);
    expect(Number(rows.rows[0].n)).toBe(0);
  });

  it('completes idempotent hires split across instances once, and sends each mail once', async () => {
    const token = await loginAt(cluster.origin);
    const { customerId, body } = await hireBodyAt(cluster.origin, token);
    const keys = Array.from({ length: 15 }, () => crypto.randomUUID());
    // Each key sent to both instances at the same time, as a client retrying through another route.
    const answers = await Promise.all(
      keys.flatMap((key) => cluster.instances.map((instance) => hireAt(instance.origin, token, customerId, body, key))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
    const ids = new Map<string, string>();
    for (let i = 0; i < answers.length; i += 1) {
      if (statuses[i] === 409) continue;
      const id = ((await answers[i]!.json()) as { id: string }).id;
      const key = keys[Math.floor(i / 2)]!;
      expect(ids.get(key) ?? id).toBe(id);
      ids.set(key, id);
    }
    // A key answered 409 on both (both requests overlapped) is finished by one more retry.
    for (const key of keys.filter((k) => !ids.has(k))) {
      const retry = await hireAt(cluster.origin, token, customerId, body, key);
      expect([200, 201]).toContain(retry.status);
      ids.set(key, ((await retry.json()) as { id: string }).id);
    }
    const created = [...ids.values()];
    expect(new Set(created).size).toBe(keys.length);
    const rows = await appDb.query('SELECT id FROM contracts WHERE id = ANY($1::uuid[])', [created]);
    expect(rows.rowCount).toBe(keys.length);
    // Every hire's mail is sent, by one instance or the other, exactly once.
    await expect
      .poll(async () => Number((await appDb.query(`SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL`)).rows[0].n), { timeout: 15_000, interval: 200 })
      .toBe(0);
    const mails = (
      await Promise.all(
        cluster.instances.map(async (instance) => {
          const dir = path.join(instance.dataDir, 'mail');
          const files = await fs.readdir(dir).catch(() => [] as string[]);
          return Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
        }),
      )
    ).flat();
    for (const id of created) expect(mails.filter((text) => text.includes(id)), id).toHaveLength(1);
  });

  it('keeps both dashboard caches coherent: a change made through one shows on the other', async () => {
    const token = await loginAt(cluster.origin);
    const [a, b] = cluster.instances;
    const dashboardOf = async (origin: string) =>
      (await (await fetch(`${origin}/api/dashboard/NEW`, { headers: bearer(token) })).json()) as { contracts: { content: Array<{ id: string }> }; counters?: unknown };
    const listed = (await dashboardOf(a!.origin)).contracts.content.map((c) => c.id);
    expect(listed.length).toBeGreaterThan(0);
    await dashboardOf(b!.origin); // now cached on both
    const archive = await fetch(`${b!.origin}/api/contracts/${listed[0]}/archive`, { method: 'POST', headers: bearer(token) });
    expect(archive.status).toBe(200);
    await expect.poll(async () => (await dashboardOf(a!.origin)).contracts.content.map((c) => c.id), { timeout: 2000, interval: 50 }).not.toContain(listed[0]);
  });

  it('loses no request in a rolling restart of both instances under load', async () => {
    const tokens = await Promise.all(['investor@kc.example', 'admin@kc.example', 'advisor@kc.example'].map((email) => loginAt(cluster.origin, email)));
    const investor = tokens[0]!;
    const { customerId, body } = await hireBodyAt(cluster.origin, investor);
    let stop = false;
    const failures: string[] = [];
    let sent = 0;
    const servedByInstance = new Map<string, number>();
    let retried = 0;
    const worker = async (n: number) => {
      while (!stop) {
        sent += 1;
        const token = tokens[(sent + n) % tokens.length]!;
        const key = crypto.randomUUID();
        const send = () =>
          sent % 10 === 0
            ? hireAt(cluster.origin, investor, customerId, body, key)
            : fetch(`${cluster.origin}/api/${sent % 2 ? 'dashboard' : 'users/me'}`, { headers: bearer(token) });
        // As a browser does: a request that got no answer at all on a reused keep-alive
        // connection (nginx's old workers close theirs when it reloads) is sent again (up to three
        // times: the pool may hold several such connections), the hire with the same Idempotency-Key. An HTTP error is never retried: it counts.
        let response = await send().catch((error: Error) => error);
        for (let attempt = 1; attempt < 4 && response instanceof Error; attempt += 1) {
          retried += 1;
          response = await send().catch((error: Error) => error);
        }
        if (response instanceof Error) failures.push(response.message);
        else {
          if (response.status >= 400) failures.push(`${response.status} ${await response.text()}`);
          else await response.arrayBuffer();
          const id = servedBy(response) ?? '?';
          servedByInstance.set(id, (servedByInstance.get(id) ?? 0) + 1);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => worker(n)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await cluster.rollingRestart();
    await new Promise((resolve) => setTimeout(resolve, 500));
    stop = true;
    await load;
    expect({ failures: failures.length, examples: failures.slice(0, 3) }).toEqual({ failures: 0, examples: [] });
    expect(sent).toBeGreaterThan(200);
    // Connection-level retries stay rare: a handful around each of the four reloads.
    expect(retried).toBeLessThan(sent / 20);
    expect(servedByInstance.get('api-1')).toBeGreaterThan(0);
    expect(servedByInstance.get('api-2')).toBeGreaterThan(0);
  }, 120_000);
});
