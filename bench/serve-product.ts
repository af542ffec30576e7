import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { createRuntime } from '../apps/api/src/runtime.ts';
import { webBuildDir } from './page-weight.ts';
import { BENCH_SECOND_FACTOR_KEY } from './api-config.ts';

/**
 * The built product (API and web app) as production runs it, with the demo data, on a loopback
 * port of its own; `dataDir` is its folder under var/. Returns its origin and how to stop it.
 */
export async function serveProduct(dataDir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    // Production needs its own key for the TOTP secrets (issue 18); the bench's is a public one of its own.
    SECOND_FACTOR_KEY: process.env['SECOND_FACTOR_KEY'] ?? BENCH_SECOND_FACTOR_KEY,
    LOG_LEVEL: 'warn',
    DATA_DIR: path.resolve(import.meta.dirname, '../var', dataDir),
    SEED_DEMO: 'true',
    MAIL_POLL_MS: '0',
    WEB_DIR: webBuildDir,
  });
  const { app } = await createRuntime(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { origin: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
}
