import { afterEach, describe, expect, it, vi } from 'vitest';
import { addNamespaces, changeLanguage, i18n } from './i18n.ts';

afterEach(async () => {
  await changeLanguage('es');
});

describe('English texts on demand', () => {
  // First: the other tests switch to English too.
  it('the shell’s own English texts (layout) arrive with the switch', async () => {
    expect(i18n.hasResourceBundle('en', 'layout')).toBe(false);
    await changeLanguage('en');
    expect(i18n.hasResourceBundle('en', 'layout')).toBe(true);
    expect(i18n.t('nav.login', { ns: 'layout' })).not.toBe(i18n.getFixedT('es', 'layout')('nav.login'));
  });

  it('Spanish is there from the start; English is fetched only when the visitor switches', async () => {
    const loadEnglish = vi.fn(() => Promise.resolve({ default: { hello: 'Hello' } }));
    addNamespaces({ 'test-a': { es: { hello: 'Hola' }, en: loadEnglish } });
    expect(i18n.t('hello', { ns: 'test-a' })).toBe('Hola');
    expect(loadEnglish).not.toHaveBeenCalled();

    await changeLanguage('en');
    expect(loadEnglish).toHaveBeenCalledOnce();
    expect(i18n.t('hello', { ns: 'test-a' })).toBe('Hello');
    expect(document.documentElement.lang).toBe('en');

    // Back and forth: fetched once.
    await changeLanguage('es');
    await changeLanguage('en');
    expect(loadEnglish).toHaveBeenCalledOnce();
  });

  it('a namespace registered while English is on loads at once', async () => {
    await changeLanguage('en');
    let resolve!: (value: { default: Record<string, unknown> }) => void;
    const loadEnglish = vi.fn(() => new Promise<{ default: Record<string, unknown> }>((r) => (resolve = r)));
    addNamespaces({ 'test-b': { es: { bye: 'Adiós' }, en: loadEnglish } });
    expect(loadEnglish).toHaveBeenCalledOnce();
    // Until it arrives, the Spanish text stands in (fallback), never a key.
    expect(i18n.t('bye', { ns: 'test-b' })).toBe('Adiós');
    resolve({ default: { bye: 'Goodbye' } });
    await vi.waitFor(() => expect(i18n.t('bye', { ns: 'test-b' })).toBe('Goodbye'));
  });

  it('a failed download keeps Spanish and is retried on the next switch', async () => {
    const loadEnglish = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: { yes: 'Yes' } });
    addNamespaces({ 'test-c': { es: { yes: 'Sí' }, en: loadEnglish } });
    await expect(changeLanguage('en')).rejects.toThrow('offline');
    expect(i18n.language).toBe('es');
    expect(i18n.t('yes', { ns: 'test-c' })).toBe('Sí');
    await changeLanguage('en');
    expect(i18n.t('yes', { ns: 'test-c' })).toBe('Yes');
  });
});
