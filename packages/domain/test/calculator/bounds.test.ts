import { describe, expect, test } from 'vitest';
import {
  calculate,
  CALCULATOR_FIELDS,
  defaultInputs,
  getCalculatorBounds,
  makeCalculatorSchema,
  SLIDER_DEFAULTS,
  type TCalculatorField,
  type TCalculatorInputs,
} from '../../src/index.ts';
import { decimalFutureValue, decimalLevelPayment } from './support/reference.ts';

const BASE = 2020;

test('the bounds table of the specification, with the retirement year moved with the base year', () => {
  const bounds = getCalculatorBounds(BASE);
  const table = Object.fromEntries(CALCULATOR_FIELDS.map((field) => [field, [bounds[field].min, bounds[field].max]]));
  expect(table).toEqual({
    edadActual: [0, 120],
    edadJubilacion: [0, 120],
    anyoJubilacion: [2020, 2055],
    numAnyos: [0, 35],
    capitalInicial: [0, 10_000_000],
    aportacionMensual: [0, 10_000],
    disponibleAlFinal: [0, 10_000_000],
    bancoInteres: [0, 20],
    fondoInversionInteres: [0, 20],
    kcInteres: [0, 20],
    esperanzaDeVida: [0, 120],
  });
  expect(bounds.bancoInteres.step).toBe(0.1);
  expect(getCalculatorBounds(2031).anyoJubilacion).toMatchObject({ min: 2031, max: 2066 });
  expect(SLIDER_DEFAULTS).toEqual({ min: 0, max: 100, step: 1 });
});

/**
 * Every field at its minimum and at its maximum is accepted, and one step beyond is refused with
 * the range message. The jubilacion plan shows every field but the fund and coin interests and the
 * life expectancy, which are checked the same way when sent. Each field is moved alone from valid
 * inputs (the linked fields are not kept consistent here: the schema checks each field's range).
 */
describe.each([2020, 2031])('each field at its bounds (base year %i)', (base) => {
  const bounds = getCalculatorBounds(base);
  const schema = makeCalculatorSchema(base, 'jubilacion');
  const valid = { ...defaultInputs('jubilacion', base), edadActual: 0, edadJubilacion: 120 };

  test.each(CALCULATOR_FIELDS)('%s', (field: TCalculatorField) => {
    const { min, max, step } = bounds[field];
    const message = `validation.between|min=${min}&max=${max}`;
    const issuesAt = (value: number) => {
      const parsed = schema.safeParse({ ...valid, [field]: value });
      return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(issuesAt(min)).toEqual([]);
    expect(issuesAt(max)).toEqual([]);
    expect(issuesAt(min - step)).toEqual([[field, message]]);
    expect(issuesAt(max + step)).toEqual([[field, message]]);
  });
});

describe('the engine at the bounds', () => {
  const allAt = (pick: 'min' | 'max'): TCalculatorInputs => {
    const bounds = getCalculatorBounds(BASE);
    return Object.fromEntries(CALCULATOR_FIELDS.map((field) => [field, bounds[field][pick]])) as TCalculatorInputs;
  };

  test('everything at its minimum gives zeros', () => {
    const result = calculate(allAt('min'), 'personalizado');
    expect(result).toMatchObject({
      resultadoBanca: 0,
      resultadoFondoInversion: 0,
      resultadoKc: 0,
      totalAportado: 0,
      beneficioBrutoKc: 0,
      rentaMensualKc: 0,
      complementoMensualKc: 0,
      rendimientoCuponCero: 0,
    });
    expect(result.growth).toEqual([{ year: 0, banca: 0, fondoInversion: 0, kc: 0 }]);
  });

  test('everything at its maximum: exact, and within the range of exact numbers', () => {
    // 10 M € and 10000 € a month at 20 % for 35 years; retirement at 120 with a life expectancy of 120.
    const result = calculate(allAt('max'), 'personalizado');
    const fv = decimalFutureValue(10_000_000, 10_000, 20, 35).trunc().toNumber();
    expect(fv).toBe(6_260_483_229);
    expect(result).toMatchObject({
      resultadoBanca: fv,
      resultadoFondoInversion: fv,
      resultadoKc: fv,
      totalAportado: 14_200_000,
      beneficioBrutoKc: fv - 14_200_000,
      rentaMensualKc: 0, // no months left after 120
      complementoMensualKc: 0,
      rendimientoCuponCero: Math.trunc((fv * 20) / 1200),
    });
    expect(Number.isSafeInteger(result.resultadoKc)).toBe(true);
  });

  test('the longest income: from age 0 to 120 (1440 months) at 20 %', () => {
    const inputs = { ...allAt('max'), edadJubilacion: 0 };
    const result = calculate(inputs, 'jubilacion');
    expect(result.rentaMensualKc).toBe(Math.trunc(result.resultadoKc / 1440));
    expect(result.complementoMensualKc).toBe(decimalLevelPayment(result.resultadoKc, 20, 1440).trunc().toNumber());
  });

  test.each([
    ['numAnyos', 36],
    ['numAnyos', 2.5],
    ['capitalInicial', -1],
    ['aportacionMensual', 10_000.01],
    ['kcInteres', 20.1],
    ['bancoInteres', Number.NaN],
    ['esperanzaDeVida', 121],
  ] as const)('out of bounds, %s = %d, is refused with a RangeError', (field, value) => {
    expect(() => calculate({ ...defaultInputs('jubilacion', BASE), [field]: value }, 'jubilacion')).toThrow(
      new RangeError(`calculate: ${field} = ${value} is outside the calculator's bounds`),
    );
  });
});
