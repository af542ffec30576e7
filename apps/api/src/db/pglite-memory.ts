import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's start parameters plus ours (docs/decisions/0013-embedded-memory.md). PGlite keeps
 * PostgreSQL's 128 MB of shared buffers and touches them all at start (≈ 120 MB of RSS with an
 * empty database); the embedded demo database is a few tens of MB, read through the operating
 * system's page cache anyway, so 16 MB of buffers cost nothing that shows. A cache size, never a
 * durability setting: what is written, and when, is unchanged.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
];

// The child's whole program: create the data folder (PGlite runs initdb in a second, in-memory
// instance and copies its files over), close it, exit.
const INIT_PROGRAM = `
const { PGlite } = require(process.env.KC_PGLITE_MODULE);
PGlite.create({ dataDir: process.env.KC_PGLITE_DIR })
  .then((pg) => pg.close())
  .catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * Creates a PGlite data folder in a child process when it does not exist yet. In the server's
 * own process, initdb leaves ≈ 500 MB of WebAssembly memory behind (PGlite runs it in a second
 * instance), and a WebAssembly memory never shrinks: the first start would stay at ≈ 800 MB.
 * A folder that already holds a database (its PG_VERSION) is left alone.
 */
export async function initPgliteDataDirInChild(dataDir: string): Promise<void> {
  const exists = await fs.stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (exists) return;
  const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await promisify(execFile)(process.execPath, ['-e', INIT_PROGRAM], {
    env: { ...process.env, KC_PGLITE_MODULE: pgliteModule, KC_PGLITE_DIR: dataDir },
    maxBuffer: 16 * 1024 * 1024,
  });
}
