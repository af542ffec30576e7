import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { countDecimals, getCalculatorBounds, type TFieldBounds } from './bounds.ts';
import { defaultInputs } from './defaults.ts';
import { CALCULATOR_FIELDS, type TCalculatorDraft, type TCalculatorField, type TCalculatorInputs } from './fields.ts';
import { ckey } from './messages.ts';
import { applyFixedValues, PLANS, type TPlanId } from './plans.ts';

/** The calculator form's schema: it reads drafts and gives complete, normalised inputs. */
export type TCalculatorSchema = z.ZodType<TCalculatorInputs, TCalculatorDraft>;

function makeNumberField(bounds: TFieldBounds) {
  const between = encodeMessage(vkey('between'), { min: bounds.min, max: bounds.max });
  const decimals =
    bounds.decimals === 0 ? ckey('wholeNumber') : encodeMessage(ckey('tooManyDecimals'), { max: bounds.decimals });
  return z
    .number({ error: (issue) => (issue.input == null ? vkey('required') : vkey('invalidNumber')) })
    .min(bounds.min, between)
    .max(bounds.max, between)
    .refine((value) => countDecimals(value) <= bounds.decimals, decimals);
}

/**
 * The calculator's schema for a plan and base year (messages are translation keys):
 * - a field the plan shows is required ('validation.required'); empty (undefined or null) is
 *   "required", NaN or ±Infinity (what `parseDecimal` gives for garbage) is
 *   'validation.invalidNumber';
 * - out of range: 'validation.between|min=…&max=…'; ages and years must be whole
 *   ('calculator.errors.wholeNumber'), money and rates have at most two decimals
 *   ('calculator.errors.tooManyDecimals|max=2');
 * - a field the plan hides is optional and, when given, checked the same way; when missing it
 *   gets its default, linked as the form would (`anyoJubilacion = base + numAnyos`,
 *   `edadJubilacion = edadActual + numAnyos`); the plan's fixed values replace what was sent;
 * - where the plan shows the ages, `edadJubilacion ≥ edadActual`
 *   ('calculator.errors.retirementBeforeCurrentAge', on edadJubilacion).
 * Unknown keys are dropped.
 */
export function makeCalculatorSchema(baseYear: number, planId: TPlanId): TCalculatorSchema {
  const plan = PLANS[planId];
  const bounds = getCalculatorBounds(baseYear);
  const shape = Object.fromEntries(
    CALCULATOR_FIELDS.map((field): [TCalculatorField, z.ZodType<number | undefined, number | undefined>] => {
      const schema = makeNumberField(bounds[field]);
      return [field, plan.visibleFields.includes(field) ? schema : schema.optional()];
    }),
  ) as Record<TCalculatorField, z.ZodType<number | undefined, number | undefined>>;

  return z
    .object(shape)
    .transform((draft): TCalculatorInputs => {
      const given = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined));
      const defaults = defaultInputs(planId, baseYear);
      const values: TCalculatorInputs = { ...defaults, ...given };
      return applyFixedValues(
        {
          ...values,
          anyoJubilacion: draft.anyoJubilacion ?? baseYear + values.numAnyos,
          edadJubilacion: draft.edadJubilacion ?? values.edadActual + values.numAnyos,
        },
        planId,
      );
    })
    .superRefine((values, ctx) => {
      if (plan.showsAges && values.edadJubilacion < values.edadActual) {
        ctx.addIssue({
          code: 'custom',
          path: ['edadJubilacion'],
          message: ckey('retirementBeforeCurrentAge'),
        });
      }
    });
}

const GROUPED = { '.': /^\d{1,3}(\.\d{3})*$/, ',': /^\d{1,3}(,\d{3})*$/ } as const;

/**
 * Reads a typed number: '1234.5', '1234,5', '1.234,5' and '1,234.5' all give 1234.5.
 * - An empty (or blank) text gives undefined: the field has no value.
 * - Text that is not a number gives NaN, which the schema reports as 'validation.invalidNumber'
 *   (so "not a number" is told apart from "empty").
 * - With both separators, the last one is the decimal separator and the other groups thousands
 *   in threes ('1.234.567,5'). With one kind only, a single one is the decimal separator
 *   ('1.234' is 1.234: money shown in de style always carries ',00', so it parses back
 *   exactly) and a repeated one groups thousands ('1.234.567').
 * - An optional leading + or − sign; no exponents, currency signs or inner spaces.
 */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const match = /^([+\-−]?)([\d.,]*)$/.exec(trimmed);
  const sign = match?.[1] ? (match[1] === '+' ? '' : '-') : '';
  const body = match?.[2] ?? '';
  if (!/\d/.test(body)) return Number.NaN;

  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimalSeparator: '.' | ',' | undefined;
  if (lastDot >= 0 && lastComma >= 0) decimalSeparator = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 && body.indexOf('.') === lastDot) decimalSeparator = '.';
  else if (lastComma >= 0 && body.indexOf(',') === lastComma) decimalSeparator = ',';

  const cut = decimalSeparator === undefined ? -1 : body.lastIndexOf(decimalSeparator);
  const whole = cut < 0 ? body : body.slice(0, cut);
  const fraction = cut < 0 ? '' : body.slice(cut + 1);
  if (!/^\d*$/.test(fraction)) return Number.NaN;

  let digits = whole;
  if (/[.,]/.test(whole)) {
    const groupSeparator =
      decimalSeparator === '.' ? ',' : decimalSeparator === ',' ? '.' : whole.includes('.') ? '.' : ',';
    if (!GROUPED[groupSeparator].test(whole)) return Number.NaN;
    digits = whole.split(groupSeparator).join('');
  }
  return Number(`${sign}${digits || '0'}.${fraction || '0'}`);
}
