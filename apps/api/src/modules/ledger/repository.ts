import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import { formatScaled, type TJournalKind, type TJournalLine, type TLedgerAccount, type TPaymentMethod } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { jsonColumn } from '../../lib/json-column.ts';

/** The ledger's SQL (and the only SQL of the module). Every query is scoped by company. */
type TExecutor = Kysely<Database> | Transaction<Database>;

const SCALE_OF = { EUR: 2, KCU: 6 } as const;

// Prices ----------------------------------------------------------------------------------------

export interface TPriceRow {
  value_date: string;
  price: string;
  asset_report: string;
  published_at: Date;
}

/** Inserts a price; null when the company already has one for that date. */
export async function insertPrice(
  tx: TExecutor,
  row: { companyId: string; valueDate: string; price: string; assetReport: string; publishedBy: string },
): Promise<TPriceRow | null> {
  const inserted = await tx
    .insertInto('kc_prices')
    .values({ company_id: row.companyId, value_date: row.valueDate, price: row.price, asset_report: row.assetReport, published_by: row.publishedBy })
    .onConflict((oc) => oc.columns(['company_id', 'value_date']).doNothing())
    .returning(['value_date', 'price', 'asset_report', 'published_at'])
    .executeTakeFirst();
  return inserted ?? null;
}

/** The price history, oldest first (one row per date: at most a few thousand). */
export async function findPrices(db: TExecutor, companyId: string, range: { from?: string; to?: string }): Promise<TPriceRow[]> {
  let query = db.selectFrom('kc_prices').select(['value_date', 'price', 'asset_report', 'published_at']).where('company_id', '=', companyId);
  if (range.from) query = query.where('value_date', '>=', range.from);
  if (range.to) query = query.where('value_date', '<=', range.to);
  return query.orderBy('value_date', 'asc').limit(10_000).execute();
}

/** The latest price published for a date on or before `date` (the price of that value date). */
export async function findPriceOn(db: TExecutor, companyId: string, date: string): Promise<TPriceRow | undefined> {
  return db
    .selectFrom('kc_prices')
    .select(['value_date', 'price', 'asset_report', 'published_at'])
    .where('company_id', '=', companyId)
    .where('value_date', '<=', date)
    .orderBy('value_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// Contracts -------------------------------------------------------------------------------------

export async function findLedgerContract(db: TExecutor, companyId: string, contractId: string) {
  return db
    .selectFrom('contracts as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'c.state',
      'c.product_key',
      'c.initial_investment',
      'c.recurring_amount',
      'c.submission_date',
      'c.expiring_date',
      'c.contract_period_type',
      'u.advisor_id as owner_advisor_id',
      'u.blocked_at as owner_blocked_at',
      'u.email as owner_email',
      'u.first_name as owner_first_name',
      'u.language as owner_language',
    ])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', contractId)
    .executeTakeFirst();
}

export interface THoldingRow {
  id: string | null;
  state: string;
  product_key: string;
  submission_date: string;
  paid_in: string | null;
  units: string | null;
  income: string | null;
  price: string | null;
  price_date: string | null;
}

/**
 * A customer's holdings in one statement (one round trip): their contracts but DELETED, newest
 * first, each with the sums of its BANK, INVESTOR_UNITS and INCOME_PAYABLE lines (the index
 * `ledger_lines_contract` answers them without reading the table), and the company's last
 * published price. With no contract, one row of nulls carries the price.
 */
export async function findHoldingRows(db: TExecutor, companyId: string, userId: string): Promise<THoldingRow[]> {
  const result = await sql<THoldingRow>`${holdingRowsSql(companyId, userId)} ORDER BY m.submission_date DESC, m.id`.execute(db);
  return result.rows;
}

/** The statement of `findHoldingRows`, for an owner given as values or as columns of another statement. */
function holdingRowsSql(companyId: string | Expression<string>, userId: string | Expression<string>) {
  return sql<THoldingRow>`
    WITH price AS (
      SELECT p.price::text AS price, to_char(p.value_date, 'YYYY-MM-DD') AS price_date
      FROM kc_prices p WHERE p.company_id = ${companyId} ORDER BY p.value_date DESC LIMIT 1
    ), mine AS (
      SELECT c.id, c.state, c.product_key, to_char(c.submission_date, 'YYYY-MM-DD') AS submission_date,
        s.paid_in::text, s.units::text, s.income::text
      FROM contracts c
      CROSS JOIN LATERAL (
        SELECT sum(l.amount) FILTER (WHERE l.account = 'BANK') AS paid_in,
          sum(l.amount) FILTER (WHERE l.account = 'INVESTOR_UNITS') AS units,
          sum(l.amount) FILTER (WHERE l.account = 'INCOME_PAYABLE') AS income
        FROM ledger_lines l
        WHERE l.contract_id = c.id AND l.account IN ('BANK', 'INVESTOR_UNITS', 'INCOME_PAYABLE')
      ) s
      WHERE c.company_id = ${companyId} AND c.user_id = ${userId} AND c.state <> 'DELETED'
    )
    SELECT m.*, p.price, p.price_date
    FROM (SELECT NULL) one
    LEFT JOIN mine m ON true
    LEFT JOIN price p ON true`;
}

/**
 * The caller's own holding rows as one JSON column of the session's statement (plugins/auth.ts,
 * `alongside`): a request for one's own holdings whose session is not cached is one round trip.
 */
export const holdingsAlongside = (companyId: Expression<string>, userId: Expression<string>) =>
  sql<unknown>`(SELECT json_agg(h ORDER BY h.submission_date DESC, h.id) FROM (${holdingRowsSql(companyId, userId)}) h)`;

/** The rows of `holdingsAlongside`. */
export const parseHoldingRows = (value: unknown): THoldingRow[] => jsonColumn<THoldingRow[]>(value);

/** Sums of a set of contracts' lines, by contract and account. */
export async function sumContractLines(
  db: TExecutor,
  companyId: string,
  contractIds: readonly string[],
): Promise<{ contract_id: string; account: string; total: string }[]> {
  if (contractIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_lines')
    .select(['contract_id', 'account', sql<string>`sum(amount)`.as('total')])
    .where('company_id', '=', companyId)
    .where('contract_id', 'in', contractIds)
    .where('account', 'in', ['BANK', 'INVESTOR_UNITS', 'INCOME_PAYABLE'])
    .groupBy(['contract_id', 'account'])
    .execute();
  return rows.map((r) => ({ contract_id: r.contract_id!, account: r.account, total: r.total }));
}

// Journals --------------------------------------------------------------------------------------

export interface TNewJournal {
  companyId: string;
  kind: TJournalKind;
  occurredOn: string;
  description: string;
  reversesJournalId?: string | null;
  createdBy: string | null;
}

/** Inserts a journal and its lines (the database checks the balance at commit). */
export async function insertJournal(tx: Transaction<Database>, journal: TNewJournal, lines: readonly TJournalLine[]): Promise<string> {
  // The journal and its lines in one statement (one round trip); the lines' statement trigger and
  // the deferred balance check see both as usual (decision 0029).
  const { rows } = await sql<{ id: string }>`
    WITH j AS (
      INSERT INTO ledger_journals (company_id, kind, occurred_on, description, reverses_journal_id, created_by)
      VALUES (${journal.companyId}, ${journal.kind}, ${journal.occurredOn}, ${journal.description}, ${journal.reversesJournalId ?? null}, ${journal.createdBy})
      RETURNING id
    ), l AS (
      INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount, contract_id, user_id)
      SELECT j.id, ${journal.companyId}, x.account, x.currency, x.amount, x.contract_id, x.user_id
        FROM j, unnest(${lines.map((line) => line.account)}::text[], ${lines.map((line) => line.currency)}::text[],
                       ${lines.map((line) => formatScaled(line.amount, SCALE_OF[line.currency]))}::numeric[],
                       ${lines.map((line) => line.contractId ?? null)}::uuid[], ${lines.map((line) => line.userId ?? null)}::uuid[])
               WITH ORDINALITY AS x(account, currency, amount, contract_id, user_id, n)
       ORDER BY x.n
    )
    SELECT id::text AS id FROM j`.execute(tx);
  return rows[0]!.id;
}

export async function findJournal(db: TExecutor, companyId: string, journalId: string) {
  const journal = await db
    .selectFrom('ledger_journals as j')
    .leftJoin('ledger_journals as r', 'r.reverses_journal_id', 'j.id')
    .select(['j.id', 'j.kind', 'j.occurred_on', 'j.description', 'j.reverses_journal_id', 'j.created_at', 'r.id as reversed_by'])
    .where('j.company_id', '=', companyId)
    .where('j.id', '=', journalId)
    .executeTakeFirst();
  if (!journal) return undefined;
  const lines = await db
    .selectFrom('ledger_lines')
    .select(['account', 'currency', 'amount', 'contract_id', 'user_id'])
    .where('journal_id', '=', journalId)
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  return { ...journal, lines };
}

// Payments --------------------------------------------------------------------------------------

export interface TPaymentRow {
  id: string;
  contract_id: string;
  amount: string;
  value_date: string;
  method: TPaymentMethod;
  reference: string;
  journal_id: string;
  price: string;
  units: string;
  recorded_at: Date;
  reversed_at: Date | null;
}

function paymentQuery(db: TExecutor, companyId: string) {
  return db
    .selectFrom('payments as p')
    .leftJoin('ledger_journals as r', 'r.reverses_journal_id', 'p.journal_id')
    .select(['p.id', 'p.contract_id', 'p.amount', 'p.value_date', 'p.method', 'p.reference', 'p.journal_id', 'p.price', 'p.units', 'p.recorded_at', 'r.created_at as reversed_at'])
    .where('p.company_id', '=', companyId);
}

export async function findPaymentByReference(db: TExecutor, companyId: string, reference: string): Promise<TPaymentRow | undefined> {
  return paymentQuery(db, companyId).where('p.reference', '=', reference).executeTakeFirst();
}

export async function findContractPayments(db: TExecutor, companyId: string, contractId: string): Promise<TPaymentRow[]> {
  return paymentQuery(db, companyId).where('p.contract_id', '=', contractId).orderBy('p.value_date', 'desc').orderBy('p.recorded_at', 'desc').limit(5000).execute();
}

export async function insertPayment(
  tx: TExecutor,
  row: {
    companyId: string;
    contractId: string;
    userId: string;
    amount: string;
    valueDate: string;
    method: TPaymentMethod;
    reference: string;
    price: string;
    priceDate: string;
    units: string;
    journalId: string;
    recordedBy: string;
  },
): Promise<string> {
  const { id } = await tx
    .insertInto('payments')
    .values({
      company_id: row.companyId,
      contract_id: row.contractId,
      user_id: row.userId,
      amount: row.amount,
      value_date: row.valueDate,
      method: row.method,
      reference: row.reference,
      price: row.price,
      price_date: row.priceDate,
      units: row.units,
      journal_id: row.journalId,
      recorded_by: row.recordedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Serialises work on one key of a company until the transaction ends (PGlite and PostgreSQL). */
export async function lockKey(tx: Transaction<Database>, companyId: string, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ledger:${companyId}:${key}`}, 0))`.execute(tx);
}

// The check -------------------------------------------------------------------------------------

export async function findUnbalancedJournals(db: TExecutor, companyId: string) {
  return db
    .selectFrom('ledger_lines')
    .select(['journal_id', 'currency', sql<string>`sum(amount)`.as('total')])
    .where('company_id', '=', companyId)
    .groupBy(['journal_id', 'currency'])
    .having(sql`sum(amount)`, '<>', 0)
    .orderBy('journal_id')
    .limit(1000)
    .execute();
}

/** Journals with fewer than two lines (the database refuses them; the check looks anyway). */
export async function findShortJournals(db: TExecutor, companyId: string) {
  return db
    .selectFrom('ledger_journals as j')
    .leftJoin('ledger_lines as l', 'l.journal_id', 'j.id')
    .select(['j.id', sql<string>`count(l.id)`.as('lines')])
    .where('j.company_id', '=', companyId)
    .groupBy('j.id')
    .having(sql`count(l.id)`, '<', 2)
    .limit(1000)
    .execute();
}

/**
 * Lines the database's per-statement guard (migration 0030) refuses, looked for anyway: a line
 * whose journal is missing or of another company, whose contract is missing, of another company
 * or of another owner than the line's user, or that names a user without a contract.
 */
export async function findMisattributedLines(db: TExecutor, companyId: string) {
  const rows = await sql<{ id: string; journal_id: string; problem: 'journal' | 'contract' | 'user' }>`
    SELECT l.id::text, l.journal_id::text,
      CASE
        WHEN j.id IS NULL OR j.company_id <> l.company_id THEN 'journal'
        WHEN l.contract_id IS NULL THEN 'user'
        ELSE 'contract'
      END AS problem
    FROM ledger_lines l
    LEFT JOIN ledger_journals j ON j.id = l.journal_id
    LEFT JOIN contracts c ON c.id = l.contract_id
    WHERE l.company_id = ${companyId}
      AND (
        j.id IS NULL OR j.company_id <> l.company_id
        OR (l.contract_id IS NOT NULL AND (c.id IS NULL OR c.company_id <> l.company_id OR (l.user_id IS NOT NULL AND c.user_id <> l.user_id)))
        OR (l.user_id IS NOT NULL AND l.contract_id IS NULL)
      )
    ORDER BY l.id
    LIMIT 1000`.execute(db);
  return rows.rows;
}

export async function sumAccounts(db: TExecutor, companyId: string) {
  return db
    .selectFrom('ledger_lines')
    .select(['account', 'currency', sql<string>`sum(amount)`.as('balance')])
    .where('company_id', '=', companyId)
    .groupBy(['account', 'currency'])
    .orderBy('account')
    .execute();
}

export async function countLedger(db: TExecutor, companyId: string): Promise<{ journals: number; lines: number }> {
  const journals = await db.selectFrom('ledger_journals').select(sql<string>`count(*)`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  const lines = await db.selectFrom('ledger_lines').select(sql<string>`count(*)`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return { journals: Number(journals.n), lines: Number(lines.n) };
}

/** Every company that has a ledger (for the command-line check). */
export async function findLedgerCompanies(db: TExecutor): Promise<string[]> {
  const rows = await db.selectFrom('companies').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

// Balances of one per-contract account (seller payouts, issue 18) -------------------------------

/** The balance of one account on each of a set of contracts ('−250.00' while credited). */
export async function sumAccountOfContracts(
  db: TExecutor,
  companyId: string,
  account: TLedgerAccount,
  contractIds: readonly string[],
): Promise<{ contract_id: string; total: string }[]> {
  if (contractIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_lines')
    .select(['contract_id', sql<string>`sum(amount)`.as('total')])
    .where('company_id', '=', companyId)
    .where('account', '=', account)
    .where('contract_id', 'in', contractIds)
    .groupBy('contract_id')
    .execute();
  return rows.map((r) => ({ contract_id: r.contract_id!, total: r.total }));
}

/**
 * The contracts with lines in a per-contract account, with their balance, most credited first
 * (for MARKET_PAYABLE: most owed first), paged; `onlyCredited` keeps those whose balance is below
 * zero. `total` counts every matching contract.
 */
export async function findContractBalances(
  db: TExecutor,
  companyId: string,
  account: TLedgerAccount,
  options: { onlyCredited: boolean; offset: number; limit: number },
): Promise<{ rows: { contract_id: string; total: string }[]; total: number }> {
  const result = await sql<{ contract_id: string; total: string; matching: string }>`
    SELECT contract_id, sum(amount) AS total, count(*) OVER () AS matching
    FROM ledger_lines
    WHERE company_id = ${companyId} AND account = ${account} AND contract_id IS NOT NULL
    GROUP BY contract_id
    HAVING ${options.onlyCredited ? sql`sum(amount) < 0` : sql`true`}
    ORDER BY sum(amount), contract_id
    OFFSET ${options.offset} LIMIT ${options.limit}`.execute(db);
  if (result.rows.length === 0 && options.offset > 0) {
    const counted = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (
        SELECT contract_id FROM ledger_lines
        WHERE company_id = ${companyId} AND account = ${account} AND contract_id IS NOT NULL
        GROUP BY contract_id
        HAVING ${options.onlyCredited ? sql`sum(amount) < 0` : sql`true`}) AS c`.execute(db);
    return { rows: [], total: Number(counted.rows[0]?.n ?? 0) };
  }
  return { rows: result.rows.map((r) => ({ contract_id: r.contract_id, total: r.total })), total: Number(result.rows[0]?.matching ?? 0) };
}
