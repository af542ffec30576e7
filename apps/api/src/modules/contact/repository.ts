import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

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
