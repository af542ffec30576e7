// The environment every API server process starts with (`npm start`, `npm run start:cluster`, the
// benchmarks' servers): docs/decisions/0038.
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
