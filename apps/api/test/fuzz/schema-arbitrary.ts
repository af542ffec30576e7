import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes it into the OpenAPI document) the fuzzer reads. */
export interface TJsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
}

/**
 * What the fuzzer knows besides the schemas: `values` the database holds (seeded ids of this and
 * another tenant, the client id…), which take requests past "not found", and `byName`, examples
 * of a valid value per field name (the bare `string` of a document says nothing of a DNI or a
 * card number), so that many requests are valid but for one field and reach the code behind
 * validation.
 */
export interface TKnown {
  values: readonly string[];
  byName: Readonly<Record<string, readonly unknown[]>>;
}

const MAX_GENERATED_LENGTH = 60;

/** An address every validator takes (fast-check's emailAddress() covers the RFC's odd corners too). */
const simpleEmail = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}$/), fc.integer({ min: 0, max: 1e9 })).map(([name, n]) => `${name}${n}@example.com`);

const isoDay = fc
  .record({ y: fc.integer({ min: 1900, max: 2100 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

/** Dates a calendar refuses or a parser may misread. */
const BAD_DATES = ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '0000-00-00', '9999-12-31', '10000-01-01', '2026-1-1', '31/12/2026', '2026-02-28T25:61:00Z', '+275760-09-13', '-000001-01-01'];

/**
 * Strings that have broken servers: empty and blank, NUL bytes, lone surrogates, right-to-left
 * overrides, emoji sequences, SQL and template text, numbers that are not, path tricks.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'abc\u0000def',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '👩‍👩‍👧‍👦🇪🇸',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǒ̖',
  '\uFEFFbom',
  '\u2028\u2029',
  '-1',
  '0',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '１２３',
  '9007199254740993',
  '99999999999999999999999999999999',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ...BAD_DATES,
];

export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  -0,
  0,
  0.1,
  1.5,
  -1e-320,
  5e-324,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
];

/** A string around a schema's length bounds: empty, min−1, min, max, max+1, and far past it. */
function boundaryStrings(schema: TJsonSchema): string[] {
  const lengths = new Set<number>([0]);
  if (schema.minLength !== undefined) [schema.minLength - 1, schema.minLength].forEach((n) => lengths.add(Math.max(0, n)));
  if (schema.maxLength !== undefined) [schema.maxLength, schema.maxLength + 1].forEach((n) => lengths.add(n));
  lengths.add(1000);
  lengths.add(70_000);
  return [...lengths].map((n) => 'a'.repeat(n));
}

function boundaryNumbers(schema: TJsonSchema): number[] {
  const out: number[] = [];
  for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
    if (bound === undefined) continue;
    out.push(bound - 1, bound, bound + 1, bound - 0.5, bound + 0.5);
  }
  return out;
}

const typesOf = (schema: TJsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** Name-driven refinements of a bare `string` (the document says `string`; the name says what kind). */
function stringByName(name: string, known: TKnown): fc.Arbitrary<string> | undefined {
  const lower = name.toLowerCase();
  if (lower.includes('email') || lower === 'username') return fc.oneof(simpleEmail, fc.emailAddress(), fc.constantFrom(...known.values.filter((k) => k.includes('@'))));
  if (lower.includes('date')) return fc.oneof(isoDay, fc.constantFrom(...BAD_DATES), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  if (lower.endsWith('id') || lower === 'token') return fc.oneof(fc.uuid(), fc.constantFrom(...known.values));
  return undefined;
}

function stringArbitrary(schema: TJsonSchema, name: string, known: TKnown): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...known.values));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return isoDay;
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot invert: fall through to plain strings.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH));
  const plain = fc.string({ minLength, maxLength, unit: 'grapheme' });
  const byName = stringByName(name, known);
  return byName ? fc.oneof(byName, plain) : fc.oneof({ weight: 2, arbitrary: plain }, { weight: 1, arbitrary: fc.constantFrom(...known.values) });
}

function numberArbitrary(schema: TJsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1e9);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1e9);
  const inRange = integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
}

/** A value of the shape the schema describes (what a well-behaved client would send). */
export function validArbitrary(schema: TJsonSchema, known: TKnown, name = '', depth = 0): fc.Arbitrary<unknown> {
  const examples = known.byName[name];
  if (examples && examples.length > 0) {
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...examples) }, { weight: 1, arbitrary: generatedArbitrary(schema, known, name, depth) });
  }
  return generatedArbitrary(schema, known, name, depth);
}

function generatedArbitrary(schema: TJsonSchema, known: TKnown, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => validArbitrary(s, known, name, depth)));
  if (schema.allOf && schema.allOf.length > 0) return validArbitrary(Object.assign({}, ...schema.allOf) as TJsonSchema, known, name, depth);
  const types = typesOf(schema);
  const arbitraries: fc.Arbitrary<unknown>[] = [];
  for (const type of types.length > 0 ? types : schema.properties ? ['object'] : ['string']) {
    if (type === 'string') arbitraries.push(stringArbitrary(schema, name, known));
    else if (type === 'integer') arbitraries.push(numberArbitrary(schema, true));
    else if (type === 'number') arbitraries.push(numberArbitrary(schema, false));
    else if (type === 'boolean') arbitraries.push(fc.boolean());
    else if (type === 'null') arbitraries.push(fc.constant(null));
    else if (type === 'array') {
      arbitraries.push(fc.array(depth > 4 ? fc.constant(null) : validArbitrary(schema.items ?? {}, known, name, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) }));
    } else if (type === 'object') {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validArbitrary(s, known, key, depth + 1)]));
      // Optional fields: sometimes all of them (a complete request), sometimes any subset.
      arbitraries.push(
        fc.oneof(fc.record(fields), fc.record(fields, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) })),
      );
    }
  }
  const base = arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

/** A value that breaks the schema: wrong types, the schema's own boundaries, unicode, huge and nested values. */
export function hostileArbitrary(schema: TJsonSchema, known: TKnown): fc.Arbitrary<unknown> {
  const nested = fc.integer({ min: 1, max: 2_000 }).map((depth) => {
    let value: unknown = 'deep';
    for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
    return value;
  });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...boundaryStrings(schema)) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, ...boundaryNumbers(schema)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], { __proto__: null }) },
    { weight: 1, arbitrary: fc.constantFrom(...known.values) },
    { weight: 1, arbitrary: nested },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}
