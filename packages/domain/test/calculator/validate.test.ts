import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CALCULATOR_FIELDS,
  checkCalculatorValue,
  defaultInputs,
  getCalculatorBounds,
  isWithinBounds,
  makeCalculatorSchema,
  parseDecimal,
  PLAN_IDS,
  validateCalculatorInputs,
  type TCalculatorCheck,
  type TCalculatorDraftInput,
  type TCalculatorField,
  type TPlanId,
} from '../../src/index.ts';
import { makeReferenceSchema } from './support/zod-reference-schema.ts';

const BASE = 2020;

const issuesOf = (check: TCalculatorCheck) => (check.ok ? [] : check.issues.map((issue) => [issue.field, issue.message]));

describe.each([2020, 2031])('every bound of the table (base year %i)', (base) => {
  const bounds = getCalculatorBounds(base);
  // jubilacion shows every field but the fund and coin interests and the life expectancy,
  // which are checked the same way when sent.
  const valid = { ...defaultInputs('jubilacion', base), edadActual: 0, edadJubilacion: 120 };
  const issuesAt = (field: TCalculatorField, value: number) =>
    issuesOf(validateCalculatorInputs({ ...valid, [field]: value }, base, 'jubilacion'));

  test.each(CALCULATOR_FIELDS)('%s: min and max pass, one step beyond is out of range', (field) => {
    const { min, max, step } = bounds[field];
    const between = `validation.between|min=${min}&max=${max}`;
    expect(issuesAt(field, min)).toEqual([]);
    expect(issuesAt(field, max)).toEqual([]);
    expect(issuesAt(field, min - step)).toEqual([[field, between]]);
    expect(issuesAt(field, max + step)).toEqual([[field, between]]);
  });
});

describe('empty and not a number', () => {
  const valid = defaultInputs('jubilacion', BASE);

  test('a shown field that is missing, undefined or null is required', () => {
    const { edadActual: _a, ...rest } = valid;
    expect(issuesOf(validateCalculatorInputs(rest, BASE, 'jubilacion'))).toEqual([['edadActual', 'validation.required']]);
    expect(issuesOf(validateCalculatorInputs({ ...valid, capitalInicial: parseDecimal('') }, BASE, 'jubilacion'))).toEqual([
      ['capitalInicial', 'validation.required'],
    ]);
    expect(issuesOf(validateCalculatorInputs({ ...valid, bancoInteres: null }, BASE, 'jubilacion'))).toEqual([
      ['bancoInteres', 'validation.required'],
    ]);
  });

  test('a hidden field may be missing (it defaults) but not null', () => {
    const { kcInteres: _k, ...rest } = valid;
    expect(validateCalculatorInputs(rest, BASE, 'jubilacion')).toEqual({ ok: true, inputs: valid });
    expect(issuesOf(validateCalculatorInputs({ ...valid, kcInteres: null }, BASE, 'jubilacion'))).toEqual([
      ['kcInteres', 'validation.required'],
    ]);
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '3', true, {}])(
    '%s is not a number',
    (value) => {
      expect(issuesOf(validateCalculatorInputs({ ...valid, bancoInteres: value }, BASE, 'jubilacion'))).toEqual([
        ['bancoInteres', 'validation.invalidNumber'],
      ]);
    },
  );

  test('every field is reported, in the order of the fields', () => {
    const draft = { ...valid, edadActual: undefined, capitalInicial: Number.NaN, bancoInteres: 21 };
    expect(issuesOf(validateCalculatorInputs(draft, BASE, 'jubilacion'))).toEqual([
      ['edadActual', 'validation.required'],
      ['capitalInicial', 'validation.invalidNumber'],
      ['bancoInteres', 'validation.between|min=0&max=20'],
    ]);
  });
});

describe('decimals', () => {
  const bounds = getCalculatorBounds(BASE);

  test('ages, years and the retirement year are whole numbers', () => {
    for (const field of ['edadActual', 'edadJubilacion', 'anyoJubilacion', 'numAnyos', 'esperanzaDeVida'] as const) {
      expect(checkCalculatorValue(bounds[field].min + 0.5, bounds[field], true)).toEqual(['calculator.errors.wholeNumber']);
      expect(checkCalculatorValue(bounds[field].min + 1, bounds[field], true)).toEqual([]);
    }
  });

  test('money and rates take up to two decimals', () => {
    for (const field of ['capitalInicial', 'aportacionMensual', 'disponibleAlFinal', 'bancoInteres', 'fondoInversionInteres', 'kcInteres'] as const) {
      expect(checkCalculatorValue(1.25, bounds[field], true)).toEqual([]);
      expect(checkCalculatorValue(0.01, bounds[field], true)).toEqual([]);
      expect(checkCalculatorValue(1.255, bounds[field], true)).toEqual(['calculator.errors.tooManyDecimals|max=2']);
      expect(checkCalculatorValue(1e-7, bounds[field], true)).toEqual(['calculator.errors.tooManyDecimals|max=2']);
    }
  });

  test('out of range with too many decimals gives both messages, range first', () => {
    expect(checkCalculatorValue(121.5, bounds.edadActual, true)).toEqual([
      'validation.between|min=0&max=120',
      'calculator.errors.wholeNumber',
    ]);
    expect(checkCalculatorValue(-0.001, bounds.capitalInicial, true)).toEqual([
      'validation.between|min=0&max=10000000',
      'calculator.errors.tooManyDecimals|max=2',
    ]);
  });

  test('a number passes the check exactly when isWithinBounds says it is within bounds', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CALCULATOR_FIELDS), fc.double({ noNaN: true }), (field, value) => {
        const pass = checkCalculatorValue(value, bounds[field], true).length === 0;
        expect(pass).toBe(isWithinBounds(value, bounds[field]));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('across fields and completion', () => {
  test('retirement below the current age, only where the plan shows the ages and the fields are valid', () => {
    const valid = defaultInputs('jubilacion', BASE);
    expect(issuesOf(validateCalculatorInputs({ ...valid, edadActual: 70 }, BASE, 'jubilacion'))).toEqual([
      ['edadJubilacion', 'calculator.errors.retirementBeforeCurrentAge'],
    ]);
    expect(issuesOf(validateCalculatorInputs({ ...valid, edadActual: 70, bancoInteres: 21 }, BASE, 'jubilacion'))).toEqual([
      ['bancoInteres', 'validation.between|min=0&max=20'],
    ]);
    const emprendedor = defaultInputs('emprendedor', BASE);
    expect(validateCalculatorInputs({ ...emprendedor, edadActual: 70 }, BASE, 'emprendedor').ok).toBe(true);
  });

  test('missing hidden fields are linked, fixed values win, unknown keys are dropped', () => {
    const { anyoJubilacion: _y, ...sent } = { ...defaultInputs('personalizado', 2031), numAnyos: 5 };
    const check = validateCalculatorInputs({ ...sent, calcId: 'x' } as TCalculatorDraftInput, 2031, 'personalizado');
    expect(check).toMatchObject({ ok: true, inputs: { anyoJubilacion: 2036, numAnyos: 5 } });
    expect(check.ok && Object.keys(check.inputs).sort()).toEqual([...CALCULATOR_FIELDS].sort());
    const padrinazgo = { ...defaultInputs('padrinazgo', BASE), capitalInicial: 1, aportacionMensual: 500 };
    expect(validateCalculatorInputs(padrinazgo, BASE, 'padrinazgo')).toMatchObject({
      ok: true,
      inputs: { capitalInicial: 6000, aportacionMensual: 0 },
    });
  });
});

/** Values around every bound and every way a value can be wrong. */
function anyValue(field: TCalculatorField, base: number) {
  const { min, max, step } = getCalculatorBounds(base)[field];
  const near = fc
    .tuple(fc.constantFrom(min, max, (min + max) / 2), fc.constantFrom(0, step, -step, 0.5, -0.5, 0.01, 0.001, -0.005))
    .map(([at, offset]) => at + offset);
  return fc.oneof(
    { arbitrary: fc.integer({ min, max }), weight: 6 },
    { arbitrary: near, weight: 4 },
    { arbitrary: fc.double({ min: min - 10, max: max + 10, noNaN: true }), weight: 2 },
    {
      arbitrary: fc.constantFrom<unknown>(undefined, null, Number.NaN, Number.POSITIVE_INFINITY, -Infinity, '3', '', true, [], {}),
      weight: 1,
    },
  );
}

const anyDraft = (base: number) =>
  fc.record(Object.fromEntries(CALCULATOR_FIELDS.map((field) => [field, anyValue(field, base)])), { requiredKeys: [] });

/** A plan's defaults with one to three fields changed (so many drafts pass and get completed). */
const nearDefaults = (base: number, planId: TPlanId) =>
  fc
    .array(
      fc.constantFrom(...CALCULATOR_FIELDS).chain((field) => fc.tuple(fc.constant(field), fc.option(anyValue(field, base), { nil: undefined }))),
      { minLength: 1, maxLength: 3 },
    )
    .map((changes): TCalculatorDraftInput => ({ ...defaultInputs(planId, base), ...Object.fromEntries(changes) }));

function viaZod(schema: ReturnType<typeof makeReferenceSchema> | ReturnType<typeof makeCalculatorSchema>, draft: unknown) {
  const parsed = schema.safeParse(draft);
  return parsed.success
    ? { ok: true, inputs: parsed.data }
    : { ok: false, issues: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) };
}

describe('the zod-free check and the zod schemas agree', () => {
  const cases = fc.tuple(fc.constantFrom(...PLAN_IDS), fc.constantFrom(2020, 2026, 2031)).chain(([planId, base]) =>
    fc.tuple(fc.constant(planId), fc.constant(base), fc.oneof(anyDraft(base), nearDefaults(base, planId))),
  );

  const schemas = new Map<string, [ReturnType<typeof makeReferenceSchema>, ReturnType<typeof makeCalculatorSchema>]>();
  const schemasFor = (base: number, planId: TPlanId) => {
    const key = `${base}/${planId}`;
    if (!schemas.has(key)) schemas.set(key, [makeReferenceSchema(base, planId), makeCalculatorSchema(base, planId)]);
    return schemas.get(key)!;
  };

  test('with the reference written on zod’s own number checks, and with makeCalculatorSchema', { timeout: 60_000 }, () => {
    let passed = 0;
    fc.assert(
      fc.property(cases, ([planId, base, draft]) => {
        const [reference, schema] = schemasFor(base, planId);
        const check = validateCalculatorInputs(draft, base, planId);
        expect(check).toEqual(viaZod(reference, draft));
        expect(check).toEqual(viaZod(schema, draft));
        if (check.ok) passed += 1;
      }),
      { numRuns: 2000 },
    );
    // Both outcomes were compared, not only failures.
    expect(passed).toBeGreaterThan(100);
  });

  test('a body that is not an object is refused by the schema', () => {
    for (const body of [null, [], 'x', 3]) expect(makeCalculatorSchema(BASE, 'jubilacion').safeParse(body).success).toBe(false);
  });
});
