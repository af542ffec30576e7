import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/** A company's public profile, or undefined when the id names none. */
export function findCompany(db: TExecutor, companyId: string) {
  return db.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst();
}

/** Whether a company of that id exists, as a column of another module's statement (the login's, oauth/repository.ts). */
export function companyExistsSql(companyId: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM companies WHERE id = ${companyId})`;
}

export async function companyExists(db: TExecutor, companyId: string): Promise<boolean> {
  return (await findCompany(db, companyId)) !== undefined;
}
