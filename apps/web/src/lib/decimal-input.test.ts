import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { ZPublishPriceRequest, type TPublishPriceRequest } from '@kc/domain';
import { decimalCommaResolver, normalizeDecimalInput } from './decimal-input.ts';

describe('normalizeDecimalInput', () => {
  it('reads a decimal comma or a decimal point as the dot form', () => {
    expect(normalizeDecimalInput('10,25')).toBe('10.25');
    expect(normalizeDecimalInput(' 10.25 ')).toBe('10.25');
    expect(normalizeDecimalInput('245 000,5')).toBe('245000.5');
    expect(normalizeDecimalInput('12')).toBe('12');
  });

  it('leaves more than one separator as typed, for the schema to refuse', () => {
    expect(normalizeDecimalInput('10,2,5')).toBe('10,2,5');
    expect(normalizeDecimalInput('1.234,5')).toBe('1.234,5');
    expect(normalizeDecimalInput('1.2.3')).toBe('1.2.3');
  });
});

describe('decimalCommaResolver', () => {
  const resolver = decimalCommaResolver<TPublishPriceRequest>(zodResolver(ZPublishPriceRequest), ['price']);
  const run = (price: string) =>
    resolver({ valueDate: '2026-11-28', price, assetReport: 'Informe de activos' }, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('accepts "10,25" and gives the dot form the API expects', async () => {
    const result = await run('10,25');
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ valueDate: '2026-11-28', price: '10.25', assetReport: 'Informe de activos' });
  });

  it('refuses "10,2,5" with the field\'s message', async () => {
    const result = await run('10,2,5');
    expect(result.values).toEqual({});
    expect(result.errors.price?.message).toMatch(/^ledger\.errors\.price/);
  });
});
