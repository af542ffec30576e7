import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forgetSessions } from '../../lib/session-cache.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/** The account a login names: company and e-mail (case-insensitive). */
export function findUserForLogin(db: TExecutor, companyId: string, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active', 'is_deleted', 'confirmed_at'])
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findIdentity(db: TExecutor, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'roles']).where('id', '=', userId).executeTakeFirst();
}

export async function recordLogon(db: TExecutor, userId: string): Promise<void> {
  await db.updateTable('users').set({ last_logon_at: new Date() }).where('id', '=', userId).execute();
}

/**
 * Deactivates an account and revokes every token it holds, in one transaction: from then on
 * the account cannot log in and no token of it works (in this process at once, see forgetSessions).
 */
export async function deactivateUser(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    await trx.updateTable('users').set({ is_active: false, last_modified_at: now }).where('id', '=', userId).execute();
    await trx
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  });
  forgetSessions(db);
}
