import { z } from 'zod';
import {
  ckey,
  countDecimals,
  defaultInputs,
  encodeMessage,
  getCalculatorBounds,
  PLANS,
  vkey,
  applyFixedValues,
  CALCULATOR_FIELDS,
  type TCalculatorInputs,
  type TFieldBounds,
  type TPlanId,
} from '../../../src/index.ts';

/**
 * An independent reference for the calculator's rules: the schema as it was written with zod's
 * own number checks (z.number().min().max().refine()) before the rules moved to validate.ts.
 * zod decides here what is a number, what is empty, which checks run and in which order, so a
 * test can compare the zod-free validator with zod's behaviour, not with itself.
 */
function numberField(bounds: TFieldBounds) {
  const between = encodeMessage(vkey('between'), { min: bounds.min, max: bounds.max });
  const decimals =
    bounds.decimals === 0 ? ckey('wholeNumber') : encodeMessage(ckey('tooManyDecimals'), { max: bounds.decimals });
  return z
    .number({ error: (issue) => (issue.input == null ? vkey('required') : vkey('invalidNumber')) })
    .min(bounds.min, between)
    .max(bounds.max, between)
    .refine((value) => countDecimals(value) <= bounds.decimals, decimals);
}

export function makeReferenceSchema(baseYear: number, planId: TPlanId) {
  const plan = PLANS[planId];
  const bounds = getCalculatorBounds(baseYear);
  const shape = Object.fromEntries(
    CALCULATOR_FIELDS.map((field) => {
      const schema = numberField(bounds[field]);
      return [field, plan.visibleFields.includes(field) ? schema : schema.optional()];
    }),
  );
  return z
    .object(shape)
    .transform((draft): TCalculatorInputs => {
      const given = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined));
      const values: TCalculatorInputs = { ...defaultInputs(planId, baseYear), ...given };
      return applyFixedValues(
        {
          ...values,
          anyoJubilacion: draft['anyoJubilacion'] ?? baseYear + values.numAnyos,
          edadJubilacion: draft['edadJubilacion'] ?? values.edadActual + values.numAnyos,
        },
        planId,
      );
    })
    .superRefine((values, ctx) => {
      if (plan.showsAges && values.edadJubilacion < values.edadActual) {
        ctx.addIssue({ code: 'custom', path: ['edadJubilacion'], message: ckey('retirementBeforeCurrentAge') });
      }
    });
}
