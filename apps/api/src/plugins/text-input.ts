import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { vkey } from '@kc/domain';
import { AppError } from '../lib/app-error.ts';

/**
 * Text that is not valid Unicode (bytes that are not UTF-8, a lone surrogate such as JSON's
 * "\ud800", a percent-encoding that does not decode to UTF-8) is refused with 400 `invalidText`
 * before any route sees it. Decoding it leniently would store "�" in place of what the person
 * wrote, and a lone surrogate cannot be stored or sent back as UTF-8 at all.
 */
const invalidText = (field: string | undefined) =>
  new AppError(400, 'invalidText', {}, field === undefined ? [] : [{ field, message: vkey('invalidText') }]);

/** With the `u` flag a surrogate pair is one code point: only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** The first string under `value` that is not well-formed UTF-16, as a dotted path ('' for the value itself). */
function badStringPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  // Deeper than any schema of the API: such a value fails its schema anyway.
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return path;
    const found = badStringPath(item, path === '' ? key : `${path}.${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The name of the first `name=value` pair of a query string or form body that does not decode. */
function badPercentEncoding(query: string): string | undefined {
  if (!query.includes('%')) return undefined;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const [name, value] = (equals < 0 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)]).map((part) => part.replace(/\+/g, ' ')) as [string, string];
    for (const part of [name, value]) {
      try {
        decodeURIComponent(part);
      } catch {
        try {
          return decodeURIComponent(name);
        } catch {
          return '';
        }
      }
    }
  }
  return undefined;
}

function checkRequest(request: FastifyRequest): void {
  const url = request.raw.url ?? '';
  const queryAt = url.indexOf('?');
  if (queryAt >= 0) {
    const bad = badPercentEncoding(url.slice(queryAt + 1));
    if (bad !== undefined) throw invalidText(bad || 'query');
  }
  checkValue(request.params, 'params');
  checkValue(request.query, 'query');
  checkValue(request.body, 'body');
}

function checkValue(value: unknown, context: string): void {
  const path = badStringPath(value, '');
  if (path !== undefined) throw invalidText(path || context);
}

/**
 * The body parsers of the API (JSON, plain text, HTML forms) read bytes and refuse those that
 * are not UTF-8, and a hook checks every decoded string of the body, the query and the path
 * before validation.
 */
export function registerTextInput(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) return done(invalidText(undefined), undefined);
    parseJson(request, body.toString('utf8'), done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (!isUtf8(body)) return done(invalidText(undefined), undefined);
    done(null, body.toString('utf8'));
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (!isUtf8(body)) return done(invalidText(undefined), undefined);
    const text = body.toString('utf8');
    const bad = badPercentEncoding(text);
    if (bad !== undefined) return done(invalidText(bad || undefined), undefined);
    // What @fastify/formbody answered: one string per name, an array for a repeated name.
    const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
    for (const [name, value] of new URLSearchParams(text)) {
      const before = fields[name];
      fields[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
    }
    done(null, fields);
  });
  // A callback hook, not an async one: it runs on every request, and a promise per request costs
  // a measurable share of the cheapest answers' throughput.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
