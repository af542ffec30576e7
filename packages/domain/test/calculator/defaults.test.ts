import { PMT } from '@formulajs/formulajs';
import { describe, expect, test } from 'vitest';
import { calculate, defaultInputs, makeCalculatorSchema, PLAN_IDS, type TPlanId } from '../../src/index.ts';

// 50 € a month at 10 % for 27 years: 600 · (1.1^27 − 1) / 0.1 = 72659.96…
const SAVINGS_AT_KC = 72_659;
// 6000 · 1.1^27 = 78659.96…; 10000 · 1.1^27 + 72659.96… = 203759.90…
const EXPECTED_AMOUNT_AT_END: Record<TPlanId, number> = {
  jubilacion: SAVINGS_AT_KC,
  fideicomiso: 203_759,
  padrinazgo: 78_659,
  cerocupones: SAVINGS_AT_KC,
  emprendedor: SAVINGS_AT_KC,
  sostenibilidad: SAVINGS_AT_KC,
  personalizado: SAVINGS_AT_KC,
};
const EXPECTED_MONEY: Record<TPlanId, { capitalInicial: number; aportacionMensual: number }> = {
  jubilacion: { capitalInicial: 0, aportacionMensual: 50 },
  fideicomiso: { capitalInicial: 10_000, aportacionMensual: 50 },
  padrinazgo: { capitalInicial: 6_000, aportacionMensual: 0 },
  cerocupones: { capitalInicial: 0, aportacionMensual: 50 },
  emprendedor: { capitalInicial: 0, aportacionMensual: 50 },
  sostenibilidad: { capitalInicial: 0, aportacionMensual: 50 },
  personalizado: { capitalInicial: 0, aportacionMensual: 50 },
};

describe.each([
  { base: 2020, anyoJubilacion: 2047 },
  { base: 2031, anyoJubilacion: 2058 },
])('defaults with base year $base', ({ base, anyoJubilacion }) => {
  test.each(PLAN_IDS)('%s', (planId) => {
    const inputs = defaultInputs(planId, base);
    expect(inputs).toEqual({
      edadActual: 40,
      edadJubilacion: 67,
      numAnyos: 27,
      anyoJubilacion,
      ...EXPECTED_MONEY[planId],
      disponibleAlFinal: EXPECTED_AMOUNT_AT_END[planId],
      bancoInteres: 3,
      fondoInversionInteres: 6,
      kcInteres: 10,
      esperanzaDeVida: 86,
    });
    expect(makeCalculatorSchema(base, planId).parse(inputs)).toEqual(inputs);
    expect(calculate(inputs, planId).resultadoKc).toBe(inputs.disponibleAlFinal);
  });
});

test('the retirement calculator with its defaults, figure by figure', () => {
  const result = calculate(defaultInputs('jubilacion', 2020), 'jubilacion');
  const months = (86 - 67) * 12;
  expect(result).toMatchObject({
    resultadoBanca: 24_425, // 600 · (1.03^27 − 1) / 0.03 = 24425.7…
    resultadoFondoInversion: 38_223, // 600 · (1.06^27 − 1) / 0.06 = 38223.5…
    resultadoKc: SAVINGS_AT_KC,
    totalAportado: 16_200, // 27 · 600
    beneficioBrutoKc: SAVINGS_AT_KC - 16_200,
    rentaMensualKc: 318, // 72659 / 228 = 318.68…
    complementoMensualKc: Math.trunc(PMT(0.1 / 12, months, -SAVINGS_AT_KC) as number),
    rendimientoCuponCero: 605, // 72659 · 10 / 1200 = 605.49…
    esperanzaDeVida: 86,
    sustainability: null,
  });
  expect(result.complementoMensualKc).toBe(712);
  expect(result.chart).toEqual([
    {
      id: 'banca',
      color: '#495057',
      value: 24_425,
      name: 'calculator.chart.banca.name',
      itemLabel: 'calculator.chart.banca.itemLabel|rate=3',
    },
    {
      id: 'fondoInversion',
      color: '#1864ab',
      value: 38_223,
      name: 'calculator.chart.fondoInversion.name',
      itemLabel: 'calculator.chart.fondoInversion.itemLabel|rate=6',
    },
    {
      id: 'kc',
      color: '#2b8a3e',
      value: SAVINGS_AT_KC,
      name: 'calculator.chart.kc.name',
      itemLabel: 'calculator.chart.kc.itemLabel|rate=10',
    },
  ]);
  expect(result.growth).toHaveLength(28);
  expect(result.growth[0]).toEqual({ year: 0, banca: 0, fondoInversion: 0, kc: 0 });
  expect(result.growth[1]).toEqual({ year: 1, banca: 600, fondoInversion: 600, kc: 600 });
  expect(result.growth[2]).toEqual({ year: 2, banca: 1218, fondoInversion: 1236, kc: 1260 });
  expect(result.growth[27]).toEqual({ year: 27, banca: 24_425, fondoInversion: 38_223, kc: SAVINGS_AT_KC });
});
