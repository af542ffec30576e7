import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { backupDataDir, restoreDataDir } from '../db/backup.ts';
import { DataDirBusyError } from '../db/data-dir-lock.ts';

/**
 * `npm run db:backup [file]` and `npm run db:restore <file>`: backup and restore of the embedded
 * database (DATA_DIR/pglite) while the server is stopped (docs/operations.md). Reads `.env` like
 * `npm start`. With DATABASE_URL set it does nothing and prints the PostgreSQL way.
 */
const USAGE = 'Usage: npm run db:backup [file]   |   npm run db:restore <file>';

const POSTGRES_WAY = `DATABASE_URL is set: the database is PostgreSQL, which these commands do not touch.
Back it up and restore it with PostgreSQL's own tools (docs/operations.md):
  pg_dump --format=custom --file=kc.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" kc.dump`;

function timestamp(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

/** npm runs scripts from the repository root; a file the user names is relative to where they were. */
const fromUser = (file: string) => path.resolve(process.env['INIT_CWD'] ?? process.cwd(), file);

async function main(argv: string[]): Promise<number> {
  const [command, file, extra] = argv;
  if ((command !== 'backup' && command !== 'restore') || extra !== undefined || (command === 'restore' && !file)) {
    process.stderr.write(`${USAGE}\n`);
    return 64;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 78;
    }
    throw error;
  }
  if (config.DATABASE_URL) {
    process.stderr.write(`${POSTGRES_WAY}\n`);
    return 2;
  }
  try {
    if (command === 'backup') {
      const target = file ? fromUser(file) : path.join(config.dataDir, 'backups', `kc-pglite-${timestamp()}.tar.gz`);
      const result = await backupDataDir({ dataDir: config.dataDir, file: target });
      process.stdout.write(`Backup of ${path.join(config.dataDir, 'pglite')} written to ${result.file} (${result.bytes} bytes, ${result.migrations} migrations applied).\n`);
    } else {
      const result = await restoreDataDir({ dataDir: config.dataDir, file: fromUser(file!) });
      process.stdout.write(
        `Restored ${fromUser(file!)} into ${path.join(config.dataDir, 'pglite')} (${result.migrations} migrations applied; the server applies any newer ones at start).\n` +
          (result.previous ? `The database it replaced is kept in ${result.previous}; delete it once you no longer need it.\n` : ''),
      );
    }
    return 0;
  } catch (error) {
    process.stderr.write(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof DataDirBusyError ? 75 : 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
