// Starts the built server on a fresh embedded database for the end-to-end run.
import fs from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('e2e')) throw new Error('DATA_DIR must be the e2e data folder');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
// The server runs in this very process: the global teardown reads its memory through this id
// (memory-budget.ts).
fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
await import(path.resolve(import.meta.dirname, '../../apps/api', process.env.KC_API_OUTFILE ?? 'dist/server.js'));
