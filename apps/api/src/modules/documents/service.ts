import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  documentFileName,
  documentIdOf,
  formatEur,
  parseDocumentId,
  parseEur,
  parsePrice,
  parseUnits,
  statementFigures,
  sumStatements,
  type TDocumentItem,
  type TDocumentLanguage,
  type TDocumentList,
  type TDocumentRef,
  type TStatementLedgerLine,
} from '@kc/domain';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { mayReadDocuments } from './access.ts';
import { contractModel, contractStatementModel, investorStatementModel, receiptModel, tradeModel, type TIncomeEntry } from './models.ts';
// The KC market (issue 18): trade confirmations.
import { findTradeForDocument, listTradeConfirmations } from '../market/service.ts';
import { renderPdf, type TPdfModel } from './pdf.ts';
import {
  findAllPrices,
  findCustomerDocumentContracts,
  findCustomerIncome,
  findCustomerPayments,
  findDocumentContract,
  findDocumentCustomer,
  findDocumentPayment,
  findFirstLineDates,
  findStatementLines,
  findStoredDocument,
  findUserLanguage,
  insertDocument,
  type TDocumentContract,
  type TDocumentCustomer,
} from './repository.ts';
import './messages.ts';
// Investor protection (issue 16, helper kis).
import { contractProtection } from '../investor-protection/service.ts';
import { findCustomerIncome as findIncomeForExport, findCustomerPayments as findPaymentsForExport } from './repository.ts';
import type { TDb } from '../../db/database.ts';

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
/** Statements exist for closed years only: the current year is not final (docs/decisions/0021). */
export const lastClosedYear = (today = todayUtc()) => Number(today.slice(0, 4)) - 1;
const FIRST_YEAR = 2000;

/** The customer named in a URL, if the caller may read their documents; 404 otherwise. */
export async function readableCustomer(app: FastifyInstance, caller: TAuthUser, customerId: string): Promise<TDocumentCustomer> {
  if (!isUuid(customerId)) throw notFound('customerNotFound');
  const customer = await findDocumentCustomer(app.db, caller.companyId, customerId);
  if (!customer || !mayReadDocuments(caller, customer)) throw notFound('customerNotFound');
  return customer;
}

/** The language of a document or export: ?lang=, else the caller's own language, else the request's. */
export async function documentLanguage(app: FastifyInstance, caller: TAuthUser, requested: TDocumentLanguage | undefined, fallback: string): Promise<TDocumentLanguage> {
  if (requested) return requested;
  const own = await findUserLanguage(app.db, caller.id);
  if (own === 'es' || own === 'en') return own;
  return fallback === 'en' ? 'en' : 'es';
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/** Every document of a customer (optionally of one contract), whether already generated or not. */
export async function listDocuments(app: FastifyInstance, caller: TAuthUser, customerId: string, contractId?: string, today = todayUtc()): Promise<TDocumentList> {
  const customer = await readableCustomer(app, caller, customerId);
  let contracts = await findCustomerDocumentContracts(app.db, caller.companyId, customer.id);
  if (contractId !== undefined) {
    contracts = contracts.filter((c) => c.id === contractId);
    if (contracts.length === 0) throw notFound('contractNotFound');
  }
  const ids = contracts.map((c) => c.id);
  const payments = (await findCustomerPayments(app.db, caller.companyId, customer.id, contractId)).filter((p) => ids.includes(p.contract_id));
  const trades = await listTradeConfirmations(app.db, caller.companyId, customer.id);
  const firstDates = new Map((await findFirstLineDates(app.db, caller.companyId, ids)).map((r) => [r.contract_id!, r.first_on]));
  const closed = lastClosedYear(today);
  const documents: TDocumentItem[] = [];
  const item = (ref: TDocumentRef, extra: Partial<TDocumentItem> & { date: string }): TDocumentItem => ({
    id: documentIdOf(ref),
    kind: ref.kind,
    contractId: 'contractId' in ref ? ref.contractId : null,
    paymentId: 'paymentId' in ref ? ref.paymentId : null,
    year: 'year' in ref ? ref.year : null,
    amount: null,
    ...extra,
  });
  for (const contract of contracts) {
    documents.push(item({ kind: 'CONTRACT', contractId: contract.id }, { date: contract.submission_date }));
    for (const p of payments.filter((x) => x.contract_id === contract.id)) {
      documents.push(item({ kind: 'RECEIPT', paymentId: p.id }, { contractId: contract.id, date: p.value_date, amount: formatEur(parseEur(p.amount)) }));
    }
    // The KC market (issue 18): this person's confirmation of each trade of the contract (bought or sold).
    for (const trade of trades.filter((x) => x.contractId === contract.id)) {
      documents.push(item({ kind: 'TRADE', tradeId: trade.tradeId, side: trade.side }, { contractId: contract.id, date: trade.date, amount: trade.gross }));
    }
    const first = firstDates.get(contract.id);
    if (first) {
      for (let year = closed; year >= Math.max(yearOf(first), FIRST_YEAR); year -= 1) {
        documents.push(item({ kind: 'CONTRACT_STATEMENT', contractId: contract.id, year }, { date: `${year}-12-31` }));
      }
    }
  }
  if (contractId === undefined && firstDates.size > 0) {
    const first = Math.min(...[...firstDates.values()].map(yearOf));
    for (let year = closed; year >= Math.max(first, FIRST_YEAR); year -= 1) {
      documents.push(item({ kind: 'INVESTOR_STATEMENT', userId: customer.id, year }, { date: `${year}-12-31` }));
    }
  }
  return {
    customerId: customer.id,
    lastClosedYear: closed,
    contracts: contracts.map((c) => ({ id: c.id, productNameEs: c.name_es, productNameEn: c.name_en, state: c.state, submissionDate: c.submission_date })),
    documents,
  };
}

// Generating and serving ---------------------------------------------------------------------------

export interface TDocumentFile {
  fileName: string;
  content: Buffer;
  sha256: string;
}

interface TResolved {
  owner: TDocumentCustomer;
  contract: TDocumentContract | null;
  paymentId: string | null;
  year: number | null;
  build: (lang: TDocumentLanguage) => Promise<TPdfModel>;
}

async function statementInputs(app: FastifyInstance, companyId: string, contracts: TDocumentContract[], ownerId: string, year: number) {
  const ids = contracts.map((c) => c.id);
  const rows = await findStatementLines(app.db, companyId, ids, `${year}-12-31`);
  const prices = (await findAllPrices(app.db, companyId)).map((p) => ({ valueDate: p.value_date, price: parsePrice(p.price) }));
  const linesOf = (contractId: string): TStatementLedgerLine[] =>
    rows
      .filter((r) => r.contract_id === contractId)
      .map((r) => ({
        date: r.occurred_on,
        account: r.account as TStatementLedgerLine['account'],
        amount: r.account === 'INVESTOR_UNITS' ? parseUnits(r.amount) : parseEur(r.amount),
      }));
  const payments = (await findCustomerPayments(app.db, companyId, ownerId)).filter((p) => ids.includes(p.contract_id) && yearOf(p.value_date) === year);
  const income: TIncomeEntry[] = (await findCustomerIncome(app.db, companyId, ownerId))
    .filter((i) => ids.includes(i.contract_id!) && yearOf(i.occurred_on) === year)
    .map((i) => ({ contractId: i.contract_id!, date: i.occurred_on, description: i.description, amount: -parseEur(i.amount) }));
  return { linesOf, prices, payments, income };
}

async function resolveDocument(app: FastifyInstance, caller: TAuthUser, ref: TDocumentRef, today: string): Promise<TResolved> {
  const companyId = caller.companyId;
  const ownerOf = async (userId: string) => {
    const owner = await findDocumentCustomer(app.db, companyId, userId);
    if (!owner || !mayReadDocuments(caller, owner)) throw notFound('documentNotFound');
    return owner;
  };
  if ('year' in ref && (ref.year > lastClosedYear(today) || ref.year < FIRST_YEAR)) throw notFound('documentNotFound');
  switch (ref.kind) {
    case 'CONTRACT': {
      const contract = await findDocumentContract(app.db, companyId, ref.contractId);
      if (!contract) throw notFound('documentNotFound');
      const owner = await ownerOf(contract.user_id);
      // Investor protection (issue 16, helper kis): the key information sheet's version accepted at the hire.
      const accepted = await contractProtection(app, companyId, contract.id);
      return { owner, contract, paymentId: null, year: null, build: async (lang) => contractModel(contract, owner, lang, accepted?.keyInfoVersion) };
    }
    case 'RECEIPT': {
      const payment = await findDocumentPayment(app.db, companyId, ref.paymentId);
      if (!payment) throw notFound('documentNotFound');
      const contract = await findDocumentContract(app.db, companyId, payment.contract_id);
      if (!contract) throw notFound('documentNotFound');
      const owner = await ownerOf(payment.user_id);
      return { owner, contract, paymentId: payment.id, year: null, build: async (lang) => receiptModel(payment, contract, owner, lang) };
    }
    case 'CONTRACT_STATEMENT': {
      const contract = await findDocumentContract(app.db, companyId, ref.contractId);
      if (!contract || ref.year < yearOf(contract.submission_date)) throw notFound('documentNotFound');
      const owner = await ownerOf(contract.user_id);
      return {
        owner,
        contract,
        paymentId: null,
        year: ref.year,
        build: async (lang) => {
          const input = await statementInputs(app, companyId, [contract], owner.id, ref.year);
          const figures = statementFigures(ref.year, input.linesOf(contract.id), input.prices);
          return contractStatementModel(figures, contract, owner, input.payments, input.income, lang);
        },
      };
    }
    case 'INVESTOR_STATEMENT': {
      const owner = await ownerOf(ref.userId);
      const contracts = (await findCustomerDocumentContracts(app.db, companyId, owner.id)).filter((c) => yearOf(c.submission_date) <= ref.year);
      return {
        owner,
        contract: null,
        paymentId: null,
        year: ref.year,
        build: async (lang) => {
          const input = await statementInputs(app, companyId, contracts, owner.id, ref.year);
          const perContract = contracts.map((contract) => ({ contract, figures: statementFigures(ref.year, input.linesOf(contract.id), input.prices) }));
          const total = sumStatements(ref.year, perContract.map((p) => p.figures));
          return investorStatementModel(total, perContract, owner, input.payments, input.income, lang);
        },
      };
    }
    // The KC market (issue 18): each party's confirmation of a trade; the other party gets 404.
    case 'TRADE': {
      const trade = await findTradeForDocument(app, companyId, ref.tradeId);
      if (!trade) throw notFound('documentNotFound');
      const contract = await findDocumentContract(app.db, companyId, ref.side === 'buy' ? trade.buyer_contract_id : trade.seller_contract_id);
      if (!contract) throw notFound('documentNotFound');
      const owner = await ownerOf(ref.side === 'buy' ? trade.buyer_id : trade.seller_id);
      const data = {
        id: trade.id,
        side: ref.side,
        units: trimScale(trade.units),
        price: trimScale(trade.price),
        grossCents: String(trade.gross_cents),
        feeCents: String(trade.fee_cents),
        netCents: String(trade.net_cents),
        at: new Date(trade.created_at),
        keyInfoVersion: trade.key_info_version,
      };
      return { owner, contract, paymentId: null, year: null, build: async (lang) => tradeModel(data, contract, owner, lang) };
    }
  }
}

const trimScale = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * A document's PDF: the stored one when this document, in this language, with these figures
 * was generated before; otherwise generated now and stored (once, even under a race).
 */
export async function downloadDocument(
  app: FastifyInstance,
  caller: TAuthUser,
  documentId: string,
  lang: TDocumentLanguage,
  audit: TAuditContext,
  today = todayUtc(),
): Promise<TDocumentFile> {
  const ref = parseDocumentId(documentId);
  if (!ref) throw notFound('documentNotFound');
  const resolved = await resolveDocument(app, caller, ref, today);
  const model = await resolved.build(lang);
  const dataDigest = sha256(JSON.stringify(model));
  const key = { companyId: caller.companyId, documentId, language: lang, dataDigest };
  let stored = await findStoredDocument(app.db, key);
  if (!stored) {
    const content = await renderPdf(model, today);
    stored = await insertDocument(app.db, {
      ...key,
      userId: resolved.owner.id,
      kind: ref.kind,
      contractId: resolved.contract?.id ?? null,
      paymentId: resolved.paymentId,
      year: resolved.year,
      fileName: documentFileName(ref, lang),
      content,
      sha256: sha256(content),
      createdBy: caller.id,
    });
  }
  if (caller.id !== resolved.owner.id) {
    await recordAudit(app.db, audit, {
      entityType: 'document',
      entityId: documentId,
      action: 'document.download',
      after: { documentId, customerId: resolved.owner.id, language: lang, sha256: stored.sha256 },
    });
  }
  return { fileName: stored.file_name, content: Buffer.from(stored.content), sha256: stored.sha256 };
}

/** Personal data export (issue 16): a person's payments and the income credited to them, for themselves only. */
export async function listMoneyForExport(db: TDb, companyId: string, userId: string) {
  const [payments, income] = await Promise.all([findPaymentsForExport(db, companyId, userId), findIncomeForExport(db, companyId, userId)]);
  return { payments, income };
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseDocuments } from './repository.ts';
