import { describe, expect, test } from 'vitest';
import {
  decodeMessage,
  defaultInputs,
  makeCalculatorSchema,
  parseDecimal,
  type TCalculatorDraft,
} from '../../src/index.ts';

const BASE = 2020;

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('messages are translation keys', () => {
  const schema = makeCalculatorSchema(BASE, 'jubilacion');
  const valid = defaultInputs('jubilacion', BASE);

  test('the ages are required where the plan shows them', () => {
    const { edadActual: _a, edadJubilacion: _b, ...rest } = valid;
    expect(issuesOf(schema.safeParse(rest))).toEqual([
      ['edadActual', 'validation.required'],
      ['edadJubilacion', 'validation.required'],
    ]);
    expect(issuesOf(schema.safeParse({ ...valid, edadActual: null }))).toEqual([['edadActual', 'validation.required']]);
  });

  test('an empty field is "required"; unreadable text (NaN from parseDecimal) is "not a number"', () => {
    expect(issuesOf(schema.safeParse({ ...valid, capitalInicial: parseDecimal('') }))).toEqual([
      ['capitalInicial', 'validation.required'],
    ]);
    expect(issuesOf(schema.safeParse({ ...valid, capitalInicial: parseDecimal('12a') }))).toEqual([
      ['capitalInicial', 'validation.invalidNumber'],
    ]);
    expect(issuesOf(schema.safeParse({ ...valid, capitalInicial: Number.POSITIVE_INFINITY }))).toEqual([
      ['capitalInicial', 'validation.invalidNumber'],
    ]);
  });

  test('out of range: validation.between with its bounds', () => {
    const [[path, message] = []] = issuesOf(schema.safeParse({ ...valid, edadActual: 121 }));
    expect(path).toBe('edadActual');
    expect(decodeMessage(message ?? '')).toEqual({ key: 'validation.between', params: { min: '0', max: '120' } });
    expect(issuesOf(schema.safeParse({ ...valid, anyoJubilacion: 2019 }))).toEqual([
      ['anyoJubilacion', 'validation.between|min=2020&max=2055'],
    ]);
  });

  test('ages and years are whole; money and rates take up to two decimals', () => {
    expect(issuesOf(schema.safeParse({ ...valid, edadActual: 40.5 }))).toEqual([
      ['edadActual', 'calculator.errors.wholeNumber'],
    ]);
    expect(issuesOf(schema.safeParse({ ...valid, numAnyos: 27.5 }))).toEqual([
      ['numAnyos', 'calculator.errors.wholeNumber'],
    ]);
    expect(issuesOf(schema.safeParse({ ...valid, capitalInicial: 1234.56, bancoInteres: 2.75 }))).toEqual([]);
    expect(issuesOf(schema.safeParse({ ...valid, capitalInicial: 1234.567 }))).toEqual([
      ['capitalInicial', 'calculator.errors.tooManyDecimals|max=2'],
    ]);
    expect(issuesOf(schema.safeParse({ ...valid, kcInteres: 0.125 }))).toEqual([
      ['kcInteres', 'calculator.errors.tooManyDecimals|max=2'],
    ]);
  });

  test('the retirement age cannot be below the current age', () => {
    expect(issuesOf(schema.safeParse({ ...valid, edadActual: 70, edadJubilacion: 67 }))).toEqual([
      ['edadJubilacion', 'calculator.errors.retirementBeforeCurrentAge'],
    ]);
    expect(issuesOf(schema.safeParse({ ...valid, edadActual: 67, edadJubilacion: 67 }))).toEqual([]);
  });
});

describe('plans that hide fields', () => {
  test('plans without ages do not ask for them, and fill them linked to the years', () => {
    const { edadActual: _a, edadJubilacion: _b, ...sent } = { ...defaultInputs('emprendedor', BASE), numAnyos: 10 };
    const parsed = makeCalculatorSchema(BASE, 'emprendedor').parse({ ...sent, anyoJubilacion: BASE + 10 });
    expect(parsed).toMatchObject({ edadActual: 40, edadJubilacion: 50, numAnyos: 10, anyoJubilacion: 2030 });
  });

  test('personalizado fills its hidden retirement year from the years', () => {
    const { anyoJubilacion: _y, ...sent } = { ...defaultInputs('personalizado', 2031), numAnyos: 5 };
    expect(makeCalculatorSchema(2031, 'personalizado').parse(sent).anyoJubilacion).toBe(2036);
  });

  test('the fund and coin interests and the life expectancy default when not sent', () => {
    const draft: TCalculatorDraft = { ...defaultInputs('jubilacion', BASE) };
    delete draft.fondoInversionInteres;
    delete draft.kcInteres;
    delete draft.esperanzaDeVida;
    expect(makeCalculatorSchema(BASE, 'jubilacion').parse(draft)).toEqual(defaultInputs('jubilacion', BASE));
  });

  test('a hidden field that is sent is still checked', () => {
    const sent = { ...defaultInputs('personalizado', BASE), kcInteres: 25 };
    expect(issuesOf(makeCalculatorSchema(BASE, 'personalizado').safeParse(sent))).toEqual([
      ['kcInteres', 'validation.between|min=0&max=20'],
    ]);
  });

  test('fixed values win over what is sent', () => {
    const sent = { ...defaultInputs('padrinazgo', BASE), capitalInicial: 1, aportacionMensual: 500 };
    expect(makeCalculatorSchema(BASE, 'padrinazgo').parse(sent)).toMatchObject({
      capitalInicial: 6000,
      aportacionMensual: 0,
    });
  });

  test('unknown keys are dropped', () => {
    const parsed = makeCalculatorSchema(BASE, 'jubilacion').parse({
      ...defaultInputs('jubilacion', BASE),
      calcId: 'x',
    });
    expect(parsed).not.toHaveProperty('calcId');
  });
});
