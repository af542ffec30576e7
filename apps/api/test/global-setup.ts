import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { migrate, PGLITE_EXTENSIONS } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { TEST_BASE_YEAR } from './helpers/constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates and seeds one embedded database once, and dumps it: every test file starts its own
 * database from that dump (≈ 0.6 s instead of ≈ 2.4 s for a new initdb).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await migrate(db);
  await seedDemo(db, { baseYear: TEST_BASE_YEAR });
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kc-api-test-'));
  const file = path.join(dir, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
