import fc from 'fast-check';
import { expect, test } from 'vitest';
import { calculate, type TCalculatorInputs } from '../../src/index.ts';
import { linkedInputs, money, ratePercent, years } from './support/reference.ts';

const BASE = 2020;
const results = (inputs: TCalculatorInputs) => {
  const r = calculate(inputs, 'personalizado');
  return [r.resultadoBanca, r.resultadoFondoInversion, r.resultadoKc, r.totalAportado];
};
const eachAtLeast = (larger: number[], smaller: number[]) =>
  larger.forEach((value, i) => expect(value).toBeGreaterThanOrEqual(smaller[i] ?? Number.POSITIVE_INFINITY));

test('more years never give less', () => {
  fc.assert(
    fc.property(linkedInputs(BASE), years, years, (inputs, a, b) => {
      const [fewer, more] = a <= b ? [a, b] : [b, a];
      eachAtLeast(results({ ...inputs, numAnyos: more }), results({ ...inputs, numAnyos: fewer }));
    }),
    { numRuns: 500 },
  );
});

test('a higher rate never gives less', () => {
  fc.assert(
    fc.property(linkedInputs(BASE), ratePercent, ratePercent, (inputs, a, b) => {
      const [lower, higher] = a <= b ? [a, b] : [b, a];
      const at = (rate: number) => ({ ...inputs, bancoInteres: rate, fondoInversionInteres: rate, kcInteres: rate });
      eachAtLeast(results(at(higher)), results(at(lower)));
      const high = calculate(at(higher), 'jubilacion');
      const low = calculate(at(lower), 'jubilacion');
      expect(high.complementoMensualKc).toBeGreaterThanOrEqual(low.complementoMensualKc);
      expect(high.rendimientoCuponCero).toBeGreaterThanOrEqual(low.rendimientoCuponCero);
    }),
    { numRuns: 500 },
  );
});

test('more capital or a larger contribution never gives less', () => {
  fc.assert(
    fc.property(linkedInputs(BASE), money(10_000_000), money(10_000), (inputs, capital, monthly) => {
      const more = {
        ...inputs,
        capitalInicial: Math.max(capital, inputs.capitalInicial),
        aportacionMensual: Math.max(monthly, inputs.aportacionMensual),
      };
      eachAtLeast(results(more), results(inputs));
    }),
    { numRuns: 300 },
  );
});

test('year by year the balances never fall, and at a rate ≥ 0 the coin never earns less than it was given', () => {
  fc.assert(
    fc.property(linkedInputs(BASE), (inputs) => {
      const result = calculate(inputs, 'personalizado');
      result.growth.slice(1).forEach((point, i) => {
        const previous = result.growth[i];
        expect(point.banca).toBeGreaterThanOrEqual(previous?.banca ?? Number.POSITIVE_INFINITY);
        expect(point.fondoInversion).toBeGreaterThanOrEqual(previous?.fondoInversion ?? Number.POSITIVE_INFINITY);
        expect(point.kc).toBeGreaterThanOrEqual(previous?.kc ?? Number.POSITIVE_INFINITY);
      });
      expect(result.beneficioBrutoKc).toBeGreaterThanOrEqual(0);
    }),
    { numRuns: 300 },
  );
});
