import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { allowLongWork } from '../../db/timeouts.ts';
import type { FastifyInstance } from 'fastify';
import {
  EUR_SCALE,
  UNIT_SCALE,
  WEB_BASE,
  encodeMessage,
  paths,
  formatEur,
  formatPrice,
  formatScaled,
  formatUnits,
  isLedgerAccount,
  journalProblem,
  type TJournalLine,
  parseEur,
  parsePrice,
  parseScaled,
  parseUnits,
  paymentJournal,
  paymentSchedule,
  reversalLines,
  scheduleStatus,
  valueAt,
  type TCurrency,
  type THoldings,
  type TJournal,
  type TLedgerCheck,
  type TPayment,
  type TPrice,
  type TPriceHistoryQuery,
  type TPublishPriceRequest,
  type TRecordPaymentRequest,
  type TReverseJournalRequest,
  type TSchedule,
} from '@kc/domain';
import { AppError, notFound, validationFailed } from '../../lib/app-error.ts';
import { paymentReceiptMail } from './mail.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TDb } from '../../db/database.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { canReach, isStaffFor, resolveCustomerId } from '../contracts/access.ts';
import {
  countLedger,
  findContractPayments,
  findJournal,
  findHoldingRows,
  parseHoldingRows,
  type THoldingRow,
  findLedgerContract,
  findPaymentByReference,
  findPriceOn,
  findPrices,
  findMisattributedLines,
  findShortJournals,
  findUnbalancedJournals,
  insertJournal,
  insertPayment,
  insertPrice,
  lockKey,
  sumAccounts,
  sumAccountOfContracts,
  findContractBalances,
  sumContractLines,
  type TNewJournal,
  type TPaymentRow,
  type TPriceRow,
} from './repository.ts';

/** Today's date in UTC ('YYYY-MM-DD'): value dates are calendar dates of the company (Spain). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

const lkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`ledger.errors.${key}`, params);

/** Contracts a payment may be recorded for: not archived or deleted. */
const PAYABLE_STATES = new Set(['NEW', 'ACTIVE', 'STANDBY']);

const toPrice = (row: TPriceRow): TPrice => ({
  valueDate: row.value_date,
  price: formatPrice(parsePrice(row.price)),
  assetReport: row.asset_report,
  publishedAt: row.published_at.toISOString(),
});

// Prices ----------------------------------------------------------------------------------------

/** ADMIN publishes the reference price of a value date (today or earlier; one per date, final). */
export async function publishPrice(app: FastifyInstance, caller: TAuthUser, body: TPublishPriceRequest, audit: TAuditContext): Promise<TPrice> {
  if (body.valueDate > todayUtc()) throw validationFailed([{ field: 'valueDate', message: lkey('futureDate') }]);
  const price = formatPrice(parsePrice(body.price));
  return app.db.transaction().execute(async (tx) => {
    const row = await insertPrice(tx, { companyId: caller.companyId, valueDate: body.valueDate, price, assetReport: body.assetReport, publishedBy: caller.id });
    if (!row) throw new AppError(409, 'priceDateTaken', { date: body.valueDate });
    await recordAudit(tx, audit, {
      entityType: 'price',
      entityId: body.valueDate,
      action: 'price.publish',
      after: { valueDate: body.valueDate, price, assetReport: body.assetReport },
    });
    return toPrice(row);
  });
}

export async function listPrices(app: FastifyInstance, companyId: string, query: TPriceHistoryQuery): Promise<{ prices: TPrice[] }> {
  const rows = await findPrices(app.db, companyId, query);
  return { prices: rows.map(toPrice) };
}

// Contracts -------------------------------------------------------------------------------------

/** A contract the caller may read (owner, their advisor, company staff); 404 otherwise. */
async function readableContract(app: FastifyInstance, caller: TAuthUser, contractId: string) {
  if (!isUuid(contractId)) throw notFound('contractNotFound');
  const contract = await findLedgerContract(app.db, caller.companyId, contractId);
  if (!contract || !canReach(caller, { id: contract.user_id, advisor_id: contract.owner_advisor_id, blocked_at: contract.owner_blocked_at })) throw notFound('contractNotFound');
  return contract;
}

async function contractSums(app: FastifyInstance, companyId: string, contractIds: string[]) {
  const sums = new Map<string, { paidIn: bigint; units: bigint; income: bigint }>();
  for (const id of contractIds) sums.set(id, { paidIn: 0n, units: 0n, income: 0n });
  for (const row of await sumContractLines(app.db, companyId, contractIds)) {
    const entry = sums.get(row.contract_id)!;
    if (row.account === 'BANK') entry.paidIn = parseEur(trimScale(row.total, EUR_SCALE));
    if (row.account === 'INVESTOR_UNITS') entry.units = parseUnits(trimScale(row.total, UNIT_SCALE));
    // Income credited to the contract is a credit (negative) on INCOME_PAYABLE.
    if (row.account === 'INCOME_PAYABLE') entry.income = -parseEur(trimScale(row.total, EUR_SCALE));
  }
  return sums;
}

/** A numeric sum as text at a scale (sum() of numeric(24,6) comes back with six decimals). */
function trimScale(text: string, scale: number): string {
  const value = parseScaled(text, 6);
  if (value === null) throw new RangeError(`Not a ledger amount: ${text}`);
  return formatScaled(value / 10n ** BigInt(6 - scale), scale);
}

export async function getSchedule(app: FastifyInstance, caller: TAuthUser, contractId: string, today = todayUtc()): Promise<TSchedule> {
  const contract = await readableContract(app, caller, contractId);
  const items = paymentSchedule({
    submissionDate: contract.submission_date,
    expiringDate: contract.expiring_date,
    initialAmount: parseEur(contract.initial_investment),
    monthlyAmount: parseEur(contract.recurring_amount),
    periodType: contract.contract_period_type,
  });
  const paidIn = (await contractSums(app, caller.companyId, [contract.id])).get(contract.id)!.paidIn;
  const status = scheduleStatus(items, paidIn, today);
  const dueToDate = items.filter((i) => i.dueDate <= today).reduce((a, i) => a + i.amount, 0n);
  const overdue = status.items.filter((i) => i.status === 'OVERDUE').reduce((a, i) => a + i.amount - i.paid, 0n);
  return {
    contractId: contract.id,
    periodType: contract.contract_period_type,
    items: status.items.map((i) => ({ number: i.number, kind: i.kind, dueDate: i.dueDate, amount: formatEur(i.amount), paid: formatEur(i.paid), status: i.status })),
    dueToDate: formatEur(dueToDate),
    paidIn: formatEur(paidIn),
    overdue: formatEur(overdue),
    ahead: formatEur(status.ahead),
  };
}

const toPayment = (row: TPaymentRow): TPayment => ({
  id: row.id,
  contractId: row.contract_id,
  amount: formatEur(parseEur(row.amount)),
  valueDate: row.value_date,
  method: row.method,
  reference: row.reference,
  journalId: row.journal_id,
  price: formatPrice(parsePrice(row.price)),
  units: formatUnits(parseUnits(row.units)),
  recordedAt: row.recorded_at.toISOString(),
  reversedAt: row.reversed_at ? row.reversed_at.toISOString() : null,
});

export async function listPayments(app: FastifyInstance, caller: TAuthUser, contractId: string): Promise<{ payments: TPayment[] }> {
  const contract = await readableContract(app, caller, contractId);
  return { payments: (await findContractPayments(app.db, caller.companyId, contract.id)).map(toPayment) };
}

/**
 * Records a received payment: one balanced journal (cash in, units bought at the price of the
 * value date), the payment row and an audit entry, in one transaction. The reference is the
 * payment's identity in the company: the same payment sent again is answered with the first
 * (200); another payment with a used reference is refused (409).
 */
export async function recordPayment(
  app: FastifyInstance,
  caller: TAuthUser,
  contractId: string,
  body: TRecordPaymentRequest,
  audit: TAuditContext,
): Promise<{ status: 200 | 201; payment: TPayment }> {
  if (!isUuid(contractId)) throw notFound('contractNotFound');
  const contract = await findLedgerContract(app.db, caller.companyId, contractId);
  if (!contract || !isStaffFor(caller, { id: contract.user_id, advisor_id: contract.owner_advisor_id, blocked_at: contract.owner_blocked_at })) throw notFound('contractNotFound');
  const amount = parseEur(body.amount);
  const amountText = formatEur(amount);
  const sameRequest = (row: TPaymentRow) =>
    row.contract_id === contract.id && parseEur(row.amount) === amount && row.value_date === body.valueDate && row.method === body.method;

  const outcome = await app.db.transaction().execute(async (tx): Promise<{ replay: TPaymentRow } | { created: string }> => {
    await lockKey(tx, caller.companyId, `payment:${body.reference}`);
    const existing = await findPaymentByReference(tx, caller.companyId, body.reference);
    if (existing) {
      if (sameRequest(existing)) return { replay: existing };
      throw new AppError(409, 'paymentReferenceTaken', { reference: body.reference });
    }
    if (!PAYABLE_STATES.has(contract.state)) throw new AppError(409, 'contractNotPayable', { state: contract.state });
    const fieldErrors = [];
    if (body.valueDate > todayUtc()) fieldErrors.push({ field: 'valueDate', message: lkey('futureDate') });
    else if (body.valueDate < contract.submission_date) fieldErrors.push({ field: 'valueDate', message: lkey('beforeContract', { date: contract.submission_date }) });
    if (fieldErrors.length > 0) throw validationFailed(fieldErrors);
    const price = await findPriceOn(tx, caller.companyId, body.valueDate);
    if (!price) throw new AppError(409, 'noPublishedPrice', { date: body.valueDate });
    const { lines, purchase } = paymentJournal({ amount, price: parsePrice(price.price), contractId: contract.id, userId: contract.user_id });
    const journalId = await insertJournal(
      tx,
      {
        companyId: caller.companyId,
        kind: 'PAYMENT',
        occurredOn: body.valueDate,
        description: `Payment ${body.reference} (${body.method}) of ${amountText} EUR at ${formatPrice(parsePrice(price.price))} EUR/unit of ${price.value_date}`,
        createdBy: caller.id,
      },
      lines,
    );
    const id = await insertPayment(tx, {
      companyId: caller.companyId,
      contractId: contract.id,
      userId: contract.user_id,
      amount: amountText,
      valueDate: body.valueDate,
      method: body.method,
      reference: body.reference,
      price: formatPrice(parsePrice(price.price)),
      priceDate: price.value_date,
      units: formatUnits(purchase.units),
      journalId,
      recordedBy: caller.id,
    });
    await app.mailer.enqueue(
      tx,
      paymentReceiptMail(
        {
          companyId: caller.companyId,
          owner: { email: contract.owner_email, firstName: contract.owner_first_name, language: contract.owner_language },
          contractId: contract.id,
          amount: amountText,
          valueDate: body.valueDate,
          reference: body.reference,
          price: formatPrice(parsePrice(price.price)),
          priceDate: price.value_date,
          units: formatUnits(purchase.units),
        },
        `${app.config.PUBLIC_URL.replace(/\/$/, '')}${WEB_BASE}${paths.dashboard.href()}`,
      ),
    );
    await recordAudit(tx, audit, {
      entityType: 'payment',
      entityId: id,
      action: 'payment.record',
      after: {
        contractId: contract.id,
        userId: contract.user_id,
        amount: amountText,
        valueDate: body.valueDate,
        method: body.method,
        reference: body.reference,
        priceDate: price.value_date,
        price: formatPrice(parsePrice(price.price)),
        units: formatUnits(purchase.units),
        roundingRemainder: formatEur(purchase.remainder),
        journalId,
      },
    });
    return { created: id };
  });
  if ('replay' in outcome) return { status: 200, payment: toPayment(outcome.replay) };
  const row = (await findContractPayments(app.db, caller.companyId, contract.id)).find((p) => p.id === outcome.created)!;
  return { status: 201, payment: toPayment(row) };
}

// Holdings --------------------------------------------------------------------------------------

/** The caller's own holding rows as a column of the session's statement (the holdings route). */
export { holdingsAlongside } from './repository.ts';

/** A customer's holdings per contract: units, paid in, income, value at the last published price. */
export async function getHoldings(
  app: FastifyInstance,
  caller: TAuthUser,
  customerId: string,
  /** The caller's own rows, when they came with the session's statement (`holdingsAlongside`). */
  ownRows?: unknown,
): Promise<THoldings> {
  const customerIdChecked = await resolveCustomerId(app.db, caller, customerId);
  const rows =
    customerIdChecked === caller.id && ownRows !== undefined && ownRows !== null
      ? parseHoldingRows(ownRows)
      : await findHoldingRows(app.db, caller.companyId, customerIdChecked);
  const latest = rows[0]?.price ? { price: rows[0].price, value_date: rows[0].price_date! } : undefined;
  const contracts = rows.filter((r): r is THoldingRow & { id: string } => r.id !== null);
  const sums = new Map(
    contracts.map((r) => [
      r.id,
      {
        paidIn: r.paid_in ? parseEur(trimScale(r.paid_in, EUR_SCALE)) : 0n,
        units: r.units ? parseUnits(trimScale(r.units, UNIT_SCALE)) : 0n,
        // Income credited to the contract is a credit (negative) on INCOME_PAYABLE.
        income: r.income ? -parseEur(trimScale(r.income, EUR_SCALE)) : 0n,
      },
    ]),
  );
  const price = latest ? parsePrice(latest.price) : null;
  let units = 0n;
  let paidIn = 0n;
  let income = 0n;
  let value = 0n;
  const holdings = contracts.map((c) => {
    const s = sums.get(c.id)!;
    units += s.units;
    paidIn += s.paidIn;
    income += s.income;
    const v = price === null ? null : valueAt(s.units, price);
    if (v !== null) value += v;
    return {
      contractId: c.id,
      productKey: c.product_key,
      state: c.state,
      units: formatUnits(s.units),
      paidIn: formatEur(s.paidIn),
      income: formatEur(s.income),
      value: v === null ? null : formatEur(v),
      price: price === null ? null : formatPrice(price),
      priceDate: latest?.value_date ?? null,
    };
  });
  return {
    holdings,
    totals: { units: formatUnits(units), paidIn: formatEur(paidIn), income: formatEur(income), value: price === null ? null : formatEur(value) },
    price: price === null ? null : formatPrice(price),
    priceDate: latest?.value_date ?? null,
  };
}

// Journals: read, reverse, check ------------------------------------------------------------------

function toJournal(journal: NonNullable<Awaited<ReturnType<typeof findJournal>>>): TJournal {
  return {
    id: journal.id,
    kind: journal.kind,
    occurredOn: journal.occurred_on,
    description: journal.description,
    reversesJournalId: journal.reverses_journal_id,
    createdAt: journal.created_at.toISOString(),
    lines: journal.lines.map((l) => ({
      account: l.account,
      currency: l.currency,
      amount: trimScale(l.amount, l.currency === 'EUR' ? EUR_SCALE : UNIT_SCALE),
      contractId: l.contract_id,
      userId: l.user_id,
    })),
  };
}

const isJournalId = (value: string) => /^\d{1,18}$/.test(value);

export async function getJournal(app: FastifyInstance, caller: TAuthUser, journalId: string): Promise<TJournal> {
  if (!isJournalId(journalId)) throw notFound('journalNotFound');
  const journal = await findJournal(app.db, caller.companyId, journalId);
  if (!journal) throw notFound('journalNotFound');
  return toJournal(journal);
}

/**
 * Asked, inside a correction's transaction and before it books, whether contracts' units may fall
 * by these changes (contract id → change of INVESTOR_UNITS); it throws to refuse. The market
 * provides it (app.ts), so the ledger does not depend on the market, which books through it.
 */
export type TUnitsLoweredGuard = (tx: Transaction<Database>, companyId: string, unitChanges: ReadonlyMap<string, bigint>) => Promise<void>;

/** The only correction: a new journal with every line negated, dated today, with its reason. */
export async function reverseJournal(
  app: FastifyInstance,
  caller: TAuthUser,
  journalId: string,
  body: TReverseJournalRequest,
  audit: TAuditContext,
): Promise<TJournal> {
  if (!isJournalId(journalId)) throw notFound('journalNotFound');
  const reversalId = await app.db.transaction().execute(async (tx) => {
    await lockKey(tx, caller.companyId, `journal:${journalId}`);
    const journal = await findJournal(tx, caller.companyId, journalId);
    if (!journal) throw notFound('journalNotFound');
    if (journal.kind === 'REVERSAL') throw new AppError(409, 'journalIsReversal');
    // A market trade (issue 18) is not undone by reversing its journal alone: the trade, the buyer's
    // contract and the offer's remainder would disagree with the ledger (decision 0034).
    if (journal.kind === 'TRADE') throw new AppError(409, 'journalIsTrade');
    // Nor a seller's payout (decision 0036): its payout row would still say it was paid.
    if (journal.kind === 'PAYOUT') throw new AppError(409, 'journalIsPayout');
    if (journal.reversed_by) throw new AppError(409, 'journalAlreadyReversed', { journalId: journal.reversed_by });
    const lines = reversalLines(
      journal.lines.map((l) => {
        if (!isLedgerAccount(l.account)) throw new Error(`Unknown ledger account ${l.account}`);
        const currency = l.currency as TCurrency;
        return {
          account: l.account,
          currency,
          amount: parseScaled(trimScale(l.amount, currency === 'EUR' ? EUR_SCALE : UNIT_SCALE), currency === 'EUR' ? EUR_SCALE : UNIT_SCALE)!,
          contractId: l.contract_id,
          userId: l.user_id,
        };
      }),
    );
    // Units on offer in the KC market, or already sold there, never leave their contract this way
    // (issue 18): the guard app.ts wires (the market's) locks each contract whose units fall and
    // refuses the reversal.
    const unitChanges = new Map<string, bigint>();
    for (const line of lines) {
      if (line.account === 'INVESTOR_UNITS' && line.contractId) unitChanges.set(line.contractId, (unitChanges.get(line.contractId) ?? 0n) + line.amount);
    }
    await app.unitsLoweredGuard(tx, caller.companyId, unitChanges);
    const id = await insertJournal(
      tx,
      { companyId: caller.companyId, kind: 'REVERSAL', occurredOn: todayUtc(), description: body.reason, reversesJournalId: journal.id, createdBy: caller.id },
      lines,
    );
    await recordAudit(tx, audit, {
      entityType: 'journal',
      entityId: journal.id,
      action: 'journal.reverse',
      before: { journalId: journal.id, kind: journal.kind },
      after: { reversalJournalId: id, reason: body.reason },
    });
    return id;
  });
  return getJournal(app, caller, reversalId);
}

/**
 * Recomputes the company's balances from its lines and verifies that every journal balances in
 * each currency and has at least two lines, and that the units held equal the units issued.
 */
export async function checkLedger(app: FastifyInstance, caller: TAuthUser): Promise<TLedgerCheck> {
  return checkCompanyLedger(app.db, caller.companyId);
}

/**
 * The check of one company's ledger (the endpoint's and `npm run ledger:check`'s). Its queries
 * run side by side on several connections, each with the batch jobs' longer statement limit (at
 * bench scale they outlast the pool's).
 */
export async function checkCompanyLedger(db: TDb, companyId: string): Promise<TLedgerCheck> {
  const long = <T>(query: (tx: Transaction<Database>) => Promise<T>) =>
    db.transaction().execute(async (tx) => {
      await allowLongWork(tx);
      return query(tx);
    });
  const [unbalanced, short, misattributed, accounts, counts] = await Promise.all([
    long((tx) => findUnbalancedJournals(tx, companyId)),
    long((tx) => findShortJournals(tx, companyId)),
    long((tx) => findMisattributedLines(tx, companyId)),
    long((tx) => sumAccounts(tx, companyId)),
    long((tx) => countLedger(tx, companyId)),
  ]);
  const currencyTotals = new Map<string, bigint>([
    ['EUR', 0n],
    ['KCU', 0n],
  ]);
  const scaleOf = (currency: string) => (currency === 'EUR' ? EUR_SCALE : UNIT_SCALE);
  const balances = accounts.map((a) => {
    const balance = parseScaled(trimScale(a.balance, scaleOf(a.currency)), scaleOf(a.currency))!;
    currencyTotals.set(a.currency, (currencyTotals.get(a.currency) ?? 0n) + balance);
    return { account: a.account, currency: a.currency, balance, text: formatScaled(balance, scaleOf(a.currency)) };
  });
  const held = balances.find((b) => b.account === 'INVESTOR_UNITS')?.balance ?? 0n;
  const issued = balances.find((b) => b.account === 'KC_UNITS_ISSUED')?.balance ?? 0n;
  const unbalancedOut = [
    ...unbalanced.map((u) => ({ journalId: u.journal_id, currency: u.currency, total: trimScale(u.total, UNIT_SCALE) })),
    ...short.map((s) => ({ journalId: s.id, currency: 'LINES', total: s.lines })),
  ];
  const ok = unbalancedOut.length === 0 && misattributed.length === 0 && [...currencyTotals.values()].every((t) => t === 0n) && held === -issued;
  return {
    ok,
    journals: counts.journals,
    lines: counts.lines,
    unbalancedJournals: unbalancedOut,
    misattributedLines: misattributed.map((m) => ({ lineId: m.id, journalId: m.journal_id, problem: m.problem })),
    currencyTotals: [...currencyTotals].map(([currency, total]) => ({ currency, total: formatScaled(total, scaleOf(currency)) })),
    accounts: balances.map((b) => ({ account: b.account, currency: b.currency, balance: b.text })),
    unitsHeld: formatUnits(held),
    unitsIssued: formatUnits(-issued),
    checkedAt: new Date().toISOString(),
  };
}

/**
 * Takes the ledger's transaction-scoped lock on a key of the company (the one payments are
 * recorded under), for another module that books in the ledger in the same transaction.
 */
export async function lockLedgerKey(tx: Transaction<Database>, companyId: string, key: string): Promise<void> {
  await lockKey(tx, companyId, key);
}

/**
 * Books a journal written by another module in its own transaction (the KC market's TRADE
 * journals, issue 18): the lines are checked as every journal is (at least two, no zero line,
 * each in its account's currency, per-contract accounts name their contract, balanced per
 * currency) before the database checks them again at commit. Answers the journal's id.
 */
export async function bookJournal(tx: Transaction<Database>, journal: TNewJournal, lines: readonly TJournalLine[]): Promise<string> {
  const problem = journalProblem(lines);
  if (problem) throw new Error(`ledger journal refused: ${problem}`);
  return insertJournal(tx, journal, lines);
}

/**
 * The balance in cents of a per-contract EUR account on each of a set of contracts (for the KC
 * market's payouts, decision 0036: MARKET_PAYABLE, negative while something is owed). A contract
 * without lines is absent from the map. Pass the transaction to read under its locks.
 */
export async function contractEurBalances(
  db: TDb | Transaction<Database>,
  companyId: string,
  account: 'MARKET_PAYABLE' | 'INCOME_PAYABLE',
  contractIds: readonly string[],
): Promise<Map<string, bigint>> {
  const rows = await sumAccountOfContracts(db, companyId, account, contractIds);
  return new Map(rows.map((r) => [r.contract_id, parseScaled(trimScale(r.total, EUR_SCALE), EUR_SCALE)!]));
}

/** The contracts with lines in a per-contract EUR account and their balance in cents, most credited first, paged. */
export async function listContractEurBalances(
  db: TDb,
  companyId: string,
  account: 'MARKET_PAYABLE' | 'INCOME_PAYABLE',
  options: { onlyCredited: boolean; offset: number; limit: number },
): Promise<{ rows: { contractId: string; balance: bigint }[]; total: number }> {
  const { rows, total } = await findContractBalances(db, companyId, account, options);
  return { rows: rows.map((r) => ({ contractId: r.contract_id, balance: parseScaled(trimScale(r.total, EUR_SCALE), EUR_SCALE)! })), total };
}
