import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../src/db/database.ts';
import { backupDataDir, pgliteDirOf, restoreDataDir } from '../src/db/backup.ts';
import { DataDirBusyError, lockDataDir, lockFileOf } from '../src/db/data-dir-lock.ts';
import { createRuntime } from '../src/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase, startServerProcess, stopServerProcess, type TServerProcess } from './helpers/server-process.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { TEST_BASE_YEAR } from './helpers/constants.ts';
import { truncateContracts } from './helpers/ledger.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `npm run db:backup|db:restore …` as an operator types it, on the given DATA_DIR. */
function npmRun(script: 'db:backup' | 'db:restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kc-backup-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** Opens the embedded database of a DATA_DIR, runs `work`, closes it. */
async function withDatabase<T>(dataDir: string, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: pgliteDirOf(dataDir) });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

// Opening and copying embedded databases on disk is slow on a busy machine.
const SLOW = 120_000;

/** One small migrated database with two companies, made once; each test works on its own copy. */
let base: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'kc-backup-base-'));
  await withDatabase(base, async (db) => {
    await migrate(db);
    await sql`INSERT INTO companies (id, name, contact_email) VALUES ('1', 'KC', 'kc@example.com'), ('9', 'Original', 'o@example.com')`.execute(db);
  });
}, SLOW);
afterAll(async () => fs.rm(base, { recursive: true, force: true }));

async function createDatabase(dataDir: string): Promise<void> {
  await fs.cp(pgliteDirOf(base), pgliteDirOf(dataDir), { recursive: true });
}
const companies = (dataDir: string) =>
  withDatabase(dataDir, async (db) => (await sql<{ id: string; name: string }>`SELECT id, name FROM companies ORDER BY id`.execute(db)).rows);

describe('backup and restore of the embedded database', { timeout: SLOW }, () => {
  it('backs up, survives a change, and restores the original data; the replaced database is kept aside', async () => {
    const dataDir = await tempDir();
    await createDatabase(dataDir);
    const original = await companies(dataDir);
    const file = path.join(dataDir, 'out', 'kc.tar.gz');

    const backup = await backupDataDir({ dataDir, file });
    expect(backup.bytes).toBeGreaterThan(1000);
    expect(backup.migrations).toBeGreaterThan(0);
    expect((await fs.readFile(file)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip

    await withDatabase(dataDir, async (db) => {
      await sql`UPDATE companies SET name = 'Changed' WHERE id = '9'`.execute(db);
      await sql`INSERT INTO companies (id, name, contact_email) VALUES ('10', 'Added after the backup', 'a@example.com')`.execute(db);
    });
    expect(await companies(dataDir)).not.toEqual(original);

    const restored = await restoreDataDir({ dataDir, file });
    expect(await companies(dataDir)).toEqual(original);
    expect(restored.previous).toMatch(/pglite\.before-restore-/);
    // The database it replaced is intact beside it, and no staging folder is left.
    const kept = await openDatabase({ dataDir: restored.previous! });
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM companies WHERE id = '10'`.execute(kept.db)).rows[0]!.n).toBe(1);
    await kept.close();
    expect((await fs.readdir(dataDir)).filter((f) => f.includes('restoring'))).toEqual([]);
    await expect(fs.access(lockFileOf(dataDir))).rejects.toThrow();
  });

  it('refuses both while another process holds the data folder, and changes nothing', async () => {
    const dataDir = await tempDir();
    await createDatabase(dataDir);
    const file = path.join(dataDir, 'kc.tar.gz');
    await backupDataDir({ dataDir, file });
    const before = await companies(dataDir);
    const release = await lockDataDir(dataDir, 'server');
    try {
      await expect(backupDataDir({ dataDir, file: path.join(dataDir, 'second.tar.gz') })).rejects.toThrow(DataDirBusyError);
      await expect(restoreDataDir({ dataDir, file })).rejects.toThrow(/in use by process \d+ \(server/);
      await expect(fs.access(path.join(dataDir, 'second.tar.gz'))).rejects.toThrow();
      expect((await fs.readdir(dataDir)).sort()).toEqual(['kc.tar.gz', 'pglite', 'pglite.lock']);
    } finally {
      await release();
    }
    expect(await companies(dataDir)).toEqual(before);
  });

  it('takes over the lock of a process that is gone (a crash)', async () => {
    const dataDir = await tempDir();
    await createDatabase(dataDir);
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid!;
    await new Promise((resolve) => gone.on('exit', resolve));
    await fs.writeFile(lockFileOf(dataDir), JSON.stringify({ pid, purpose: 'server', since: new Date().toISOString() }));
    const result = await backupDataDir({ dataDir, file: path.join(dataDir, 'kc.tar.gz') });
    expect(result.bytes).toBeGreaterThan(0);
  });

  it('refuses a file that is not a backup, and a missing one, and leaves the database as it was', async () => {
    const dataDir = await tempDir();
    await createDatabase(dataDir);
    const before = await companies(dataDir);
    const junk = path.join(dataDir, 'junk.tar.gz');
    await fs.writeFile(junk, 'not a backup at all');
    await expect(restoreDataDir({ dataDir, file: junk })).rejects.toThrow(/is not a backup of the KC embedded database/);
    await expect(restoreDataDir({ dataDir, file: path.join(dataDir, 'missing.tar.gz') })).rejects.toThrow(/Cannot read the backup .*ENOENT/);
    expect(await companies(dataDir)).toEqual(before);
    expect((await fs.readdir(dataDir)).sort()).toEqual(['junk.tar.gz', 'pglite']);
  });

  it('says so when there is no database to back up', async () => {
    const dataDir = await tempDir();
    await expect(backupDataDir({ dataDir, file: path.join(dataDir, 'kc.tar.gz') })).rejects.toThrow(/No embedded database in/);
    await expect(fs.access(path.join(dataDir, 'kc.tar.gz'))).rejects.toThrow();
  });

  it('the server does not start on a data folder another process holds', async () => {
    const dataDir = await tempDir();
    const release = await lockDataDir(dataDir, 'db:backup');
    try {
      await expect(createRuntime(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }))).rejects.toThrow(DataDirBusyError);
      await expect(fs.access(pgliteDirOf(dataDir))).rejects.toThrow();
    } finally {
      await release();
    }
  });
});

describe('npm run db:backup / db:restore', { timeout: SLOW }, () => {
  let server: TServerProcess | undefined;
  afterEach(async () => {
    await stopServerProcess(server);
    if (server) await fs.rm(server.dataDir, { recursive: true, force: true });
    server = undefined;
  });

  it('refuses while the server runs; once it is stopped, backs up and restores what the server had', async () => {
    server = await startServerProcess({ SEED_DEMO: 'true' });
    const env = { DATA_DIR: server.dataDir };
    const file = path.join(server.dataDir, 'backups', 'kc.tar.gz');

    const refused = await npmRun('db:backup', [file], env);
    expect(refused.code).toBe(75);
    expect(refused.out).toContain(`in use by process ${server.child.pid} (server`);
    await expect(fs.access(file)).rejects.toThrow();

    await stopServerProcess(server, 'SIGTERM');
    expect(await server.exited).toBe(0);
    const backup = await npmRun('db:backup', [file], env);
    expect(backup.out).toMatch(/^Backup of .*pglite written to .*kc\.tar\.gz \(\d+ bytes, \d+ migrations applied\)\.$/m);
    expect(backup.code).toBe(0);

    const count = () =>
      withDatabase(server!.dataDir, async (db) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM contracts`.execute(db)).rows[0]!.n);
    const contracts = await count();
    expect(contracts).toBeGreaterThan(0);
    await withDatabase(server.dataDir, (db) => truncateContracts(db));
    expect(await count()).toBe(0);

    const restore = await npmRun('db:restore', [file], env);
    expect(restore.out).toContain('The database it replaced is kept in');
    expect(restore.code).toBe(0);
    expect(await count()).toBe(contracts);
  });

  it('without a file, restore shows the usage; with DATABASE_URL, both show the PostgreSQL way', async () => {
    const dataDir = await tempDir();
    const usage = await npmRun('db:restore', [], { DATA_DIR: dataDir });
    expect(usage.code).toBe(64);
    expect(usage.out).toContain('Usage: npm run db:backup [file]');
    const postgres = await npmRun('db:backup', [], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(postgres.code).toBe(2);
    expect(postgres.out).toContain('pg_dump --format=custom');
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});

/** Runs a program to its end (no shell); its output and exit code. */
function run(program: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', (error) => resolve({ code: -1, out: error.message }));
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

const adminUrl = process.env['TEST_DATABASE_URL'];
describe.skipIf(!adminUrl)('the PostgreSQL way (docs/operations.md), with pg_dump and pg_restore', { timeout: SLOW }, () => {
  it('dumps, survives a change, and restores the original data with the documented commands', async () => {
    const dataDir = await tempDir();
    const target = await createTestDatabase(adminUrl!);
    let original: { contracts: number; users: number } | undefined;
    try {
      const database = await openDatabase({ url: target.url, poolSize: 2 });
      const counts = async () => {
        const row = await sql<{ contracts: number; users: number }>`
          SELECT (SELECT count(*)::int FROM contracts) AS contracts, (SELECT count(*)::int FROM users WHERE first_name <> 'Changed') AS users`.execute(database.db);
        return row.rows[0]!;
      };
      try {
        await migrate(database.db);
        await seedDemo(database.db, { baseYear: TEST_BASE_YEAR });
        original = await counts();
        expect(original.contracts).toBeGreaterThan(0);
        const file = path.join(dataDir, 'kc.dump');

        const dump = await run('pg_dump', ['--format=custom', `--file=${file}`, target.url]);
        expect(dump.out).toBe('');
        expect(dump.code).toBe(0);
        await truncateContracts(database.db);
        await sql`UPDATE users SET first_name = 'Changed'`.execute(database.db);
        expect(await counts()).not.toEqual(original);
        // The API's connections are closed first (the restore replaces its tables).
        await database.db.destroy();

        const restore = await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${target.url}`, file]);
        expect(restore.out).toBe('');
        expect(restore.code).toBe(0);
      } finally {
        await database.close().catch(() => undefined);
      }
      const reopened = await openDatabase({ url: target.url, poolSize: 2 });
      try {
        const row = await sql<{ contracts: number; users: number; triggers: number }>`
          SELECT (SELECT count(*)::int FROM contracts) AS contracts, (SELECT count(*)::int FROM users WHERE first_name <> 'Changed') AS users,
                 (SELECT count(*)::int FROM pg_trigger WHERE tgrelid = 'contracts'::regclass AND NOT tgisinternal) AS triggers`.execute(reopened.db);
        expect(row.rows[0]!.triggers).toBeGreaterThan(0);
        expect({ contracts: row.rows[0]!.contracts, users: row.rows[0]!.users }).toEqual(original);
        // Migrating the restored database finds nothing left to do.
        await migrate(reopened.db);
        const again = await sql<{ contracts: number; users: number }>`
          SELECT (SELECT count(*)::int FROM contracts) AS contracts, (SELECT count(*)::int FROM users WHERE first_name <> 'Changed') AS users`.execute(reopened.db);
        expect(again.rows[0]).toEqual(original);
      } finally {
        await reopened.close();
      }
    } finally {
      await target.drop();
    }
  });
});
