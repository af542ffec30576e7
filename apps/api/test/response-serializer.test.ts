import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { ZDashboardResponse, ZProblem, toPage, type TDashboardResponse } from '@kc/domain';
import { outputJsonSchema, responseSerializerCompiler, ResponseShapeError } from '../src/lib/response-serializer.ts';

type TSerialize = (data: unknown) => string;
const compile = (schema: unknown, check: boolean) =>
  responseSerializerCompiler({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as TSerialize;
const zodWrite = (schema: unknown) => createSerializerCompiler({})({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as TSerialize;

const dashboard = (): TDashboardResponse => ({
  contracts: toPage(
    [
      {
        id: '8a1c6e3e-4e0a-4f57-9d38-5b2b8f0c1a01',
        productKey: 'jubilacion',
        userContractState: 'ACTIVE',
        initialInvestment: '6000.00',
        recurringAmmount: '150.50',
        submissionDate: '2024-02-29',
        expiringDate: '2054-02-28',
        contractPeriodType: 'M1',
      },
      {
        id: '8a1c6e3e-4e0a-4f57-9d38-5b2b8f0c1a02',
        productKey: 'ahorro "plus" \\ ñ',
        userContractState: 'NEW',
        initialInvestment: '0',
        recurringAmmount: '-1.5',
        submissionDate: '2025-01-01',
        expiringDate: '2026-01-01',
        contractPeriodType: 'Y1',
      },
    ],
    1,
    2,
    7,
    false,
  ),
  facets: { NEW: 1, ACTIVE: 2, STANDBY: 0, ARCHIVED: 3, DELETED: 1, ALL: 7 },
});

describe('response serializer', () => {
  it('writes every field of the dashboard answer exactly as zod + JSON.stringify did', () => {
    const data = dashboard();
    const fast = compile(ZDashboardResponse, false)(data);
    expect(fast).toBe(zodWrite(ZDashboardResponse)(data));
    expect(JSON.parse(fast)).toEqual(data);
  });

  it('drops fields the schema does not name, as zod did (nothing leaks from a database row)', () => {
    const data = dashboard();
    const leaky = { ...data, secret: 'x', contracts: { ...data.contracts, content: data.contracts.content.map((c) => ({ ...c, password_hash: 'h' })) } };
    const out = compile(ZDashboardResponse, false)(leaky);
    expect(out).not.toContain('secret');
    expect(out).not.toContain('password_hash');
    expect(out).toBe(zodWrite(ZDashboardResponse)(leaky));
  });

  it('writes optional and nullable fields as zod does', () => {
    const schema = z.object({ a: z.string().nullable(), b: z.number().int().optional(), c: z.array(z.object({ d: z.boolean() })) });
    for (const data of [{ a: null, c: [] }, { a: 'x', b: 3, c: [{ d: true }, { d: false }] }]) {
      // Optional properties come after the required ones: the same JSON, keys in another order.
      expect(JSON.parse(compile(schema, true)(data))).toEqual(JSON.parse(zodWrite(schema)(data)));
    }
    const problem = { type: 't', title: 'T', status: 400, detail: 'd', code: 'validation', errors: [{ field: 'f', message: 'm' }], requestId: 'r' };
    expect(compile(ZProblem, true)(problem)).toBe(zodWrite(ZProblem)(problem));
    const { errors: _errors, ...withoutErrors } = problem;
    expect(compile(ZProblem, true)(withoutErrors)).toBe(zodWrite(ZProblem)(withoutErrors));
  });

  it('refuses an answer without a required field, in production too', () => {
    const { facets: _facets, ...missing } = dashboard();
    expect(() => compile(ZDashboardResponse, false)(missing)).toThrow();
  });

  it('when checking (development, test), refuses a value outside its schema, as zod did', () => {
    const data = dashboard();
    data.contracts.content[0]!.userContractState = 'PAID' as never;
    expect(() => compile(ZDashboardResponse, true)(data)).toThrow();
  });

  it('keeps zod for schemas JSON Schema cannot express (transforms, dates)', () => {
    const transformed = z.object({ n: z.string().transform((s) => s.length) });
    expect(outputJsonSchema(transformed)).toBeUndefined();
    expect(compile(transformed, false)({ n: 'abc' })).toBe('{"n":3}');
    const dated = z.object({ at: z.date() });
    expect(compile(dated, false)({ at: new Date('2026-01-02T03:04:05Z') })).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
  });

  it('when checking, refuses what zod refuses even where fast-json-stringify would write something', () => {
    // fast-json-stringify truncates 1.5 for an integer; zod refuses it.
    expect(compile(z.object({ n: z.number().int() }), false)({ n: 1.5 })).toBe('{"n":1}');
    expect(() => compile(z.object({ n: z.number().int() }), true)({ n: 1.5 })).toThrow();
  });

  it('reports a difference between the fast output and zod as a shape error', () => {
    // A refinement is invisible to JSON Schema; zod rejects, so the check fails before comparing.
    const refined = z.object({ s: z.string().refine((v) => v !== 'no') });
    expect(() => compile(refined, true)({ s: 'no' })).toThrow();
    expect(compile(refined, false)({ s: 'no' })).toBe('{"s":"no"}');
    expect(new ResponseShapeError('GET', '/x', '{}', '{"a":1}').message).toContain('GET /x');
  });
});
