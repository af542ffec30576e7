import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Backup and restore of the embedded database (PGlite): a gzipped tar of its data folder, made
 * by PGlite's own dumpDataDir on a database this process alone has open (the data-folder lock
 * keeps the server out meanwhile), so the copy is consistent. PostgreSQL is backed up with
 * pg_dump (docs/operations.md).
 */

export const pgliteDirOf = (dataDir: string): string => path.join(dataDir, 'pglite');

/** Reads a few facts from an opened copy: it is a KC database, migrated this far. */
async function describe(pglite: PGlite): Promise<{ migrations: number }> {
  const result = await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM kysely_migration');
  return { migrations: result.rows[0]?.n ?? 0 };
}

export interface TBackupResult {
  file: string;
  bytes: number;
  migrations: number;
}

/** Writes a backup of `DATA_DIR/pglite` to `file` (checked by loading it back before it is kept). */
export async function backupDataDir(options: { dataDir: string; file: string }): Promise<TBackupResult> {
  const source = pgliteDirOf(options.dataDir);
  const release = await lockDataDir(options.dataDir, 'db:backup');
  try {
    await fs.access(path.join(source, 'PG_VERSION')).catch(() => {
      throw new Error(`No embedded database in ${source} (start the server once to create it, or check DATA_DIR).`);
    });
    const pglite = new PGlite({ dataDir: source });
    let dump: Blob;
    try {
      await pglite.waitReady;
      dump = await pglite.dumpDataDir('gzip');
    } finally {
      await pglite.close();
    }
    // The dump must load and hold a KC database before it is called a backup.
    const check = new PGlite({ loadDataDir: dump });
    let migrations: number;
    try {
      await check.waitReady;
      ({ migrations } = await describe(check));
    } finally {
      await check.close();
    }
    const bytes = Buffer.from(await dump.arrayBuffer());
    await fs.mkdir(path.dirname(options.file), { recursive: true });
    const partial = `${options.file}.partial-${process.pid}`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, options.file);
    return { file: options.file, bytes: bytes.length, migrations };
  } finally {
    await release();
  }
}

export interface TRestoreResult {
  /** Where the database that was replaced was moved (kept until the operator deletes it). */
  previous?: string;
  migrations: number;
}

/**
 * Replaces `DATA_DIR/pglite` with the backup in `file`. The backup is unpacked into a new
 * folder and opened there first; only then is the current folder moved aside (to
 * `pglite.before-restore-<time>`) and the new one put in its place, so a bad file changes nothing.
 */
export async function restoreDataDir(options: { dataDir: string; file: string }): Promise<TRestoreResult> {
  const target = pgliteDirOf(options.dataDir);
  const release = await lockDataDir(options.dataDir, 'db:restore');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = path.join(options.dataDir, `pglite.restoring-${stamp}`);
  try {
    const content = await fs.readFile(options.file).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`Cannot read the backup ${options.file}: ${error.code ?? error.message}`);
    });
    let migrations: number;
    try {
      const pglite = new PGlite({ dataDir: staging, loadDataDir: new Blob([content]) });
      try {
        await pglite.waitReady;
        ({ migrations } = await describe(pglite));
      } finally {
        if (!pglite.closed) await pglite.close().catch(() => undefined);
      }
    } catch (error) {
      throw new Error(`${options.file} is not a backup of the KC embedded database: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    let previous: string | undefined;
    if (await fs.stat(target).catch(() => undefined)) {
      previous = path.join(options.dataDir, `pglite.before-restore-${stamp}`);
      await fs.rename(target, previous);
    }
    await fs.rename(staging, target);
    return { ...(previous ? { previous } : {}), migrations };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await release();
  }
}
