import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@kc/domain';

/**
 * Every namespace exists in every language with exactly the same keys (array items included)
 * and the same {{placeholders}}: a key in one language and not the other fails here.
 */
const files = import.meta.glob<{ default: unknown }>('./*/*.json', { eager: true });

function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, value]];
}

const byLanguage = new Map<string, Map<string, unknown>>();
for (const [file, module] of Object.entries(files)) {
  const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  if (!byLanguage.has(language)) byLanguage.set(language, new Map());
  byLanguage.get(language)!.set(namespace, module.default);
}
const namespaces = [...new Set([...byLanguage.values()].flatMap((m) => [...m.keys()]))].sort();

describe('locale files', () => {
  it('exist for every language and namespace', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect([...byLanguage.get(language)!.keys()].sort(), language).toEqual(namespaces);
  });

  it.each(namespaces)('%s has the same keys in Spanish and English', (namespace) => {
    const es = keyPaths(byLanguage.get('es')?.get(namespace)).sort();
    const en = keyPaths(byLanguage.get('en')?.get(namespace)).sort();
    expect(
      { onlyInSpanish: es.filter((k) => !en.includes(k)), onlyInEnglish: en.filter((k) => !es.includes(k)) },
      namespace,
    ).toEqual({ onlyInSpanish: [], onlyInEnglish: [] });
  });

  it('uses the same {{placeholders}} in both languages', () => {
    for (const namespace of namespaces) {
      const en = new Map(leaves(byLanguage.get('en')?.get(namespace)));
      for (const [key, value] of leaves(byLanguage.get('es')?.get(namespace))) {
        const names = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        expect(names(en.get(key)), `${namespace}:${key}`).toEqual(names(value));
      }
    }
  });
});
