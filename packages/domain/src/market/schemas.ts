import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { PRICE_SCALE, UNIT_SCALE, parseScaled } from '../ledger/decimal.ts';
import { MARKET_IDEMPOTENCY_KEY_PATTERN, MARKET_MAX_VALIDITY_DAYS, MARKET_MIN_VALIDITY_DAYS } from './rules.ts';
import { ZPayout, ZTradePayoutStatus } from './payouts.ts';

/**
 * Requests and answers of the KC market (issue 18, decision 0034), shared by the API (route
 * schemas, OpenAPI) and the web app (forms, typed fetchers). Amounts follow the ledger's
 * conventions: units and prices are decimal strings with six decimals ('12.500000',
 * '10.254300'); amounts in euros are decimal strings with two decimals ('123.45'); a field whose
 * name ends in `Cents` is an exact integer count of cents written as a string ('12345'), so no
 * amount ever travels as a float. Error messages are `market.errors.*` keys (messages.ts).
 */
const mkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`market.errors.${key}`, params);

/** A typo guard, not a business limit: no contract holds a billion units. */
export const MARKET_MAX_UNITS = '1000000000.000000';
export const MARKET_MAX_PRICE = '1000000.000000';
export const MARKET_MAX_PAGE_SIZE = 100;
export const MARKET_DEFAULT_PAGE_SIZE = 20;
/** The reference price's history the summary shows (the most recent ones). */
export const MARKET_PRICE_HISTORY_LENGTH = 24;
/** The last trades the summary shows. */
export const MARKET_LAST_TRADES_LENGTH = 20;

const scaledInRange = (scale: number, max: string, key: string) =>
  z
    .string({ error: mkey(key) })
    .trim()
    .refine((text) => {
      const value = parseScaled(text, scale);
      return value !== null && value > 0n && value <= parseScaled(max, scale)!;
    }, mkey(key));

/** Units of KC, above zero, at most six decimals ('12.5', '0.000001'). */
export const ZMarketUnits = scaledInRange(UNIT_SCALE, MARKET_MAX_UNITS, 'units');
/** A price per unit in euros, above zero, at most six decimals ('10.2543'). */
export const ZMarketPrice = scaledInRange(PRICE_SCALE, MARKET_MAX_PRICE, 'price');
/** How many calendar days (Europe/Madrid) an offer stays open: 1 to 90. */
export const ZMarketValidityDays = z
  .number({ error: mkey('validityDays', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS }) })
  .int(mkey('validityDays', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS }))
  .min(MARKET_MIN_VALIDITY_DAYS, mkey('validityDays', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS }))
  .max(MARKET_MAX_VALIDITY_DAYS, mkey('validityDays', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS }));

export const MARKET_OFFER_STATUSES = ['OPEN', 'FILLED', 'WITHDRAWN', 'EXPIRED'] as const;
export const ZMarketOfferStatus = z.enum(MARKET_OFFER_STATUSES);
export type TMarketOfferStatus = z.infer<typeof ZMarketOfferStatus>;

export const MARKET_OFFER_SORTS = ['price', '-price', 'date', '-date'] as const;
export const ZMarketOfferSort = z.enum(MARKET_OFFER_SORTS, { error: mkey('sort') });
export type TMarketOfferSort = z.infer<typeof ZMarketOfferSort>;

export const MARKET_TRADE_SIDES = ['BUY', 'SELL'] as const;
export const ZMarketTradeSide = z.enum(MARKET_TRADE_SIDES);

// Summary (public) ------------------------------------------------------------------------------

export const ZMarketSummary = z.object({
  /**
   * The last published reference price (ledger), or null before the first one: the net asset
   * value per unit at its value date (YYYY-MM-DD, the day it is worth that), published at `publishedAt`.
   */
  referencePrice: z.object({ price: z.string(), valueDate: z.string(), publishedAt: z.string() }).nullable(),
  /** The band of allowed prices around it, both ends included; null without a reference price. */
  band: z.object({ min: z.string(), max: z.string(), bps: z.number().int() }).nullable(),
  /** The platform's fee on a trade, paid by the seller, in basis points (100 = 1 %). */
  feeBps: z.number().int(),
  /** The smallest partial buy, in cents (buying an offer's whole remainder is always allowed). */
  minTradeCents: z.number().int(),
  /** The reference price's recent history, newest first. */
  priceHistory: z.array(z.object({ price: z.string(), valueDate: z.string(), publishedAt: z.string() })),
  /** The last trades, newest first: price and units only, never who traded. */
  lastTrades: z.array(z.object({ price: z.string(), units: z.string(), at: z.string() })),
  /** Open offers grouped by price, cheapest first: units on offer and how many offers. */
  depth: z.array(z.object({ price: z.string(), units: z.string(), offers: z.number().int() })),
});
export type TMarketSummary = z.infer<typeof ZMarketSummary>;

// Offers ----------------------------------------------------------------------------------------

export const ZMarketOfferListQuery = z.object({
  sort: ZMarketOfferSort.default('price'),
  minPrice: ZMarketPrice.optional(),
  maxPrice: ZMarketPrice.optional(),
  page: z.coerce.number({ error: mkey('page') }).int(mkey('page')).min(1, mkey('page')).max(1_000_000, mkey('page')).default(1),
  size: z.coerce
    .number({ error: mkey('size', { max: MARKET_MAX_PAGE_SIZE }) })
    .int(mkey('size', { max: MARKET_MAX_PAGE_SIZE }))
    .min(1, mkey('size', { max: MARKET_MAX_PAGE_SIZE }))
    .max(MARKET_MAX_PAGE_SIZE, mkey('size', { max: MARKET_MAX_PAGE_SIZE }))
    .default(MARKET_DEFAULT_PAGE_SIZE),
});
export type TMarketOfferListQuery = z.infer<typeof ZMarketOfferListQuery>;
export type TMarketOfferListQueryInput = z.input<typeof ZMarketOfferListQuery>;

/** An open offer as every investor sees it (no seller name, no contract number). */
export const ZMarketOffer = z.object({
  id: z.string(),
  /** The plan of the seller's contract (its key information sheet: `/home/calculadoras/{productKey}/ficha`). */
  productKey: z.string(),
  productName: z.string(),
  /** Units first offered (or as last changed by the seller). */
  units: z.string(),
  /** Units still for sale. */
  remainingUnits: z.string(),
  price: z.string(),
  /** The first instant the offer is no longer valid (ISO). */
  validUntil: z.string(),
  createdAt: z.string(),
  /** The offer is the caller's own (they cannot buy it). */
  own: z.boolean(),
});
export type TMarketOffer = z.infer<typeof ZMarketOffer>;

export const ZMarketOfferList = z.object({
  items: z.array(ZMarketOffer),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TMarketOfferList = z.infer<typeof ZMarketOfferList>;

export const ZMarketOfferParams = z.object({ id: z.string().min(1).max(64) });

export const ZCreateMarketOfferRequest = z.object({
  contractId: z.string({ error: mkey('contract') }).trim().min(1, mkey('contract')).max(64, mkey('contract')),
  units: ZMarketUnits,
  price: ZMarketPrice,
  validityDays: ZMarketValidityDays,
});
export type TCreateMarketOfferRequest = z.infer<typeof ZCreateMarketOfferRequest>;

/** A change of an open offer: any of units, price and validity (counted from today); at least one. */
export const ZUpdateMarketOfferRequest = z
  .object({
    units: ZMarketUnits.optional(),
    price: ZMarketPrice.optional(),
    validityDays: ZMarketValidityDays.optional(),
  })
  .refine((body) => body.units !== undefined || body.price !== undefined || body.validityDays !== undefined, mkey('nothingToChange'));
export type TUpdateMarketOfferRequest = z.infer<typeof ZUpdateMarketOfferRequest>;

/** One fill of the seller's offer, in euros with two decimals (gross = fee + net). */
export const ZMarketOfferFill = z.object({
  units: z.string(),
  price: z.string(),
  gross: z.string(),
  fee: z.string(),
  net: z.string(),
  at: z.string(),
});
export type TMarketOfferFill = z.infer<typeof ZMarketOfferFill>;

export const ZMyMarketOffer = z.object({
  id: z.string(),
  contractId: z.string(),
  productKey: z.string(),
  productName: z.string(),
  units: z.string(),
  remainingUnits: z.string(),
  price: z.string(),
  validUntil: z.string(),
  status: ZMarketOfferStatus,
  createdAt: z.string(),
  fills: z.array(ZMarketOfferFill),
});
export type TMyMarketOffer = z.infer<typeof ZMyMarketOffer>;
export const ZMyMarketOffers = z.object({ items: z.array(ZMyMarketOffer) });
export type TMyMarketOffers = z.infer<typeof ZMyMarketOffers>;

// Buying ----------------------------------------------------------------------------------------

export const ZMarketBuyRequest = z.object({
  units: ZMarketUnits,
  /** The buyer read the product's key information sheet. */
  acknowledgedKeyInformation: z.literal(true, { error: mkey('acknowledgeKeyInformation') }),
  /** The buyer read the risk warning (and that the market is not a regulated market). */
  acknowledgedRiskWarning: z.literal(true, { error: mkey('acknowledgeRiskWarning') }),
});
export type TMarketBuyRequest = z.infer<typeof ZMarketBuyRequest>;

export const ZMarketBuyHeaders = z.object({
  'idempotency-key': z.string({ error: mkey('idempotencyKey') }).regex(MARKET_IDEMPOTENCY_KEY_PATTERN, mkey('idempotencyKey')),
});

export const ZMarketBuyResult = z.object({
  tradeId: z.string(),
  units: z.string(),
  price: z.string(),
  /** What the buyer paid, in cents ('12345'). */
  grossCents: z.string(),
  /** The platform's fee, in cents, paid by the seller. */
  feeCents: z.string(),
  /** What the seller receives, in cents: gross − fee. */
  netCents: z.string(),
  /** The buyer's contract that now holds the units (a new ACTIVE contract of the same product). */
  buyerContractId: z.string(),
  /** The buyer's trade confirmation (PDF), in the documents module. */
  documentId: z.string(),
});
export type TMarketBuyResult = z.infer<typeof ZMarketBuyResult>;

export const ZMyMarketTrade = z.object({
  id: z.string(),
  side: ZMarketTradeSide,
  /** The caller's contract in the trade: the one the units left (a sale) or the new one that holds them (a purchase). */
  contractId: z.string(),
  units: z.string(),
  price: z.string(),
  grossCents: z.string(),
  feeCents: z.string(),
  netCents: z.string(),
  at: z.string(),
  /** This party's trade confirmation (PDF). */
  documentId: z.string().nullable(),
  /** A sale's payment to the seller (decision 0036): PENDING, PARTLY_PAID or PAID, and the cents paid of its net; null for a purchase. */
  payoutStatus: ZTradePayoutStatus.nullable(),
  paidCents: z.string().nullable(),
});
export type TMyMarketTrade = z.infer<typeof ZMyMarketTrade>;
/** The caller's trades and, as a seller, the payouts they received (oldest first). */
export const ZMyMarketTrades = z.object({ items: z.array(ZMyMarketTrade), payouts: z.array(ZPayout) });
export type TMyMarketTrades = z.infer<typeof ZMyMarketTrades>;

/** The market's problem codes (problem+json `code`), mapped to messages on both sides. */
export const MARKET_PROBLEM_CODES = [
  'noReferencePrice',
  'notEnoughUnits',
  'priceOutOfBand',
  'validityOutOfRange',
  'tradeTooSmall',
  'contractNotActive',
  'moreThanRemaining',
  'ownOffer',
  'offerNotEnoughUnits',
  'offerClosed',
  /** The seller changed the price while the buy was in flight: nothing bought (409). */
  'offerChanged',
  'offerNotFound',
  'marketContractNotFound',
  'appropriatenessRequired',
  'appropriatenessExpired',
  'buyKeyReused',
  'buyInProgress',
  /** A staff reversal would leave a contract fewer units than its open offers reserve (409, ledger). */
  'unitsOnOffer',
  /** A staff reversal would take more units than the contract holds: some were sold in the market (409, ledger). */
  'unitsAlreadySold',
] as const;
export type TMarketProblemCode = (typeof MARKET_PROBLEM_CODES)[number];
