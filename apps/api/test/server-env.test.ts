import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { serverProcessEnv } from '../../../scripts/server-env.mjs';

// docs/decisions/0038: every API server process starts with a thread pool as large as the cores.
describe("the server processes' environment", () => {
  it("sizes the thread pool to the cores (at least two), keeps the rest, and keeps an operator's own size", () => {
    const env = serverProcessEnv({ PATH: '/usr/bin', DATABASE_URL: 'postgres://x' });
    expect(env['UV_THREADPOOL_SIZE']).toBe(String(Math.max(2, os.availableParallelism())));
    expect(env['DATABASE_URL']).toBe('postgres://x');
    expect(env['PATH']).toBe('/usr/bin');
    expect(serverProcessEnv({ UV_THREADPOOL_SIZE: '8' })['UV_THREADPOOL_SIZE']).toBe('8');
  });
});
