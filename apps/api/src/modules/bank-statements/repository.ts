import { sql, type Kysely, type Transaction } from 'kysely';
import type { TUnmatchedReason } from '@kc/domain';
import type { Database } from '../../db/schema.ts';

/**
 * The bank statement import's SQL (the only SQL of the module). Every query is scoped by
 * company. Writes of a whole statement are set-based: one statement per table and chunk, with
 * the rows passed as arrays and spread by `unnest` (a handful of parameters for any row count).
 */
type TExecutor = Kysely<Database> | Transaction<Database>;

/** Rows per set-based statement (the arrays of one chunk are a few MB at most). */
export const CHUNK = 5000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Which of these payment references the company has already booked. A join with the unnested
 * keys, not `= ANY(array)`: right after a big import the planner has no statistics and may scan
 * with the array as a filter, n × m comparisons (40 s for 50,000 keys); a join hashes or uses the index.
 */
export async function findTakenPaymentReferences(db: TExecutor, companyId: string, references: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(references)) {
    const rows = await sql<{ reference: string }>`
      SELECT p.reference FROM unnest(${part}::text[]) AS k(reference) JOIN payments p ON p.company_id = ${companyId} AND p.reference = k.reference`.execute(db);
    for (const row of rows.rows) taken.add(row.reference);
  }
  return taken;
}

/** Which of these line keys the company has already listed as unmatched. */
export async function findListedLineKeys(db: TExecutor, companyId: string, keys: readonly string[]): Promise<Set<string>> {
  const listed = new Set<string>();
  for (const part of chunks(keys)) {
    const rows = await sql<{ line_key: string }>`
      SELECT l.line_key FROM unnest(${part}::text[]) AS k(line_key) JOIN bank_statement_lines l ON l.company_id = ${companyId} AND l.line_key = k.line_key`.execute(db);
    for (const row of rows.rows) listed.add(row.line_key);
  }
  return listed;
}

export interface TImportContract {
  id: string;
  user_id: string;
  state: string;
  submission_date: string;
  owner_advisor_id: string | null;
  owner_blocked_at: Date | null;
  owner_email: string;
  owner_first_name: string;
  owner_language: string;
}

/** The company's contracts among these ids, with their owner (what booking and its receipt need). */
export async function findImportContracts(db: TExecutor, companyId: string, ids: readonly string[]): Promise<Map<string, TImportContract>> {
  const found = new Map<string, TImportContract>();
  for (const part of chunks(ids)) {
    const rows = await sql<TImportContract>`
      SELECT c.id, c.user_id, c.state, to_char(c.submission_date, 'YYYY-MM-DD') AS submission_date, u.advisor_id AS owner_advisor_id, u.blocked_at AS owner_blocked_at,
             u.email AS owner_email, u.first_name AS owner_first_name, u.language AS owner_language
        FROM contracts c JOIN users u ON u.id = c.user_id
       WHERE c.company_id = ${companyId} AND c.id IN (SELECT unnest(${part}::uuid[]))`.execute(db);
    for (const row of rows.rows) found.set(row.id, row);
  }
  return found;
}

/**
 * Payments recorded by hand (not by an import: their reference is not a line key) and not
 * reversed, of these contracts, counted by contract, value date and amount: a statement line
 * that is the same transfer is then already recorded (decision 0019).
 */
export async function countHandPayments(db: TExecutor, companyId: string, contractIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const part of chunks(contractIds)) {
    const rows = await sql<{ contract_id: string; value_date: string; amount: string; n: string }>`
      SELECT p.contract_id, to_char(p.value_date, 'YYYY-MM-DD') AS value_date, p.amount::text AS amount, count(*)::text AS n
        FROM payments p LEFT JOIN ledger_journals r ON r.reverses_journal_id = p.journal_id
       WHERE p.company_id = ${companyId} AND p.contract_id IN (SELECT unnest(${part}::uuid[])) AND r.id IS NULL AND p.reference NOT LIKE 'BS-%'
       GROUP BY p.contract_id, p.value_date, p.amount`.execute(db);
    for (const row of rows.rows) counts.set(handKey(row.contract_id, row.value_date, row.amount), Number(row.n));
  }
  return counts;
}

/** The key of a hand-recorded payment's group: contract, value date, amount (as numeric text, normalised to cents). */
export function handKey(contractId: string, valueDate: string, amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${contractId}|${valueDate}|${BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2))}`;
}

/** Every published price of the company, oldest first (one per date: a few thousand at most). */
export async function findAllPrices(db: TExecutor, companyId: string): Promise<{ value_date: string; price: string }[]> {
  const rows = await sql<{ value_date: string; price: string }>`
    SELECT to_char(value_date, 'YYYY-MM-DD') AS value_date, price::text AS price FROM kc_prices WHERE company_id = ${companyId} ORDER BY value_date`.execute(db);
  return rows.rows;
}

/** `n` new journal ids, taken from the journals' identity sequence. */
export async function allocateJournalIds(tx: Transaction<Database>, n: number): Promise<string[]> {
  if (n === 0) return [];
  const rows = await sql<{ id: string }>`
    SELECT nextval(pg_get_serial_sequence('ledger_journals', 'id'))::text AS id FROM generate_series(1, ${n}::int)`.execute(tx);
  return rows.rows.map((r) => r.id);
}

export interface TBulkJournal {
  id: string;
  occurredOn: string;
  description: string;
}
export interface TBulkLine {
  journalId: string;
  account: string;
  currency: 'EUR' | 'KCU';
  amount: string;
  contractId: string;
  userId: string;
}
export interface TBulkPayment {
  id: string;
  contractId: string;
  userId: string;
  amount: string;
  valueDate: string;
  reference: string;
  price: string;
  priceDate: string;
  units: string;
  journalId: string;
}

/** Inserts payment journals, their lines and the payments (the database checks every journal at commit). */
export async function insertPaymentsBulk(
  tx: Transaction<Database>,
  companyId: string,
  createdBy: string,
  journals: readonly TBulkJournal[],
  lines: readonly TBulkLine[],
  payments: readonly TBulkPayment[],
): Promise<void> {
  for (const part of chunks(journals)) {
    await sql`
      INSERT INTO ledger_journals (id, company_id, kind, occurred_on, description, created_by) OVERRIDING SYSTEM VALUE
      SELECT j.id, ${companyId}, 'PAYMENT', j.occurred_on, j.description, ${createdBy}::uuid
        FROM unnest(${part.map((j) => j.id)}::bigint[], ${part.map((j) => j.occurredOn)}::date[], ${part.map((j) => j.description)}::text[])
          AS j(id, occurred_on, description)`.execute(tx);
  }
  for (const part of chunks(lines)) {
    await sql`
      INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount, contract_id, user_id)
      SELECT l.journal_id, ${companyId}, l.account, l.currency, l.amount, l.contract_id, l.user_id
        FROM unnest(${part.map((l) => l.journalId)}::bigint[], ${part.map((l) => l.account)}::text[], ${part.map((l) => l.currency)}::text[],
                    ${part.map((l) => l.amount)}::numeric[], ${part.map((l) => l.contractId)}::uuid[], ${part.map((l) => l.userId)}::uuid[])
          AS l(journal_id, account, currency, amount, contract_id, user_id)`.execute(tx);
  }
  for (const part of chunks(payments)) {
    await sql`
      INSERT INTO payments (id, company_id, contract_id, user_id, amount, value_date, method, reference, price, price_date, units, journal_id, recorded_by)
      SELECT p.id, ${companyId}, p.contract_id, p.user_id, p.amount, p.value_date, 'TRANSFER', p.reference, p.price, p.price_date, p.units, p.journal_id, ${createdBy}::uuid
        FROM unnest(${part.map((p) => p.id)}::uuid[], ${part.map((p) => p.contractId)}::uuid[], ${part.map((p) => p.userId)}::uuid[],
                    ${part.map((p) => p.amount)}::numeric[], ${part.map((p) => p.valueDate)}::date[], ${part.map((p) => p.reference)}::text[],
                    ${part.map((p) => p.price)}::numeric[], ${part.map((p) => p.priceDate)}::date[], ${part.map((p) => p.units)}::numeric[],
                    ${part.map((p) => p.journalId)}::bigint[])
          AS p(id, contract_id, user_id, amount, value_date, reference, price, price_date, units, journal_id)`.execute(tx);
  }
}

/**
 * Inserts mails into the outbox (the same rows `mailer.enqueue` writes, many at once), each with
 * the user it is for (`user_id`: the contract's owner; their erasure finds it by that, decision 0027).
 */
export async function insertMailsBulk(
  tx: Transaction<Database>,
  mails: readonly { companyId: string | null; to: string; subject: string; text: string; html: string; userId: string }[],
): Promise<void> {
  for (const part of chunks(mails)) {
    await sql`
      INSERT INTO mail_outbox (company_id, to_address, subject, text_body, html_body, user_id)
      SELECT * FROM unnest(${part.map((m) => m.companyId)}::text[], ${part.map((m) => m.to)}::text[], ${part.map((m) => m.subject)}::text[],
                           ${part.map((m) => m.text)}::text[], ${part.map((m) => m.html)}::text[], ${part.map((m) => m.userId)}::uuid[])`.execute(tx);
  }
}

/** Appends audit entries (the same rows `recordAudit` writes, many at once). */
export async function insertAuditBulk(
  tx: Transaction<Database>,
  context: { companyId: string; actorId: string | null; ipAddress: string | null },
  entries: readonly { entityType: string; entityId: string; action: string; after: Record<string, unknown> }[],
): Promise<void> {
  for (const part of chunks(entries)) {
    await sql`
      INSERT INTO audit_log (company_id, actor_id, ip_address, entity_type, entity_id, action, after)
      SELECT ${context.companyId}, ${context.actorId}::uuid, ${context.ipAddress}, e.entity_type, e.entity_id, e.action, e.after::jsonb
        FROM unnest(${part.map((e) => e.entityType)}::text[], ${part.map((e) => e.entityId)}::text[], ${part.map((e) => e.action)}::text[],
                    ${part.map((e) => JSON.stringify(e.after))}::text[]) AS e(entity_type, entity_id, action, after)`.execute(tx);
  }
}

export interface TNewImport {
  companyId: string;
  fileName: string | null;
  fileSha256: string;
  lines: number;
  recorded: number;
  alreadyRecorded: number;
  unmatched: number;
  alreadyListed: number;
  ignored: number;
  recordedAmount: string;
  importedBy: string;
}

export async function insertImport(tx: Transaction<Database>, row: TNewImport): Promise<string> {
  const { id } = await tx
    .insertInto('bank_statement_imports')
    .values({
      company_id: row.companyId,
      file_name: row.fileName,
      file_sha256: row.fileSha256,
      lines: row.lines,
      recorded: row.recorded,
      already_recorded: row.alreadyRecorded,
      unmatched: row.unmatched,
      already_listed: row.alreadyListed,
      ignored: row.ignored,
      recorded_amount: row.recordedAmount,
      imported_by: row.importedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface TNewLine {
  lineNumber: number;
  lineKey: string;
  valueDate: string;
  amount: string;
  reference: string;
  description: string;
  reason: TUnmatchedReason;
  contractId: string | null;
}

/** Lists unmatched lines (a key already listed is left as it is). */
export async function insertUnmatchedLines(tx: Transaction<Database>, companyId: string, importId: string, lines: readonly TNewLine[]): Promise<void> {
  for (const part of chunks(lines)) {
    await sql`
      INSERT INTO bank_statement_lines (company_id, import_id, line_number, line_key, value_date, amount, reference, description, reason, contract_id)
      SELECT ${companyId}, ${importId}::uuid, l.line_number, l.line_key, l.value_date, l.amount, l.reference, l.description, l.reason, l.contract_id
        FROM unnest(${part.map((l) => l.lineNumber)}::int[], ${part.map((l) => l.lineKey)}::text[], ${part.map((l) => l.valueDate)}::date[],
                    ${part.map((l) => l.amount)}::numeric[], ${part.map((l) => l.reference)}::text[], ${part.map((l) => l.description)}::text[],
                    ${part.map((l) => l.reason)}::text[], ${part.map((l) => l.contractId)}::uuid[])
          AS l(line_number, line_key, value_date, amount, reference, description, reason, contract_id)
      ON CONFLICT (company_id, line_key) DO NOTHING`.execute(tx);
  }
}
