// `npm start`: builds what is not built (or is older than its sources), then runs the one
// server process, which migrates and seeds the embedded database and serves /web and /api.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from './build-stale.mjs';
import { EMBEDDED_ENV, EMBEDDED_NODE_FLAG } from './embedded-node-flags.mjs';
import { SERVER_NODE_FLAGS, serverProcessEnv } from './server-env.mjs';

buildIfStale();
const envPath = path.join(root, '.env');
const envFile = fs.existsSync(envPath) ? ['--env-file=.env'] : [];
// On the embedded database (no DATABASE_URL) the whole product lives in this one process, whose
// memory budget is 400 MB of RSS (docs/decisions/0013): V8's young generation is kept small
// (4 MB semi-spaces instead of up to 16), which costs some minor collections and saves ≈ 24 MB.
// On PostgreSQL the server gets the flags of every API process there (docs/decisions/0042).
const onPostgres = Boolean(process.env.DATABASE_URL) || (envFile.length > 0 && /^\s*DATABASE_URL\s*=\s*\S/m.test(fs.readFileSync(envPath, 'utf8')));
const nodeFlags = onPostgres ? SERVER_NODE_FLAGS : [EMBEDDED_NODE_FLAG];
const server = spawn(process.execPath, ['--enable-source-maps', ...nodeFlags, ...envFile, 'apps/api/dist/server.js'], {
  cwd: root,
  env: serverProcessEnv(onPostgres ? process.env : { ...EMBEDDED_ENV, ...process.env }),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
