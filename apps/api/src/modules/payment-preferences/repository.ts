import { sql, type Kysely, type Transaction } from 'kysely';
import type { TCardSummary } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;
const COLUMNS = ['id', 'kind', 'card_brand', 'card_last4', 'card_expiry', 'iban_last4', 'ethereum_address'] as const;

/** The user's current preferences, oldest first. */
export async function listPaymentPreferences(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('payment_preferences')
    .select([...COLUMNS])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** One preference by id (also a removed one: a contract keeps the method it was hired with). */
export async function findPaymentPreference(db: TExecutor, id: string) {
  return db.selectFrom('payment_preferences').select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
}

/** Stores a card's summary only: brand, last four digits and expiry (never the number or the code). */
export async function insertCard(db: TExecutor, companyId: string, userId: string, card: TCardSummary) {
  return db
    .insertInto('payment_preferences')
    .values({ company_id: companyId, user_id: userId, kind: 'CARD', card_brand: card.brand, card_last4: card.lastFour, card_expiry: card.expirationDate })
    .returning([...COLUMNS])
    .executeTakeFirstOrThrow();
}

/** Removes (keeps for the contracts that refer to it, hidden from the user); false when not theirs. */
export async function removePaymentPreference(db: TExecutor, companyId: string, userId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_preferences')
    .set({ removed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Personal data export (issue 16): every preference the user ever stored, removed ones too, as stored (never a full number). */
export async function listPaymentPreferencesForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('payment_preferences')
    .select([...COLUMNS, 'created_at', 'removed_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** Payment methods: only what identifies nothing stays (the kind, when it was added); all removed. */
export async function erasePaymentMethods(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const result = await tx
    .updateTable('payment_preferences')
    .set({ card_brand: null, card_last4: null, card_expiry: null, ethereum_address: null, iban_last4: null, removed_at: sql`coalesce(removed_at, ${person.at})` })
    .where('user_id', '=', person.id)
    .executeTakeFirst();
  return { paymentMethods: changedRows(result) };
}
