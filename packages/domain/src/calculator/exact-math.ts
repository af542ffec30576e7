/**
 * Exact rational arithmetic on BigInt for the calculator (internal to this folder).
 *
 * Why not decimal floating point (decimal.js at some precision): the monthly rate kc/100/12 has
 * no finite decimal expansion, so any fixed precision rounds it, and a figure whose exact value
 * is a whole number can land just below it and truncate to one less. The coupon yield of 2400
 * at 13 %, 2400 × (13 / 100 / 12), is 25.99…9 → 25 in decimal.js at 20, 40 or 100 digits; the
 * exact value is 26. Fractions of BigInts never round, so every truncation below is the
 * truncation of the exact value, whatever the order of the operations.
 *
 * A JS number is read as the decimal it prints as (`String(0.1)` is "0.1"), which is what the
 * user typed; `toDecimalString` writes out the exponent forms ('1e-7').
 */
export type TFraction = { readonly num: bigint; readonly den: bigint };

const ZERO: TFraction = { num: 0n, den: 1n };
const ONE: TFraction = { num: 1n, den: 1n };

export function fromBigInt(value: bigint): TFraction {
  return { num: value, den: 1n };
}

/**
 * A finite number as the plain decimal it prints as: 1e-7 → '0.0000001', 1.5e21 →
 * '1500000000000000000000'. `String` gives the shortest digits that read back as the number;
 * only the exponent is written out (no library: this runs in the browser's calculator too).
 */
export function toDecimalString(value: number): string {
  const text = String(value);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const [whole = '', fraction = ''] = text.slice(sign.length, e).split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(text.slice(e + 1));
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The exact decimal a finite number prints as; a RangeError for NaN and ±Infinity. */
export function fromNumber(value: number): TFraction {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  if (Number.isSafeInteger(value)) return { num: BigInt(value), den: 1n };
  const [whole = '0', fraction = ''] = toDecimalString(value).split('.');
  return reduce({ num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) });
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduce(f: TFraction): TFraction {
  const g = gcd(f.num, f.den);
  return g > 1n ? { num: f.num / g, den: f.den / g } : f;
}

export function add(a: TFraction, b: TFraction): TFraction {
  return a.den === b.den
    ? { num: a.num + b.num, den: a.den }
    : { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}

export function sub(a: TFraction, b: TFraction): TFraction {
  return add(a, { num: -b.num, den: b.den });
}

export function mul(a: TFraction, b: TFraction): TFraction {
  return { num: a.num * b.num, den: a.den * b.den };
}

export function div(a: TFraction, b: TFraction): TFraction {
  if (b.num === 0n) throw new RangeError('Division by zero');
  return b.num < 0n ? { num: -a.num * b.den, den: a.den * -b.num } : { num: a.num * b.den, den: a.den * b.num };
}

/** `base` to a whole power ≥ 0 (the base is reduced first so the powers stay small). */
export function pow(base: TFraction, exponent: number): TFraction {
  const b = reduce(base);
  const e = BigInt(exponent);
  return { num: b.num ** e, den: b.den ** e };
}

/** Comparison: negative, zero or positive as a < b, a = b, a > b. */
export function compare(a: TFraction, b: TFraction): number {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** Truncation toward zero of the exact value (BigInt division truncates). */
export function trunc(f: TFraction): bigint {
  return f.num / f.den;
}

/** A whole BigInt as a number, refusing to lose digits. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Result beyond exact number range: ${value}`);
  }
  return Number(value);
}

/** `percent / 100`. */
export function percentToRate(percent: TFraction): TFraction {
  return reduce({ num: percent.num, den: percent.den * 100n });
}

/**
 * Future value (decisions.md, "Future value"): capital C at the annual rate r for n years, plus
 * the yearly contribution A paid at the end of each year:
 * `C·(1+r)^n + A·((1+r)^n − 1)/r`, and `C + A·n` when r = 0.
 */
export function futureValue(capital: TFraction, yearly: TFraction, rate: TFraction, years: number): TFraction {
  if (rate.num === 0n) return add(capital, mul(yearly, fromBigInt(BigInt(years))));
  const growth = pow(add(ONE, rate), years);
  return add(mul(capital, growth), div(mul(yearly, sub(growth, ONE)), rate));
}

/**
 * One more year of `futureValue`: FV(k) = FV(k − 1)·(1 + r) + A, FV(0) = C. The recurrence the
 * closed formula sums, so the same exact values at one product a year (for year-by-year series).
 */
export function addOneYear(value: TFraction, yearly: TFraction, rate: TFraction): TFraction {
  return add(mul(value, add(ONE, rate)), yearly);
}

/**
 * The level payment that spends `principal` over `periods` payments while the balance earns
 * `rate` per period (a spreadsheet's `PMT(rate, periods, -principal)`):
 * `P·i·(1+i)^m / ((1+i)^m − 1)`, and `P / m` when i = 0. With i = K/B in lowest terms this is
 * `P·K·(B+K)^m / (B·((B+K)^m − B^m))`, computed as such to keep the numbers small.
 */
export function levelPayment(principal: TFraction, rate: TFraction, periods: number): TFraction {
  if (periods <= 0) return ZERO;
  const m = BigInt(periods);
  if (rate.num === 0n) return div(principal, fromBigInt(m));
  const { num: k, den: b } = reduce(rate);
  const qm = (b + k) ** m;
  return div(mul(principal, { num: k * qm, den: 1n }), { num: b * (qm - b ** m), den: 1n });
}
