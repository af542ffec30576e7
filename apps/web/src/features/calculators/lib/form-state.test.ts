import { describe, expect, it } from 'vitest';
import { defaultInputs, INCOME_STATUS_IMAGES, onTargetChange } from '@kc/domain';
import { INCOME_BANDS } from '../components/illustrations.tsx';
import { addYears, changeField, fromSearchParams, initialFormState, toSearchParams, validateForm } from './form-state.ts';

const BASE = 2026;
const context = { planId: 'jubilacion' as const, baseYear: BASE, language: 'es' };

describe('form state', () => {
  it('keeps the typed text and rewrites the linked partners as text', () => {
    const start = initialFormState(defaultInputs('jubilacion', BASE), 'jubilacion', 'es');
    const { state, changed } = changeField(start, 'edadJubilacion', '65', context);
    expect(state.texts.edadJubilacion).toBe('65');
    expect(state.texts.numAnyos).toBe('25');
    expect(state.texts.anyoJubilacion).toBe(String(BASE + 25));
    expect(changed).toEqual(expect.arrayContaining(['numAnyos', 'anyoJubilacion', 'disponibleAlFinal']));
  });

  it('an empty text is no value (required), garbage is not a number', () => {
    const start = initialFormState(defaultInputs('jubilacion', BASE), 'jubilacion', 'es');
    const empty = changeField(start, 'edadActual', '', context).state;
    expect(empty.values.edadActual).toBeUndefined();
    expect(validateForm(empty.values, 'jubilacion', BASE)).toMatchObject({ ok: false, errors: { edadActual: 'validation.required' } });
    const garbage = changeField(start, 'bancoInteres', '3x', context).state;
    expect(validateForm(garbage.values, 'jubilacion', BASE)).toMatchObject({ ok: false, errors: { bancoInteres: 'validation.invalidNumber' } });
  });

  it('a link round-trips, its year follows the base year, bad values fall back to defaults', () => {
    const inputs = { ...defaultInputs('emprendedor', BASE), numAnyos: 12, aportacionMensual: 75.5, bancoInteres: 2.5 };
    const query = toSearchParams(inputs, 'emprendedor');
    expect(query.get('aportacionMensual')).toBe('75.5');
    expect(query.has('edadActual')).toBe(false);
    const later = fromSearchParams(query, 'emprendedor', BASE + 1);
    expect(later.values.numAnyos).toBe(12);
    expect(later.values.anyoJubilacion).toBe(BASE + 13);
    expect(later.invalid).toEqual([]);
    const bad = fromSearchParams(new URLSearchParams('numAnyos=99&bancoInteres=abc&capitalInicial=1000'), 'emprendedor', BASE);
    expect(bad.invalid).toEqual(['numAnyos', 'bancoInteres']);
    expect(bad.values).toMatchObject({ numAnyos: 27, bancoInteres: 3, capitalInicial: 1000 });
  });

  it('keeps a target amount from a link (the contribution was computed from it)', () => {
    const target = onTargetChange({ ...defaultInputs('personalizado', BASE), disponibleAlFinal: 40_000 }, BASE, 'personalizado');
    const back = fromSearchParams(toSearchParams(target, 'personalizado'), 'personalizado', BASE);
    expect(back.values.disponibleAlFinal).toBe(40_000);
    expect(back.values.aportacionMensual).toBe(target.aportacionMensual);
  });

  it('fixed values win over a link', () => {
    const { values } = fromSearchParams(new URLSearchParams('capitalInicial=1'), 'fideicomiso', BASE);
    expect(values.capitalInicial).toBe(10_000);
  });

  it('the status-image bands match the engine’s', () => {
    expect(INCOME_BANDS).toEqual(INCOME_STATUS_IMAGES);
  });

  it('adds whole years in UTC', () => {
    expect(addYears(new Date('2026-03-01T10:00:00.000Z'), 27).toISOString()).toBe('2053-03-01T10:00:00.000Z');
  });
});
