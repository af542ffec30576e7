import { calculate } from './engine.ts';
import type { TCalculatorInputs } from './fields.ts';
import { applyFixedValues, PLANS, type TPlanId } from './plans.ts';

/** The calculator's starting values (specification, section 9). */
export const DEFAULT_VALUES = {
  edadActual: 40,
  edadJubilacion: 67,
  capitalInicial: 0,
  aportacionMensual: 50,
  bancoInteres: 3,
  fondoInversionInteres: 6,
  esperanzaDeVida: 86,
} as const;

/**
 * A plan's starting inputs for the given base year (a whole calendar year; the caller reads the
 * clock or the configuration): ages 40 and 67, so 27 years and base + 27 as the retirement year;
 * the plan's coin interest and fixed values; and `disponibleAlFinal` = the coin result of all
 * that. With base 2020: 40 / 67 / 27 / 2047, as the specification says.
 */
export function defaultInputs(planId: TPlanId, baseYear: number): TCalculatorInputs {
  const numAnyos = DEFAULT_VALUES.edadJubilacion - DEFAULT_VALUES.edadActual;
  const inputs = applyFixedValues(
    {
      ...DEFAULT_VALUES,
      numAnyos,
      anyoJubilacion: baseYear + numAnyos,
      kcInteres: PLANS[planId].kcInteres,
      disponibleAlFinal: 0,
    },
    planId,
  );
  return { ...inputs, disponibleAlFinal: calculate(inputs, planId).resultadoKc };
}
