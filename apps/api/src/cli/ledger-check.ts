import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { pgliteDirOf } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { DataDirBusyError, lockDataDir } from '../db/data-dir-lock.ts';
import { findLedgerCompanies } from '../modules/ledger/repository.ts';
import { checkCompanyLedger } from '../modules/ledger/service.ts';

/**
 * `npm run ledger:check`: recomputes every company's balances from the ledger's lines and
 * verifies that every journal balances (the same check as POST /api/ledger/check, for an
 * operator or a cron job). Reads `.env` like `npm start`. Prints one JSON line per company;
 * exits 0 when every ledger is sound, 1 when one is not (and 75 while PGlite is in use).
 */
async function main(): Promise<number> {
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
  let unlock = async () => {};
  try {
    if (!config.DATABASE_URL) unlock = await lockDataDir(config.dataDir, 'ledger-check');
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof DataDirBusyError ? 75 : 1;
  }
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir: pgliteDirOf(config.dataDir) });
  try {
    let ok = true;
    for (const companyId of await findLedgerCompanies(database.db)) {
      const check = await checkCompanyLedger(database.db, companyId);
      ok &&= check.ok;
      process.stdout.write(`${JSON.stringify({ companyId, ...check })}\n`);
    }
    return ok ? 0 : 1;
  } finally {
    await database.close();
    await unlock();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
