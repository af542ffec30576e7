import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  calculate,
  defaultInputs,
  onAgesChange,
  onContributionChange,
  onTargetChange,
  onYearChange,
  onYearsChange,
  PLAN_IDS,
  PLANS,
  type TCalculatorInputs,
  type TPlanId,
} from '../../src/index.ts';
import { age, baseYear, linkedInputs, money, ratePercent, years } from './support/reference.ts';

const planId = fc.constantFrom(...PLAN_IDS);

/** A user's edit of one field (or pair), replayed through the linked function the form calls. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('ages' as const), edadActual: age, edadJubilacion: age }),
  fc.record({ kind: fc.constant('year' as const), offset: years }),
  fc.record({ kind: fc.constant('years' as const), numAnyos: years }),
  fc.record({
    kind: fc.constant('contribution' as const),
    capitalInicial: money(10_000_000),
    aportacionMensual: money(10_000),
  }),
  fc.record({ kind: fc.constant('target' as const), disponibleAlFinal: money(10_000_000) }),
);
type TEdit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(inputs: TCalculatorInputs, change: TEdit, base: number, plan: TPlanId): TCalculatorInputs {
  switch (change.kind) {
    case 'ages':
      return onAgesChange(
        { ...inputs, edadActual: change.edadActual, edadJubilacion: change.edadJubilacion },
        base,
        plan,
      );
    case 'year':
      return onYearChange({ ...inputs, anyoJubilacion: base + change.offset }, base, plan);
    case 'years':
      return onYearsChange({ ...inputs, numAnyos: change.numAnyos }, base, plan);
    case 'contribution':
      return onContributionChange(
        { ...inputs, capitalInicial: change.capitalInicial, aportacionMensual: change.aportacionMensual },
        base,
        plan,
      );
    case 'target':
      return onTargetChange({ ...inputs, disponibleAlFinal: change.disponibleAlFinal }, base, plan);
  }
}

/** The coin result, or undefined when a field it reads is out of its bounds (as edits allow). */
function coinResultOf(inputs: TCalculatorInputs, plan: TPlanId): number | undefined {
  try {
    // The ages only feed the income lines: neutral values keep them from refusing the inputs.
    return calculate({ ...inputs, edadJubilacion: 0, esperanzaDeVida: 0 }, plan).resultadoKc;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

describe('linked fields stay consistent', () => {
  test('after any sequence of edits, in any plan and base year', () => {
    fc.assert(
      fc.property(planId, baseYear, fc.array(edit, { maxLength: 12 }), (plan, base, edits) => {
        let inputs = defaultInputs(plan, base);
        for (const change of edits) {
          inputs = applyEdit(inputs, change, base, plan);
          expect(inputs.numAnyos).toBe(inputs.edadJubilacion - inputs.edadActual);
          expect(inputs.anyoJubilacion).toBe(base + inputs.numAnyos);
          expect(inputs).toMatchObject(PLANS[plan].fixedValues);
          const isTargetEdit = change.kind === 'target' && PLANS[plan].fixedValues.aportacionMensual === undefined;
          const coinResult = coinResultOf(inputs, plan);
          if (!isTargetEdit && coinResult !== undefined) {
            // Every edit but the target's leaves the amount at the end = the coin result.
            expect(inputs.disponibleAlFinal).toBe(coinResult);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('an edit of the years keeps the contribution and moves the amount at the end', () => {
    const start = defaultInputs('jubilacion', 2020);
    const later = onAgesChange({ ...start, edadJubilacion: 70 }, 2020, 'jubilacion');
    expect(later).toMatchObject({ numAnyos: 30, anyoJubilacion: 2050, aportacionMensual: 50 });
    expect(later.disponibleAlFinal).toBe(calculate(later, 'jubilacion').resultadoKc);
    expect(later.disponibleAlFinal).toBeGreaterThan(start.disponibleAlFinal);
  });

  test('an empty or unreadable field leaves what depends on it as it was', () => {
    const start = defaultInputs('jubilacion', 2020);
    expect(onAgesChange({ ...start, edadActual: undefined }, 2020, 'jubilacion')).toEqual({
      ...start,
      edadActual: undefined,
    });
    expect(onYearChange({ ...start, anyoJubilacion: Number.NaN }, 2020, 'jubilacion')).toEqual({
      ...start,
      anyoJubilacion: Number.NaN,
    });
    expect(onYearsChange({ ...start, numAnyos: undefined }, 2020, 'jubilacion')).toEqual({
      ...start,
      numAnyos: undefined,
    });
    expect(onContributionChange({ ...start, capitalInicial: undefined }, 2020, 'jubilacion')).toEqual({
      ...start,
      capitalInicial: undefined,
    });
    expect(onTargetChange({ ...start, disponibleAlFinal: Number.NaN }, 2020, 'jubilacion')).toEqual({
      ...start,
      disponibleAlFinal: Number.NaN,
    });
  });

  test('values out of range are written (the form shows their error) but not computed from', () => {
    const start = defaultInputs('jubilacion', 2020);
    const next = onAgesChange({ ...start, edadActual: 70 }, 2020, 'jubilacion');
    expect(next).toMatchObject({ numAnyos: -3, anyoJubilacion: 2017, disponibleAlFinal: start.disponibleAlFinal });
  });
});

describe('the contribution and the amount at the end', () => {
  const savings = fc.record({
    capitalInicial: money(10_000_000),
    kcInteres: ratePercent,
    numAnyos: fc.integer({ min: 1, max: 35 }),
  });

  test('contribution → amount at the end → contribution gives it back, or one more (the +1 rule)', () => {
    fc.assert(
      fc.property(linkedInputs(2020), savings, fc.integer({ min: 0, max: 9_999 }), (inputs, s, monthly) => {
        const start = { ...inputs, ...s, aportacionMensual: monthly };
        const withAmount = onContributionChange(start, 2020, 'personalizado');
        const back = onTargetChange(withAmount, 2020, 'personalizado');
        if (monthly === 0) expect(back.aportacionMensual).toBe(0);
        else expect([monthly, monthly + 1]).toContain(back.aportacionMensual);
      }),
      { numRuns: 500 },
    );
  });

  test('the contribution found for a target reaches it, and one euro less does not', () => {
    fc.assert(
      fc.property(linkedInputs(2020), savings, fc.integer({ min: 0, max: 10_000_000 }), (inputs, s, target) => {
        const found = onTargetChange({ ...inputs, ...s, disponibleAlFinal: target }, 2020, 'emprendedor');
        const monthly = found.aportacionMensual;
        fc.pre(monthly <= 10_000);
        expect(Number.isInteger(monthly)).toBe(true);
        expect(calculate(found, 'emprendedor').resultadoKc).toBeGreaterThanOrEqual(target);
        if (monthly > 0) {
          expect(
            calculate({ ...found, aportacionMensual: monthly - 1 }, 'emprendedor').resultadoKc,
          ).toBeLessThanOrEqual(target);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('0 when the capital alone already reaches the target', () => {
    const inputs = { ...defaultInputs('fideicomiso', 2020), aportacionMensual: 300 };
    // 10000 € at 10 % for 27 years is 131099.9…
    expect(onTargetChange({ ...inputs, disponibleAlFinal: 131_099 }, 2020, 'fideicomiso').aportacionMensual).toBe(0);
    expect(onTargetChange({ ...inputs, disponibleAlFinal: 131_100 }, 2020, 'fideicomiso').aportacionMensual).toBe(1);
  });

  test('the default amount at the end gives back the default contribution', () => {
    for (const plan of PLAN_IDS) {
      const inputs = defaultInputs(plan, 2020);
      expect(onTargetChange(inputs, 2020, plan).aportacionMensual).toBe(inputs.aportacionMensual);
    }
  });

  test('padrinazgo fixes the contribution, so its amount at the end is recomputed, not an input', () => {
    const inputs = defaultInputs('padrinazgo', 2020);
    expect(onTargetChange({ ...inputs, disponibleAlFinal: 500_000 }, 2020, 'padrinazgo')).toEqual(inputs);
  });

  test('a target out of reach of the largest contribution is written, for the form to flag', () => {
    const inputs = { ...defaultInputs('emprendedor', 2020), numAnyos: 1 };
    // 10 M € in one year takes 10000000 / 12 = 833333.33… a month.
    expect(onTargetChange({ ...inputs, disponibleAlFinal: 10_000_000 }, 2020, 'emprendedor').aportacionMensual).toBe(
      833_334,
    );
  });
});
