import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes on one data folder would corrupt it, and a
 * copy taken while the server writes is not a consistent snapshot. Whoever opens the embedded
 * database (the server, `npm run db:backup`, `npm run db:restore`) first takes this lock: a file
 * `pglite.lock` beside the `pglite` folder, naming its process. A lock whose process is gone (a
 * crash, `kill -9`) is stale and taken over.
 */
export class DataDirBusyError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: TLockHolder,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by process ${holder.pid} (${holder.purpose}, since ${holder.since}). ` +
        `PGlite serves one process at a time: stop it first (the server: Ctrl+C or SIGTERM). ` +
        `If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirBusyError';
  }
}

export interface TLockHolder {
  pid: number;
  purpose: string;
  since: string;
}

export const lockFileOf = (dataDir: string): string => path.join(dataDir, 'pglite.lock');

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<TLockHolder | undefined> {
  try {
    const holder = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<TLockHolder>;
    return typeof holder.pid === 'number' ? { pid: holder.pid, purpose: String(holder.purpose), since: String(holder.since) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirBusyError naming the process
 * that holds it. Returns the function that gives it back.
 */
export async function lockDataDir(dataDir: string, purpose: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = lockFileOf(dataDir);
  const mine: TLockHolder = { pid: process.pid, purpose, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, JSON.stringify(mine), { flag: 'wx' });
      return async () => {
        const holder = await readHolder(file);
        if (holder?.pid === mine.pid && holder.since === mine.since) await fs.rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    if (holder && isAlive(holder.pid)) throw new DataDirBusyError(file, holder);
    // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
    await fs.rm(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
