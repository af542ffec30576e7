import { expect, test } from 'vitest';
import { isFieldReadOnly, isFieldVisible, PLAN_IDS, PLANS, ZPlanId } from '../../src/index.ts';

test('the seven plans, in the order of the list', () => {
  expect(PLAN_IDS).toEqual([
    'jubilacion',
    'fideicomiso',
    'padrinazgo',
    'cerocupones',
    'emprendedor',
    'sostenibilidad',
    'personalizado',
  ]);
  expect(ZPlanId.safeParse('jubilacion').success).toBe(true);
  expect(ZPlanId.safeParse('hipoteca').success).toBe(false);
});

test('field visibility by plan (specification, section 2)', () => {
  const visibility = Object.fromEntries(PLAN_IDS.map((id) => [id, PLANS[id].visibleFields.join(' ')]));
  expect(visibility).toEqual({
    jubilacion:
      'edadActual edadJubilacion anyoJubilacion numAnyos capitalInicial aportacionMensual disponibleAlFinal bancoInteres',
    fideicomiso: 'anyoJubilacion numAnyos capitalInicial aportacionMensual disponibleAlFinal bancoInteres',
    padrinazgo: 'anyoJubilacion numAnyos capitalInicial disponibleAlFinal bancoInteres',
    cerocupones:
      'edadActual edadJubilacion anyoJubilacion numAnyos capitalInicial aportacionMensual disponibleAlFinal bancoInteres',
    emprendedor: 'anyoJubilacion numAnyos capitalInicial aportacionMensual disponibleAlFinal bancoInteres',
    sostenibilidad:
      'edadActual edadJubilacion anyoJubilacion numAnyos capitalInicial aportacionMensual disponibleAlFinal bancoInteres',
    personalizado: 'numAnyos capitalInicial aportacionMensual disponibleAlFinal bancoInteres',
  });
  for (const id of PLAN_IDS) expect(isFieldVisible(id, 'bancoInteres')).toBe(true);
});

test('only the retirement-style plans show the monthly income', () => {
  const withIncome = PLAN_IDS.filter((id) => PLANS[id].showsMonthlyIncome);
  expect(withIncome).toEqual(['jubilacion', 'cerocupones', 'sostenibilidad']);
  expect(PLAN_IDS.filter((id) => PLANS[id].showsAges)).toEqual(withIncome);
});

test('fixed values (decisions.md, "Plans") and what they make read-only', () => {
  expect(PLANS.padrinazgo.fixedValues).toEqual({ capitalInicial: 6000, aportacionMensual: 0 });
  expect(PLANS.fideicomiso.fixedValues).toEqual({ capitalInicial: 10_000 });
  for (const id of ['jubilacion', 'cerocupones', 'emprendedor', 'sostenibilidad', 'personalizado'] as const) {
    expect(PLANS[id].fixedValues).toEqual({});
    expect(PLANS[id].readOnlyFields).toEqual([]);
  }
  expect(isFieldReadOnly('fideicomiso', 'capitalInicial')).toBe(true);
  expect(PLANS.padrinazgo.readOnlyFields).toEqual(['capitalInicial', 'disponibleAlFinal']);
});

test('catalogue figures of every plan', () => {
  for (const id of PLAN_IDS) {
    expect(PLANS[id]).toMatchObject({ id, productType: 'SAVINGS_PLAN', imageKey: `plan-${id}`, kcInteres: 10 });
  }
});
