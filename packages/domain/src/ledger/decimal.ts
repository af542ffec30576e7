/**
 * Exact fixed-scale decimals for the money ledger: a value is a BigInt count of the smallest
 * step of its scale (EUR cents at scale 2, micro-units of KC at scale 6, a price per unit at
 * scale 6). Sums and differences are exact; products and quotients round once, by a rule the
 * caller names. No floats anywhere: a JS number never carries an amount (ARCHITECTURE.md).
 *
 * Why BigInt minor units and not a decimal library: the ledger only adds, subtracts and does
 * one multiplication or division with a stated rounding per figure; integers do that exactly,
 * in the browser and in Node, with no dependency (decimal.js stays a test reference).
 */
export const EUR_SCALE = 2;
export const UNIT_SCALE = 6;
export const PRICE_SCALE = 6;

export type TScaled = bigint;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

const DECIMAL = /^(-?)(\d{1,18})(?:\.(\d+))?$/;

/**
 * Reads a decimal string ('1234.5', '-0.01') at a scale: '12.3' at scale 2 is 1230n. Null when
 * the text is not a plain decimal or has more decimals than the scale allows (never rounds:
 * an amount of 10.005 EUR is refused, not changed).
 */
export function parseScaled(text: string, scale: number): TScaled | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) return null;
  const value = BigInt(whole) * pow10(scale) + BigInt(significant.padEnd(scale, '0') || '0');
  return sign === '-' ? -value : value;
}

/** Writes a scaled value as a decimal string with exactly `scale` decimals: 1230n, 2 → '12.30'. */
export function formatScaled(value: TScaled, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** The same value at another scale; going down truncates toward −∞ (floor). */
export function rescaleFloor(value: TScaled, from: number, to: number): TScaled {
  if (to >= from) return value * pow10(to - from);
  return floorDiv(value, pow10(from - to));
}

/** ⌊a / b⌋ for b > 0 (BigInt division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('floorDiv needs a positive divisor');
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** Sum of scaled values. */
export function sumScaled(values: Iterable<TScaled>): TScaled {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

/** Text of a price, an amount or a unit count read back at its scale (numeric columns give strings). */
export function parseEur(text: string): TScaled {
  const value = parseScaled(text, EUR_SCALE);
  if (value === null) throw new RangeError(`Not an EUR amount: ${text}`);
  return value;
}
export function parseUnits(text: string): TScaled {
  const value = parseScaled(text, UNIT_SCALE);
  if (value === null) throw new RangeError(`Not a unit count: ${text}`);
  return value;
}
export function parsePrice(text: string): TScaled {
  const value = parseScaled(text, PRICE_SCALE);
  if (value === null) throw new RangeError(`Not a price: ${text}`);
  return value;
}
export const formatEur = (value: TScaled) => formatScaled(value, EUR_SCALE);
export const formatUnits = (value: TScaled) => formatScaled(value, UNIT_SCALE);
export const formatPrice = (value: TScaled) => formatScaled(value, PRICE_SCALE);
