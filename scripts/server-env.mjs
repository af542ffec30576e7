// The environment every API server process starts with (`npm start`, `npm run start:cluster`, the
// benchmarks' servers): docs/decisions/0038; and their V8 flags on PostgreSQL: docs/decisions/0042.
import os from 'node:os';

/**
 * Node's thread pool, where argon2id runs, as large as the machine has cores, at least two (Node's
 * default is four). Each password hash fills 19 MiB and keeps a core busy for ≈ 10 ms: on a 2-core machine
 * four at a time verify fewer passwords a second than two and take the cores from the requests
 * and PostgreSQL. Libuv reads the size once, before the process runs any code, so it is set here.
 * An operator's own UV_THREADPOOL_SIZE is kept.
 */
export function serverProcessEnv(env = process.env) {
  return { ...env, UV_THREADPOOL_SIZE: env.UV_THREADPOOL_SIZE ?? String(Math.max(2, os.availableParallelism())) };
}

/**
 * V8's flags for every API server process on PostgreSQL (`npm start` with DATABASE_URL, `npm run
 * start:cluster`, the benchmarks' API servers): docs/decisions/0042. Allocation-site pretenuring
 * off: under load V8 decided to allocate objects of some sites straight in the old generation,
 * which then grew ≈ 20 MB a second and was marked and compacted every few seconds; with it off,
 * ≈ 4.5 MB a second. Not applied to the embedded default, whose memory budget was measured without it.
 */
export const SERVER_NODE_FLAGS = ['--no-allocation-site-pretenuring'];
