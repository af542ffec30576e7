// `npm start`: builds what is not built (or is older than its sources), then runs the one
// server process, which migrates and seeds the embedded database and serves /web and /api.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from './build-stale.mjs';

buildIfStale();
const envFile = fs.existsSync(path.join(root, '.env')) ? ['--env-file=.env'] : [];
const server = spawn(process.execPath, ['--enable-source-maps', ...envFile, 'apps/api/dist/server.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
