import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/** A company's public profile, or undefined when the id names none. */
export function findCompany(db: TExecutor, companyId: string) {
  return db.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst();
}

export async function companyExists(db: TExecutor, companyId: string): Promise<boolean> {
  return (await findCompany(db, companyId)) !== undefined;
}
