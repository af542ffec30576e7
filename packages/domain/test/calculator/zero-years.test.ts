import { expect, test } from 'vitest';
import {
  calculate,
  defaultInputs,
  onAgesChange,
  onTargetChange,
  onYearChange,
  onYearsChange,
  type TCalculatorInputs,
} from '../../src/index.ts';

const BASE = 2020;
const noYears = (planId: 'jubilacion' | 'fideicomiso' | 'emprendedor'): TCalculatorInputs => ({
  ...defaultInputs(planId, BASE),
  edadJubilacion: 40,
  numAnyos: 0,
  anyoJubilacion: BASE,
});

test('with 0 years every result is the capital, and no contribution is made', () => {
  const result = calculate({ ...noYears('emprendedor'), capitalInicial: 1234.56 }, 'emprendedor');
  expect(result).toMatchObject({
    resultadoBanca: 1234,
    resultadoFondoInversion: 1234,
    resultadoKc: 1234,
    totalAportado: 1234,
    beneficioBrutoKc: 0,
  });
  expect(result.growth).toEqual([{ year: 0, banca: 1234, fondoInversion: 1234, kc: 1234 }]);
});

test('with 0 years the monthly income spreads the capital from the retirement age', () => {
  const result = calculate(noYears('fideicomiso'), 'fideicomiso');
  // 10000 € over (86 − 40)·12 = 552 months; the coupon yield is 10000 · 10 / 1200.
  expect(result.resultadoKc).toBe(10_000);
  expect(result.rentaMensualKc).toBe(18);
  expect(result.rendimientoCuponCero).toBe(83);
});

test('the linked inputs reach and leave 0 years', () => {
  const start = defaultInputs('jubilacion', BASE);
  expect(onAgesChange({ ...start, edadJubilacion: 40 }, BASE, 'jubilacion')).toMatchObject({
    numAnyos: 0,
    anyoJubilacion: BASE,
    disponibleAlFinal: 0,
  });
  expect(onYearChange({ ...start, anyoJubilacion: BASE }, BASE, 'jubilacion')).toMatchObject({
    numAnyos: 0,
    edadJubilacion: 40,
    disponibleAlFinal: 0,
  });
  expect(onYearsChange({ ...start, numAnyos: 0 }, BASE, 'jubilacion')).toMatchObject({
    anyoJubilacion: BASE,
    edadJubilacion: 40,
  });
});

test('with 0 years a target above the capital cannot be reached: the contribution is kept', () => {
  const inputs = { ...noYears('fideicomiso'), aportacionMensual: 75 };
  expect(onTargetChange({ ...inputs, disponibleAlFinal: 20_000 }, BASE, 'fideicomiso').aportacionMensual).toBe(75);
  expect(onTargetChange({ ...inputs, disponibleAlFinal: 10_000 }, BASE, 'fideicomiso').aportacionMensual).toBe(0);
});
