import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export async function findUserWithAdvisor(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('users as a', 'a.id', 'u.advisor_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.phone',
      'u.dni',
      'u.date_of_birth',
      'u.country_id',
      'u.city_id',
      'u.postal_code',
      'u.investor_type',
      'u.company_name',
      'u.billing_address_line1',
      'u.billing_address_line2',
      'u.billing_city',
      'u.billing_state',
      'u.billing_postal_code',
      'u.billing_country',
      'u.ethereum_wallet',
      'u.language',
      'u.roles',
      'u.created_at',
      'u.last_logon_at',
      'a.first_name as advisor_first_name',
      'a.last_name as advisor_last_name',
      'a.email as advisor_email',
    ])
    .where('u.id', '=', userId)
    .where('u.company_id', '=', companyId)
    .executeTakeFirst();
}

export async function findPasswordHash(db: TExecutor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

export async function updatePasswordHash(db: TExecutor, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, is_temporal_password: false, last_modified_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Revokes every live token of the user except the one making the request; call `forgetSessions` once committed. */
export async function revokeOtherTokens(db: TExecutor, userId: string, keepTokenHash: string): Promise<number> {
  const result = await db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('token_hash', '<>', keepTokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Personal data export (issue 16): the person's own row, every personal column (never the password's hash or the search text). */
export async function findProfileForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'phone',
      'dni',
      'date_of_birth',
      'country_id',
      'city_id',
      'postal_code',
      'investor_type',
      'company_name',
      'company_tax_id',
      'billing_address_line1',
      'billing_address_line2',
      'billing_country',
      'billing_state',
      'billing_city',
      'billing_postal_code',
      'ethereum_wallet',
      'language',
      'roles',
      'created_at',
      'confirmed_at',
      'last_logon_at',
    ])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}
