import {
  applyFixedValues,
  defaultInputs,
  getCalculatorBounds,
  isWithinBounds,
  onAgesChange,
  onContributionChange,
  onTargetChange,
  onYearChange,
  onYearsChange,
  parseDecimal,
  PLANS,
  type TCalculatorDraft,
  type TCalculatorField,
  type TCalculatorInputs,
  type TPlanId,
  validateCalculatorInputs,
} from '@kc/domain';

/**
 * The calculator form's state, outside React so it can be tested alone: what the user typed in
 * each shown field (`texts`) and the numbers the engine reads (`values`, every field, the hidden
 * ones at their defaults). Numbers are parsed with the domain's `parseDecimal` (decimal comma or
 * point; empty is "no value", garbage is NaN and shown as an invalid number).
 */
export type TFormState = {
  texts: Partial<Record<TCalculatorField, string>>;
  values: TCalculatorDraft;
};

export type TFieldErrors = Partial<Record<TCalculatorField, string>>;

/** The fields a user edits on this plan: shown and not fixed. */
export function editableFields(planId: TPlanId): TCalculatorField[] {
  const plan = PLANS[planId];
  return plan.visibleFields.filter((field) => !plan.readOnlyFields.includes(field));
}

/** A number as typed back into a field: no grouping, decimal comma in Spanish. */
export function formatFieldNumber(value: number | undefined, language: string): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  const text = String(value);
  return language === 'en' ? text : text.replace('.', ',');
}

function textsFor(values: TCalculatorDraft, planId: TPlanId, language: string): TFormState['texts'] {
  return Object.fromEntries(
    PLANS[planId].visibleFields.map((field) => [field, formatFieldNumber(values[field], language)]),
  );
}

export function initialFormState(values: TCalculatorDraft, planId: TPlanId, language: string): TFormState {
  return { texts: textsFor(values, planId, language), values };
}

type TLinker = (inputs: TCalculatorDraft, baseYear: number, planId: TPlanId) => TCalculatorDraft;

/** Which engine function keeps the partners of a field in step (decisions.md, "Linked inputs"). */
const LINKERS: Partial<Record<TCalculatorField, TLinker>> = {
  edadActual: onAgesChange,
  edadJubilacion: onAgesChange,
  anyoJubilacion: onYearChange,
  numAnyos: onYearsChange,
  capitalInicial: onContributionChange,
  aportacionMensual: onContributionChange,
  disponibleAlFinal: onTargetChange,
};

/**
 * The state after the user typed `text` into `field` (or moved its slider): the field keeps the
 * text as typed, its linked partners get the engine's values, written back as text. Returns the
 * fields the change rewrote.
 */
export function changeField(
  state: TFormState,
  field: TCalculatorField,
  text: string,
  context: { planId: TPlanId; baseYear: number; language: string },
): { state: TFormState; changed: TCalculatorField[] } {
  const values = { ...state.values, [field]: parseDecimal(text) };
  const linker = LINKERS[field];
  const linked = linker ? linker(values, context.baseYear, context.planId) : values;
  const texts = { ...state.texts, [field]: text };
  const changed: TCalculatorField[] = [];
  for (const other of PLANS[context.planId].visibleFields) {
    if (other === field) continue;
    if (!Object.is(linked[other], state.values[other])) {
      texts[other] = formatFieldNumber(linked[other], context.language);
      changed.push(other);
    }
  }
  return { state: { texts, values: { ...linked, [field]: values[field] } }, changed };
}

/**
 * The form's inputs when valid (complete, normalised), or each field's first error as a message
 * key: the domain's zod-free check, the same rules as the API's schema.
 */
export function validateForm(
  values: TCalculatorDraft,
  planId: TPlanId,
  baseYear: number,
): { ok: true; inputs: TCalculatorInputs } | { ok: false; errors: TFieldErrors } {
  const check = validateCalculatorInputs(values, baseYear, planId);
  if (check.ok) return { ok: true, inputs: check.inputs };
  const errors: TFieldErrors = {};
  for (const issue of check.issues) errors[issue.field] ??= issue.message;
  return { ok: false, errors };
}

export type TFieldWarning = { key: string; params?: Record<string, number> };

/** Advice that does not block the calculation (shown in yellow once the field is touched). */
export function fieldWarnings(values: TCalculatorDraft, planId: TPlanId): Partial<Record<TCalculatorField, TFieldWarning>> {
  const plan = PLANS[planId];
  const warnings: Partial<Record<TCalculatorField, TFieldWarning>> = {};
  const { edadJubilacion, esperanzaDeVida, numAnyos } = values;
  if (
    plan.showsMonthlyIncome &&
    typeof edadJubilacion === 'number' &&
    typeof esperanzaDeVida === 'number' &&
    edadJubilacion >= esperanzaDeVida
  ) {
    warnings.edadJubilacion = { key: 'warnings.retirementAtLifeExpectancy', params: { age: esperanzaDeVida } };
  }
  if (numAnyos === 0) warnings[plan.showsAges ? 'edadJubilacion' : 'numAnyos'] ??= { key: 'warnings.zeroYears' };
  return warnings;
}

/** The query of a shareable link: the plan's editable fields by their specification names. */
export function toSearchParams(inputs: TCalculatorDraft, planId: TPlanId): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of editableFields(planId)) {
    const value = inputs[field];
    if (typeof value === 'number' && Number.isFinite(value)) params.set(field, String(value));
  }
  return params;
}

/**
 * The form's starting values from a link's query. Each editable field the query names is taken
 * when it is a number within its bounds, else it keeps its default and is reported in
 * `invalid`. The years are then linked as the form would: from the ages where the plan shows
 * them, else from `numAnyos` (or the year when only the year is given); the retirement year is
 * always base + years, so a link opened in a later year keeps its years of saving. The amount
 * at the end is kept when given (it may be a target the contribution was computed from), else
 * recomputed.
 */
export function fromSearchParams(
  search: URLSearchParams,
  planId: TPlanId,
  baseYear: number,
): { values: TCalculatorDraft; invalid: TCalculatorField[]; hasParams: boolean } {
  const plan = PLANS[planId];
  const bounds = getCalculatorBounds(baseYear);
  const defaults = defaultInputs(planId, baseYear);
  const given: TCalculatorDraft = {};
  const invalid: TCalculatorField[] = [];
  let hasParams = false;
  for (const field of editableFields(planId)) {
    const raw = search.get(field);
    if (raw === null) continue;
    hasParams = true;
    const value = parseDecimal(raw);
    if (isWithinBounds(value, bounds[field])) given[field] = value;
    else invalid.push(field);
  }
  let values: TCalculatorDraft = { ...defaults, ...given };
  if (plan.showsAges) {
    values = onAgesChange(values, baseYear, planId);
  } else if (given.numAnyos === undefined && given.anyoJubilacion !== undefined) {
    values = onYearChange(values, baseYear, planId);
  } else {
    values = onYearsChange(values, baseYear, planId);
  }
  if (given.disponibleAlFinal !== undefined && !plan.readOnlyFields.includes('disponibleAlFinal')) {
    values = { ...values, disponibleAlFinal: given.disponibleAlFinal };
  } else {
    values = onContributionChange(values, baseYear, planId);
  }
  return { values: applyFixedValues(values, planId), invalid, hasParams };
}

/** End of the contract: the same moment `years` whole years later (UTC calendar). */
export function addYears(date: Date, years: number): Date {
  const end = new Date(date.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
}
