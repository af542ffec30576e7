import { sql, type Kysely, type Transaction } from 'kysely';
import type { TLineStatus, TUnmatchedReason } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import type { TErasedPerson, TErasureCounts } from '../../lib/erasure.ts';

/** The unmatched lines' SQL: the list, one line, and closing a line (scoped by company). */
type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TLineRow {
  id: string;
  import_id: string;
  file_name: string | null;
  imported_by: string;
  imported_at: Date;
  line_number: number;
  line_key: string;
  value_date: string;
  amount: string;
  reference: string;
  description: string;
  reason: TUnmatchedReason;
  contract_id: string | null;
  status: TLineStatus;
  resolved_at: Date | null;
  resolution_note: string | null;
  payment_id: string | null;
}

function lineQuery(db: TExecutor, companyId: string) {
  return db
    .selectFrom('bank_statement_lines as l')
    .innerJoin('bank_statement_imports as i', 'i.id', 'l.import_id')
    .select([
      'l.id',
      'l.import_id',
      'i.file_name',
      'i.imported_by',
      'i.imported_at',
      'l.line_number',
      'l.line_key',
      'l.value_date',
      'l.amount',
      'l.reference',
      'l.description',
      'l.reason',
      'l.contract_id',
      'l.status',
      'l.resolved_at',
      'l.resolution_note',
      'l.payment_id',
    ])
    .where('l.company_id', '=', companyId);
}

/** A page of lines in a status, oldest value date first; `importedBy` limits them to one person's imports. */
export async function findLines(
  db: TExecutor,
  companyId: string,
  filter: { status: TLineStatus; importedBy: string | null },
  limit: number,
  offset: number,
): Promise<{ rows: TLineRow[]; total: number }> {
  let query = lineQuery(db, companyId).where('l.status', '=', filter.status);
  if (filter.importedBy) query = query.where('i.imported_by', '=', filter.importedBy);
  const rows = (await query.orderBy('l.value_date').orderBy('i.imported_at').orderBy('l.line_number').orderBy('l.id').limit(limit).offset(offset).execute()) as TLineRow[];
  let countQuery = db
    .selectFrom('bank_statement_lines as l')
    .innerJoin('bank_statement_imports as i', 'i.id', 'l.import_id')
    .select(sql<string>`count(*)`.as('n'))
    .where('l.company_id', '=', companyId)
    .where('l.status', '=', filter.status);
  if (filter.importedBy) countQuery = countQuery.where('i.imported_by', '=', filter.importedBy);
  const { n } = await countQuery.executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function findLine(db: TExecutor, companyId: string, lineId: string, options: { forUpdate?: boolean } = {}): Promise<TLineRow | undefined> {
  let query = lineQuery(db, companyId).where('l.id', '=', lineId);
  if (options.forUpdate) query = query.forUpdate('l');
  return (await query.executeTakeFirst()) as TLineRow | undefined;
}

/** Closes an open line; false when it was no longer open. */
export async function resolveLine(
  tx: Transaction<Database>,
  companyId: string,
  lineId: string,
  change: { status: 'ASSIGNED' | 'DISMISSED'; resolvedBy: string; note: string | null; paymentId: string | null },
): Promise<boolean> {
  const result = await tx
    .updateTable('bank_statement_lines')
    .set({ status: change.status, resolved_by: change.resolvedBy, resolved_at: new Date(), resolution_note: change.note, payment_id: change.paymentId })
    .where('company_id', '=', companyId)
    .where('id', '=', lineId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface TImportRow {
  id: string;
  file_name: string | null;
  lines: number;
  recorded: number;
  already_recorded: number;
  unmatched: number;
  already_listed: number;
  ignored: number;
  recorded_amount: string;
  imported_at: Date;
  importer_first_name: string;
  importer_last_name: string;
  open: string;
}

/** A page of past imports, newest first, with how many of their lines are still open; `importedBy` limits them to one person's. */
export async function findImports(
  db: TExecutor,
  companyId: string,
  filter: { importedBy: string | null },
  limit: number,
  offset: number,
): Promise<{ rows: TImportRow[]; total: number }> {
  let query = db
    .selectFrom('bank_statement_imports as i')
    .innerJoin('users as u', 'u.id', 'i.imported_by')
    .select([
      'i.id',
      'i.file_name',
      'i.lines',
      'i.recorded',
      'i.already_recorded',
      'i.unmatched',
      'i.already_listed',
      'i.ignored',
      'i.recorded_amount',
      'i.imported_at',
      'u.first_name as importer_first_name',
      'u.last_name as importer_last_name',
      sql<string>`(SELECT count(*) FROM bank_statement_lines l WHERE l.import_id = i.id AND l.status = 'OPEN')`.as('open'),
    ])
    .where('i.company_id', '=', companyId);
  if (filter.importedBy) query = query.where('i.imported_by', '=', filter.importedBy);
  const rows = (await query.orderBy('i.imported_at', 'desc').orderBy('i.id', 'desc').limit(limit).offset(offset).execute()) as TImportRow[];
  let countQuery = db.selectFrom('bank_statement_imports as i').select(sql<string>`count(*)`.as('n')).where('i.company_id', '=', companyId);
  if (filter.importedBy) countQuery = countQuery.where('i.imported_by', '=', filter.importedBy);
  const { n } = await countQuery.executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/**
 * The person's bank statement lines (matched to one of their contracts, or assigned to one of
 * their payments) may carry their name or identifiers: replaced where they appear. Other lines are
 * never read or changed, however their text matches a value the person chose (docs/decisions/0027).
 */
export async function eraseStatementLines(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const { anon, pattern } = person;
  if (!pattern) return {};
  await tx
    .updateTable('bank_statement_lines')
    .set({ description: sql`regexp_replace(description, ${pattern}, ${anon}, 'gi')`, reference: sql`regexp_replace(reference, ${pattern}, ${anon}, 'gi')` })
    .where('company_id', '=', person.companyId)
    .where(
      sql<boolean>`(
        contract_id IN (SELECT k.id FROM contracts k WHERE k.company_id = ${person.companyId} AND k.user_id = ${person.id})
        OR payment_id IN (SELECT p.id FROM payments p WHERE p.company_id = ${person.companyId} AND p.user_id = ${person.id})
      )`,
    )
    .where(sql<boolean>`(description || reference) ~* ${pattern}`)
    .execute();
  return {};
}
