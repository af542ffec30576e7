// One server of bench/contracts.ts in a process of its own, as each runs in production (so that
// no server shares its event loop or its heap with the bench driver or with another server):
//   tsx server-process.ts api <database> [KEY=VALUE…]  the API (createRuntime) on that database,
//                                                      with these environment overrides
//   tsx server-process.ts hello <database> <userId>    a bare Fastify: GET / (hello-world) and
//                                                      GET /one-query (the floor: one prepared
//                                                      SELECT of that user through a pool of 10)
// Prints `READY <origin>` once listening on a loopback port; closes on SIGTERM.
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../scripts/server-env.mjs';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { createRuntime } from '../apps/api/src/runtime.ts';
import { apiConfig, urlOf } from './api-config.ts';

async function api(database: string, overrides: string[]): Promise<FastifyInstance> {
  const env = Object.fromEntries(overrides.map((o) => [o.slice(0, o.indexOf('=')), o.slice(o.indexOf('=') + 1)]));
  const { app } = await createRuntime(apiConfig(database, env));
  await app.ready();
  // The API as deployed keeps dashboard answers (decision 0009) only while it hears contract
  // changes: measuring it otherwise would measure something else.
  if (app.dashboardCache.ttlMs > 0 && !app.dashboardCache.active) throw new Error('the dashboard cache is not listening for contract changes');
  return app;
}

async function hello(database: string, userId: string): Promise<FastifyInstance> {
  const app = Fastify();
  const pool = new pg.Pool({ connectionString: urlOf(database), max: 10 });
  app.get('/', async () => ({ hello: 'world' }));
  app.get('/one-query', async () => (await pool.query({ name: 'floor', text: 'SELECT id, email FROM users WHERE id = $1', values: [userId] })).rows[0]);
  // The same floor for many distinct users (bench/scale.ts): the user's id in the path.
  app.get<{ Params: { id: string } }>('/one-query/:id', async (request) => (await pool.query({ name: 'floor', text: 'SELECT id, email FROM users WHERE id = $1', values: [request.params.id] })).rows[0]);
  app.addHook('onClose', async () => pool.end());
  return app;
}

/** The parent's side: starts one of these servers and answers its origin and how to stop it. */
export function startServer(args: string[]): Promise<{ origin: string; pid: number; close: () => Promise<void> }> {
  // Started as `npm start` and `npm run start:cluster` start the API (scripts/server-env.mjs).
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env['BENCH_CPU_PROF'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROF']}`] : [];
  // The API's processes get the flags every API server gets (SERVER_NODE_FLAGS, decision 0042), or
  // BENCH_API_NODE_FLAGS instead when it is set ("" for Node's defaults); the floor and
  // hello-world keep Node's defaults.
  const apiFlagsEnv = process.env['BENCH_API_NODE_FLAGS'];
  const apiFlags = args[0] !== 'api' ? [] : apiFlagsEnv === undefined ? SERVER_NODE_FLAGS : apiFlagsEnv.split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...profile, ...apiFlags, '--import', 'tsx', import.meta.filename, ...args], { env: serverProcessEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\S+)/.exec(out);
      if (ready) resolve({ origin: ready[1]!, pid: child.pid!, close: async () => void (child.kill('SIGTERM'), await exited) });
    });
    child.once('exit', (code) => reject(new Error(`server ${args.join(' ')} exited (${code}) before it was ready`)));
  });
}

if (process.argv[1] === import.meta.filename) {
  const [kind, database, ...rest] = process.argv.slice(2);
  if (!database || (kind !== 'api' && kind !== 'hello')) throw new Error('usage: server-process.ts api|hello <database> …');
  const app = kind === 'api' ? await api(database, rest) : await hello(database, rest[0]!);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  console.log(`READY http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
}
