import fc from 'fast-check';
import { HOSTILE_STRINGS, hostileArbitrary, validArbitrary, type TJsonSchema, type TKnown } from './schema-arbitrary.ts';

/** One operation of the OpenAPI document. */
export interface TOperation {
  method: string;
  /** The path template, `{name}` for parameters. */
  path: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string; required: boolean; schema: TJsonSchema }[];
  body?: { contentType: string; schema: TJsonSchema };
}

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): TOperation[] {
  const operations: TOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = ((operation['parameters'] ?? []) as TOperation['parameters']).filter((p) => ['path', 'query', 'header'].includes(p.in));
      const content = (operation['requestBody'] as { content?: Record<string, { schema: TJsonSchema }> } | undefined)?.content;
      const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: parameters.map((p) => ({ ...p, required: Boolean(p.required) })),
        ...(contentType && media ? { body: { contentType, schema: media.schema } } : {}),
      });
    }
  }
  return operations;
}

/** Who the request is sent as; resolved to a header when it is sent (tokens are issued per test). */
export type TCaller = 'admin' | 'investor' | 'otherTenantInvestor' | 'nobody' | { malformed: string };

/** A request as generated: everything but the caller's token is final. */
export interface TFuzzRequest {
  method: string;
  url: string;
  caller: TCaller;
  headers: Record<string, string>;
  payload?: string;
  /** The client's address: many clients, so per-address rate limits do not end the run early. */
  remoteAddress: string;
}

/** A JSON text fragment written as is (numbers JSON.stringify cannot write, e.g. 1e400). */
class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

/** An object as a list of entries, so `__proto__` and duplicate keys reach the JSON text. */
type TEntries = [string, unknown][];

function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const entriesText = (entries: TEntries): string => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;

const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '0.00000000000000000000000000000000001', '-0', '1E+2', '0e0'].map((t) => new RawJson(t));
const POLLUTERS: TEntries = [
  ['__proto__', { isAdmin: true, roles: ['ADMIN'], status: 500 }],
  ['constructor', { prototype: { isAdmin: true } }],
  ['prototype', { polluted: true }],
  ['toString', 'x'],
  ['hasOwnProperty', 1],
];

/** Bodies that are not JSON, or JSON that hurts parsers: truncated, BOM, very deep, too big. */
const MALFORMED_JSON = [
  '',
  '{',
  '{"a":1',
  '{"a":1}garbage',
  "{'a':1}",
  'NaN',
  'undefined',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1,"a":2}',
  '['.repeat(30_000) + ']'.repeat(30_000),
  '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
  `{"a":"${'x'.repeat(70_000)}"}`,
  `[${'1,'.repeat(20_000)}1]`,
];

const MALFORMED_FORMS = ['%zz=1&a', 'a=%E0%A4%A', '&&&==&', 'grant_type', '=x', `username=${'a'.repeat(70_000)}`, 'a[b][c]=1&__proto__[x]=1'];

const CONTENT_TYPE_LIES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json;charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/x-www-form-urlencoded',
  'application/json',
  '*/*',
  'application/',
  ';;;',
];

/** Strings an HTTP client can put in a header (latin-1 without controls), at most 8 KiB. */
function headerSafe(value: unknown): string {
  return (typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '?')
    .slice(0, 8192);
}

function pathSegment(value: unknown, raw: boolean): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  if (raw) return text.replace(/[/?#\s]/g, '');
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: what a client would send is its (invalid) UTF-8 bytes.
    return '%ED%A0%80';
  }
}

function queryPair(name: string, value: unknown): string {
  const values = Array.isArray(value) ? value : [value];
  return values
    .map((v) => {
      const text = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
      let encoded: string;
      try {
        encoded = encodeURIComponent(text);
      } catch {
        encoded = '%ED%A0%80';
      }
      return `${encodeURIComponent(name)}=${encoded}`;
    })
    .join('&');
}

const callerArbitrary: fc.Arbitrary<TCaller> = fc.oneof(
  { weight: 20, arbitrary: fc.constant<TCaller>('admin') },
  { weight: 3, arbitrary: fc.constant<TCaller>('investor') },
  { weight: 2, arbitrary: fc.constant<TCaller>('nobody') },
  { weight: 1, arbitrary: fc.constant<TCaller>('otherTenantInvestor') },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.constantFrom('Bearer', 'Bearer ', 'bearer  x', 'Basic YWRtaW46YWRtaW4=', 'Bearer null', 'Bearer undefined', `Bearer ${'a'.repeat(5000)}`, 'Token abc', 'Bearer a b c'),
        fc.constantFrom(...HOSTILE_STRINGS).map((s) => `Bearer ${s}`),
        fc.string({ maxLength: 30 }),
      )
      .map((malformed): TCaller => ({ malformed })),
  },
);

/** The company-id header: mostly the callers' own company, else missing, another tenant, unknown, or junk. */
const companyArbitrary: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 24, arbitrary: fc.constant('1') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant('2') },
  { weight: 1, arbitrary: fc.constantFrom('424242', '0', '-1', ' 1 ', '1,2', '01', 'a'.repeat(100)) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
);

const languageArbitrary: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('es', 'en', 'en-GB,en;q=0.9', undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('*', 'xx-YY', 'en;q=abc', 'es;q=-1,en;q=2', ',,,;;;', `${'en-US,'.repeat(1000)}es`, 'zh-Hant-TW-x-private-a-b-c', '\u00e9s'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

/** A value for a parameter or field: mostly of its shape, else hostile. */
function fieldArbitrary(schema: TJsonSchema, known: TKnown, name: string, hostileWeight = 1): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: validArbitrary(schema, known, name) }, { weight: hostileWeight, arbitrary: hostileArbitrary(schema, known) });
}

function bodyEntriesArbitrary(schema: TJsonSchema, known: TKnown): fc.Arbitrary<TEntries> {
  const properties = Object.entries(schema.properties ?? {});
  const names = properties.map(([n]) => n);
  const valid = validArbitrary(schema, known).map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (Object.entries(v) as TEntries) : []));
  const fieldHostile = names.length > 0
    ? fc.constantFrom(...names).chain((key) => hostileArbitrary(schema.properties?.[key] ?? {}, known).map((value) => ({ kind: 'set' as const, key, value })))
    : hostileArbitrary({}, known).map((value) => ({ kind: 'set' as const, key: 'x', value }));
  const anyKey = names.length > 0 ? fc.constantFrom(...names) : fc.constant('x');
  const mutation = fc.oneof(
    { weight: 4, arbitrary: fieldHostile },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('set' as const), key: anyKey, value: fc.constantFrom(...RAW_NUMBERS) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: anyKey, value: fc.constant(null) }) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTERS).map(([key, value]) => ({ kind: 'add' as const, key, value })) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), key: fc.string({ maxLength: 10 }), value: fc.jsonValue({ maxDepth: 2 }) }) },
  );
  const mutations = fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 3, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) });
  return fc.tuple(valid, mutations).map(([entries, mutations]) => {
    let out: TEntries = [...entries];
    for (const m of mutations) {
      if (m.kind === 'delete') out = out.filter(([k]) => k !== m.key);
      else if (m.kind === 'set') out = [...out.filter(([k]) => k !== m.key), [m.key, m.value]];
      else out.push([m.key, m.value]);
    }
    return out;
  });
}

function formText(entries: TEntries): string {
  const params = new URLSearchParams();
  for (const [k, v] of entries) {
    const text = typeof v === 'string' ? v : v instanceof RawJson ? v.text : JSON.stringify(v) ?? '';
    params.append(k, text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
  return params.toString();
}

/** The body and its content type: mostly the operation's own shape, else malformed, hostile or mislabelled. */
function bodyArbitrary(operation: TOperation, known: TKnown): fc.Arbitrary<{ contentType?: string; payload?: string }> {
  if (!operation.body) {
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON.slice(0, 6)).map((payload) => ({ contentType: 'application/json', payload })) },
    );
  }
  const { contentType, schema } = operation.body;
  const isForm = contentType === 'application/x-www-form-urlencoded';
  const entries = bodyEntriesArbitrary(schema, known);
  const encode = (e: TEntries) => (isForm ? formText(e) : entriesText(e));
  return fc.oneof(
    { weight: 12, arbitrary: entries.map((e) => ({ contentType, payload: encode(e) })) },
    { weight: 2, arbitrary: hostileArbitrary(schema, known).map((v) => ({ contentType, payload: isForm ? queryPair('x', v) : jsonText(v) })) },
    { weight: 2, arbitrary: fc.constantFrom(...(isForm ? MALFORMED_FORMS : MALFORMED_JSON)).map((payload) => ({ contentType, payload })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(entries, fc.constantFrom<string | undefined>(...CONTENT_TYPE_LIES, undefined), fc.boolean())
        .map(([e, lie, asJson]) => ({ ...(lie ? { contentType: lie } : {}), payload: asJson ? entriesText(e) : formText(e) })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType }) },
  );
}

/** Requests for one operation: path, query and header parameters, body, caller, tenant and language. */
export function requestArbitrary(operation: TOperation, known: TKnown): fc.Arbitrary<TFuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');
  const rawSegment = fc.constantFrom('%', '%00', '%zz', '%ED%A0%80', '..', '.', '%2F', '%2e%2e', ';', 'a;b=c');

  const path = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        { weight: 8, arbitrary: fieldArbitrary(p.schema, known, p.name).map((v) => pathSegment(v, false)) },
        { weight: 1, arbitrary: rawSegment },
      ),
    ),
  );
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        fc.oneof({ weight: 6, arbitrary: fieldArbitrary(p.schema, known, p.name) }, { weight: 1, arbitrary: fc.array(fieldArbitrary(p.schema, known, p.name), { minLength: 2, maxLength: 3 }) }),
        { freq: 3 },
      ),
    ),
  );
  const extraQuery = fc.option(fc.constantFrom('__proto__=1', 'constructor[prototype][x]=1', 'a=%zz', '&&==', `x=${'a'.repeat(5000)}`, 'page[]=1', 'size=1e3'), { freq: 8 });
  const headerValues = fc.tuple(...headerParams.map((p) => fc.option(fieldArbitrary(p.schema, known, p.name), { freq: 3 })));

  return fc
    .record({
      path,
      query,
      extraQuery,
      headerValues,
      body: bodyArbitrary(operation, known),
      caller: callerArbitrary,
      company: companyArbitrary,
      language: languageArbitrary,
      remoteAddress: fc.ipV4(),
      accept: fc.option(fc.constantFrom('application/xml', 'text/html', '*/*;q=0', 'application/json', 'garbage/'), { freq: 5 }),
    })
    .map(({ path: segments, query: values, extraQuery: extra, headerValues: hv, body, caller, company, language, accept, remoteAddress }) => {
      let i = 0;
      const urlPath = operation.path.replace(/\{[^}]+\}/g, () => segments[i++] ?? '');
      const pairs = queryParams.flatMap((p, index) => (values[index] === null ? [] : [queryPair(p.name, values[index])]));
      if (extra) pairs.push(extra);
      const headers: Record<string, string> = {};
      if (company !== undefined) headers['company-id'] = headerSafe(company);
      if (language !== undefined) headers['accept-language'] = headerSafe(language);
      if (accept) headers['accept'] = accept;
      headerParams.forEach((p, index) => {
        if (hv[index] !== null) headers[p.name] = headerSafe(hv[index]);
      });
      if (body.contentType) headers['content-type'] = body.contentType;
      return {
        method: operation.method,
        url: pairs.length > 0 ? `${urlPath}?${pairs.join('&')}` : urlPath,
        caller,
        headers,
        remoteAddress,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      };
    });
}
