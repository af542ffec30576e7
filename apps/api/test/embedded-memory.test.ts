import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';

// docs/decisions/0013-embedded-memory.md: a new PGlite data folder is created by a child
// process, and PGlite runs with small shared buffers. Same database, same durability.
describe('the embedded database (PGlite) on a data folder', () => {
  const root = fs.mkdtemp(path.join(os.tmpdir(), 'kc-embedded-'));
  afterAll(async () => fs.rm(await root, { recursive: true, force: true }));

  it('creates a new folder (initdb runs in a child process), runs with 16 MB of shared buffers, and keeps its data when reopened', async () => {
    const dataDir = path.join(await root, 'pglite');
    const first = await openDatabase({ dataDir });
    try {
      await expect(fs.stat(path.join(dataDir, 'PG_VERSION'))).resolves.toBeDefined();
      const { rows } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(first.db);
      expect(rows[0]!.shared_buffers).toBe('16MB');
      await sql`CREATE TABLE kept (v text)`.execute(first.db);
      await sql`INSERT INTO kept VALUES ('still here')`.execute(first.db);
    } finally {
      await first.close();
    }
    // An existing folder is opened as it is (no second initdb over it).
    const again = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ v: string }>`SELECT v FROM kept`.execute(again.db);
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      await again.close();
    }
  });
});
