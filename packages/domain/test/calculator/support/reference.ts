import { FV, PMT } from '@formulajs/formulajs';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import type { TCalculatorInputs } from '../../../src/index.ts';

/**
 * Independent references for the engine's figures.
 *
 * 1. A spreadsheet library (`@formulajs/formulajs`) in floating point: FV and PMT as the
 *    decisions page defines them. Its value is trusted to the unit except within `floatErrorBound`
 *    of a whole number, where a float cannot tell N − 1 + 0.999… from N: the rounding error of
 *    the float formula is larger than the distance. Those cases are not loosened; they are
 *    settled by:
 * 2. decimal.js at 1000 significant digits (a different method from the engine's BigInt
 *    fractions). For inputs with at most two decimals the future value has fewer than 200
 *    significant digits, so Decimal computes it exactly; PMT's monthly rate kc/1200 is rounded
 *    at the 1000th digit, so a value within 1e-900 of a whole number is taken as that number.
 */
const EPSILON = Number.EPSILON;
const REFEREE = Decimal.clone({ precision: 1000 });

/**
 * `arbitrated`: the float was too close to a whole number and the exact referee decided;
 * `isWhole` then says whether the exact value is a whole number (as it is for every rate of 0
 * or 0 years with whole euros), and `floatError` how far the float was from it (which must stay
 * within the error bound the float was given).
 */
export type TReferenceCase =
  | { expected: number; arbitrated: false }
  | { expected: number; arbitrated: true; isWhole: boolean; floatError: number; errorBound: number };

function truncFloat(value: number, errorBound: number, referee: () => Decimal): TReferenceCase {
  const nearest = Math.round(value);
  if (Math.abs(value - nearest) > errorBound) return { expected: Math.trunc(value), arbitrated: false };
  const exact = referee();
  return {
    expected: truncExact(exact),
    arbitrated: true,
    isWhole: isWholeExact(exact),
    floatError: exact.minus(value).abs().toNumber(),
    errorBound,
  };
}

function isWholeExact(value: Decimal): boolean {
  return value.minus(value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP)).abs().lt(new REFEREE('1e-900'));
}

function truncExact(value: Decimal): number {
  return (isWholeExact(value) ? value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP) : value.trunc()).toNumber();
}

function asNumber(value: number | Error): number {
  if (value instanceof Error) throw value;
  return value;
}

/** Future value per decisions.md, with Decimal at 1000 digits. */
export function decimalFutureValue(capital: number, monthly: number, percent: number, years: number): Decimal {
  const c = new REFEREE(capital);
  const a = new REFEREE(monthly).times(12);
  const r = new REFEREE(percent).div(100);
  if (r.isZero()) return c.plus(a.times(years));
  const g = r.plus(1).pow(years);
  return c.times(g).plus(a.times(g.minus(1)).div(r));
}

/** trunc(FV(r, n, −12·monthly, −capital, 0)) from formulajs, arbitrated near whole numbers. */
export function referenceFutureValue(capital: number, monthly: number, percent: number, years: number): TReferenceCase {
  const rate = percent / 100;
  const yearly = 12 * monthly;
  const value = asNumber(FV(rate, years, -yearly, -capital, 0));
  const term = Math.pow(1 + rate, years);
  // Float error of C·term + A·(term − 1)/r: every product and the power carry a few ulps (the
  // rate's own rounding grows n-fold in the power), and term − 1 loses digits when it is small,
  // which the division by r then magnifies.
  const errorBound =
    rate === 0
      ? 4 * EPSILON * (capital + yearly * years) + 1e-6
      : 8 * EPSILON * (years + 4) * (capital * term + (yearly * term) / rate) + 1e-6;
  return truncFloat(value, errorBound, () => decimalFutureValue(capital, monthly, percent, years));
}

/** PMT per decisions.md, with Decimal at 1000 digits. */
export function decimalLevelPayment(principal: number, percent: number, months: number): Decimal {
  const p = new REFEREE(principal);
  const i = new REFEREE(percent).div(1200);
  if (i.isZero()) return p.div(months);
  const g = i.plus(1).pow(months);
  return p.times(i).times(g).div(g.minus(1));
}

/** trunc(PMT(kc/100/12, m, −principal)) from formulajs, arbitrated near whole numbers. */
export function referenceLevelPayment(principal: number, percent: number, months: number): TReferenceCase {
  const rate = percent / 100 / 12;
  const value = asNumber(PMT(rate, months, -principal, 0, 0));
  const term = Math.pow(1 + rate, months);
  // As above: a few ulps per step, the power's n-fold growth of the rate's rounding, and the
  // loss of digits in 1 − 1/term when the rate or the months are small.
  const errorBound =
    rate === 0 ? 4 * EPSILON * value + 1e-6 : (8 * EPSILON * (months + 4) * value) / (1 - 1 / term) + 1e-6;
  return truncFloat(value, errorBound, () => decimalLevelPayment(principal, percent, months));
}

/** trunc(resultadoKc · kc / 100 / 12), exactly (Decimal, multiplying before dividing). */
export function referenceCouponYield(principal: number, percent: number): number {
  return truncExact(new REFEREE(principal).times(percent).div(1200));
}

// ---- Arbitraries across the bounds (each with its extremes given extra weight) ----

const withExtremes = (arb: fc.Arbitrary<number>, ...extremes: number[]) =>
  fc.oneof({ arbitrary: arb, weight: 8 }, { arbitrary: fc.constantFrom(...extremes), weight: 2 });

/** Whole euros or euros with cents in [0, max]. */
export const money = (max: number) =>
  withExtremes(
    fc.oneof(
      fc.integer({ min: 0, max }),
      fc.integer({ min: 0, max: max * 100 }).map((cents) => cents / 100),
      fc.integer({ min: 0, max: 1000 }),
    ),
    0,
    max,
  );

/** Percentages in [0, 20]: tenths (the slider's step) and hundredths. */
export const ratePercent = withExtremes(
  fc.oneof(
    fc.integer({ min: 0, max: 200 }).map((tenths) => tenths / 10),
    fc.integer({ min: 0, max: 2000 }).map((hundredths) => hundredths / 100),
  ),
  0,
  0.1,
  20,
);

export const years = withExtremes(fc.integer({ min: 0, max: 35 }), 0, 1, 35);
export const age = withExtremes(fc.integer({ min: 0, max: 120 }), 0, 120);
export const baseYear = fc.integer({ min: 1990, max: 2100 });

/** Inputs within every bound, linked as the form keeps them, for a base year. */
export const linkedInputs = (base: number) =>
  fc
    .record({
      edadActual: fc.integer({ min: 0, max: 85 }),
      numAnyos: years,
      capitalInicial: money(10_000_000),
      aportacionMensual: money(10_000),
      bancoInteres: ratePercent,
      fondoInversionInteres: ratePercent,
      kcInteres: ratePercent,
      esperanzaDeVida: age,
    })
    .map((v): TCalculatorInputs => ({
      ...v,
      edadJubilacion: v.edadActual + v.numAnyos,
      anyoJubilacion: base + v.numAnyos,
      disponibleAlFinal: 0,
    }));
