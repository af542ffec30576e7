import {
  EUR_SCALE,
  MARKET_FEE_BPS,
  MARKET_MIN_TRADE_CENTS,
  PRICE_SCALE,
  UNIT_SCALE,
  fillProblem,
  offerProblem,
  formatEur,
  formatMoney,
  formatScaled,
  parseScaled,
  tradeAmounts,
  type TFillProblem,
  type TOfferProblem,
  type TScaled,
  type TTradeAmounts,
} from '@kc/domain';
import { normalizeDecimalInput } from '../../../lib/decimal-input.ts';
import type { TMyOffer } from '../api/types.ts';

/**
 * The market screens' arithmetic, all exact (BigInt at the ledger's scales, never a float) and
 * from the domain's own rules (`market/rules.ts`), so the figures shown before a buy or an offer
 * are the ones the server books.
 */

/**
 * A number typed by a person, in Spanish or English writing: '12,5' and '12.5' are the same;
 * thousands separators are refused rather than guessed ('1.234,5' is ambiguous). Null when it is
 * not a plain decimal or has more decimals than the scale allows.
 */
export function parseDecimalInput(text: string, scale: number): TScaled | null {
  // The forms' one reading of a typed decimal (lib/decimal-input.ts); what it leaves with two
  // separators, parseScaled refuses.
  const normalized = normalizeDecimalInput(text);
  return normalized === '' ? null : parseScaled(normalized, scale);
}

/** Units typed by a person (scale 6), as the API's decimal string, or null. */
export const unitsInput = (text: string): string | null => {
  const value = parseDecimalInput(text, UNIT_SCALE);
  return value === null || value <= 0n ? null : formatScaled(value, UNIT_SCALE);
};

/** A price typed by a person (scale 6), as the API's decimal string, or null. */
export const priceInput = (text: string): string | null => {
  const value = parseDecimalInput(text, PRICE_SCALE);
  return value === null || value <= 0n ? null : formatScaled(value, PRICE_SCALE);
};

/** The money of a trade of these units at this price (gross, 1 % fee, net in cents), or null. */
export function tradeOf(units: string, price: string): TTradeAmounts | null {
  const u = parseScaled(units, UNIT_SCALE);
  const p = parseScaled(price, PRICE_SCALE);
  if (u === null || p === null || u <= 0n || p <= 0n) return null;
  return tradeAmounts(u, p);
}

/** Cents (an integer or its decimal string from the API, or a BigInt) as '1.234,56 €'. */
export function formatCents(cents: bigint | number | string): string {
  return formatMoney(formatEur(BigInt(cents)));
}

/** The fee as a percentage for the texts ('1'). */
export const feePercent = (feeBps: number | bigint = MARKET_FEE_BPS) => String(Number(feeBps) / 100);

/** The smallest trade in euros for the texts ('10,00 €'). */
export const minTradeText = (minTradeCents: number | bigint = MARKET_MIN_TRADE_CENTS) => formatCents(BigInt(minTradeCents));

/**
 * The fewest units a partial buy may take at this price: the smallest u with ⌊u × price⌋ ≥ the
 * minimum trade (in cents). The whole remainder may always be bought, whatever its value.
 */
export function minPartialUnits(price: string, minTradeCents: number | bigint = MARKET_MIN_TRADE_CENTS): TScaled | null {
  const p = parseScaled(price, PRICE_SCALE);
  if (p === null || p <= 0n) return null;
  // valueAt(u, p) = ⌊u·p / 10^(6+6−2)⌋ ≥ m  ⇔  u·p ≥ m·10^10  ⇔  u ≥ ⌈m·10^10 / p⌉.
  const scale = 10n ** BigInt(UNIT_SCALE + PRICE_SCALE - EUR_SCALE);
  const need = BigInt(minTradeCents) * scale;
  return (need + p - 1n) / p;
}

export type TBuyCheck = { units: string; amounts: TTradeAmounts } | { problem: TFillProblem | 'unitsInvalid' };

/** What a buy of the typed units from an offer would be, or why it cannot be (the domain's fill rule). */
export function checkBuy(typed: string, offer: { remainingUnits: string; price: string }): TBuyCheck {
  const units = unitsInput(typed);
  if (units === null) return { problem: 'unitsInvalid' };
  const u = parseScaled(units, UNIT_SCALE)!;
  const remaining = parseScaled(offer.remainingUnits, UNIT_SCALE);
  const price = parseScaled(offer.price, PRICE_SCALE);
  if (remaining === null || price === null) return { problem: 'unitsInvalid' };
  // The server refuses the seller's own offer; the screen never offers to buy one.
  const problem = fillProblem({ units: u, remaining, price, buyerId: 'buyer', sellerId: 'seller' });
  if (problem) return { problem };
  return { units, amounts: tradeAmounts(u, price) };
}

export type TSellProblem = TOfferProblem | 'unitsInvalid' | 'priceInvalid';

export type TSellCheck = { units: string; price: string; amounts: TTradeAmounts } | { problem: TSellProblem; field: 'units' | 'price' | 'validityDays' | 'contract' };

const FIELD_OF: Record<TSellProblem, 'units' | 'price' | 'validityDays' | 'contract'> = {
  contractNotActive: 'contract',
  noReferencePrice: 'price',
  unitsNotPositive: 'units',
  unitsInvalid: 'units',
  notEnoughUnits: 'units',
  priceInvalid: 'price',
  priceOutOfBand: 'price',
  validityOutOfRange: 'validityDays',
  tradeTooSmall: 'units',
};

/**
 * Whether an offer can be posted as typed (the domain's `offerProblem`, first problem wins), with
 * the field it belongs to, or its units, price and amounts if the whole offer sold.
 */
export function checkSell(input: { units: string; price: string; validityDays: string; held: string; onOffer: TScaled; reference: string | null; contractState: string }): TSellCheck {
  const fail = (problem: TSellProblem): TSellCheck => ({ problem, field: FIELD_OF[problem] });
  const units = unitsInput(input.units);
  const price = priceInput(input.price);
  if (input.contractState !== 'ACTIVE') return fail('contractNotActive');
  if (units === null) return fail(input.units.trim() === '' || parseDecimalInput(input.units, UNIT_SCALE) !== null ? 'unitsNotPositive' : 'unitsInvalid');
  if (price === null) return fail('priceInvalid');
  const validityDays = /^\d{1,3}$/.test(input.validityDays.trim()) ? Number(input.validityDays.trim()) : Number.NaN;
  const reference = input.reference === null ? null : parseScaled(input.reference, PRICE_SCALE);
  const problem = offerProblem({
    units: parseScaled(units, UNIT_SCALE)!,
    price: parseScaled(price, PRICE_SCALE)!,
    validityDays,
    reference,
    held: parseScaled(input.held, UNIT_SCALE) ?? 0n,
    onOffer: input.onOffer,
    contractState: input.contractState,
  });
  if (problem) return fail(problem);
  return { units, price, amounts: tradeAmounts(parseScaled(units, UNIT_SCALE)!, parseScaled(price, PRICE_SCALE)!) };
}

/** Units of each contract already on open offers (they cannot be offered twice). */
export function unitsOnOffer(offers: readonly TMyOffer[]): Map<string, TScaled> {
  const out = new Map<string, TScaled>();
  for (const offer of offers) {
    if (offer.status !== 'OPEN') continue;
    out.set(offer.contractId, (out.get(offer.contractId) ?? 0n) + (parseScaled(offer.remainingUnits, UNIT_SCALE) ?? 0n));
  }
  return out;
}
