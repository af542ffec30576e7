import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, pickLanguage, sharedMessages, translateMessage } from '../../src/index.ts';

function keyPaths(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

describe('languages and messages', () => {
  it('picks es or en from Accept-Language, honouring quality', () => {
    expect(pickLanguage(undefined)).toBe('es');
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(pickLanguage('fr-FR,en;q=0.5,es;q=0.8')).toBe('es');
    expect(pickLanguage('de')).toBe('es');
    expect(pickLanguage('EN')).toBe('en');
  });

  it('encodes and decodes parameters', () => {
    const encoded = encodeMessage('validation.between', { min: 0, max: 120 });
    expect(encoded).toBe('validation.between|min=0&max=120');
    expect(decodeMessage(encoded)).toEqual({ key: 'validation.between', params: { min: '0', max: '120' } });
    expect(encodeMessage('validation.required')).toBe('validation.required');
  });

  it('translates in both languages, and leaves unknown keys as they are', () => {
    expect(translateMessage('es', 'validation.required')).toBe('Requerido');
    expect(translateMessage('en', 'validation.between|min=0&max=120')).toBe('Must be between 0 and 120');
    expect(translateMessage('es', 'nope.key')).toBe('nope.key');
  });

  it('has the same keys in Spanish and English', () => {
    expect(keyPaths(sharedMessages.en).sort()).toEqual(keyPaths(sharedMessages.es).sort());
  });
});
