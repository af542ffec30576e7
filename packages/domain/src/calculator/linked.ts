import { FIELD_BOUNDS, isWithinBounds } from './bounds.ts';
import {
  compare,
  div,
  fromBigInt,
  fromNumber,
  futureValue,
  percentToRate,
  sub,
  toSafeNumber,
  trunc,
} from './exact-math.ts';
import { tryCalculateResultadoKc } from './engine.ts';
import type { TCalculatorDraft } from './fields.ts';
import { applyFixedValues, PLANS, type TPlanId } from './plans.ts';

/**
 * The linked calculator inputs (specification, section 4; decisions.md, "Linked inputs"). Each
 * function takes the form's values right after the user changed the named field(s), the base
 * year and the plan, and returns the values with the linked fields recomputed:
 * - onAgesChange: `numAnyos = edadJubilacion − edadActual`, `anyoJubilacion = base + numAnyos`;
 * - onYearChange: `numAnyos = anyoJubilacion − base`, `edadJubilacion = edadActual + numAnyos`;
 * - onYearsChange: `anyoJubilacion = base + numAnyos`, `edadJubilacion = edadActual + numAnyos`;
 * - onContributionChange (capitalInicial or aportacionMensual): `disponibleAlFinal`;
 * - onTargetChange (disponibleAlFinal): `aportacionMensual`.
 *
 * Decided here, where the texts are silent:
 * - A change of the years also recomputes `disponibleAlFinal` (the contribution is kept), so
 *   the amount at the end never describes other years than the ones on screen.
 * - A value that is empty or not a number leaves what depends on it unchanged, and
 *   `disponibleAlFinal` is only recomputed from values inside their bounds; the form shows the
 *   field's error meanwhile. Out-of-range results (numAnyos 40) are written, for the same reason.
 * - The plan's fixed values always win. When the plan fixes the monthly contribution
 *   (padrinazgo) the amount at the end is not an input: onTargetChange recomputes it instead.
 */

function isNumber(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The values with the plan's fixed values and `disponibleAlFinal` = resultadoKc, when computable. */
function withAmountAtEnd<T extends TCalculatorDraft>(inputs: T, planId: TPlanId): T {
  const values = applyFixedValues(inputs, planId);
  const resultadoKc = tryCalculateResultadoKc(values);
  return resultadoKc === undefined ? values : { ...values, disponibleAlFinal: resultadoKc };
}

/** Sets the retirement year and age from `numAnyos`, then the amount at the end. */
function linkFromYears<T extends TCalculatorDraft>(inputs: T, numAnyos: number, baseYear: number, planId: TPlanId): T {
  const { edadActual } = inputs;
  return withAmountAtEnd(
    {
      ...inputs,
      numAnyos,
      anyoJubilacion: baseYear + numAnyos,
      ...(isNumber(edadActual) ? { edadJubilacion: edadActual + numAnyos } : {}),
    },
    planId,
  );
}

export function onAgesChange<T extends TCalculatorDraft>(inputs: T, baseYear: number, planId: TPlanId): T {
  const { edadActual, edadJubilacion } = inputs;
  if (!isNumber(edadActual) || !isNumber(edadJubilacion)) return applyFixedValues(inputs, planId);
  const numAnyos = edadJubilacion - edadActual;
  return withAmountAtEnd({ ...inputs, numAnyos, anyoJubilacion: baseYear + numAnyos }, planId);
}

export function onYearChange<T extends TCalculatorDraft>(inputs: T, baseYear: number, planId: TPlanId): T {
  const { anyoJubilacion } = inputs;
  if (!isNumber(anyoJubilacion)) return applyFixedValues(inputs, planId);
  return linkFromYears(inputs, anyoJubilacion - baseYear, baseYear, planId);
}

export function onYearsChange<T extends TCalculatorDraft>(inputs: T, baseYear: number, planId: TPlanId): T {
  const { numAnyos } = inputs;
  if (!isNumber(numAnyos)) return applyFixedValues(inputs, planId);
  return linkFromYears(inputs, numAnyos, baseYear, planId);
}

export function onContributionChange<T extends TCalculatorDraft>(inputs: T, _baseYear: number, planId: TPlanId): T {
  return withAmountAtEnd(inputs, planId);
}

/**
 * `aportacionMensual = trunc(x) + 1`, x being the exact monthly contribution whose coin result
 * (before truncation) is `disponibleAlFinal`:
 * `x = (disponibleAlFinal − C·(1+r)^n) / (12 · ((1+r)^n − 1)/r)`; and 0 when the capital alone
 * already reaches it. With 0 years no contribution counts, so an unreached target leaves the
 * contribution as it is. A contribution above its bound is written and shown as the field's error.
 */
export function onTargetChange<T extends TCalculatorDraft>(inputs: T, _baseYear: number, planId: TPlanId): T {
  if (PLANS[planId].fixedValues.aportacionMensual !== undefined) return withAmountAtEnd(inputs, planId);
  const values = applyFixedValues(inputs, planId);
  const { disponibleAlFinal, capitalInicial, numAnyos, kcInteres } = values;
  if (
    !isWithinBounds(disponibleAlFinal, FIELD_BOUNDS.disponibleAlFinal) ||
    !isWithinBounds(capitalInicial, FIELD_BOUNDS.capitalInicial) ||
    !isWithinBounds(numAnyos, FIELD_BOUNDS.numAnyos) ||
    !isWithinBounds(kcInteres, FIELD_BOUNDS.kcInteres)
  ) {
    return values;
  }
  const target = fromNumber(disponibleAlFinal);
  const rate = percentToRate(fromNumber(kcInteres));
  const zero = fromBigInt(0n);
  const capitalAlone = futureValue(fromNumber(capitalInicial), zero, rate, numAnyos);
  if (compare(capitalAlone, target) >= 0) return { ...values, aportacionMensual: 0 };
  if (numAnyos === 0) return values;
  // The future value of 12 € a year (1 € a month) over the same years: x · this = target − capital.
  const perEuroMonthly = futureValue(zero, fromBigInt(12n), rate, numAnyos);
  const exactMonthly = div(sub(target, capitalAlone), perEuroMonthly);
  return { ...values, aportacionMensual: toSafeNumber(trunc(exactMonthly)) + 1 };
}
