import { EUR_SCALE, PRICE_SCALE, floorDiv, type TScaled } from '../ledger/decimal.ts';
import { valueAt, type TJournalLine } from '../ledger/journal.ts';
import { madridDate, madridMidnight } from '../investor-protection/reflection.ts';

/**
 * The KC market's rules (issue 18; decisions.md "The market is a bulletin board"), as pure
 * functions of exact scaled integers (decimal.ts): an investor advertises units of an ACTIVE
 * contract at a price inside a band around the last published reference price; another investor
 * buys all or part of them. The platform shows the reference price and the formula next to every
 * offer and says plainly that this is not a regulated market (Regulation (EU) 2020/1503, Art. 25).
 *
 * The constants below are the formula shown to investors (decision 0031): change them only with
 * the texts that explain them.
 */

/** The band around the reference price, in basis points: ±10 %. */
export const MARKET_PRICE_BAND_BPS = 1_000n;
/** The platform's fee on a trade, in basis points of its gross amount: 1 %, paid by the seller. */
export const MARKET_FEE_BPS = 100n;
/** An offer is valid for at least 1 and at most 90 calendar days (Europe/Madrid), then expires. */
export const MARKET_MIN_VALIDITY_DAYS = 1;
export const MARKET_MAX_VALIDITY_DAYS = 90;
/**
 * The smallest trade, in cents (10.00 €): a buy below it would move a few micro-units for no cent.
 * Buying the whole remainder of an offer is always allowed, whatever its value.
 */
export const MARKET_MIN_TRADE_CENTS = 1_000n;

const BPS = 10_000n;

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

export interface TPriceBand {
  /** The reference price the band is built on (scale 6). */
  reference: TScaled;
  /** Lowest allowed price: ⌈reference × (1 − band)⌉ to the price's last decimal. */
  min: TScaled;
  /** Highest allowed price: ⌊reference × (1 + band)⌋. */
  max: TScaled;
}

/** The band of allowed prices around a published reference price (both ends included). */
export function priceBand(reference: TScaled): TPriceBand {
  if (reference <= 0n) throw new RangeError('A reference price is above zero');
  return {
    reference,
    min: ceilDiv(reference * (BPS - MARKET_PRICE_BAND_BPS), BPS),
    max: floorDiv(reference * (BPS + MARKET_PRICE_BAND_BPS), BPS),
  };
}

export function inBand(price: TScaled, band: TPriceBand): boolean {
  return price >= band.min && price <= band.max;
}

export interface TTradeAmounts {
  /** What the buyer pays, in cents: ⌊units × price⌋ (valueAt, as every value in the ledger). */
  gross: TScaled;
  /** The platform's fee, in cents: ⌊gross × 1 %⌋ (rounded in the seller's favour). */
  fee: TScaled;
  /** What the seller receives, in cents: gross − fee. */
  net: TScaled;
}

/** The money of a trade of `units` (scale 6) at `price` (scale 6). gross = fee + net exactly. */
export function tradeAmounts(units: TScaled, price: TScaled): TTradeAmounts {
  if (units <= 0n || price <= 0n) throw new RangeError('A trade has units and a price above zero');
  const gross = valueAt(units, price);
  const fee = floorDiv(gross * MARKET_FEE_BPS, BPS);
  return { gross, fee, net: gross - fee };
}

export type TOfferProblem =
  | 'noReferencePrice'
  | 'unitsNotPositive'
  | 'notEnoughUnits'
  | 'priceOutOfBand'
  | 'validityOutOfRange'
  | 'tradeTooSmall'
  | 'contractNotActive';

export interface TOfferCheck {
  /** Units asked to offer (scale 6). */
  units: TScaled;
  /** Price per unit asked (scale 6). */
  price: TScaled;
  /** Validity in calendar days. */
  validityDays: number;
  /** The last published reference price, or null when none was ever published. */
  reference: TScaled | null;
  /** Units the contract holds now (its INVESTOR_UNITS balance). */
  held: TScaled;
  /** Units of the same contract already on other open offers (never offered twice). */
  onOffer: TScaled;
  contractState: string;
}

/** Why an offer cannot be published, or null. Checked in this order, the first problem wins. */
export function offerProblem(check: TOfferCheck): TOfferProblem | null {
  if (check.contractState !== 'ACTIVE') return 'contractNotActive';
  if (check.reference === null) return 'noReferencePrice';
  if (check.units <= 0n) return 'unitsNotPositive';
  if (check.units > check.held - check.onOffer) return 'notEnoughUnits';
  if (!inBand(check.price, priceBand(check.reference))) return 'priceOutOfBand';
  if (!Number.isInteger(check.validityDays) || check.validityDays < MARKET_MIN_VALIDITY_DAYS || check.validityDays > MARKET_MAX_VALIDITY_DAYS) {
    return 'validityOutOfRange';
  }
  if (valueAt(check.units, check.price) < MARKET_MIN_TRADE_CENTS) return 'tradeTooSmall';
  return null;
}

export type TFillProblem = 'unitsNotPositive' | 'moreThanRemaining' | 'tradeTooSmall' | 'ownOffer';

/**
 * Why a buy of `units` from an offer with `remaining` units at `price` cannot fill, or null. A
 * partial fill must be worth at least MARKET_MIN_TRADE_CENTS; the whole remainder always may.
 */
export function fillProblem(input: { units: TScaled; remaining: TScaled; price: TScaled; buyerId: string; sellerId: string }): TFillProblem | null {
  if (input.buyerId === input.sellerId) return 'ownOffer';
  if (input.units <= 0n) return 'unitsNotPositive';
  if (input.units > input.remaining) return 'moreThanRemaining';
  if (input.units < input.remaining && valueAt(input.units, input.price) < MARKET_MIN_TRADE_CENTS) return 'tradeTooSmall';
  return null;
}

/** The formula shown next to every offer, as numbers the texts fill in (es/en in messages.ts). */
export function offerFormula(reference: TScaled) {
  const band = priceBand(reference);
  return {
    reference,
    min: band.min,
    max: band.max,
    bandPercent: Number(MARKET_PRICE_BAND_BPS) / 100,
    feePercent: Number(MARKET_FEE_BPS) / 100,
  };
}

/** Scales used by the market's amounts (re-exported for the schemas and screens). */
export const MARKET_SCALES = { eur: EUR_SCALE, price: PRICE_SCALE } as const;

/**
 * The first instant an offer made at `now` for `validityDays` days is no longer valid: 00:00
 * Europe/Madrid after the last day of validity, the day it is made not counted (an offer made on
 * 27 November for 1 day is valid all of 28 November and expires at 00:00 on the 29th).
 */
export function offerValidUntil(now: Date, validityDays: number): Date {
  const [year, month, day] = madridDate(now).split('-').map(Number) as [number, number, number];
  return madridMidnight(year, month, day + validityDays + 1);
}

export interface TTradeParties {
  sellerContractId: string;
  sellerId: string;
  buyerContractId: string;
  buyerId: string;
}

/**
 * The journal of a trade of `units` at `price` (decision 0034): the units move from the seller's
 * contract to the buyer's, the buyer's money comes in and is owed to the seller less the fee.
 *   INVESTOR_UNITS  KCU  −units   (seller's contract)
 *   INVESTOR_UNITS  KCU  +units   (buyer's contract)
 *   BANK            EUR  +gross   (buyer's contract: what the buyer paid in; when not zero)
 *   MARKET_PAYABLE  EUR  −net     (seller's contract: owed to the seller)
 *   MARKET_FEES     EUR  −fee     (seller's contract: the fee the seller pays; when not zero)
 * Both currencies sum to zero; no unit is issued or cancelled (KC_UNITS_ISSUED does not move).
 */
export function tradeJournal(units: TScaled, price: TScaled, parties: TTradeParties): { lines: TJournalLine[]; amounts: TTradeAmounts } {
  const amounts = tradeAmounts(units, price);
  const seller = { contractId: parties.sellerContractId, userId: parties.sellerId };
  const buyer = { contractId: parties.buyerContractId, userId: parties.buyerId };
  const lines: TJournalLine[] = [
    { account: 'INVESTOR_UNITS', currency: 'KCU', amount: -units, ...seller },
    { account: 'INVESTOR_UNITS', currency: 'KCU', amount: units, ...buyer },
  ];
  // The whole remainder of an offer may be worth less than a cent (⌊units × price⌋ = 0): the units move, no money does.
  if (amounts.gross > 0n) lines.push({ account: 'BANK', currency: 'EUR', amount: amounts.gross, ...buyer });
  if (amounts.net > 0n) lines.push({ account: 'MARKET_PAYABLE', currency: 'EUR', amount: -amounts.net, ...seller });
  if (amounts.fee > 0n) lines.push({ account: 'MARKET_FEES', currency: 'EUR', amount: -amounts.fee, ...seller });
  return { lines, amounts };
}

/** The Idempotency-Key a buy or a payout must carry: 8 to 128 visible ASCII characters (a UUID fits). */
export const MARKET_IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
