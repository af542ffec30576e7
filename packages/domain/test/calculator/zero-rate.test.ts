import fc from 'fast-check';
import { expect, test } from 'vitest';
import { calculate, defaultInputs, onTargetChange, type TCalculatorInputs } from '../../src/index.ts';
import { linkedInputs } from './support/reference.ts';

const BASE = 2020;
const atZero = (inputs: TCalculatorInputs): TCalculatorInputs => ({
  ...inputs,
  bancoInteres: 0,
  fondoInversionInteres: 0,
  kcInteres: 0,
});

test('at 0 % every result is the capital plus the contributions', () => {
  const result = calculate(atZero(defaultInputs('jubilacion', BASE)), 'jubilacion');
  // 27 years of 600 €.
  expect(result).toMatchObject({
    resultadoBanca: 16_200,
    resultadoFondoInversion: 16_200,
    resultadoKc: 16_200,
    totalAportado: 16_200,
    beneficioBrutoKc: 0,
    rentaMensualKc: 71, // 16200 / 228
    complementoMensualKc: 71, // with no interest the level payment is the even share
    rendimientoCuponCero: 0,
  });
  expect(result.growth.map((point) => point.kc)).toEqual(Array.from({ length: 28 }, (_, year) => 600 * year));
});

test('at 0 %: C + 12·A·n, truncated, for any inputs', () => {
  fc.assert(
    fc.property(linkedInputs(BASE), (generated) => {
      const inputs = atZero(generated);
      const result = calculate(inputs, 'personalizado');
      const expected = Math.trunc(
        (Math.round(inputs.capitalInicial * 100) + 12 * Math.round(inputs.aportacionMensual * 100) * inputs.numAnyos) /
          100,
      );
      expect([result.resultadoBanca, result.resultadoFondoInversion, result.resultadoKc]).toEqual([
        expected,
        expected,
        expected,
      ]);
      expect(result.totalAportado).toBe(expected);
      expect(result.beneficioBrutoKc).toBe(0);
      expect(result.rendimientoCuponCero).toBe(0);
      expect(result.complementoMensualKc).toBe(result.rentaMensualKc);
    }),
  );
});

test('at 0 % the contribution for a target is (target − capital) / (12·n), plus one', () => {
  const inputs = { ...atZero(defaultInputs('emprendedor', BASE)), capitalInicial: 1000, numAnyos: 10 };
  // (13000 − 1000) / 120 = 100 exactly: trunc(100) + 1.
  expect(onTargetChange({ ...inputs, disponibleAlFinal: 13_000 }, BASE, 'emprendedor').aportacionMensual).toBe(101);
  // (13001 − 1000) / 120 = 100.008…
  expect(onTargetChange({ ...inputs, disponibleAlFinal: 13_001 }, BASE, 'emprendedor').aportacionMensual).toBe(101);
  expect(onTargetChange({ ...inputs, disponibleAlFinal: 1000 }, BASE, 'emprendedor').aportacionMensual).toBe(0);
});
