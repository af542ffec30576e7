import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  WEB_BASE,
  encodeMessage,
  formatEur,
  madridDate,
  owedFromBalance,
  parseEur,
  paths,
  payoutCoverage,
  payoutJournal,
  payoutOwedText,
  payoutProblem,
  seesBlockedPeople,
  type TPaymentPreference,
  type TPayout,
  type TRecordPayoutRequest,
  type TSellerPayables,
  type TSellerPayablesQuery,
  type TTradePayoutStatus,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { bookJournal, contractEurBalances, listContractEurBalances, lockLedgerKey } from '../ledger/service.ts';
import { listPaymentMethodsOf } from '../payment-preferences/service.ts';
import { payoutMail } from './mail.ts';
import './messages.ts';
import {
  findContractsPayouts,
  findContractsSales,
  findPayoutByKey,
  findPayoutContracts,
  findSellerContractIds,
  findSellerPayouts,
  insertPayout,
  lockContractForPayout,
  type TPayoutRow,
} from './payouts-repository.ts';

/**
 * Paying sellers what the platform owes them after market trades (issue 18, decision 0036). What
 * is owed is always the MARKET_PAYABLE balance of the seller's contract, read from the ledger. A
 * payout locks that contract's row, reads the balance under the lock, refuses more than it, and
 * writes the PAYOUT journal, the payout row (with its Idempotency-Key), the audit entry and the
 * seller's mail in one transaction.
 */

type TLanguage = 'es' | 'en';
const mkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`market.errors.${key}`, params);
const trimZeros = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);
const myTradesUrl = (app: FastifyInstance) => `${app.config.PUBLIC_URL.replace(/\/$/, '')}${WEB_BASE}${paths.marketMine.href()}`;

export const hashPayoutRequest = (contractId: string, body: TRecordPayoutRequest): string =>
  createHash('sha256')
    .update(JSON.stringify({ contractId, amount: formatEur(parseEur(body.amount)), valueDate: body.valueDate, bankReference: body.bankReference }))
    .digest('hex');

const toPayout = (row: TPayoutRow): TPayout => ({
  id: row.id,
  contractId: row.contract_id,
  amountCents: String(row.amount_cents),
  valueDate: row.value_date,
  bankReference: row.bank_reference,
  journalId: String(row.journal_id),
  recordedAt: new Date(row.created_at).toISOString(),
});

/** A payment method as staff see it for a payout: never more than the product shows elsewhere. */
function maskedMethod(method: TPaymentPreference) {
  const masked =
    method.kind === 'CARD'
      ? (method.creditCard ?? '')
      : method.kind === 'ETHEREUM'
        ? (method.ethereumAddress ?? '')
        : method.ibanLastFour
          ? `•••• ${method.ibanLastFour}`
          : '';
  return { kind: method.kind, masked, cardBrand: method.cardBrand };
}

/** Each sale's payout status on a set of contracts: the payouts cover their nets oldest first. */
async function coverageOf(db: Kysely<Database>, companyId: string, contractIds: readonly string[]) {
  const [sales, payouts] = await Promise.all([findContractsSales(db, companyId, contractIds), findContractsPayouts(db, companyId, contractIds)]);
  const byTrade = new Map<string, { paid: bigint; status: TTradePayoutStatus }>();
  for (const contractId of contractIds) {
    const paid = payouts.filter((p) => p.contract_id === contractId).reduce((sum, p) => sum + BigInt(p.amount_cents), 0n);
    const mine = sales.filter((s) => s.seller_contract_id === contractId).map((s) => ({ id: s.id, net: BigInt(s.net_cents) }));
    for (const c of payoutCoverage(mine, paid)) byTrade.set(c.id, { paid: c.paid, status: c.status });
  }
  return { sales, payouts, byTrade };
}

// Staff: the list -------------------------------------------------------------------------------

export async function listSellerPayables(app: FastifyInstance, caller: TAuthUser, query: TSellerPayablesQuery, language: TLanguage): Promise<TSellerPayables> {
  const { rows, total } = await listContractEurBalances(app.db, caller.companyId, 'MARKET_PAYABLE', {
    onlyCredited: query.filter === 'owed',
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const contractIds = rows.map((r) => r.contractId);
  const [contracts, { sales, payouts, byTrade }] = await Promise.all([findPayoutContracts(app.db, caller.companyId, contractIds), coverageOf(app.db, caller.companyId, contractIds)]);
  // A seller whose data is blocked (issue 16): what is owed stays on the list (the books keep it),
  // their person only for a role that sees blocked people (ADMIN), as every other path decides.
  const hidden = (c: { blocked_at: Date | string | null }) => Boolean(c.blocked_at) && !seesBlockedPeople(caller.roles);
  const methods = new Map<string, TPaymentPreference[]>();
  for (const userId of new Set(contracts.filter((c) => !hidden(c)).map((c) => c.user_id))) methods.set(userId, await listPaymentMethodsOf(app.db, caller.companyId, userId));
  const items = rows.flatMap((row) => {
    const contract = contracts.find((c) => c.contract_id === row.contractId);
    if (!contract) return [];
    const mySales = sales.filter((s) => s.seller_contract_id === row.contractId);
    const myPayouts = payouts.filter((p) => p.contract_id === row.contractId);
    const blocked = Boolean(contract.blocked_at);
    return [
      {
        contractId: row.contractId,
        productName: language === 'en' ? contract.name_en : contract.name_es,
        seller: hidden(contract)
          ? { id: '', name: '', email: '', language: '', blocked }
          : { id: contract.user_id, name: `${contract.first_name} ${contract.last_name}`.trim(), email: contract.email, language: contract.language, blocked },
        paymentMethods: hidden(contract) ? [] : (methods.get(contract.user_id) ?? []).map(maskedMethod),
        owedCents: owedFromBalance(row.balance).toString(),
        soldNetCents: mySales.reduce((sum, s) => sum + BigInt(s.net_cents), 0n).toString(),
        paidCents: myPayouts.reduce((sum, p) => sum + BigInt(p.amount_cents), 0n).toString(),
        trades: mySales.map((s) => ({
          id: s.id,
          at: new Date(s.created_at).toISOString(),
          units: trimZeros(String(s.units)),
          price: trimZeros(String(s.price)),
          netCents: String(s.net_cents),
          paidCents: (byTrade.get(s.id)?.paid ?? 0n).toString(),
          status: byTrade.get(s.id)?.status ?? 'PENDING',
        })),
        payouts: myPayouts.map(toPayout),
      },
    ];
  });
  return { items, total, page: query.page, size: query.size };
}

// Staff: recording a payout ---------------------------------------------------------------------

function replayed(done: TPayoutRow, requestHash: string): { status: 200; result: TPayout } {
  if (done.request_hash !== requestHash) throw new AppError(422, 'payoutKeyReused');
  return { status: 200, result: toPayout(done) };
}

/**
 * Records a payout of `amount` to the seller of a contract. In one transaction: the key's lock
 * and look-up (a retry answers the first payout, 200; another body with the same key, 422), the
 * contract's row lock, the MARKET_PAYABLE balance read under it (two payouts at once can never
 * pay more than is owed: the second reads what the first left), the PAYOUT journal, the payout
 * row, the audit entry and the seller's mail.
 */
export async function recordPayout(
  app: FastifyInstance,
  caller: TAuthUser,
  contractId: string,
  body: TRecordPayoutRequest,
  idempotencyKey: string,
  audit: TAuditContext,
  now = new Date(),
): Promise<{ status: 200 | 201; result: TPayout }> {
  const amount = parseEur(body.amount);
  const requestHash = hashPayoutRequest(contractId, body);
  const done = await findPayoutByKey(app.db, caller.companyId, idempotencyKey);
  if (done) return replayed(done, requestHash);
  if (!isUuid(contractId)) throw notFound('payoutContractNotFound');
  const today = madridDate(now);
  if (body.valueDate > today) throw new AppError(400, 'validation', {}, [{ field: 'valueDate', message: mkey('payoutFutureDate') }]);
  const outcome = await app.db.transaction().execute(async (tx): Promise<{ replay: TPayoutRow } | { payout: TPayoutRow }> => {
    await lockLedgerKey(tx, caller.companyId, `payout-key:${idempotencyKey}`);
    const again = await findPayoutByKey(tx, caller.companyId, idempotencyKey);
    if (again) return { replay: again };
    const contract = await lockContractForPayout(tx, caller.companyId, contractId);
    if (!contract) throw notFound('payoutContractNotFound');
    // A seller whose data is blocked is paid by a role that sees them (ADMIN) only: 404 for the others, as elsewhere.
    const [seller] = await findPayoutContracts(tx, caller.companyId, [contract.id]);
    if (seller?.blocked_at && !seesBlockedPeople(caller.roles)) throw notFound('payoutContractNotFound');
    const balance = (await contractEurBalances(tx, caller.companyId, 'MARKET_PAYABLE', [contract.id])).get(contract.id);
    // A contract that never sold on the market has nothing to pay out: as unknown to this screen.
    if (balance === undefined) throw notFound('payoutContractNotFound');
    const owed = owedFromBalance(balance);
    const problem = payoutProblem({ amount, owed, valueDate: body.valueDate, today });
    if (problem === 'moreThanOwed')
      // De-style money in both languages (decisions.md), as the hint beside the field says it.
      throw new AppError(409, 'payoutMoreThanOwed', { owed: payoutOwedText(owed) }, [{ field: 'amount', message: mkey('payoutMoreThanOwed', { owed: payoutOwedText(owed) }) }]);
    if (problem) throw new AppError(400, 'validation');
    const journalId = await bookJournal(
      tx,
      { companyId: caller.companyId, kind: 'PAYOUT', occurredOn: body.valueDate, description: `Market payout ${body.bankReference}`, createdBy: caller.id },
      payoutJournal({ amount, contractId: contract.id, userId: contract.user_id }),
    );
    const payout = await insertPayout(tx, {
      companyId: caller.companyId,
      contractId: contract.id,
      sellerId: contract.user_id,
      amountCents: amount.toString(),
      valueDate: body.valueDate,
      bankReference: body.bankReference,
      journalId,
      idempotencyKey,
      requestHash,
      createdBy: caller.id,
    });
    await recordAudit(tx, audit, {
      entityType: 'marketPayout',
      entityId: payout.id,
      action: 'marketPayout.record',
      before: { contractId: contract.id, owed: formatEur(owed) },
      after: { sellerId: contract.user_id, amount: formatEur(amount), valueDate: body.valueDate, bankReference: body.bankReference, journalId, stillOwed: formatEur(owed - amount) },
    });
    if (seller) {
      await app.mailer.enqueue(
        tx,
        payoutMail(
          caller.companyId,
          { email: seller.email, firstName: seller.first_name, language: seller.language },
          { amount, valueDate: body.valueDate, bankReference: body.bankReference, productName: { es: seller.name_es, en: seller.name_en }, stillOwed: owed - amount },
          myTradesUrl(app),
        ),
      );
    }
    return { payout };
  });
  if ('replay' in outcome) return replayed(outcome.replay, requestHash);
  return { status: 201, result: toPayout(outcome.payout) };
}

// The seller's own view -------------------------------------------------------------------------

/** A seller's payouts received and each of their sales' payout status (for "My trades"). */
export async function sellerPayoutView(db: Kysely<Database>, companyId: string, sellerId: string) {
  const [payouts, contractIds] = await Promise.all([findSellerPayouts(db, companyId, sellerId), findSellerContractIds(db, companyId, sellerId)]);
  const { byTrade } = await coverageOf(db, companyId, contractIds);
  return { payouts: payouts.map(toPayout), byTrade };
}

/** The payouts a person received, for their personal data export. */
export async function listPayoutsForExport(db: Kysely<Database>, companyId: string, sellerId: string): Promise<TPayout[]> {
  return (await findSellerPayouts(db, companyId, sellerId)).map(toPayout);
}
