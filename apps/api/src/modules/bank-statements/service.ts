import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  WEB_BASE,
  encodeMessage,
  formatEur,
  formatPrice,
  formatUnits,
  lineIdentity,
  parseEur,
  parsePrice,
  paths,
  paymentJournal,
  readStatement,
  toPage,
  type TAssignLineRequest,
  type TDismissLineRequest,
  type TStatementImportResult,
  type TParsedStatementLine,
  type TStatementLine,
  type TStatementLinesPage,
  type TStatementLinesQuery,
  type TUnmatchedReason,
} from '@kc/domain';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { isStaffFor } from '../contracts/access.ts';
import { paymentReceiptMail } from '../ledger/mail.ts';
import { lockKey } from '../ledger/repository.ts';
import { recordPayment, todayUtc } from '../ledger/service.ts';
import { readCsvRecords } from './csv.ts';
import {
  allocateJournalIds,
  countHandPayments,
  findAllPrices,
  findImportContracts,
  findLine,
  findLines,
  findListedLineKeys,
  findTakenPaymentReferences,
  handKey,
  insertAuditBulk,
  insertImport,
  insertMailsBulk,
  insertPaymentsBulk,
  insertUnmatchedLines,
  resolveLine,
  type TBulkJournal,
  type TBulkLine,
  type TBulkPayment,
  type TLineRow,
  type TNewLine,
} from './repository.ts';

const bkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`bankStatements.errors.${key}`, params);

/** Contracts a payment may be booked for (as the ledger's recordPayment). */
const PAYABLE_STATES = new Set(['NEW', 'ACTIVE', 'STANDBY']);
/** A column as a person names it in the header (either language is accepted, so both are said). */
const COLUMN_LABELS = { valueDate: 'Fecha valor / value date', amount: 'Importe / amount', reference: 'Referencia / reference', description: 'Concepto / description' } as const;
/** Line errors listed in a refused file's problem at most (the count says how many there were). */
const MAX_LISTED_ERRORS = 100;

/**
 * The key of an imported line: the reference its payment is booked with, and the identity of
 * the line in the unmatched list. 'BS-' and 40 hex digits of the SHA-256 of the line's value
 * date, amount, reference and description and of its occurrence among identical lines.
 */
export function lineKey(line: Pick<TParsedStatementLine, 'valueDate' | 'amount' | 'reference' | 'description' | 'occurrence'>): string {
  return `BS-${createHash('sha256').update(`${lineIdentity(line)}\u001f${line.occurrence}`).digest('hex').slice(0, 40)}`;
}

/** The latest price on or before each date, from the price history (oldest first). */
function priceFinder(prices: readonly { value_date: string; price: string }[]) {
  return (date: string) => {
    let lo = 0;
    let hi = prices.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (prices[mid]!.value_date <= date) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? null : prices[found]!;
  };
}

/**
 * Imports a bank statement (decision 0019): reads every line first (a bad file or line books
 * nothing: 400 with each bad line's number), then, in one transaction under the company's
 * import lock, books each line whose reference names a contract the caller acts for as a payment
 * (the ledger's journal, payment row, receipt mail and audit entry, as recordPayment writes
 * them, set-based), skips the lines already booked (their key is a payment reference already
 * taken) and lists the others for a person to resolve.
 */
export async function importStatement(
  app: FastifyInstance,
  caller: TAuthUser,
  body: Buffer,
  fileName: string | null,
  audit: TAuditContext,
  today = todayUtc(),
): Promise<TStatementImportResult> {
  const read = readStatement(readCsvRecords(body), today);
  if ('problem' in read) {
    const problem = read.problem;
    if (problem.code === 'empty') throw new AppError(400, 'statementEmpty');
    if (problem.code === 'tooManyLines') throw new AppError(413, 'statementTooManyLines', { max: problem.max });
    throw new AppError(400, problem.code === 'missingColumn' ? 'statementMissingColumn' : 'statementDuplicateColumn', { column: COLUMN_LABELS[problem.column] });
  }
  if (read.errors.length > 0) {
    throw new AppError(
      400,
      'statementBadLines',
      { count: read.errors.length },
      read.errors.slice(0, MAX_LISTED_ERRORS).map((e) => ({ field: `line${e.line}`, message: bkey(`line.${e.code}`, { line: e.line }) })),
    );
  }
  if (read.lines.length === 0 && read.ignored === 0) throw new AppError(400, 'statementEmpty');
  const fileSha256 = createHash('sha256').update(body).digest('hex');
  const keyed = read.lines.map((line) => ({ ...line, key: lineKey(line) }));

  return app.db.transaction().execute(async (tx) => {
    // One import at a time per company: two imports of one file cannot both book a line.
    await lockKey(tx, caller.companyId, 'bank-statement-import');
    const taken = await findTakenPaymentReferences(tx, caller.companyId, keyed.map((l) => l.key));
    const listed = await findListedLineKeys(tx, caller.companyId, keyed.map((l) => l.key));
    const fresh = keyed.filter((l) => !taken.has(l.key) && !listed.has(l.key));
    const contracts = await findImportContracts(tx, caller.companyId, [...new Set(fresh.flatMap((l) => (l.contractId ? [l.contractId] : [])))]);
    const priceOn = priceFinder(await findAllPrices(tx, caller.companyId));
    // Transfers already recorded by hand (e.g. the first payment, to activate): same contract, value date and amount.
    const byHand = await countHandPayments(tx, caller.companyId, [...contracts.keys()]);
    let recordedByHand = 0;

    const journalIds = [] as string[];
    const toBook: { line: (typeof keyed)[number]; contract: NonNullable<ReturnType<typeof contracts.get>>; price: { value_date: string; price: string } }[] = [];
    const unmatched: TNewLine[] = [];
    for (const line of fresh) {
      const contract = line.contractId ? contracts.get(line.contractId) : undefined;
      const price = priceOn(line.valueDate);
      let reason: TUnmatchedReason | null = null;
      if (!line.contractId) reason = 'NO_REFERENCE';
      else if (!contract) reason = 'UNKNOWN_CONTRACT';
      else if (!isStaffFor(caller, { id: contract.user_id, advisor_id: contract.owner_advisor_id })) reason = 'OUT_OF_SCOPE';
      else if (!PAYABLE_STATES.has(contract.state)) reason = 'NOT_PAYABLE';
      else if (line.valueDate < contract.submission_date) reason = 'BEFORE_CONTRACT';
      else if (!price) reason = 'NO_PRICE';
      if (reason || !contract || !price) {
        unmatched.push({
          lineNumber: line.line,
          lineKey: line.key,
          valueDate: line.valueDate,
          amount: formatEur(line.amount),
          reference: line.reference,
          description: line.description,
          reason: reason ?? 'NO_REFERENCE',
          // A contract of another company or out of the caller's reach is not named back.
          contractId: reason === 'NOT_PAYABLE' || reason === 'BEFORE_CONTRACT' || reason === 'NO_PRICE' ? line.contractId : null,
        });
        continue;
      }
      const hand = handKey(contract.id, line.valueDate, formatEur(line.amount));
      const handLeft = byHand.get(hand) ?? 0;
      if (handLeft > 0) {
        byHand.set(hand, handLeft - 1);
        recordedByHand += 1;
        continue;
      }
      toBook.push({ line, contract, price });
    }

    journalIds.push(...(await allocateJournalIds(tx, toBook.length)));
    const journals: TBulkJournal[] = [];
    const lines: TBulkLine[] = [];
    const payments: TBulkPayment[] = [];
    const mails: Parameters<typeof insertMailsBulk>[1][number][] = [];
    const audits: Parameters<typeof insertAuditBulk>[2][number][] = [];
    const dashboardUrl = `${app.config.PUBLIC_URL.replace(/\/$/, '')}${WEB_BASE}${paths.dashboard.href()}`;
    let recordedAmount = 0n;
    for (const [index, { line, contract, price }] of toBook.entries()) {
      const journalId = journalIds[index]!;
      const unitPrice = parsePrice(price.price);
      const priceText = formatPrice(unitPrice);
      const amountText = formatEur(line.amount);
      const { lines: journalLines, purchase } = paymentJournal({ amount: line.amount, price: unitPrice, contractId: contract.id, userId: contract.user_id });
      recordedAmount += line.amount;
      journals.push({
        id: journalId,
        occurredOn: line.valueDate,
        description: `Payment ${line.key} (TRANSFER) of ${amountText} EUR at ${priceText} EUR/unit of ${price.value_date}`,
      });
      for (const l of journalLines) {
        lines.push({ journalId, account: l.account, currency: l.currency, amount: l.currency === 'EUR' ? formatEur(l.amount) : formatUnits(l.amount), contractId: contract.id, userId: contract.user_id });
      }
      const paymentId = randomUUID();
      const units = formatUnits(purchase.units);
      payments.push({ id: paymentId, contractId: contract.id, userId: contract.user_id, amount: amountText, valueDate: line.valueDate, reference: line.key, price: priceText, priceDate: price.value_date, units, journalId });
      mails.push(
        paymentReceiptMail(
          {
            companyId: caller.companyId,
            owner: { email: contract.owner_email, firstName: contract.owner_first_name, language: contract.owner_language },
            contractId: contract.id,
            amount: amountText,
            valueDate: line.valueDate,
            reference: line.key,
            price: priceText,
            priceDate: price.value_date,
            units,
          },
          dashboardUrl,
        ),
      );
      audits.push({
        entityType: 'payment',
        entityId: paymentId,
        action: 'payment.record',
        after: {
          contractId: contract.id,
          userId: contract.user_id,
          amount: amountText,
          valueDate: line.valueDate,
          method: 'TRANSFER',
          reference: line.key,
          priceDate: price.value_date,
          price: priceText,
          units,
          roundingRemainder: formatEur(purchase.remainder),
          journalId,
          bankStatementLine: line.line,
        },
      });
    }
    await insertPaymentsBulk(tx, caller.companyId, caller.id, journals, lines, payments);
    await insertMailsBulk(tx, mails);
    await insertAuditBulk(tx, audit, audits);

    const result = {
      fileName,
      lines: keyed.length,
      recorded: toBook.length,
      alreadyRecorded: keyed.filter((l) => taken.has(l.key)).length + recordedByHand,
      unmatched: unmatched.length,
      // A listed line that was since assigned is booked: it counts as already recorded, once.
      alreadyListed: keyed.filter((l) => listed.has(l.key) && !taken.has(l.key)).length,
      ignored: read.ignored,
      recordedAmount: formatEur(recordedAmount),
    };
    const importId = await insertImport(tx, {
      companyId: caller.companyId,
      fileName,
      fileSha256,
      lines: result.lines,
      recorded: result.recorded,
      alreadyRecorded: result.alreadyRecorded,
      unmatched: result.unmatched,
      alreadyListed: result.alreadyListed,
      ignored: result.ignored,
      recordedAmount: result.recordedAmount,
      importedBy: caller.id,
    });
    await insertUnmatchedLines(tx, caller.companyId, importId, unmatched);
    await recordAudit(tx, audit, { entityType: 'bankStatement', entityId: importId, action: 'bankStatement.import', after: { ...result, fileSha256 } });
    return { importId, ...result };
  });
}

// The unmatched lines --------------------------------------------------------------------------

/** Company staff see every line; an advisor sees the lines of the statements they imported. */
const seesAllLines = (caller: TAuthUser) => caller.roles.includes('ADMIN') || caller.roles.includes('COMPANY_MANAGER');

const toLine = (row: TLineRow): TStatementLine => ({
  id: row.id,
  importId: row.import_id,
  fileName: row.file_name,
  lineNumber: row.line_number,
  valueDate: row.value_date,
  amount: formatEur(parseEur(row.amount)),
  reference: row.reference,
  description: row.description,
  reason: row.reason,
  contractId: row.contract_id,
  status: row.status,
  resolvedAt: row.resolved_at ? row.resolved_at.toISOString() : null,
  resolutionNote: row.resolution_note,
  paymentId: row.payment_id,
  importedAt: row.imported_at.toISOString(),
});

export async function listLines(app: FastifyInstance, caller: TAuthUser, query: TStatementLinesQuery): Promise<TStatementLinesPage> {
  const { rows, total } = await findLines(app.db, caller.companyId, { status: query.status, importedBy: seesAllLines(caller) ? null : caller.id }, query.size, query.page * query.size);
  return toPage(rows.map(toLine), query.page, query.size, total, true);
}

/** An open line the caller may resolve; 404 for another company's, or another advisor's import. */
async function reachableLine(app: FastifyInstance, caller: TAuthUser, lineId: string): Promise<TLineRow> {
  if (!isUuid(lineId)) throw notFound('statementLineNotFound');
  const line = await findLine(app.db, caller.companyId, lineId);
  if (!line || (!seesAllLines(caller) && line.imported_by !== caller.id)) throw notFound('statementLineNotFound');
  if (line.status !== 'OPEN') throw new AppError(409, 'statementLineResolved', { status: line.status });
  return line;
}

/**
 * Resolves a line by booking it to a contract: the ledger's recordPayment with the line's key as
 * reference (so a repeated request answers the same payment), then the line is closed with the
 * payment and an audit entry. The contract must be one the caller acts for (404 otherwise).
 */
export async function assignLine(app: FastifyInstance, caller: TAuthUser, lineId: string, body: TAssignLineRequest, audit: TAuditContext): Promise<TStatementLine> {
  const line = await reachableLine(app, caller, lineId);
  const { payment } = await recordPayment(
    app,
    caller,
    body.contractId,
    { amount: formatEur(parseEur(line.amount)), valueDate: line.value_date, method: 'TRANSFER', reference: line.line_key },
    audit,
  );
  await app.db.transaction().execute(async (tx) => {
    const current = await findLine(tx, caller.companyId, line.id, { forUpdate: true });
    if (current?.status === 'ASSIGNED' && current.payment_id === payment.id) return;
    if (!(await resolveLine(tx, caller.companyId, line.id, { status: 'ASSIGNED', resolvedBy: caller.id, note: null, paymentId: payment.id }))) {
      throw new AppError(409, 'statementLineResolved', { status: current?.status ?? 'OPEN' });
    }
    await recordAudit(tx, audit, {
      entityType: 'bankStatementLine',
      entityId: line.id,
      action: 'bankStatementLine.assign',
      before: { status: 'OPEN', reason: line.reason },
      after: { status: 'ASSIGNED', contractId: body.contractId, paymentId: payment.id, amount: payment.amount, valueDate: line.value_date },
    });
  });
  return toLine((await findLine(app.db, caller.companyId, line.id))!);
}

/** Resolves a line by dismissing it, with the reason (audited). */
export async function dismissLine(app: FastifyInstance, caller: TAuthUser, lineId: string, body: TDismissLineRequest, audit: TAuditContext): Promise<TStatementLine> {
  const line = await reachableLine(app, caller, lineId);
  await app.db.transaction().execute(async (tx) => {
    if (!(await resolveLine(tx, caller.companyId, line.id, { status: 'DISMISSED', resolvedBy: caller.id, note: body.reason, paymentId: null }))) {
      throw new AppError(409, 'statementLineResolved', { status: 'DISMISSED' });
    }
    await recordAudit(tx, audit, {
      entityType: 'bankStatementLine',
      entityId: line.id,
      action: 'bankStatementLine.dismiss',
      before: { status: 'OPEN', reason: line.reason },
      after: { status: 'DISMISSED', note: body.reason, amount: formatEur(parseEur(line.amount)), valueDate: line.value_date },
    });
  });
  return toLine((await findLine(app.db, caller.companyId, line.id))!);
}
