import { expect, test } from 'vitest';
import { calculate, defaultInputs, getCalculatorBounds, type TCalculatorInputs } from '../../src/index.ts';

// A budget, not a benchmark (that lives in bench/): one calculation must stay well under 1 ms.
test('1000 calculations take less than a second, even at the heaviest inputs', () => {
  const max = getCalculatorBounds(2020);
  const heaviest: TCalculatorInputs = {
    ...defaultInputs('jubilacion', 2020),
    numAnyos: max.numAnyos.max,
    capitalInicial: 9_999_999.99,
    aportacionMensual: 9_999.99,
    bancoInteres: 19.99,
    fondoInversionInteres: 19.97,
    kcInteres: 19.99,
    edadJubilacion: 0, // 1440 months of income: the longest level payment
    esperanzaDeVida: 120,
  };
  for (const inputs of [defaultInputs('jubilacion', 2020), heaviest]) {
    const started = Date.now();
    for (let i = 0; i < 1000; i++) calculate(inputs, 'jubilacion');
    expect(Date.now() - started).toBeLessThan(1000);
  }
});
