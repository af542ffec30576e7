import { toCalendarDate, type TToday } from './calendar-date.ts';

/**
 * Payment cards: the Luhn rule, brand detection by IIN range, the lengths each brand issues,
 * masking and the expiry. The number and the security code are never stored or logged
 * (decisions, "Payment data"): keep `summarizeCard`'s brand, last four and expiry instead.
 */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'maestro'] as const;
export type TCardBrand = (typeof CARD_BRANDS)[number];

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface TBrandRule {
  brand: TCardBrand;
  /** IIN prefixes; a number matches when it starts with one of them. */
  prefixes: readonly string[];
  lengths: readonly number[];
}

/**
 * Checked in this order, so the narrower ranges win (Discover's 6011 and 64x/65 and UnionPay's
 * 62 before Maestro's 6x; the Discover/UnionPay co-branded 622126–622925 counts as UnionPay).
 */
const BRAND_RULES: readonly TBrandRule[] = [
  { brand: 'amex', prefixes: ['34', '37'], lengths: [15] },
  { brand: 'diners', prefixes: [...range(300, 305).map(String), '3095', '36', '38', '39'], lengths: range(14, 19) },
  { brand: 'jcb', prefixes: range(3528, 3589).map(String), lengths: range(16, 19) },
  { brand: 'visa', prefixes: ['4'], lengths: [13, 16, 19] },
  { brand: 'mastercard', prefixes: [...range(51, 55).map(String), ...range(2221, 2720).map(String)], lengths: [16] },
  { brand: 'unionpay', prefixes: ['62'], lengths: range(16, 19) },
  { brand: 'discover', prefixes: ['6011', ...range(644, 649).map(String), '65'], lengths: range(16, 19) },
  { brand: 'maestro', prefixes: ['50', ...range(56, 69).map(String)], lengths: range(12, 19) },
];

/** The lengths each brand issues. */
export const CARD_LENGTHS: Readonly<Record<TCardBrand, readonly number[]>> = Object.fromEntries(
  BRAND_RULES.map((rule) => [rule.brand, rule.lengths]),
) as Record<TCardBrand, readonly number[]>;

/** Removes the spaces and hyphens people type between the groups of digits. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check over a string of at least two digits. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnSum(digits, false) % 10 === 0;
}

/** The digit that, appended to `partial` (one or more digits), makes it pass the Luhn check. */
export function computeLuhnCheckDigit(partial: string): string {
  if (!/^\d+$/.test(partial)) throw new RangeError('Expected digits');
  return String((10 - (luhnSum(partial, true) % 10)) % 10);
}

/** Sum of the Luhn rule; `doubleLast` when the check digit is still to be appended. */
function luhnSum(digits: string, doubleLast: boolean): number {
  let sum = 0;
  let double = doubleLast;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum;
}

/** The brand of a card number (spaces and hyphens allowed) by its IIN, or undefined. */
export function detectCardBrand(cardNumber: string): TCardBrand | undefined {
  const digits = normalizeCardNumber(cardNumber);
  if (!/^\d+$/.test(digits)) return undefined;
  return BRAND_RULES.find((rule) => rule.prefixes.some((prefix) => digits.startsWith(prefix)))?.brand;
}

export type TCardNumberCheck =
  | { ok: true; brand: TCardBrand; digits: string }
  | { ok: false; reason: 'format' | 'brand' | 'length' | 'luhn' };

/** Digits only, a known brand, a length that brand issues, and the Luhn check, in that order. */
export function checkCardNumber(cardNumber: string): TCardNumberCheck {
  const digits = normalizeCardNumber(cardNumber);
  if (!/^\d{12,19}$/.test(digits)) return { ok: false, reason: 'format' };
  const brand = detectCardBrand(digits);
  if (!brand) return { ok: false, reason: 'brand' };
  if (!CARD_LENGTHS[brand].includes(digits.length)) return { ok: false, reason: 'length' };
  if (!isLuhnValid(digits)) return { ok: false, reason: 'luhn' };
  return { ok: true, brand, digits };
}

export function isValidCardNumber(cardNumber: string): boolean {
  return checkCardNumber(cardNumber).ok;
}

/** The last (up to) four digits of a card number. */
export function lastFour(cardNumber: string): string {
  return normalizeCardNumber(cardNumber).replace(/\D/g, '').slice(-4);
}

/** '•••• •••• •••• 1234': a full number or only its last four digits. */
export function maskCard(cardNumber: string): string {
  return `•••• •••• •••• ${lastFour(cardNumber)}`;
}

export interface TCardExpiry {
  month: number;
  /** Four digits: 'YY' is read as 20YY. */
  year: number;
}

const EXPIRY = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/** Parses 'MM/YY' (spaces around the slash allowed); null when malformed. */
export function parseCardExpiry(mmYY: string): TCardExpiry | null {
  const match = EXPIRY.exec(mmYY.replace(/\s/g, ''));
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/**
 * True when the card has expired on `today`. A card is valid through the last day of its expiry
 * month, so '05/26' is still valid on 2026-05-31 and past on 2026-06-01. Throws RangeError
 * for a malformed expiry.
 */
export function isExpiryPast(mmYY: string, today: TToday): boolean {
  const expiry = parseCardExpiry(mmYY);
  if (!expiry) throw new RangeError(`Not an MM/YY expiry: ${mmYY}`);
  const on = toCalendarDate(today);
  return on.year > expiry.year || (on.year === expiry.year && on.month > expiry.month);
}

/** What may be kept of a card: brand, last four digits and expiry ('MM/YY'). */
export interface TCardSummary {
  brand: TCardBrand;
  lastFour: string;
  expirationDate: string;
}

/** The storable summary of a valid card; null when the number or the expiry is invalid. */
export function summarizeCard(cardNumber: string, expirationDate: string): TCardSummary | null {
  const check = checkCardNumber(cardNumber);
  const expiry = parseCardExpiry(expirationDate);
  if (!check.ok || !expiry) return null;
  return {
    brand: check.brand,
    lastFour: check.digits.slice(-4),
    expirationDate: `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}`,
  };
}
