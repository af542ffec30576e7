import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The income module's SQL (and the only SQL of the module). Every query is scoped by company.
 * A distribution is set-based (INSERT … SELECT): one statement credits every contract, one
 * statement mails every investor, whatever their number (budget: 1M contracts in ≤ 60 s).
 */
type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TDistributionScope {
  companyId: string;
  recordDate: string;
  /** EUR per unit, six decimals ('0.125000'). */
  perUnit: string;
}

/** The start of the day after the record date (UTC): contract events before it happened on or before the record date. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * Contracts credited by a distribution, with the units each held on the record date: ACTIVE
 * now and ACTIVE at the end of the record date (the last state change on or before it went to
 * ACTIVE; a contract with no recorded change counts from its submission date), holding units
 * then. Written for a million contracts as set operations (hash joins, no per-contract subquery):
 * - the units on the record date are every INVESTOR_UNITS line of the contract minus those of
 *   journals that occur after it (few: found through the journals' date index), so the 20M
 *   lines are never joined to their 5M journals;
 * - each contract's last state change before the end of the record date comes from one pass over
 *   the company's contract events (DISTINCT ON), joined by hash.
 */
function heldOnRecordDate(scope: TDistributionScope): RawBuilder<unknown> {
  return sql`
    SELECT c.id AS contract_id, c.user_id, h.units
    FROM (
      SELECT l.contract_id, sum(l.amount) - coalesce(max(late.units), 0) AS units
      FROM ledger_lines l
      LEFT JOIN (
        SELECT ll.contract_id, sum(ll.amount) AS units
        FROM ledger_journals lj JOIN ledger_lines ll ON ll.journal_id = lj.id
        WHERE lj.company_id = ${scope.companyId} AND lj.occurred_on > ${scope.recordDate}::date AND ll.account = 'INVESTOR_UNITS'
        GROUP BY ll.contract_id
      ) late ON late.contract_id = l.contract_id
      WHERE l.company_id = ${scope.companyId} AND l.account = 'INVESTOR_UNITS'
      GROUP BY l.contract_id
      HAVING sum(l.amount) - coalesce(max(late.units), 0) > 0
    ) h
    JOIN contracts c ON c.id = h.contract_id
    LEFT JOIN (
      SELECT DISTINCT ON (e.contract_id) e.contract_id, e.to_state
      FROM contract_events e JOIN contracts ce ON ce.id = e.contract_id
      WHERE ce.company_id = ${scope.companyId} AND e.at < ${dayAfter(scope.recordDate)}::timestamptz
      ORDER BY e.contract_id, e.at DESC, e.id DESC
    ) last ON last.contract_id = c.id
    WHERE c.company_id = ${scope.companyId} AND c.state = 'ACTIVE'
      AND coalesce(
        last.to_state,
        CASE WHEN c.submission_date <= ${scope.recordDate}::date AND NOT EXISTS (SELECT 1 FROM contract_events e WHERE e.contract_id = c.id) THEN 'ACTIVE' END
      ) = 'ACTIVE'`;
}

/**
 * Memory for the distribution's one big aggregate (a million groups), for this transaction only:
 * with PostgreSQL's 4 MB default the hash spills to disk in batches.
 */
export async function allowLargeAggregate(tx: Transaction<Database>): Promise<void> {
  await sql`SELECT set_config('work_mem', '256MB', true)`.execute(tx);
}

export interface TFiguresRow {
  contracts: number;
  total_units: string;
  total: string;
  credited: string;
}

/** ⌊x⌋ to the cent, as SQL over numeric (exact). */
const floorCents = (expr: RawBuilder<unknown>) => sql`(floor(${expr} * 100) / 100)::numeric(16,2)`;

/** The figures of a distribution without recording it (the preview): one pass over the holdings. */
export async function previewFigures(db: TExecutor, scope: TDistributionScope): Promise<TFiguresRow> {
  const per = sql`${scope.perUnit}::numeric`;
  const result = await sql<TFiguresRow>`
    WITH held AS (${heldOnRecordDate(scope)})
    SELECT count(*)::int AS contracts,
      coalesce(sum(units), 0)::numeric(24,6)::text AS total_units,
      ${floorCents(sql`coalesce(sum(units), 0) * ${per}`)}::text AS total,
      coalesce(sum(${floorCents(sql`units * ${per}`)}), 0)::numeric(16,2)::text AS credited
    FROM held`.execute(db);
  return result.rows[0]!;
}

/** Inserts the DISTRIBUTION journal (its lines follow in the same transaction). */
export async function insertDistributionJournal(tx: Transaction<Database>, row: { companyId: string; occurredOn: string; description: string; createdBy: string }): Promise<string> {
  const { id } = await tx
    .insertInto('ledger_journals')
    .values({ company_id: row.companyId, kind: 'DISTRIBUTION', occurred_on: row.occurredOn, description: row.description, created_by: row.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Credits every holding on the record date in one statement: an INCOME_PAYABLE line of
 * −⌊units × amount per unit⌋ per contract whose share is at least a cent, and returns the
 * figures of the same set of holdings (read once: the statement's own snapshot).
 */
export async function creditHoldings(tx: Transaction<Database>, scope: TDistributionScope & { journalId: string }): Promise<TFiguresRow> {
  const per = sql`${scope.perUnit}::numeric`;
  const result = await sql<TFiguresRow>`
    WITH held AS MATERIALIZED (${heldOnRecordDate(scope)}),
    credited AS (
      INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount, contract_id, user_id)
      SELECT ${scope.journalId}::bigint, ${scope.companyId}, 'INCOME_PAYABLE', 'EUR', -${floorCents(sql`units * ${per}`)}, contract_id, user_id
      FROM held
      WHERE floor(units * ${per} * 100) > 0
      RETURNING amount
    )
    SELECT (SELECT count(*) FROM held)::int AS contracts,
      (SELECT coalesce(sum(units), 0) FROM held)::numeric(24,6)::text AS total_units,
      ${floorCents(sql`(SELECT coalesce(sum(units), 0) FROM held) * ${per}`)}::text AS total,
      (SELECT coalesce(-sum(amount), 0) FROM credited)::numeric(16,2)::text AS credited`.execute(tx);
  return result.rows[0]!;
}

/** The company-side lines of a distribution: INCOME_SOURCE +total and ROUNDING −remainder (when any). */
export async function insertCompanyLines(tx: Transaction<Database>, row: { journalId: string; companyId: string; total: string; remainder: string | null }): Promise<void> {
  const lines = [{ account: 'INCOME_SOURCE', amount: row.total }, ...(row.remainder ? [{ account: 'ROUNDING', amount: `-${row.remainder}` }] : [])];
  await tx
    .insertInto('ledger_lines')
    .values(lines.map((l) => ({ journal_id: row.journalId, company_id: row.companyId, account: l.account, currency: 'EUR', amount: l.amount, contract_id: null, user_id: null })))
    .execute();
}

export interface TMailTemplates {
  es: { subject: string; text: string; html: string };
  en: { subject: string; text: string; html: string };
}

/** 1234.5 → '1.234,50 €' (the de style of formatMoney, with its no-break space) in SQL. */
const moneySql = (expr: RawBuilder<unknown>) => sql`translate(to_char(${expr}, 'FM999,999,999,999,990.00'), ',.', '.,') || chr(160) || '€'`;
const escapeHtmlSql = (expr: RawBuilder<unknown>) =>
  sql`replace(replace(replace(replace(replace(${expr}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/**
 * One mail per investor credited by the journal, in one statement (outbox, same transaction):
 * the templates carry {{firstName}}, {{amount}} (what their contracts received together) and
 * {{contracts}}; everything else is filled in before. Each mail is its investor's (`user_id`, decision 0027).
 */
export async function enqueueDistributionMails(tx: Transaction<Database>, row: { journalId: string; companyId: string; templates: TMailTemplates }): Promise<number> {
  const pick = (part: 'subject' | 'text' | 'html') => sql`CASE WHEN u.language = 'en' THEN ${row.templates.en[part]} ELSE ${row.templates.es[part]} END`;
  const fill = (template: RawBuilder<unknown>, firstName: RawBuilder<unknown>) =>
    sql`replace(replace(replace(${template}, '{{firstName}}', ${firstName}), '{{amount}}', ${moneySql(sql`s.amount`)}), '{{contracts}}', s.contracts::text)`;
  const result = await sql`
    INSERT INTO mail_outbox (company_id, to_address, subject, text_body, html_body, user_id)
    SELECT ${row.companyId}, u.email, ${fill(pick('subject'), sql`u.first_name`)}, ${fill(pick('text'), sql`u.first_name`)}, ${fill(pick('html'), escapeHtmlSql(sql`u.first_name`))}, u.id
    FROM (
      SELECT l.user_id, -sum(l.amount) AS amount, count(*) AS contracts
      FROM ledger_lines l
      WHERE l.journal_id = ${row.journalId}::bigint AND l.account = 'INCOME_PAYABLE'
      GROUP BY l.user_id
    ) s
    JOIN users u ON u.id = s.user_id`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

// Distributions --------------------------------------------------------------------------------

export interface TDistributionRow {
  id: string;
  period_from: string;
  period_to: string;
  record_date: string;
  amount_per_unit: string;
  description: string;
  contracts: number;
  total_units: string;
  total: string;
  credited: string;
  remainder: string;
  journal_id: string;
  declared_at: Date;
}

const DISTRIBUTION_COLUMNS = [
  'id',
  'period_from',
  'period_to',
  'record_date',
  'amount_per_unit',
  'description',
  'contracts',
  'total_units',
  'total',
  'credited',
  'remainder',
  'journal_id',
  'declared_at',
] as const;

/** A distribution of the company whose period overlaps [from, to], if any. */
export async function findOverlappingDistribution(db: TExecutor, companyId: string, from: string, to: string): Promise<TDistributionRow | undefined> {
  return db
    .selectFrom('distributions')
    .select(DISTRIBUTION_COLUMNS)
    .where('company_id', '=', companyId)
    .where('period_from', '<=', to)
    .where('period_to', '>=', from)
    .orderBy('period_from')
    .limit(1)
    .executeTakeFirst();
}

export async function insertDistribution(
  tx: Transaction<Database>,
  row: {
    companyId: string;
    periodFrom: string;
    periodTo: string;
    recordDate: string;
    amountPerUnit: string;
    description: string;
    contracts: number;
    totalUnits: string;
    total: string;
    credited: string;
    remainder: string;
    journalId: string;
    declaredBy: string;
  },
): Promise<TDistributionRow> {
  return tx
    .insertInto('distributions')
    .values({
      company_id: row.companyId,
      period_from: row.periodFrom,
      period_to: row.periodTo,
      record_date: row.recordDate,
      amount_per_unit: row.amountPerUnit,
      description: row.description,
      contracts: row.contracts,
      total_units: row.totalUnits,
      total: row.total,
      credited: row.credited,
      remainder: row.remainder,
      journal_id: row.journalId,
      declared_by: row.declaredBy,
    })
    .returning(DISTRIBUTION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The company's distributions, newest record date first (a few a year: a page of 200 is all). */
export async function findDistributions(db: TExecutor, companyId: string): Promise<TDistributionRow[]> {
  return db.selectFrom('distributions').select(DISTRIBUTION_COLUMNS).where('company_id', '=', companyId).orderBy('record_date', 'desc').orderBy('declared_at', 'desc').limit(200).execute();
}

// The investor's value over time -----------------------------------------------------------------

export interface TValueHistoryRow {
  value_date: string;
  price: string;
  units: string;
  value: string;
  paid_in: string;
}

/**
 * At each published price date from the customer's first movement on: the units they held and
 * what they had paid in at the end of that date (journals occurring on or before it), and the
 * value, Σ per contract ⌊units × price⌋ (as the holdings value each contract). Reads the
 * customer's contracts (contracts_owner_date), their lines (ledger_lines_contract) and the
 * journals by key: index-backed, whatever the size of the ledger.
 */
export async function findValueHistory(db: TExecutor, companyId: string, userId: string): Promise<TValueHistoryRow[]> {
  const result = await sql<TValueHistoryRow>`
    WITH moves AS (
      SELECT l.contract_id, j.occurred_on AS day,
        coalesce(sum(l.amount) FILTER (WHERE l.account = 'INVESTOR_UNITS'), 0) AS units,
        coalesce(sum(l.amount) FILTER (WHERE l.account = 'BANK'), 0) AS paid
      FROM ledger_lines l JOIN ledger_journals j ON j.id = l.journal_id
      WHERE l.contract_id IN (SELECT id FROM contracts WHERE company_id = ${companyId} AND user_id = ${userId})
        AND l.account IN ('INVESTOR_UNITS', 'BANK') AND l.company_id = ${companyId}
      GROUP BY l.contract_id, j.occurred_on
    ),
    running AS (
      SELECT contract_id, day,
        sum(units) OVER (PARTITION BY contract_id ORDER BY day) AS units,
        sum(paid) OVER (PARTITION BY contract_id ORDER BY day) AS paid
      FROM moves
    )
    SELECT p.value_date::text AS value_date, p.price::text AS price,
      sum(r.units)::numeric(24,6)::text AS units,
      sum(floor(r.units * p.price * 100) / 100)::numeric(16,2)::text AS value,
      sum(r.paid)::numeric(16,2)::text AS paid_in
    FROM kc_prices p
    JOIN LATERAL (
      SELECT DISTINCT ON (running.contract_id) running.units, running.paid
      FROM running WHERE running.day <= p.value_date
      ORDER BY running.contract_id, running.day DESC
    ) r ON true
    WHERE p.company_id = ${companyId}
    GROUP BY p.value_date, p.price
    ORDER BY p.value_date
    LIMIT 5000`.execute(db);
  return result.rows;
}
