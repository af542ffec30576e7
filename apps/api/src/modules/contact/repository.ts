import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TNewContactMessage {
  companyId: string;
  formKind: string;
  language: string;
  name: string;
  surname: string;
  email: string;
  phone: string | null;
  message: string;
}

/** Stores one contact message; the privacy acceptance is recorded with the same instant. */
export async function insertContactMessage(db: TExecutor, row: TNewContactMessage): Promise<{ id: string; createdAt: Date }> {
  const inserted = await db
    .insertInto('contact_messages')
    .values({
      company_id: row.companyId,
      form_kind: row.formKind,
      language: row.language,
      name: row.name,
      surname: row.surname,
      email: row.email,
      phone: row.phone,
      message: row.message,
      accepted_privacy_at: new Date(),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: inserted.id, createdAt: inserted.created_at };
}

/** The address that receives a company's contact messages. */
export async function findCompanyContactEmail(db: TExecutor, companyId: string): Promise<string | undefined> {
  const company = await db.selectFrom('companies').select('contact_email').where('id', '=', companyId).executeTakeFirst();
  return company?.contact_email;
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** The phones the person left in contact messages sent from their e-mail (to find them elsewhere). */
export async function contactPhonesOf(db: TExecutor, person: Pick<TErasedPerson, 'companyId' | 'email'>): Promise<string[]> {
  const rows = await db
    .selectFrom('contact_messages')
    .select('phone')
    .where('company_id', '=', person.companyId)
    .where(sql<boolean>`lower(email) = ${person.email}`)
    .execute();
  return rows.flatMap((r) => (r.phone ? [r.phone] : []));
}

/** The person's contact messages, found by their e-mail: every field replaced. */
export async function eraseContactMessages(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const { anon } = person;
  const result = await tx
    .updateTable('contact_messages')
    .set({ name: anon, surname: anon, email: anon, phone: null, message: anon })
    .where('company_id', '=', person.companyId)
    .where(sql<boolean>`lower(email) = ${person.email}`)
    .executeTakeFirst();
  return { contactMessages: changedRows(result) };
}
