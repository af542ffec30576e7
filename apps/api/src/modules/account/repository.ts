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

/** The person's password hash, and what a mail to them needs (address, first name, language). */
export function findPasswordOwner(db: TExecutor, userId: string) {
  return db.selectFrom('users').select(['password_hash', 'email', 'first_name', 'language']).where('id', '=', userId).executeTakeFirst();
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

// ---------------------------------------------------------------------------------------------
// E-mail change (issue 18, decision 0037)

/** The person asking to change their e-mail: what the request needs (the hash only to check the password). */
export async function findUserForEmailChange(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language', 'password_hash'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

/** Whether another account of the company already has this address (the unique index is on lower(email)). */
export async function isEmailTakenByAnother(db: TExecutor, companyId: string, email: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new request replaces the person's pending one (its link stops working). */
export async function supersedePendingEmailChanges(tx: TExecutor, userId: string): Promise<void> {
  await tx.updateTable('email_changes').set({ state: 'SUPERSEDED' }).where('user_id', '=', userId).where('state', '=', 'PENDING').execute();
}

export async function insertEmailChange(
  tx: TExecutor,
  change: { companyId: string; userId: string; newEmail: string; tokenHash: string; expiresAt: Date; at: Date },
): Promise<string> {
  const row = await tx
    .insertInto('email_changes')
    .values({
      company_id: change.companyId,
      user_id: change.userId,
      new_email: change.newEmail,
      token_hash: change.tokenHash,
      expires_at: change.expiresAt,
      created_at: change.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The request a link's token names, locked until the transaction ends. */
export async function findEmailChangeForUpdate(tx: TExecutor, tokenHash: string) {
  return tx
    .selectFrom('email_changes')
    .select(['id', 'company_id', 'user_id', 'new_email', 'state', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** The person whose address changes, locked until the transaction ends. */
export async function lockUserForEmailChange(tx: TExecutor, companyId: string, userId: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language', 'is_active', 'is_deleted', 'erased_at'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateUserEmail(tx: TExecutor, userId: string, email: string): Promise<void> {
  await tx.updateTable('users').set({ email, last_modified_at: sql<Date>`now()` }).where('id', '=', userId).execute();
}

export async function markEmailChangeConfirmed(tx: TExecutor, id: string, at: Date): Promise<void> {
  await tx.updateTable('email_changes').set({ state: 'CONFIRMED', confirmed_at: at }).where('id', '=', id).execute();
}

/** Personal data export: the person's e-mail change requests (never the token's hash). */
export async function listEmailChangesForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('email_changes')
    .select(['new_email', 'state', 'created_at', 'expires_at', 'confirmed_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .execute();
}

/** Erasure: the person's e-mail change requests go (they hold addresses). */
export async function deleteEmailChanges(tx: TExecutor, userId: string): Promise<void> {
  await tx.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}
