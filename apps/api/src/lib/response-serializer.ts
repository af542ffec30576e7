import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

type TSerializer = (data: unknown) => string;
type TSchemaInput = { schema: unknown; method: string; url: string; httpStatus?: string };

const zodSerializerCompiler = createSerializerCompiler({});

/** A route's response schema: the zod type itself or `{ properties: zodType }` (the provider allows both). */
function zodTypeOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof z.ZodType) return schema as unknown as $ZodType;
  const inner = (schema as { properties?: unknown } | undefined)?.properties;
  return inner instanceof z.ZodType ? (inner as unknown as $ZodType) : undefined;
}

/**
 * The JSON Schema of what a zod schema outputs, or undefined when JSON Schema cannot say it
 * (transforms, dates, custom types): those responses keep zod's own serializer.
 */
export function outputJsonSchema(schema: $ZodType): Record<string, unknown> | undefined {
  try {
    return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export class ResponseShapeError extends Error {
  constructor(method: string, url: string, expected: string, actual: string) {
    super(`Response of ${method} ${url}: the fast serializer wrote ${actual.slice(0, 300)}, zod ${expected.slice(0, 300)}`);
    this.name = 'ResponseShapeError';
  }
}

/**
 * Fastify serializer compiler for zod response schemas. Responses are written by
 * fast-json-stringify, compiled once per route from the schema's JSON Schema (the same one the
 * OpenAPI document shows): no per-response zod parse. With `check` (development and test), every
 * response also goes through zod as before (a value outside its schema is a 500) and the two
 * outputs must be the same JSON (keys may come in another order), so the test suites prove the
 * fast path writes every field as zod would.
 */
export function responseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (input) => {
    const { schema, method, url } = input as TSchemaInput;
    const zodSerialize = zodSerializerCompiler(input as Parameters<typeof zodSerializerCompiler>[0]) as TSerializer;
    const type = zodTypeOf(schema);
    const jsonSchema = type ? outputJsonSchema(type) : undefined;
    if (!jsonSchema) return zodSerialize;
    const fast = fastJson(jsonSchema) as TSerializer;
    if (!options.check) return fast;
    return (data) => {
      const expected = zodSerialize(data);
      const actual = fast(data);
      // fast-json-stringify writes required properties before optional ones: same JSON, other key order.
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new ResponseShapeError(method, url, expected, actual);
      }
      return actual;
    };
  };
}
