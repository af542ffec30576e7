import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  MARKET_FEE_BPS,
  MARKET_LAST_TRADES_LENGTH,
  MARKET_MIN_TRADE_CENTS,
  MARKET_PRICE_BAND_BPS,
  MARKET_PRICE_HISTORY_LENGTH,
  WEB_BASE,
  fillProblem,
  formatEur,
  formatPrice,
  formatUnits,
  madridDate,
  offerProblem,
  offerValidUntil,
  parsePrice,
  parseUnits,
  paths,
  priceBand,
  tradeJournal,
  valueAt,
  type TCreateMarketOfferRequest,
  type TMarketBuyRequest,
  type TMarketBuyResult,
  type TMarketOffer,
  type TMarketOfferList,
  type TMarketOfferListQuery,
  type TMarketSummary,
  type TMyMarketOffers,
  type TMyMarketTrades,
  type TOfferProblem,
  type TScaled,
  type TUpdateMarketOfferRequest,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { contractsChangedByTrade, openContractForTrade } from '../contracts/service.ts';
import { checkMarketBuyProtection, recordHireProtection } from '../investor-protection/service.ts';
import { bookJournal } from '../ledger/service.ts';
import { buyerMail, offerClosedMail, sellerMail, type TMailTrade } from './mail.ts';
import { listPayoutsForExport, sellerPayoutView } from './payouts-service.ts';
import './messages.ts';
import {
  closeOffer,
  fillOfferIfOpen,
  findBuyContext,
  findContract,
  findDepth,
  findLastTrades,
  findOffer,
  findOfferFills,
  findOfferView,
  findOpenOffers,
  findPeople,
  findProductNames,
  findRecentPrices,
  findReferencePrice,
  findSellerOffers,
  findTrade,
  findTradeByKey,
  findUserTrades,
  insertOffer,
  insertTrade,
  lockContract,
  findOfferForBuy,
  lockOffer,
  sumContractUnits,
  sumUnitsAndOffers,
  tryLockBuyKey,
  updateOffer,
  withdrawContractOffers,
  type TBand,
  type TOfferViewRow,
  type TTradeRow,
  findOffersForExport,
  findTradesForExport,
  type TBuyContextRow,
} from './repository.ts';

/**
 * The KC market (issue 18, decisions 0031 and 0034): a bulletin board where investors offer units
 * of their ACTIVE contracts inside a band around the last published price and others buy all or
 * part of them. Every change of an offer happens under its row lock; a buy writes the trade, its
 * ledger journal, the buyer's new contract and its Idempotency-Key in one transaction.
 */

type TDb = FastifyInstance['db'];
type TLanguage = 'es' | 'en';

const DEPTH_LEVELS = 50;
const toBandText = (band: { min: TScaled; max: TScaled }): TBand => ({ min: formatPrice(band.min), max: formatPrice(band.max) });
/** numeric columns come back with their full scale ('12.500000'); units and prices are shown at scale 6. */
const unitsText = (text: string) => formatUnits(parseUnits(trimZeros(text)));
const priceText = (text: string) => formatPrice(parsePrice(trimZeros(text)));
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

const marketUrl = (app: FastifyInstance) => `${app.config.PUBLIC_URL.replace(/\/$/, '')}${WEB_BASE}${paths.market.href()}`;
const documentsUrl = (app: FastifyInstance) => `${app.config.PUBLIC_URL.replace(/\/$/, '')}${WEB_BASE}${paths.documents.href()}`;

/** The band around the last published price, or null when none was published. */
async function currentBand(db: TDb | Transaction<Database>, companyId: string) {
  const reference = await findReferencePrice(db, companyId);
  if (!reference) return null;
  const price = parsePrice(trimZeros(reference.price));
  return { reference, price, band: priceBand(price) };
}

// Summary ---------------------------------------------------------------------------------------

export async function getSummary(app: FastifyInstance, companyId: string, now = new Date()): Promise<TMarketSummary> {
  const [current, prices, trades] = await Promise.all([
    currentBand(app.db, companyId),
    findRecentPrices(app.db, companyId, MARKET_PRICE_HISTORY_LENGTH),
    findLastTrades(app.db, companyId, MARKET_LAST_TRADES_LENGTH),
  ]);
  const depth = current ? await findDepth(app.db, companyId, now, toBandText(current.band), DEPTH_LEVELS) : [];
  return {
    referencePrice: current ? { price: formatPrice(current.price), valueDate: current.reference.value_date, publishedAt: new Date(current.reference.published_at).toISOString() } : null,
    band: current ? { ...toBandText(current.band), bps: Number(MARKET_PRICE_BAND_BPS) } : null,
    feeBps: Number(MARKET_FEE_BPS),
    minTradeCents: Number(MARKET_MIN_TRADE_CENTS),
    priceHistory: prices.map((p) => ({ price: priceText(p.price), valueDate: p.value_date, publishedAt: new Date(p.published_at).toISOString() })),
    lastTrades: trades.map((t) => ({ price: priceText(t.price), units: unitsText(t.units), at: new Date(t.created_at).toISOString() })),
    depth: depth.map((d) => ({ price: priceText(d.price), units: unitsText(d.units), offers: Number(d.offers) })),
  };
}

// Offers ----------------------------------------------------------------------------------------

function toOffer(row: TOfferViewRow, callerId: string, language: TLanguage): TMarketOffer {
  return {
    id: row.id,
    productKey: row.product_key,
    productName: language === 'en' ? row.name_en : row.name_es,
    units: unitsText(row.units),
    remainingUnits: unitsText(row.remaining_units),
    price: priceText(row.price),
    validUntil: new Date(row.valid_until).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    own: row.seller_id === callerId,
  };
}

export async function listOffers(app: FastifyInstance, caller: TAuthUser, query: TMarketOfferListQuery, language: TLanguage, now = new Date()): Promise<TMarketOfferList> {
  const current = await currentBand(app.db, caller.companyId);
  if (!current) return { items: [], total: 0, page: query.page, size: query.size };
  const { rows, total } = await findOpenOffers(app.db, caller.companyId, now, toBandText(current.band), {
    sort: query.sort,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  return { items: rows.map((row) => toOffer(row, caller.id, language)), total, page: query.page, size: query.size };
}

/** One offer as the list shows it: 404 unless it is open, valid and inside the current band. */
export async function getOffer(app: FastifyInstance, caller: TAuthUser, offerId: string, language: TLanguage, now = new Date()): Promise<TMarketOffer> {
  const row = await findOfferView(app.db, caller.companyId, offerId);
  const current = await currentBand(app.db, caller.companyId);
  if (!row || !current || !isBuyable(row, current.band, now)) throw notFound('offerNotFound');
  return toOffer(row, caller.id, language);
}

function isBuyable(row: { status: string; valid_until: Date; price: string }, band: { min: TScaled; max: TScaled }, now: Date): boolean {
  const price = parsePrice(trimZeros(row.price));
  return row.status === 'OPEN' && new Date(row.valid_until).getTime() > now.getTime() && price >= band.min && price <= band.max;
}

/** The problem of an offer as an error: input out of the rules is 400, a state of things 409. */
function offerError(problem: TOfferProblem, context: { band?: { min: TScaled; max: TScaled }; available?: TScaled }): AppError {
  switch (problem) {
    case 'contractNotActive':
      return new AppError(409, 'contractNotActive');
    case 'noReferencePrice':
      return new AppError(409, 'noReferencePrice');
    case 'notEnoughUnits':
      return new AppError(409, 'notEnoughUnits', { available: formatUnits(context.available ?? 0n) });
    case 'priceOutOfBand':
      return new AppError(400, 'priceOutOfBand', { min: formatPrice(context.band!.min), max: formatPrice(context.band!.max) });
    case 'validityOutOfRange':
      return new AppError(400, 'validityOutOfRange');
    case 'tradeTooSmall':
      return new AppError(400, 'tradeTooSmall', { min: formatEur(MARKET_MIN_TRADE_CENTS) });
    case 'unitsNotPositive':
      return new AppError(400, 'validation');
  }
}

/** A contract's units and the units its OPEN offers reserve (but `exceptOfferId`'s), from one snapshot. */
async function unitsAndOffers(tx: Transaction<Database>, contractId: string, exceptOfferId?: string): Promise<{ held: TScaled; onOffer: TScaled }> {
  const sums = await sumUnitsAndOffers(tx, contractId, exceptOfferId);
  return { held: parseUnits(trimZeros(sums.held)), onOffer: parseUnits(trimZeros(sums.onOffer)) };
}

export async function createOffer(app: FastifyInstance, caller: TAuthUser, body: TCreateMarketOfferRequest, language: TLanguage, now = new Date()): Promise<TMarketOffer> {
  const units = parseUnits(body.units);
  const price = parsePrice(body.price);
  const offerId = await app.db.transaction().execute(async (tx) => {
    const contract = await lockContract(tx, caller.companyId, body.contractId);
    if (!contract || contract.user_id !== caller.id) throw notFound('marketContractNotFound');
    const current = await currentBand(tx, caller.companyId);
    const { held, onOffer } = await unitsAndOffers(tx, contract.id);
    const problem = offerProblem({ units, price, validityDays: body.validityDays, reference: current?.price ?? null, held, onOffer, contractState: contract.state });
    if (problem) throw offerError(problem, { ...(current ? { band: current.band } : {}), available: held - onOffer });
    return insertOffer(tx, {
      companyId: caller.companyId,
      sellerId: caller.id,
      contractId: contract.id,
      units: formatUnits(units),
      price: formatPrice(price),
      referencePrice: formatPrice(current!.price),
      validUntil: offerValidUntil(now, body.validityDays),
      now,
    });
  });
  const row = await findOfferView(app.db, caller.companyId, offerId);
  return toOffer(row!, caller.id, language);
}

/**
 * Changes an open offer of the caller: `units` are the units for sale from now on (its remainder),
 * `price` a new price inside the current band, `validityDays` a new validity counted from today.
 * Locks the contract, then the offer (the order every writer of offers follows).
 */
export async function changeOffer(
  app: FastifyInstance,
  caller: TAuthUser,
  offerId: string,
  body: TUpdateMarketOfferRequest,
  language: TLanguage,
  now = new Date(),
): Promise<TMarketOffer> {
  const known = await findOffer(app.db, caller.companyId, offerId);
  if (!known || known.seller_id !== caller.id) throw notFound('offerNotFound');
  await app.db.transaction().execute(async (tx) => {
    const contract = await lockContract(tx, caller.companyId, known.contract_id);
    const offer = await lockOffer(tx, caller.companyId, offerId);
    if (!contract || !offer) throw notFound('offerNotFound');
    if (offer.status !== 'OPEN' || new Date(offer.valid_until).getTime() <= now.getTime()) throw new AppError(409, 'offerClosed');
    const remaining = parseUnits(trimZeros(offer.remaining_units));
    const sold = parseUnits(trimZeros(offer.units)) - remaining;
    const newRemaining = body.units !== undefined ? parseUnits(body.units) : remaining;
    const newPrice = body.price !== undefined ? parsePrice(body.price) : parsePrice(trimZeros(offer.price));
    const current = await currentBand(tx, caller.companyId);
    if (body.units !== undefined || body.price !== undefined) {
      const { held, onOffer } = await unitsAndOffers(tx, contract.id, offer.id);
      const problem = offerProblem({
        units: newRemaining,
        price: newPrice,
        validityDays: body.validityDays ?? 1,
        reference: current?.price ?? null,
        held,
        onOffer,
        contractState: contract.state,
      });
      if (problem) throw offerError(problem, { ...(current ? { band: current.band } : {}), available: held - onOffer });
    } else if (contract.state !== 'ACTIVE') {
      throw offerError('contractNotActive', {});
    }
    await updateOffer(tx, offer.id, {
      units: formatUnits(sold + newRemaining),
      remainingUnits: formatUnits(newRemaining),
      price: formatPrice(newPrice),
      ...(body.price !== undefined && current ? { referencePrice: formatPrice(current.price) } : {}),
      validUntil: body.validityDays !== undefined ? offerValidUntil(now, body.validityDays) : new Date(offer.valid_until),
      now,
    });
  });
  const row = await findOfferView(app.db, caller.companyId, offerId);
  return toOffer(row!, caller.id, language);
}

/** The seller withdraws an open offer: its remaining units are free again. */
export async function withdrawOffer(app: FastifyInstance, caller: TAuthUser, offerId: string, now = new Date()): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    const offer = await lockOffer(tx, caller.companyId, offerId);
    if (!offer || offer.seller_id !== caller.id) throw notFound('offerNotFound');
    if (offer.status !== 'OPEN') throw new AppError(409, 'offerClosed');
    await closeOffer(tx, offer.id, 'WITHDRAWN', 'seller', now);
  });
}

/**
 * Called by the contracts' transitions, in their transaction, when a contract leaves ACTIVE:
 * its open offers are withdrawn (units on offer never leave the contract another way), and
 * the seller is told by mail.
 */
export async function withdrawOffersOfContract(app: FastifyInstance, tx: Transaction<Database>, companyId: string, contractId: string, now = new Date()): Promise<number> {
  const closed = await withdrawContractOffers(tx, contractId, now);
  if (closed.length === 0) return 0;
  const contract = await findContract(tx, companyId, contractId);
  const names = contract ? await findProductNames(tx, contract.product_id) : undefined;
  const [seller] = await findPeople(tx, companyId, [closed[0]!.seller_id]);
  if (seller && names) {
    for (const offer of closed) {
      await app.mailer.enqueue(
        tx,
        offerClosedMail(
          companyId,
          { email: seller.email, firstName: seller.first_name, language: seller.language },
          { id: offer.id, productName: { es: names.name_es, en: names.name_en }, remaining: parseUnits(trimZeros(offer.remaining_units)), reason: 'contractClosed' },
          marketUrl(app),
        ),
      );
    }
  }
  return closed.length;
}

/**
 * Units on offer never leave their contract another way (issue 18): called by any writer of the
 * ledger that lowers contracts' units (a staff reversal of a payment), in its transaction, before it
 * books. `unitChanges` maps each contract to the change of its INVESTOR_UNITS. Each lowered contract
 * row is locked (`FOR UPDATE`, in id order) as every writer of offers locks it first (contract →
 * offer, decision 0034), so an offer created or changed meanwhile waits for this transaction and then
 * sees its units. Refused (409 `unitsOnOffer`, nothing written) when the units left would be fewer
 * than those its OPEN offers still reserve: the seller must change or withdraw the offer first; and
 * (409 `unitsAlreadySold`) when they would be fewer than none: the units were sold to another
 * investor, whose holding the reversal cannot touch.
 */
export async function assertUnitsCoverOffers(tx: Transaction<Database>, companyId: string, unitChanges: ReadonlyMap<string, TScaled>): Promise<void> {
  const lowered = [...unitChanges].filter(([, change]) => change < 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [contractId, change] of lowered) {
    if (!(await lockContract(tx, companyId, contractId))) continue;
    const { held, onOffer } = await unitsAndOffers(tx, contractId);
    // Units already sold in the market belong to the buyer: a holding never goes below zero.
    if (held + change < 0n) {
      throw new AppError(409, 'unitsAlreadySold', { held: formatUnits(held), change: formatUnits(-change) });
    }
    if (onOffer > 0n && held + change < onOffer) {
      throw new AppError(409, 'unitsOnOffer', { onOffer: formatUnits(onOffer), left: formatUnits(held + change) });
    }
  }
}

export async function listMyOffers(app: FastifyInstance, caller: TAuthUser, language: TLanguage, now = new Date()): Promise<TMyMarketOffers> {
  const rows = await findSellerOffers(app.db, caller.companyId, caller.id);
  const fills = await findOfferFills(
    app.db,
    caller.companyId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      contractId: row.contract_id,
      productKey: row.product_key,
      productName: language === 'en' ? row.name_en : row.name_es,
      units: unitsText(row.units),
      remainingUnits: unitsText(row.remaining_units),
      price: priceText(row.price),
      validUntil: new Date(row.valid_until).toISOString(),
      // An offer past its validity is EXPIRED even before the job has closed it.
      status: row.status === 'OPEN' && new Date(row.valid_until).getTime() <= now.getTime() ? 'EXPIRED' : row.status,
      createdAt: new Date(row.created_at).toISOString(),
      fills: fills
        .filter((f) => f.offer_id === row.id)
        .map((f) => ({
          units: unitsText(f.units),
          price: priceText(f.price),
          gross: formatEur(BigInt(f.gross_cents)),
          fee: formatEur(BigInt(f.fee_cents)),
          net: formatEur(BigInt(f.net_cents)),
          at: new Date(f.created_at).toISOString(),
        })),
    })),
  };
}

// Buying ----------------------------------------------------------------------------------------

/** The fingerprint of a buy, kept with its Idempotency-Key (the offer and the units, exactly). */
export const hashBuyRequest = (offerId: string, units: TScaled): string =>
  createHash('sha256').update(JSON.stringify({ offerId, units: formatUnits(units) })).digest('hex');

export const tradeDocumentId = (tradeId: string, side: 'buy' | 'sell') => `trade.${tradeId}.${side}`;

function toBuyResult(trade: Pick<TTradeRow, 'id' | 'units' | 'price' | 'gross_cents' | 'fee_cents' | 'net_cents' | 'buyer_contract_id'>): TMarketBuyResult {
  return {
    tradeId: trade.id,
    units: unitsText(trade.units),
    price: priceText(trade.price),
    grossCents: String(trade.gross_cents),
    feeCents: String(trade.fee_cents),
    netCents: String(trade.net_cents),
    buyerContractId: trade.buyer_contract_id,
    documentId: tradeDocumentId(trade.id, 'buy'),
  };
}

function replayed(done: TTradeRow, requestHash: string): { status: 200; result: TMarketBuyResult } {
  if (done.request_hash !== requestHash) throw new AppError(422, 'buyKeyReused');
  return { status: 200, result: toBuyResult(done) };
}

/**
 * Buys `units` of an offer. Everything that does not need the offer's lock is read first, outside
 * the transaction, in as few statements as possible (the key; the offer with its seller's contract,
 * product, the two people mailed and the reference price; the buyer's appropriateness test): a buy
 * of an offer already sold out or closed is refused there, at once. In one transaction then: the
 * buyer's key is locked and looked up (a retry answers the first trade, 200; another body with the
 * same key 422); the buyer's contract, the TRADE journal and the trade are written; and LAST the
 * offer is filled by one conditional UPDATE (`fillOfferIfOpen`), which locks its row and writes the
 * remainder only if the offer still qualifies; then the mails and the commit. A refusal there rolls
 * everything back. Concurrent buys of one offer queue on its row, which each holds only for that
 * UPDATE, one INSERT of the mails and the commit: the units sold never exceed the units offered.
 */
export async function buyOffer(
  app: FastifyInstance,
  caller: TAuthUser,
  offerId: string,
  body: TMarketBuyRequest,
  idempotencyKey: string,
  now = new Date(),
): Promise<{ status: 200 | 201; result: TMarketBuyResult }> {
  const units = parseUnits(body.units);
  const ref = { companyId: caller.companyId, buyerId: caller.id, key: idempotencyKey };
  const requestHash = hashBuyRequest(offerId, units);
  // A retry of a finished buy is answered without checking today's rules again.
  const done = await findTradeByKey(app.db, ref);
  if (done) return replayed(done, requestHash);
  const seen = await findBuyContext(app.db, caller.companyId, offerId, caller.id);
  if (!seen) throw notFound('offerNotFound');
  const band = seen.reference_price ? priceBand(parsePrice(trimZeros(seen.reference_price))) : null;
  const checkFill = (offer: { status: string; valid_until: Date; price: string; remaining_units: string; seller_id: string }) => {
    if (offer.seller_id === caller.id) throw new AppError(409, 'ownOffer');
    if (!band || !isBuyable(offer, band, now)) throw new AppError(409, 'offerClosed');
    const remaining = parseUnits(trimZeros(offer.remaining_units));
    const price = parsePrice(trimZeros(offer.price));
    const problem = fillProblem({ units, remaining, price, buyerId: caller.id, sellerId: offer.seller_id });
    if (problem === 'moreThanRemaining') throw new AppError(409, 'offerNotEnoughUnits', { remaining: formatUnits(remaining) });
    if (problem === 'tradeTooSmall') throw new AppError(400, 'tradeTooSmall', { min: formatEur(MARKET_MIN_TRADE_CENTS) });
    if (problem) throw new AppError(400, 'validation');
    return { remaining, price };
  };
  const { price } = checkFill(seen);
  const protection = await checkMarketBuyProtection(app, caller.companyId, caller.id, now);
  // The offer's units are reserved on an ACTIVE contract; a contract that left ACTIVE withdrew its offers.
  if (seen.contract_state !== 'ACTIVE' || !seen.product_id || !seen.product_key || !seen.expiring_date || !seen.contract_period_type) {
    throw new AppError(409, 'offerClosed');
  }
  const sellerContract = {
    id: seen.contract_id,
    product_id: seen.product_id,
    product_key: seen.product_key,
    expiring_date: seen.expiring_date,
    contract_period_type: seen.contract_period_type,
  };
  const today = madridDate(now);
  // A part worth less than the minimum trade may be bought only as the offer's whole remainder.
  const wholeRemainderOnly = valueAt(units, price) < MARKET_MIN_TRADE_CENTS;
  type TOutcome = { replay: TTradeRow } | { trade: TTradeRow; sellerId: string };
  const outcome = await app.db.transaction().execute(async (tx): Promise<TOutcome> => {
    if (!(await tryLockBuyKey(tx, ref))) throw new AppError(409, 'buyInProgress');
    const again = await findTradeByKey(tx, ref);
    if (again) return { replay: again };
    const journal = tradeJournal(units, price, { sellerContractId: sellerContract.id, sellerId: seen.seller_id, buyerContractId: '', buyerId: caller.id });
    const buyerContractId = await openContractForTrade(tx, {
      companyId: caller.companyId,
      buyerId: caller.id,
      productId: sellerContract.product_id,
      productKey: sellerContract.product_key,
      amount: formatEur(journal.amounts.gross),
      submissionDate: today,
      expiringDate: sellerContract.expiring_date < today ? today : sellerContract.expiring_date,
      periodType: sellerContract.contract_period_type,
      at: now,
    });
    await recordHireProtection(tx, caller.companyId, buyerContractId, protection);
    const lines = tradeJournal(units, price, { sellerContractId: sellerContract.id, sellerId: seen.seller_id, buyerContractId, buyerId: caller.id }).lines;
    const journalId = await bookJournal(
      tx,
      { companyId: caller.companyId, kind: 'TRADE', occurredOn: today, description: `Market trade of offer ${seen.id}`, createdBy: caller.id },
      lines,
    );
    const tradeId = await insertTrade(tx, {
      companyId: caller.companyId,
      offerId: seen.id,
      sellerId: seen.seller_id,
      sellerContractId: sellerContract.id,
      buyerId: caller.id,
      buyerContractId,
      units: formatUnits(units),
      price: formatPrice(price),
      grossCents: journal.amounts.gross.toString(),
      feeCents: journal.amounts.fee.toString(),
      netCents: journal.amounts.net.toString(),
      journalId,
      idempotencyKey,
      requestHash,
      assessmentId: protection.assessmentId,
      keyInfoVersion: protection.keyInfoVersion,
      now,
    });
    const trade: TTradeRow = {
      id: tradeId,
      offer_id: seen.id,
      seller_id: seen.seller_id,
      seller_contract_id: sellerContract.id,
      buyer_id: caller.id,
      buyer_contract_id: buyerContractId,
      units: formatUnits(units),
      price: formatPrice(price),
      gross_cents: journal.amounts.gross.toString(),
      fee_cents: journal.amounts.fee.toString(),
      net_cents: journal.amounts.net.toString(),
      journal_id: journalId,
      request_hash: requestHash,
      key_info_version: protection.keyInfoVersion,
      created_at: now,
    };
    // A holding smaller than the fill (a payment reversed meanwhile) refuses it: never below zero.
    const held = parseUnits(trimZeros(await sumContractUnits(tx, sellerContract.id)));
    if (held < 0n) throw new AppError(409, 'offerClosed');
    // Last: the offer's row, locked by the fill itself and held only until the commit. Everything
    // above was written for the offer as read before; if another buy or the seller changed it
    // meanwhile, the fill does not happen, the rules say why on the offer as it is now, and the
    // refusal rolls all of it back.
    const filled = await fillOfferIfOpen(tx, {
      companyId: caller.companyId,
      offerId: seen.id,
      units: formatUnits(units),
      price: formatPrice(price),
      now,
      wholeRemainderOnly,
    });
    if (!filled) {
      const current = await findOfferForBuy(tx, caller.companyId, seen.id);
      if (!current) throw notFound('offerNotFound');
      checkFill(current);
      // The rules pass on the offer as it is now, so its price changed while this buy waited.
      throw new AppError(409, 'offerChanged');
    }
    const left = parseUnits(trimZeros(filled.remaining_units));
    if (seen.name_es && seen.name_en) await mailParties(app, tx, caller.companyId, trade, { name_es: seen.name_es, name_en: seen.name_en }, seen, left);
    return { trade, sellerId: filled.seller_id };
  });
  if ('replay' in outcome) return replayed(outcome.replay, requestHash);
  contractsChangedByTrade(app, caller.companyId, [caller.id, outcome.sellerId]);
  return { status: 201, result: toBuyResult(outcome.trade) };
}

async function mailParties(
  app: FastifyInstance,
  tx: Transaction<Database>,
  companyId: string,
  trade: TTradeRow,
  names: { name_es: string; name_en: string },
  people: Pick<TBuyContextRow, 'buyer_email' | 'buyer_first_name' | 'buyer_language' | 'seller_email' | 'seller_first_name' | 'seller_language'>,
  remaining: TScaled,
): Promise<void> {
  const mailTrade: TMailTrade = {
    companyId,
    tradeId: trade.id,
    productName: { es: names.name_es, en: names.name_en },
    units: parseUnits(trade.units),
    price: parsePrice(trade.price),
    gross: BigInt(trade.gross_cents),
    fee: BigInt(trade.fee_cents),
    net: BigInt(trade.net_cents),
  };
  const links = { documents: documentsUrl(app), market: marketUrl(app) };
  const mails = [];
  if (people.buyer_email) {
    mails.push(buyerMail(mailTrade, { email: people.buyer_email, firstName: people.buyer_first_name ?? '', language: people.buyer_language ?? 'es' }, links));
  }
  if (people.seller_email) {
    mails.push(
      sellerMail(mailTrade, { email: people.seller_email, firstName: people.seller_first_name ?? '', language: people.seller_language ?? 'es' }, remaining, links),
    );
  }
  // Both mails in one statement: this runs while the offer's row is locked.
  await app.mailer.enqueueMany(tx, mails);
}

export async function listMyTrades(app: FastifyInstance, caller: TAuthUser): Promise<TMyMarketTrades> {
  const [rows, payouts] = await Promise.all([findUserTrades(app.db, caller.companyId, caller.id), sellerPayoutView(app.db, caller.companyId, caller.id)]);
  return {
    items: rows.map((row) => {
      const side = row.buyer_id === caller.id ? ('BUY' as const) : ('SELL' as const);
      const paid = side === 'SELL' ? payouts.byTrade.get(row.id) : undefined;
      return {
        id: row.id,
        side,
        contractId: side === 'SELL' ? row.seller_contract_id : row.buyer_contract_id,
        units: unitsText(row.units),
        price: priceText(row.price),
        grossCents: String(row.gross_cents),
        feeCents: String(row.fee_cents),
        netCents: String(row.net_cents),
        at: new Date(row.created_at).toISOString(),
        documentId: tradeDocumentId(row.id, side === 'BUY' ? 'buy' : 'sell'),
        payoutStatus: side === 'SELL' ? (paid?.status ?? 'PENDING') : null,
        paidCents: side === 'SELL' ? (paid?.paid ?? 0n).toString() : null,
      };
    }),
    payouts: payouts.payouts,
  };
}


/**
 * A person's trade confirmations for their documents list (the documents module reads them through
 * here): per trade, their side, the contract it belongs to for them (the buyer's new contract or the
 * seller's), its Madrid date and its gross amount.
 */
export async function listTradeConfirmations(db: Kysely<Database>, companyId: string, userId: string) {
  const rows = await findUserTrades(db, companyId, userId);
  return rows.map((row) => {
    const side = row.buyer_id === userId ? ('buy' as const) : ('sell' as const);
    return {
      tradeId: row.id,
      side,
      contractId: side === 'buy' ? row.buyer_contract_id : row.seller_contract_id,
      date: madridDate(new Date(row.created_at)),
      gross: formatEur(BigInt(row.gross_cents)),
    };
  });
}

/** A trade for the documents module (each party's confirmation), or undefined. */
export async function findTradeForDocument(app: FastifyInstance, companyId: string, tradeId: string): Promise<TTradeRow | undefined> {
  return findTrade(app.db, companyId, tradeId);
}

/** The person's offers, trades and payouts received for their personal data export (privacy reads them through here). */
export async function listMarketForExport(db: Kysely<Database>, companyId: string, userId: string) {
  const [offers, trades, payouts] = await Promise.all([
    findOffersForExport(db, companyId, userId),
    findTradesForExport(db, companyId, userId),
    listPayoutsForExport(db, companyId, userId),
  ]);
  return { offers, trades, payouts };
}
