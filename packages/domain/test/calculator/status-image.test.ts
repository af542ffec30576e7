import { expect, test } from 'vitest';
import { calculate, defaultInputs, PLAN_IDS, PLANS, statusImage } from '../../src/index.ts';

test.each([
  [0, 'income-under-1000'],
  [999, 'income-under-1000'],
  [1000, 'income-under-2000'],
  [1999, 'income-under-2000'],
  [2000, 'income-under-3000'],
  [3000, 'income-under-4000'],
  [4999, 'income-under-5000'],
  [5000, 'income-from-5000'],
  [1_000_000, 'income-from-5000'],
])('a monthly income of %d shows %s', (rentaMensualKc, image) => {
  for (const planId of ['jubilacion', 'cerocupones', 'sostenibilidad'] as const) {
    expect(statusImage({ rentaMensualKc }, planId)).toBe(image);
  }
});

test('the plans without monthly income show their own image', () => {
  for (const planId of ['fideicomiso', 'padrinazgo', 'emprendedor', 'personalizado'] as const) {
    expect(statusImage({ rentaMensualKc: 4500 }, planId)).toBe(`plan-${planId}`);
  }
});

test('the defaults give the lowest band where the income shows', () => {
  for (const planId of PLAN_IDS) {
    const image = statusImage(calculate(defaultInputs(planId, 2020), planId), planId);
    expect(image).toBe(PLANS[planId].showsMonthlyIncome ? 'income-under-1000' : PLANS[planId].imageKey);
  }
});
