import { expect, test } from 'vitest';
import {
  calculate,
  calculatorMessages,
  ckey,
  decodeMessage,
  defaultInputs,
  LANGUAGES,
  makeCalculatorSchema,
  type TLanguage,
} from '../../src/index.ts';

type TTree = { readonly [key: string]: string | TTree };

/** What the shared catalogue does once `calculator` is registered there: key → template → text. */
function translate(language: TLanguage, message: string): string | undefined {
  const { key, params } = decodeMessage(message);
  const [namespace, ...path] = key.split('.');
  if (namespace !== 'calculator') return undefined;
  let node: string | TTree | undefined = calculatorMessages[language] as TTree;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '') : undefined;
}

const leaves = (tree: TTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );

test('Spanish and English have the same keys and placeholders, none empty', () => {
  const es = leaves(calculatorMessages.es);
  const en = new Map(leaves(calculatorMessages.en));
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  expect([...en.keys()]).toEqual(es.map(([key]) => key));
  for (const [key, text] of es) {
    expect(text.trim()).not.toBe('');
    expect(placeholders(en.get(key) ?? '')).toEqual(placeholders(text));
  }
});

test('every chart key the engine emits has a text in both languages', () => {
  const { chart } = calculate(defaultInputs('jubilacion', 2020), 'jubilacion');
  for (const language of LANGUAGES) {
    for (const item of chart) {
      expect(translate(language, item.name)).toBeDefined();
      expect(translate(language, item.itemLabel)).toMatch(/\d/);
    }
  }
  expect(translate('es', chart[0]?.itemLabel ?? '')).toBe('Banco al 3 %');
  expect(translate('en', chart[2]?.itemLabel ?? '')).toBe('KC at 10%');
});

test('every calculator error the schema gives has a text in both languages', () => {
  const schema = makeCalculatorSchema(2020, 'jubilacion');
  const inputs = defaultInputs('jubilacion', 2020);
  const messages = [
    { ...inputs, edadActual: 40.5 },
    { ...inputs, capitalInicial: 0.001 },
    { ...inputs, edadActual: 70 },
  ].flatMap((sent) => schema.safeParse(sent).error?.issues.map((issue) => issue.message) ?? []);
  expect(messages).toEqual([
    ckey('wholeNumber'),
    'calculator.errors.tooManyDecimals|max=2',
    ckey('retirementBeforeCurrentAge'),
  ]);
  for (const language of LANGUAGES) for (const message of messages) expect(translate(language, message)).toBeDefined();
  expect(translate('es', messages[1] ?? '')).toBe('Como máximo 2 decimales');
});
