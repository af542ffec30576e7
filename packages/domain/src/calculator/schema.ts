import { z } from 'zod';
import type { TCalculatorDraft, TCalculatorInputs } from './fields.ts';
import type { TPlanId } from './plans.ts';
import { validateCalculatorInputs } from './validate.ts';

/** The calculator form's schema: it reads drafts and gives complete, normalised inputs. */
export type TCalculatorSchema = z.ZodType<TCalculatorInputs, TCalculatorDraft>;

/**
 * The calculator's rules as a zod schema, for request bodies: `validateCalculatorInputs`
 * (validate.ts, no zod) inside zod, so the form and the API give the same inputs or the same
 * issues, by field; only a body that is not an object is zod's own `invalid_type`. The rules,
 * every message a translation key:
 * - a field the plan shows is required ('validation.required'); empty (undefined or null) is
 *   "required", NaN or ±Infinity (what `parseDecimal` gives for garbage) is
 *   'validation.invalidNumber';
 * - out of range: 'validation.between|min=…&max=…'; ages and years must be whole
 *   ('calculator.errors.wholeNumber'), money and rates have at most two decimals
 *   ('calculator.errors.tooManyDecimals|max=2');
 * - a field the plan hides is optional and, when given, checked the same way; when missing it
 *   gets its default, linked as the form would; the plan's fixed values replace what was sent;
 * - where the plan shows the ages, `edadJubilacion ≥ edadActual`
 *   ('calculator.errors.retirementBeforeCurrentAge', on edadJubilacion).
 * Unknown keys are dropped.
 */
export function makeCalculatorSchema(baseYear: number, planId: TPlanId): TCalculatorSchema {
  const schema = z.looseObject({}).transform((draft, ctx) => {
    const check = validateCalculatorInputs(draft, baseYear, planId);
    if (check.ok) return check.inputs;
    for (const issue of check.issues) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    return z.NEVER;
  });
  // Any object goes in (the rules report a wrong field themselves); callers send drafts.
  return schema as unknown as TCalculatorSchema;
}
