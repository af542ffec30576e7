import { describe, expect, it } from 'vitest';
import { encodeMessage } from '../../src/i18n/message-key.ts';
import { translateMessage } from '../../src/i18n/catalogue.ts';
import * as domain from '../../src/index.ts';
import { accountsMessages, akey } from '../../src/accounts/messages.ts';

describe('accounts messages', () => {
  it('has the same keys in Spanish and English, none empty', () => {
    expect(Object.keys(accountsMessages.en.errors)).toEqual(Object.keys(accountsMessages.es.errors));
    for (const text of [...Object.values(accountsMessages.es.errors), ...Object.values(accountsMessages.en.errors)]) {
      expect(text.trim()).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(accountsMessages.es.errors) as (keyof typeof accountsMessages.es.errors)[]) {
      expect(placeholders(accountsMessages.en.errors[key])).toEqual(placeholders(accountsMessages.es.errors[key]));
    }
  });

  it('keeps the specification text for the security code', () => {
    expect(accountsMessages.es.errors.ccvLength).toBe('El código de seguridad debe tener exactamente 3 caracteres');
  });

  it('is registered in the shared catalogue', () => {
    expect(translateMessage('es', akey('ccvLength'))).toBe('El código de seguridad debe tener exactamente 3 caracteres');
    expect(translateMessage('en', encodeMessage(akey('passwordTooShort'), { min: 10 }))).toBe(
      'The password must be at least 10 characters long',
    );
    expect(translateMessage('es', encodeMessage(akey('underage'), { min: 18 }))).toBe('Debe tener al menos 18 años');
    expect(translateMessage('es', 'validation.required')).toBe('Requerido');
  });

  it('is part of the public API', () => {
    expect(domain.makeRegisterRequestSchema).toBeTypeOf('function');
    expect(domain.ZLoginRequest).toBeDefined();
    expect(domain.isValidDni('12345678Z')).toBe(true);
    expect(domain.akey('cardExpired')).toBe('accounts.errors.cardExpired');
  });
});
