import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';

/** The documents' SQL (and the only SQL of the module). Every query is scoped by company. */
type TExecutor = Kysely<Database> | Transaction<Database>;

/** A customer with what a document shows of them (and their advisor and blocking, for the access rule). */
export async function findDocumentCustomer(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('companies as co', 'co.id', 'u.company_id')
    .select([
      'u.id',
      'u.advisor_id',
      'u.blocked_at',
      'u.first_name',
      'u.last_name',
      'u.dni',
      'u.email',
      'u.investor_type',
      'u.company_name',
      'u.company_tax_id',
      'u.billing_address_line1',
      'u.billing_address_line2',
      'u.billing_postal_code',
      'u.billing_city',
      'u.billing_country',
      'u.language',
      'co.name as company_display_name',
    ])
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', userId)
    .where('u.is_deleted', '=', false)
    .executeTakeFirst();
}

export type TDocumentCustomer = NonNullable<Awaited<ReturnType<typeof findDocumentCustomer>>>;

function contractQuery(db: TExecutor, companyId: string) {
  return db
    .selectFrom('contracts as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select([
      'c.id',
      'c.user_id',
      'c.state',
      'c.product_key',
      'p.name_es',
      'p.name_en',
      'c.initial_investment',
      'c.recurring_amount',
      'c.submission_date',
      'c.expiring_date',
      'c.contract_period_type',
      'c.created_at',
    ])
    .where('c.company_id', '=', companyId)
    .where('c.state', '<>', 'DELETED');
}

export async function findDocumentContract(db: TExecutor, companyId: string, contractId: string) {
  return contractQuery(db, companyId).where('c.id', '=', contractId).executeTakeFirst();
}

export type TDocumentContract = NonNullable<Awaited<ReturnType<typeof findDocumentContract>>>;

export async function findCustomerDocumentContracts(db: TExecutor, companyId: string, userId: string) {
  return contractQuery(db, companyId).where('c.user_id', '=', userId).orderBy('c.submission_date').orderBy('c.id').limit(1000).execute();
}

function paymentQuery(db: TExecutor, companyId: string) {
  return db
    .selectFrom('payments as p')
    .leftJoin('ledger_journals as r', 'r.reverses_journal_id', 'p.journal_id')
    .select(['p.id', 'p.contract_id', 'p.user_id', 'p.amount', 'p.value_date', 'p.method', 'p.reference', 'p.price', 'p.price_date', 'p.units', 'p.recorded_at', 'r.occurred_on as reversed_on'])
    .where('p.company_id', '=', companyId);
}

export async function findDocumentPayment(db: TExecutor, companyId: string, paymentId: string) {
  return paymentQuery(db, companyId).where('p.id', '=', paymentId).executeTakeFirst();
}

export type TDocumentPayment = NonNullable<Awaited<ReturnType<typeof findDocumentPayment>>>;

/** A customer's payments (optionally of one contract), oldest value date first. */
export async function findCustomerPayments(db: TExecutor, companyId: string, userId: string, contractId?: string) {
  let query = paymentQuery(db, companyId).where('p.user_id', '=', userId);
  if (contractId) query = query.where('p.contract_id', '=', contractId);
  return query.orderBy('p.value_date').orderBy('p.recorded_at').limit(20_000).execute();
}

/** The lines a statement reads (BANK, INVESTOR_UNITS, INCOME_PAYABLE) of some contracts, up to a date. */
export async function findStatementLines(db: TExecutor, companyId: string, contractIds: readonly string[], until: string) {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_journals as j', 'j.id', 'l.journal_id')
    .select(['l.contract_id', 'l.account', 'l.amount', 'j.occurred_on'])
    .where('l.company_id', '=', companyId)
    .where('l.contract_id', 'in', contractIds)
    .where('l.account', 'in', ['BANK', 'INVESTOR_UNITS', 'INCOME_PAYABLE'])
    .where('j.occurred_on', '<=', until)
    .orderBy('l.id')
    .execute();
}

/** Income credited to a customer's contracts (INCOME_PAYABLE lines), oldest first. */
export async function findCustomerIncome(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_journals as j', 'j.id', 'l.journal_id')
    .innerJoin('contracts as c', 'c.id', 'l.contract_id')
    .select(['l.contract_id', 'c.product_key', 'l.amount', 'j.occurred_on', 'j.kind', 'j.description'])
    .where('l.company_id', '=', companyId)
    .where('c.user_id', '=', userId)
    .where('l.account', '=', 'INCOME_PAYABLE')
    .orderBy('j.occurred_on')
    .orderBy('l.id')
    .limit(50_000)
    .execute();
}

/** Sums per contract and account (the contracts export). */
export async function sumCustomerLines(db: TExecutor, companyId: string, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('ledger_lines')
    .select(['contract_id', 'account', sql<string>`sum(amount)`.as('total')])
    .where('company_id', '=', companyId)
    .where('contract_id', 'in', contractIds)
    .where('account', 'in', ['BANK', 'INVESTOR_UNITS', 'INCOME_PAYABLE'])
    .groupBy(['contract_id', 'account'])
    .execute();
}

/** The company's published prices (one per date: a few thousand at most). */
export async function findAllPrices(db: TExecutor, companyId: string) {
  return db.selectFrom('kc_prices').select(['value_date', 'price']).where('company_id', '=', companyId).orderBy('value_date').limit(100_000).execute();
}

// Stored documents --------------------------------------------------------------------------------

export interface TStoredDocument {
  file_name: string;
  content: Uint8Array;
  sha256: string;
  created_at: Date;
}

export async function findStoredDocument(
  db: TExecutor,
  key: { companyId: string; documentId: string; language: 'es' | 'en'; dataDigest: string },
): Promise<TStoredDocument | undefined> {
  return db
    .selectFrom('customer_documents')
    .select(['file_name', 'content', 'sha256', 'created_at'])
    .where('company_id', '=', key.companyId)
    .where('document_id', '=', key.documentId)
    .where('language', '=', key.language)
    .where('data_digest', '=', key.dataDigest)
    .executeTakeFirst();
}

/** Stores a document; when the same one was stored meanwhile, keeps (and returns) the first. */
export async function insertDocument(
  db: TExecutor,
  row: {
    companyId: string;
    userId: string;
    documentId: string;
    kind: Database['customer_documents']['kind'];
    contractId: string | null;
    paymentId: string | null;
    year: number | null;
    language: 'es' | 'en';
    dataDigest: string;
    fileName: string;
    content: Uint8Array;
    sha256: string;
    createdBy: string;
  },
): Promise<TStoredDocument> {
  await db
    .insertInto('customer_documents')
    .values({
      company_id: row.companyId,
      user_id: row.userId,
      document_id: row.documentId,
      kind: row.kind,
      contract_id: row.contractId,
      payment_id: row.paymentId,
      year: row.year,
      language: row.language,
      data_digest: row.dataDigest,
      file_name: row.fileName,
      content: row.content,
      sha256: row.sha256,
      byte_size: row.content.byteLength,
      created_by: row.createdBy,
    })
    .onConflict((oc) => oc.columns(['company_id', 'document_id', 'language', 'data_digest']).doNothing())
    .execute();
  const stored = await findStoredDocument(db, { companyId: row.companyId, documentId: row.documentId, language: row.language, dataDigest: row.dataDigest });
  if (!stored) throw new Error(`Document ${row.documentId} was not stored`);
  return stored;
}

/** The first ledger date of each contract (statements start in that year). */
export async function findFirstLineDates(db: TExecutor, companyId: string, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_journals as j', 'j.id', 'l.journal_id')
    .select(['l.contract_id', sql<string>`min(j.occurred_on)::text`.as('first_on')])
    .where('l.company_id', '=', companyId)
    .where('l.contract_id', 'in', contractIds)
    .groupBy('l.contract_id')
    .execute();
}

export async function findUserLanguage(db: TExecutor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language;
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** The stored documents carry the person's name: deleted (regenerated on demand from the anonymised data). */
export async function eraseDocuments(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const result = await tx.deleteFrom('customer_documents').where('user_id', '=', person.id).executeTakeFirst();
  return { documents: changedRows(result) };
}
