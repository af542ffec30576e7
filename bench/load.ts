// Bounded HTTP load for the benchmarks: autocannon in a child process (so the load generator
// does not share the server's event loop), loopback only.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
export const CONNECTIONS = 50;

export const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

export interface TLoad {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bad: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** A bounded autocannon run in a child process (so the load generator does not share the server's event loop). */
export function load(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; seconds?: number } = {}): Promise<TLoad> {
  const duration = options.seconds ?? seconds;
  const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(duration), '-m', options.method ?? 'GET'];
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (options.body !== undefined) args.push('-b', options.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), (duration + 30) * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number; timeouts: number };
        resolve({ requestsPerSecond: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, bad: r.errors + r.non2xx + r.timeouts });
      } catch {
        reject(new Error(`autocannon failed (exit ${code}): ${err.slice(0, 500)}`));
      }
    });
  });
}

/** One request first, so that a wrong URL or token fails loudly instead of measuring 401s. */
export async function check(url: string, init: RequestInit) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

export const fmt = (r: TLoad) => `${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${String(r.p50Ms).padStart(3)} ms  p99 ${String(r.p99Ms).padStart(3)} ms${r.bad ? `  (${r.bad} errors/non-2xx!)` : ''}`;

export interface TVariant {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A header set to a fresh UUID on every request (Idempotency-Key). */
  uniqueHeader?: string;
}

/**
 * A bounded load whose requests cycle through `variants` (one per user, or a mix of calls), in a
 * child process (rotating-load.ts). `overallRate` caps the requests per second (the soak).
 */
export async function loadVariants(
  origin: string,
  variants: TVariant[],
  options: { seconds?: number; connections?: number; overallRate?: number } = {},
): Promise<TLoad & { p975Ms: number; statusCodes: Record<string, number> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kc-bench-'));
  const variantsFile = path.join(dir, 'variants.json');
  const configFile = path.join(dir, 'config.json');
  const duration = options.seconds ?? seconds;
  await fs.writeFile(variantsFile, JSON.stringify(variants));
  await fs.writeFile(
    configFile,
    JSON.stringify({ origin, variantsFile, connections: options.connections ?? CONNECTIONS, seconds: duration, overallRate: options.overallRate }),
  );
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'rotating-load.ts'), configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), (duration + 60) * 1000);
      child.on('close', (code) => {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(out.trim().split('\n').at(-1)!));
        } catch {
          reject(new Error(`rotating load failed (exit ${code}): ${err.slice(0, 500)}`));
        }
      });
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
