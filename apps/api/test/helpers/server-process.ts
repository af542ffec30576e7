import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_BASE_YEAR } from './constants.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');

/** A free loopback port (the kernel's pick; released before it is handed on). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TServerProcess {
  origin: string;
  child: ChildProcess;
  dataDir: string;
  /** Every line the process wrote to stdout and stderr. */
  output: string[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** Whether the process is still running. */
  isAlive(): boolean;
}

/**
 * The API as deployed: `apps/api/src/server.ts` in a process of its own (so a test can kill it
 * with SIGKILL, send it SIGTERM, or see it die), on the given database.
 */
export async function startServerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kc-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'no-web'),
      CALCULATOR_BASE_YEAR: String(TEST_BASE_YEAR),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let exitValue: number | string | undefined;
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      exitValue = code ?? signal ?? -1;
      resolve(exitValue);
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        output.push(line);
        if (line.includes('KC is serving')) resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it was ready:\n${output.join('\n')}`)));
  });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the server was not ready in 60 s:\n${output.join('\n')}`)), 60_000).unref());
  await Promise.race([ready, timeout]);
  return { origin: `http://127.0.0.1:${port}`, child, dataDir, output, exited, isAlive: () => exitValue === undefined };
}

/** Stops a server process (SIGKILL unless told otherwise) and waits for it to end. */
export async function stopServerProcess(server: TServerProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!server || !server.isAlive()) return;
  server.child.kill(signal);
  await server.exited;
}

/** A database of its own on the test PostgreSQL (a server process uses the whole database). */
export async function createTestDatabase(adminUrl: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `kc_t_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A TCP relay to PostgreSQL that can refuse: `refuse()` closes every relayed connection and stops
 * listening (what a restarting or failed-over server looks like: connections drop, new ones are
 * refused), `restore()` listens again on the same port.
 */
export async function refusingRelay(target: URL): Promise<{ url: string; refuse(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const makeServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(client);
      sockets.add(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
  let server = makeServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const relayed = new URL(target.href);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  const refuse = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  return {
    url: relayed.href,
    refuse,
    restore: async () => {
      server = makeServer();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: async () => {
      if (server.listening) await refuse();
    },
  };
}
