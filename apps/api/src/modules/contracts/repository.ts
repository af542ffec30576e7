import { CompiledQuery, sql, type Expression, type Kysely, type Transaction } from 'kysely';
import type { TContractSearchFilters, TContractSortField, TContractState } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { jsonColumn } from '../../lib/json-column.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TOwner {
  companyId: string;
  userId: string;
}

export interface TListOptions extends TOwner {
  states?: TContractState[] | undefined;
  filters?: TContractSearchFilters | undefined;
  sort?: { field: TContractSortField; direction: 'asc' | 'desc' } | undefined;
  limit: number;
  offset: number;
}

const SORT_COLUMNS = {
  submissionDate: 'submission_date',
  expiringDate: 'expiring_date',
  initialInvestment: 'initial_investment',
  recurringAmmount: 'recurring_amount',
  productKey: 'product_key',
  userContractState: 'state',
} as const satisfies Record<TContractSortField, string>;

const SUMMARY_COLUMNS = [
  'id',
  'product_key',
  'state',
  'initial_investment',
  'recurring_amount',
  'submission_date',
  'expiring_date',
  'contract_period_type',
  'created_at',
] as const;

export type TSummaryRow = {
  id: string;
  product_key: string;
  state: string;
  initial_investment: string;
  recurring_amount: string;
  submission_date: string;
  expiring_date: string;
  contract_period_type: string;
  /** The hire's instant (the reflection period counts from it) and the waiver's, if any (decision 0026). */
  created_at: Date | string;
  waived_at: Date | string | null;
};

/**
 * The dashboard's statement: the owner's count per state and one page (newest first) of their
 * contracts, in all states or in one, as `{"counts", "rows"}` (the function of migration 0038,
 * planned once per connection).
 */
const DASHBOARD = 'SELECT kc_contract_board($1, $2, $3, $4, $5) AS board';

/** The page the database keeps written for every owner (migration 0038): all states, page 0, this size. */
export const BOARD_PAGE_SIZE = 10;

export interface TBoard {
  counts: Record<string, number>;
  rows: TSummaryRow[];
}

const EMPTY_BOARD: TBoard = { counts: {}, rows: [] };

/** A board column; none (null): the owner has no contract yet. */
export function parseBoard(value: unknown): TBoard {
  return value === null || value === undefined ? EMPTY_BOARD : jsonColumn<TBoard>(value);
}

/** The dashboard in one round trip: counts per state and one page of the owner's contracts (all states when `state` is undefined). */
export async function readDashboard(
  db: TExecutor,
  options: TOwner & { state?: TContractState | undefined; limit: number; offset: number },
): Promise<TBoard> {
  const { companyId, userId, state, limit, offset } = options;
  const result = await db.executeQuery<{ board: unknown }>(CompiledQuery.raw(DASHBOARD, [companyId, userId, state ?? null, limit, offset]));
  return parseBoard(result.rows[0]?.board);
}

/**
 * The owner's kept board (all states, page 0, BOARD_PAGE_SIZE) as the dashboard's answer, JSON
 * text written by the database (migration 0039), by its key; undefined: the owner has no contract.
 */
export async function readBoardAnswer(db: TExecutor, owner: TOwner): Promise<string | undefined> {
  const result = await db.executeQuery<{ answer: string }>(
    CompiledQuery.raw('SELECT answer FROM contract_boards WHERE company_id = $1 AND user_id = $2', [owner.companyId, owner.userId]),
  );
  return result.rows[0]?.answer;
}

/**
 * The kept answer as a column of the session's statement (plugins/auth.ts, `alongside`): a
 * dashboard request whose session is not cached reads the token and the answer in one round trip
 * (null: the owner has no contract).
 */
export const boardAlongside = (companyId: Expression<string>, userId: Expression<string>) =>
  sql<string | null>`(SELECT b.answer FROM contract_boards b WHERE b.company_id = ${companyId} AND b.user_id = ${userId})`;

function filtered(db: TExecutor, options: TListOptions) {
  const f = options.filters ?? {};
  let query = db
    .selectFrom('contracts')
    .where('company_id', '=', options.companyId)
    .where('user_id', '=', options.userId);
  if (options.states) query = query.where('state', 'in', options.states);
  if (f.state) query = query.where('state', '=', f.state);
  if (f.productKey) query = query.where('product_key', '=', f.productKey);
  if (f.submissionDateFrom) query = query.where('submission_date', '>=', f.submissionDateFrom);
  if (f.submissionDateTo) query = query.where('submission_date', '<=', f.submissionDateTo);
  if (f.expiringDateFrom) query = query.where('expiring_date', '>=', f.expiringDateFrom);
  if (f.expiringDateTo) query = query.where('expiring_date', '<=', f.expiringDateTo);
  if (f.initialInvestmentMin !== undefined) query = query.where('initial_investment', '>=', String(f.initialInvestmentMin));
  if (f.initialInvestmentMax !== undefined) query = query.where('initial_investment', '<=', String(f.initialInvestmentMax));
  if (f.recurringAmountMin !== undefined) query = query.where('recurring_amount', '>=', String(f.recurringAmountMin));
  if (f.recurringAmountMax !== undefined) query = query.where('recurring_amount', '<=', String(f.recurringAmountMax));
  return query;
}

/** One page of the owner's contracts (newest first unless sorted), without the total. */
export async function listContractPage(db: TExecutor, options: TListOptions): Promise<TSummaryRow[]> {
  let query = filtered(db, options)
    .select([...SUMMARY_COLUMNS])
    .select((eb) =>
      eb.selectFrom('contract_reflection_waivers as w').select('w.waived_at').whereRef('w.contract_id', '=', 'contracts.id').as('waived_at'),
    );
  if (options.sort) query = query.orderBy(SORT_COLUMNS[options.sort.field], options.sort.direction);
  query = query.orderBy('submission_date', 'desc').orderBy('id', 'desc');
  return (await query.limit(options.limit).offset(options.offset).execute()) as TSummaryRow[];
}

/** One page of the owner's contracts (newest first unless sorted) and the real total. */
export async function listContracts(db: TExecutor, options: TListOptions): Promise<{ rows: TSummaryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    listContractPage(db, options),
    filtered(db, options)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type TContractRowWithOwner = TSummaryRow & {
  company_id: string;
  user_id: string;
  product_id: string;
  payment_preference_id: string | null;
  created_at: Date;
  updated_at: Date;
  owner_advisor_id: string | null;
  owner_email: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_language: string;
  /** Issue 16: the owner's data is blocked (only ADMIN reaches the contract). */
  owner_blocked_at: Date | null;
  /** The reflection period's waiver (decision 0026), null when none. */
  waived_by: string | null;
  waived_by_first_name: string | null;
  waived_by_last_name: string | null;
  waiver_text_version: string | null;
};

/** A contract of the company with its owner's data; undefined when there is none. */
export async function findContract(
  db: TExecutor,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TContractRowWithOwner | undefined> {
  let query = db
    .selectFrom('contracts as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('contract_reflection_waivers as w', 'w.contract_id', 'c.id')
    .leftJoin('users as wu', 'wu.id', 'w.waived_by')
    .select([
      'c.id',
      'c.product_key',
      'c.state',
      'c.initial_investment',
      'c.recurring_amount',
      'c.submission_date',
      'c.expiring_date',
      'c.contract_period_type',
      'c.company_id',
      'c.user_id',
      'c.product_id',
      'c.payment_preference_id',
      'c.created_at',
      'c.updated_at',
      'u.advisor_id as owner_advisor_id',
      'u.email as owner_email',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      'u.language as owner_language',
      'u.blocked_at as owner_blocked_at',
      'w.waived_at',
      'w.waived_by',
      'wu.first_name as waived_by_first_name',
      'wu.last_name as waived_by_last_name',
      'w.text_version as waiver_text_version',
    ])
    .where('c.id', '=', id)
    .where('c.company_id', '=', companyId);
  if (options.forUpdate) query = query.forUpdate('c');
  return (await query.executeTakeFirst()) as TContractRowWithOwner | undefined;
}

export async function insertContract(
  db: TExecutor,
  values: {
    companyId: string;
    userId: string;
    productId: string;
    productKey: string;
    initialInvestment: string;
    recurringAmount: string;
    submissionDate: string;
    expiringDate: string;
    paymentPreferenceId: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('contracts')
    .values({
      company_id: values.companyId,
      user_id: values.userId,
      product_id: values.productId,
      product_key: values.productKey,
      state: 'NEW',
      initial_investment: values.initialInvestment,
      recurring_amount: values.recurringAmount,
      submission_date: values.submissionDate,
      expiring_date: values.expiringDate,
      payment_preference_id: values.paymentPreferenceId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the investor's waiver of a contract's reflection period; false when one was already recorded. */
export async function insertReflectionWaiver(
  db: TExecutor,
  waiver: { contractId: string; companyId: string; waivedBy: string; waivedAt: Date; textKey: string; textVersion: string },
): Promise<boolean> {
  const result = await db
    .insertInto('contract_reflection_waivers')
    .values({
      contract_id: waiver.contractId,
      company_id: waiver.companyId,
      waived_by: waiver.waivedBy,
      waived_at: waiver.waivedAt,
      text_key: waiver.textKey,
      text_version: waiver.textVersion,
    })
    .onConflict((oc) => oc.column('contract_id').doNothing())
    .returning('contract_id')
    .executeTakeFirst();
  return result !== undefined;
}

/** Moves a contract from one state to another; false when it was no longer in `from`. */
export async function updateContractState(db: TExecutor, id: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('contracts')
    .set({ state: to, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertContractEvent(
  db: TExecutor,
  event: { contractId: string; fromState: string | null; toState: string; actorId: string; reason?: string | null; paymentReference?: string | null },
): Promise<void> {
  await db
    .insertInto('contract_events')
    .values({
      contract_id: event.contractId,
      from_state: event.fromState,
      to_state: event.toState,
      actor_id: event.actorId,
      reason: event.reason ?? null,
      payment_reference: event.paymentReference ?? null,
    })
    .execute();
}

/**
 * A contract's latest state change (the one that put it in its current state), if any. By id, not
 * by time: every change is written under the contract's row lock, so the last written is the last
 * made, while `at` is its transaction's start and two waiting transactions may start in either order.
 */
export async function findLastContractEvent(db: TExecutor, contractId: string) {
  return db
    .selectFrom('contract_events')
    .select(['from_state', 'to_state'])
    .where('contract_id', '=', contractId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function listContractEvents(db: TExecutor, contractId: string) {
  return db
    .selectFrom('contract_events as e')
    .leftJoin('users as a', 'a.id', 'e.actor_id')
    .select(['e.from_state', 'e.to_state', 'e.at', 'e.actor_id', 'e.reason', 'e.payment_reference', 'a.first_name', 'a.last_name'])
    .where('e.contract_id', '=', contractId)
    .orderBy('e.at', 'asc')
    .orderBy('e.id', 'asc')
    .execute();
}

export async function findProductForContract(db: TExecutor, companyId: string, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'product_key', 'product_type', 'name_es', 'name_en', 'kc_rate', 'fixed_values'])
    .where('company_id', '=', companyId)
    .where('id', '=', productId)
    .executeTakeFirst();
}

export async function findCustomer(db: TExecutor, companyId: string, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'email', 'first_name', 'last_name', 'advisor_id', 'language', 'blocked_at'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

// Idempotency keys ------------------------------------------------------------------------------

export interface TKeyRef {
  companyId: string;
  userId: string;
  key: string;
}

/**
 * Inside the hire's transaction: takes the key's transaction-scoped advisory lock, or answers
 * false at once when another live transaction holds it (a concurrent request with the same
 * key). PostgreSQL releases the lock when that transaction ends, however it ends: commit,
 * rollback, or the death of the process that held it (its connection closes). No claim can
 * outlive the request that made it.
 */
export async function tryLockIdempotencyKey(tx: Transaction<Database>, ref: TKeyRef): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(hashtextextended(${JSON.stringify([ref.companyId, ref.userId, ref.key])}, 0)) AS locked
  `.execute(tx);
  return rows[0]?.locked === true;
}

export async function findIdempotencyKey(db: TExecutor, ref: TKeyRef) {
  return db
    .selectFrom('contract_idempotency_keys')
    .select(['request_hash', 'contract_id', 'created_at'])
    .where('company_id', '=', ref.companyId)
    .where('user_id', '=', ref.userId)
    .where('idempotency_key', '=', ref.key)
    .executeTakeFirst();
}

/** Records a key with the contract it created, in the contract's transaction. */
export async function insertIdempotencyKey(tx: Transaction<Database>, ref: TKeyRef, requestHash: string, contractId: string): Promise<void> {
  await tx
    .insertInto('contract_idempotency_keys')
    .values({ company_id: ref.companyId, user_id: ref.userId, idempotency_key: ref.key, request_hash: requestHash, contract_id: contractId })
    .execute();
}

export async function findPaymentPreferenceOf(db: TExecutor, companyId: string, userId: string, id: string) {
  return db
    .selectFrom('payment_preferences')
    .select(['id', 'kind', 'card_brand', 'card_last4', 'iban_last4', 'ethereum_address'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

// Activation needs the first payment (issue 15, helper imports) ----------------------------------

/** The references of a contract's recorded payments whose journal is not reversed. */
export async function findUnreversedPaymentReferences(db: TExecutor, companyId: string, contractId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('payments as p')
    .leftJoin('ledger_journals as r', 'r.reverses_journal_id', 'p.journal_id')
    .select('p.reference')
    .where('p.company_id', '=', companyId)
    .where('p.contract_id', '=', contractId)
    .where('r.id', 'is', null)
    .orderBy('p.value_date')
    .orderBy('p.recorded_at')
    .limit(1000)
    .execute();
  return rows.map((r) => r.reference);
}

/** Personal data export (issue 16): a person's contracts with their plan's names, oldest first. */
export async function findContractsForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('contracts as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select([
      'c.id',
      'c.product_key',
      'p.name_es',
      'p.name_en',
      'c.state',
      'c.initial_investment',
      'c.recurring_amount',
      'c.submission_date',
      'c.expiring_date',
      'c.contract_period_type',
      'c.payment_preference_id',
      'c.created_at',
      'c.updated_at',
    ])
    .where('c.company_id', '=', companyId)
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** Personal data export (issue 16): the state changes of a person's contracts, oldest first; who acted as "the person" or not. */
export async function findContractEventsForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('contract_events as e')
    .innerJoin('contracts as c', 'c.id', 'e.contract_id')
    .select(['e.contract_id', 'e.at', 'e.from_state', 'e.to_state', 'e.reason', 'e.payment_reference', 'e.actor_id'])
    .where('c.company_id', '=', companyId)
    .where('c.user_id', '=', userId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
}

/**
 * A contract born ACTIVE (the KC market, issue 18): the buyer's holding of units bought from
 * another investor, with the trade's gross as its only payment and no monthly amount.
 */
export async function insertActiveContract(
  db: TExecutor,
  values: { companyId: string; userId: string; productId: string; productKey: string; initialInvestment: string; submissionDate: string; expiringDate: string; periodType: string; at: Date },
): Promise<string> {
  // The contract and its history's first row (null → ACTIVE, by its owner) in one statement.
  const { rows } = await sql<{ id: string }>`
    WITH c AS (
      INSERT INTO contracts (company_id, user_id, product_id, product_key, state, initial_investment, recurring_amount,
                             submission_date, expiring_date, contract_period_type, payment_preference_id, created_at, updated_at)
      VALUES (${values.companyId}, ${values.userId}, ${values.productId}, ${values.productKey}, 'ACTIVE', ${values.initialInvestment}, 0,
              ${values.submissionDate}, ${values.expiringDate}, ${values.periodType}, NULL, ${values.at}, ${values.at})
      RETURNING id, user_id
    ), e AS (
      INSERT INTO contract_events (contract_id, from_state, to_state, actor_id) SELECT c.id, NULL, 'ACTIVE', c.user_id FROM c
    )
    SELECT id FROM c`.execute(db);
  return rows[0]!.id;
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** At the end of the kept period: the reasons typed in the history of the person's contracts go (states and dates stay). */
export async function eraseContractEventReasons(tx: Transaction<Database>, userId: string): Promise<void> {
  await tx
    .updateTable('contract_events')
    .set({ reason: null })
    .where('contract_id', 'in', (eb) => eb.selectFrom('contracts').select('id').where('user_id', '=', userId))
    .where('reason', 'is not', null)
    .execute();
}
