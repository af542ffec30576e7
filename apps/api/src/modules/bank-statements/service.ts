import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  WEB_BASE,
  encodeMessage,
  formatEur,
  formatPrice,
  formatUnits,
  lineIdentity,
  parsePrice,
  paths,
  paymentJournal,
  readStatement,
  type TStatementImportResult,
  type TParsedStatementLine,
  type TUnmatchedReason,
} from '@kc/domain';
import { allowLongWork } from '../../db/timeouts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { assertNoPersonalData, recordAudit, type TAuditContext } from '../audit/service.ts';
import { isStaffFor } from '../contracts/access.ts';
import { paymentReceiptMail } from '../ledger/mail.ts';
import { lockLedgerKey, todayUtc } from '../ledger/service.ts';
import { readCsvRecords } from './csv.ts';
import {
  allocateJournalIds,
  countHandPayments,
  findAllPrices,
  findImportContracts,
  findListedLineKeys,
  findTakenPaymentReferences,
  handKey,
  insertAuditBulk,
  insertImport,
  insertMailsBulk,
  insertPaymentsBulk,
  insertUnmatchedLines,
  type TBulkJournal,
  type TBulkLine,
  type TBulkPayment,
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
    // Tens of thousands of lines in a few set-based statements, possibly after waiting for another
    // import of the company: longer than the pool's limits allow a request.
    await allowLongWork(tx);
    // One import at a time per company: two imports of one file cannot both book a line.
    await lockLedgerKey(tx, caller.companyId, 'bank-statement-import');
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
      else if (!isStaffFor(caller, { id: contract.user_id, advisor_id: contract.owner_advisor_id, blocked_at: contract.owner_blocked_at })) reason = 'OUT_OF_SCOPE';
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
      mails.push({
        ...paymentReceiptMail(
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
        // The contract's owner: their erasure finds the mail by this (decision 0027).
        userId: contract.user_id,
      });
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
    for (const entry of audits) assertNoPersonalData(entry);
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
