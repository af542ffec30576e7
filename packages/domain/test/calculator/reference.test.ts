import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { calculate, type TCalculatorInputs } from '../../src/index.ts';
import {
  age,
  linkedInputs,
  money,
  ratePercent,
  referenceCouponYield,
  referenceFutureValue,
  referenceLevelPayment,
  years,
  type TReferenceCase,
} from './support/reference.ts';

const BASE = 2020;

/**
 * The expected figure of a reference case, counting the cases the float could not decide. An
 * arbitrated case must be one the float really could not decide (its error stayed within the
 * bound it was given), and apart from exact whole numbers such cases must stay rare: the float
 * reference, not the referee, carries the comparison.
 */
function makeTally() {
  const tally = { cases: 0, nearWhole: 0 };
  return {
    tally,
    expected(reference: TReferenceCase): number {
      tally.cases++;
      if (reference.arbitrated) {
        expect(reference.floatError).toBeLessThanOrEqual(reference.errorBound);
        if (!reference.isWhole) tally.nearWhole++;
      }
      return reference.expected;
    },
  };
}

describe('the engine against a spreadsheet library (formulajs), truncated', () => {
  test('the three future values, across the bounds', () => {
    const { tally, expected } = makeTally();
    fc.assert(
      fc.property(linkedInputs(BASE), (inputs) => {
        const result = calculate(inputs, 'personalizado');
        const { capitalInicial: c, aportacionMensual: m, numAnyos: n } = inputs;
        expect(result.resultadoBanca).toBe(expected(referenceFutureValue(c, m, inputs.bancoInteres, n)));
        expect(result.resultadoFondoInversion).toBe(
          expected(referenceFutureValue(c, m, inputs.fondoInversionInteres, n)),
        );
        expect(result.resultadoKc).toBe(expected(referenceFutureValue(c, m, inputs.kcInteres, n)));
      }),
      { numRuns: 2000 },
    );
    expect(tally.nearWhole / tally.cases).toBeLessThan(0.01);
  });

  test('the monthly-income lines, across the bounds of the ages', () => {
    const { tally, expected } = makeTally();
    fc.assert(
      fc.property(linkedInputs(BASE), age, age, (inputs, edadJubilacion, esperanzaDeVida) => {
        const values: TCalculatorInputs = { ...inputs, edadJubilacion, esperanzaDeVida };
        const result = calculate(values, 'jubilacion');
        const months = (esperanzaDeVida - edadJubilacion) * 12;
        const p = result.resultadoKc;
        if (months > 0) {
          expect(result.rentaMensualKc).toBe(Math.trunc(p / months));
          expect(result.complementoMensualKc).toBe(expected(referenceLevelPayment(p, values.kcInteres, months)));
        } else {
          expect(result.rentaMensualKc).toBe(0);
          expect(result.complementoMensualKc).toBe(0);
        }
        expect(result.rendimientoCuponCero).toBe(referenceCouponYield(p, values.kcInteres));
      }),
      { numRuns: 1000 },
    );
    expect(tally.nearWhole / Math.max(1, tally.cases)).toBeLessThan(0.01);
  });

  test('each year of the growth series is the future value of that many years', () => {
    fc.assert(
      fc.property(money(10_000_000), money(10_000), ratePercent, years, (c, m, rate, n) => {
        const inputs: TCalculatorInputs = {
          edadActual: 40,
          edadJubilacion: 40 + n,
          numAnyos: n,
          anyoJubilacion: BASE + n,
          capitalInicial: c,
          aportacionMensual: m,
          disponibleAlFinal: 0,
          bancoInteres: rate,
          fondoInversionInteres: rate,
          kcInteres: rate,
          esperanzaDeVida: 86,
        };
        const { growth, resultadoKc } = calculate(inputs, 'emprendedor');
        expect(growth.map((point) => point.year)).toEqual(Array.from({ length: n + 1 }, (_, year) => year));
        for (const point of growth) {
          const reference = referenceFutureValue(c, m, rate, point.year).expected;
          expect([point.banca, point.fondoInversion, point.kc]).toEqual([reference, reference, reference]);
        }
        expect(growth.at(-1)?.kc).toBe(resultadoKc);
      }),
      { numRuns: 200 },
    );
  });
});

describe('where floats and the exact value part', () => {
  test('10000 at 15 % for 2 years is exactly 13225; the float formula truncates to 13224', () => {
    const inputs: TCalculatorInputs = {
      edadActual: 40,
      edadJubilacion: 42,
      numAnyos: 2,
      anyoJubilacion: BASE + 2,
      capitalInicial: 10_000,
      aportacionMensual: 0,
      disponibleAlFinal: 0,
      bancoInteres: 15,
      fondoInversionInteres: 15,
      kcInteres: 15,
      esperanzaDeVida: 86,
    };
    expect(Math.trunc(10_000 * Math.pow(1.15, 2))).toBe(13_224);
    expect(referenceFutureValue(10_000, 0, 15, 2)).toMatchObject({ expected: 13_225, arbitrated: true, isWhole: true });
    expect(calculate(inputs, 'personalizado').resultadoKc).toBe(13_225);
  });

  test('the coupon yield of 2400 at 13 % is exactly 26 (2400 · 13 / 1200)', () => {
    const inputs: TCalculatorInputs = {
      edadActual: 0,
      edadJubilacion: 0,
      numAnyos: 0,
      anyoJubilacion: BASE,
      capitalInicial: 2400,
      aportacionMensual: 0,
      disponibleAlFinal: 0,
      bancoInteres: 13,
      fondoInversionInteres: 13,
      kcInteres: 13,
      esperanzaDeVida: 86,
    };
    const result = calculate(inputs, 'jubilacion');
    expect(result.resultadoKc).toBe(2400);
    expect(result.rendimientoCuponCero).toBe(26);
  });
});
