import type { TDb } from '../../db/database.ts';
import { findProfileForExport } from './repository.ts';

/** Personal data export (issue 16): the person's own row, every personal column (never the password's hash or the search text). */
export function profileForExport(db: TDb, companyId: string, userId: string) {
  return findProfileForExport(db, companyId, userId);
}
