import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { getCalculatorBounds, hasAllowedDecimals, isInRange, type TFieldBounds } from './bounds.ts';
import { defaultInputs } from './defaults.ts';
import { CALCULATOR_FIELDS, type TCalculatorDraft, type TCalculatorField, type TCalculatorInputs } from './fields.ts';
import { ckey } from './messages.ts';
import { applyFixedValues, PLANS, type TPlanId } from './plans.ts';

/**
 * The calculator's input rules without zod (the browser's calculator loads no schema library).
 * makeCalculatorSchema (schema.ts) is built from these same functions, so the form and the API
 * can not disagree; messages are translation keys.
 */

/** A draft as it may arrive from a form or a request body: any field may hold anything. */
export type TCalculatorDraftInput = { readonly [K in TCalculatorField]?: unknown };

export type TCalculatorIssue = { field: TCalculatorField; message: string };

export type TCalculatorCheck = { ok: true; inputs: TCalculatorInputs } | { ok: false; issues: TCalculatorIssue[] };

/**
 * What is wrong with one value against its row of the bounds table, in this order:
 * - undefined: 'validation.required' when the plan shows the field, else nothing (it defaults);
 *   null is 'validation.required' either way;
 * - not a finite number (NaN or ±Infinity, what `parseDecimal` gives for garbage, or not a
 *   number at all): 'validation.invalidNumber';
 * - out of range: 'validation.between|min=…&max=…';
 * - more decimals than the field takes: 'calculator.errors.wholeNumber' where it takes none,
 *   else 'calculator.errors.tooManyDecimals|max=…' (both the range and the decimals may apply).
 */
export function checkCalculatorValue(value: unknown, bounds: TFieldBounds, isRequired: boolean): string[] {
  if (value === undefined) return isRequired ? [vkey('required')] : [];
  if (value === null) return [vkey('required')];
  if (typeof value !== 'number' || !Number.isFinite(value)) return [vkey('invalidNumber')];
  const messages: string[] = [];
  if (!isInRange(value, bounds)) messages.push(encodeMessage(vkey('between'), { min: bounds.min, max: bounds.max }));
  if (!hasAllowedDecimals(value, bounds)) {
    messages.push(
      bounds.decimals === 0 ? ckey('wholeNumber') : encodeMessage(ckey('tooManyDecimals'), { max: bounds.decimals }),
    );
  }
  return messages;
}

/** Every field's issues, in the order of CALCULATOR_FIELDS; a field the plan hides is optional. */
export function calculatorFieldIssues(draft: TCalculatorDraftInput, baseYear: number, planId: TPlanId): TCalculatorIssue[] {
  const plan = PLANS[planId];
  const bounds = getCalculatorBounds(baseYear);
  return CALCULATOR_FIELDS.flatMap((field) =>
    checkCalculatorValue(draft[field], bounds[field], plan.visibleFields.includes(field)).map((message) => ({
      field,
      message,
    })),
  );
}

/**
 * The complete inputs from a draft whose fields passed `calculatorFieldIssues`: a missing field
 * gets its default, linked as the form would (`anyoJubilacion = base + numAnyos`,
 * `edadJubilacion = edadActual + numAnyos`); the plan's fixed values replace what was sent;
 * unknown keys are dropped.
 */
export function completeCalculatorInputs(draft: TCalculatorDraft, baseYear: number, planId: TPlanId): TCalculatorInputs {
  const given = Object.fromEntries(
    CALCULATOR_FIELDS.flatMap((field) => (draft[field] === undefined ? [] : [[field, draft[field]]])),
  ) as Partial<TCalculatorInputs>;
  const values: TCalculatorInputs = { ...defaultInputs(planId, baseYear), ...given };
  return applyFixedValues(
    {
      ...values,
      anyoJubilacion: given.anyoJubilacion ?? baseYear + values.numAnyos,
      edadJubilacion: given.edadJubilacion ?? values.edadActual + values.numAnyos,
    },
    planId,
  );
}

/** Rules across fields, on complete inputs: where the plan shows the ages, retirement ≥ current age. */
export function calculatorCrossIssues(inputs: TCalculatorInputs, planId: TPlanId): TCalculatorIssue[] {
  return PLANS[planId].showsAges && inputs.edadJubilacion < inputs.edadActual
    ? [{ field: 'edadJubilacion', message: ckey('retirementBeforeCurrentAge') }]
    : [];
}

/**
 * The calculator's check for a plan and base year: the complete, normalised inputs, or every
 * issue by field (the cross-field rule only once every field is valid).
 */
export function validateCalculatorInputs(draft: TCalculatorDraftInput, baseYear: number, planId: TPlanId): TCalculatorCheck {
  const issues = calculatorFieldIssues(draft, baseYear, planId);
  if (issues.length > 0) return { ok: false, issues };
  const inputs = completeCalculatorInputs(draft as TCalculatorDraft, baseYear, planId);
  const crossIssues = calculatorCrossIssues(inputs, planId);
  return crossIssues.length > 0 ? { ok: false, issues: crossIssues } : { ok: true, inputs };
}
