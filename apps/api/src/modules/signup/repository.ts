import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, TNewUser } from '../../db/schema.ts';
import type { TErasedPerson, TErasureCounts } from '../../lib/erasure.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export async function emailTaken(db: TExecutor, companyId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: TExecutor, user: TNewUser): Promise<string> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCardPreference(
  db: TExecutor,
  pref: { companyId: string; userId: string; brand: string; lastFour: string; expiry: string },
): Promise<void> {
  await db
    .insertInto('payment_preferences')
    .values({
      company_id: pref.companyId,
      user_id: pref.userId,
      kind: 'CARD',
      card_brand: pref.brand,
      card_last4: pref.lastFour,
      card_expiry: pref.expiry,
    })
    .execute();
}

export async function insertEthereumPreference(db: TExecutor, pref: { companyId: string; userId: string; address: string }): Promise<void> {
  await db
    .insertInto('payment_preferences')
    .values({ company_id: pref.companyId, user_id: pref.userId, kind: 'ETHEREUM', ethereum_address: pref.address })
    .execute();
}

export async function insertConfirmation(
  db: TExecutor,
  confirmation: { tokenHash: string; userId: string; companyId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sign_up_confirmations')
    .values({
      token_hash: confirmation.tokenHash,
      user_id: confirmation.userId,
      company_id: confirmation.companyId,
      expires_at: confirmation.expiresAt,
    })
    .execute();
}

/** The confirmation of this user with this token hash, locked for the confirming transaction. */
export function findConfirmationForUpdate(db: TExecutor, userId: string, tokenHash: string) {
  return db
    .selectFrom('sign_up_confirmations')
    .select(['token_hash', 'user_id', 'company_id', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markConfirmationUsed(db: TExecutor, tokenHash: string): Promise<void> {
  await db.updateTable('sign_up_confirmations').set({ used_at: new Date() }).where('token_hash', '=', tokenHash).execute();
}

export function findUserForConfirmation(db: TExecutor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'email', 'first_name', 'last_name', 'language', 'roles', 'confirmed_at', 'advisor_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function markUserConfirmed(db: TExecutor, userId: string, advisorId: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ confirmed_at: new Date(), last_modified_at: new Date(), ...(advisorId ? { advisor_id: advisorId } : {}) })
    .where('id', '=', userId)
    .execute();
}

/**
 * The company's active advisor with the fewest active clients (ties: the longest-serving
 * advisor, then the id, so the choice is stable).
 */
export function findLeastBusyAdvisor(db: TExecutor, companyId: string) {
  return db
    .selectFrom('users as a')
    .select(['a.id', 'a.email', 'a.first_name', 'a.last_name', 'a.language'])
    .select((eb) =>
      eb
        .selectFrom('users as c')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('c.advisor_id', '=', 'a.id')
        .where('c.is_active', '=', true)
        .where('c.is_deleted', '=', false)
        .as('clients'),
    )
    .where('a.company_id', '=', companyId)
    .where(sql<boolean>`'ADVISOR' = ANY(a.roles)`)
    .where('a.is_active', '=', true)
    .where('a.is_deleted', '=', false)
    .where('a.confirmed_at', 'is not', null)
    .orderBy('clients', 'asc')
    .orderBy('a.created_at', 'asc')
    .orderBy('a.id', 'asc')
    .executeTakeFirst();
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** The person's pending sign-up confirmation links go. */
export async function eraseSignUpLinks(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  await tx.deleteFrom('sign_up_confirmations').where('user_id', '=', person.id).execute();
  return {};
}
