// Several KC API instances behind nginx on one PostgreSQL and Redis: what `npm run
// start:cluster` runs, and what the cluster tests start (apps/api/test/faults/cluster.test.ts).
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS, serverProcessEnv } from './server-env.mjs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const TEMPLATE = path.join(root, 'ops/nginx/kc.conf.template');
/** How long a rolling restart lets nginx reload and its old workers hand over before going on. */
const DRAIN_MS = 1000;

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const isReady = async (origin) => (await fetch(`${origin}/api/ready`)).status === 200;

/**
 * Starts `size` API instances (one after the other: the first migrates and seeds) and nginx in
 * front of them on host:port. `entry` is how to run the server (the built bundle by default).
 * Answers the origin, the instances, `rollingRestart()` and `stop()`.
 */
export async function startCluster({
  size = 2,
  host = '127.0.0.1',
  port = 3000,
  databaseUrl,
  redisUrl,
  dataDir,
  entry = ['--enable-source-maps', 'apps/api/dist/server.js'],
  env = {},
  onOutput = (id, line) => process.stdout.write(`[${id}] ${line}\n`),
}) {
  await ensureDatabase(databaseUrl);
  await fs.mkdir(dataDir, { recursive: true });
  const publicUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  const instances = [];
  for (let i = 0; i < size; i += 1) {
    const id = `api-${i + 1}`;
    instances.push({ id, port: await freePort(), dataDir: path.join(dataDir, id), child: undefined, exited: undefined });
  }
  instances.forEach((instance) => (instance.origin = `http://127.0.0.1:${instance.port}`));

  const pipeLines = (id, stream) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onOutput(id, line);
    });
  };

  async function startInstance(instance) {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...entry], {
      cwd: root,
      env: serverProcessEnv({
        ...process.env,
        ...env,
        HOST: '127.0.0.1',
        PORT: String(instance.port),
        DATABASE_URL: databaseUrl,
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        TRUST_PROXY: '127.0.0.1',
        INSTANCE_ID: instance.id,
        DATA_DIR: instance.dataDir,
        PUBLIC_URL: env.PUBLIC_URL ?? publicUrl,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines(instance.id, child.stdout);
    pipeLines(instance.id, child.stderr);
    instance.child = child;
    instance.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    let dead = false;
    void instance.exited.then(() => (dead = true));
    await waitFor(async () => {
      if (dead) throw new Error(`${instance.id} exited while starting`);
      return isReady(instance.origin);
    }, instance.id);
  }

  async function stopInstance(instance) {
    if (!instance.child || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
    instance.child.kill('SIGTERM');
    await instance.exited;
  }

  for (const instance of instances) await startInstance(instance);

  const prefix = path.join(dataDir, 'nginx');
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) await fs.mkdir(path.join(prefix, dir), { recursive: true });
  const template = await fs.readFile(TEMPLATE, 'utf8');
  const confFile = path.join(prefix, 'nginx.conf');
  /** Writes nginx's configuration with these instances as its upstreams. */
  const writeConf = (serving) =>
    fs.writeFile(
      confFile,
      template
        .replaceAll('{{PREFIX}}', prefix)
        .replaceAll('{{HOST}}', host)
        .replaceAll('{{PORT}}', String(port))
        .replaceAll('{{UPSTREAMS}}', serving.map((i) => `    server 127.0.0.1:${i.port} max_fails=0;`).join('\n')),
    );
  await writeConf(instances);
  const nginx = spawn(process.env.NGINX ?? 'nginx', ['-p', prefix, '-c', confFile, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  pipeLines('nginx', nginx.stdout);
  pipeLines('nginx', nginx.stderr);
  const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
  let nginxDead = false;
  void nginxExited.then(() => (nginxDead = true));
  nginx.once('error', (error) => onOutput('nginx', `could not start nginx: ${error.message}`));
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (nginxDead) throw new Error('nginx exited while starting (is it installed? apt-get install nginx)');
    return isReady(origin);
  }, 'nginx', 10_000);

  /** SIGHUP: nginx reads its configuration again; new workers take new requests, old ones finish theirs. */
  async function reloadNginx() {
    nginx.kill('SIGHUP');
    // nginx answers no signal when the reload is done: give it the moment it takes here.
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  }

  return {
    origin,
    publicUrl,
    instances,
    /**
     * Restarts the instances one at a time, draining each at the balancer first: nginx reloads
     * without it (its old workers finish what they had sent it), then the instance gets SIGTERM,
     * starts again, answers ready, and nginx reloads with it. Stopping an instance that nginx
     * still sends to would reset the connections waiting in its accept queue: a POST already
     * sent there cannot be retried elsewhere, and the client would get a 502.
     */
    async rollingRestart() {
      for (const instance of instances) {
        await writeConf(instances.filter((i) => i !== instance));
        await reloadNginx();
        await stopInstance(instance);
        await startInstance(instance);
        await writeConf(instances);
        await reloadNginx();
      }
    },
    async stop() {
      if (!nginxDead) {
        nginx.kill('SIGQUIT');
        await nginxExited;
      }
      await Promise.all(instances.map(stopInstance));
    },
  };
}
