import { describe, expect, it } from 'vitest';
import { EMPTY_SIGN_UP, schemaForStep, stepOfField, toRegisterInput } from './form-values.ts';

describe('sign-up wizard values', () => {
  it('maps every field to its step', () => {
    expect(stepOfField('email')).toBe(0);
    expect(stepOfField('companyTaxId')).toBe(0);
    expect(stepOfField('ccv')).toBe(1);
    expect(stepOfField('walletWrittenDown')).toBe(1);
    expect(stepOfField('billingPostalCode')).toBe(2);
    expect(stepOfField('role')).toBeUndefined();
  });

  it('sends nulls for what does not apply and never the written-down box', () => {
    const input = toRegisterInput({ ...EMPTY_SIGN_UP, useCreditCard: false, creditCard: '4111', ccv: '123', companyName: 'X' }, 'OWNER');
    expect(input).toMatchObject({ role: 'OWNER', creditCard: null, ccv: null, expirationDate: null, companyName: null, companyTaxId: null });
    expect('walletWrittenDown' in input).toBe(false);
  });

  it('sends the marketing opt-in as given: unticked unless the person ticks it', () => {
    expect(EMPTY_SIGN_UP.acceptMarketing).toBe(false);
    expect(toRegisterInput(EMPTY_SIGN_UP, 'INVESTOR').acceptMarketing).toBe(false);
    expect(toRegisterInput({ ...EMPTY_SIGN_UP, acceptMarketing: true }, 'INVESTOR').acceptMarketing).toBe(true);
  });

  it('validates only the fields of the current step', () => {
    const result = schemaForStep(1, new Date('2026-01-01')).safeParse(EMPTY_SIGN_UP);
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => i.path[0]));
    expect(fields.has('email')).toBe(false);
    expect(fields.has('creditCard')).toBe(true);
    expect(fields.has('ethereumWallet')).toBe(true);
  });
});
