import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { encodeMessage, isCatalogueMessage, pickLanguage, translateMessage, vkey, type TFieldError, type TProblem } from '@kc/domain';
import { AppError } from '../lib/app-error.ts';
import { apiMessage } from '../lib/messages.ts';
import { isBadInputForDatabase } from '../db/bad-input.ts';
import { databaseFault } from '../db/unavailable.ts';

const PROBLEM_BASE = 'https://kc.example/problems/';
/** What a 503 (the database is unreachable or busy) tells the client to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Builds an RFC 9457 problem in the request's language. */
export function problemFor(request: FastifyRequest, error: AppError): TProblem {
  const { title, detail } = apiMessage(request.language, error.code, error.params);
  return {
    type: `${PROBLEM_BASE}${error.code}`,
    title,
    status: error.status,
    detail,
    code: error.code,
    ...(error.fieldErrors.length > 0
      ? { errors: error.fieldErrors.map((f) => ({ field: f.field, message: translateMessage(request.language, f.message) })) }
      : {}),
    requestId: request.id,
    ...error.extensions,
  };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  return reply
    .status(error.status)
    .type('application/problem+json')
    .header('cache-control', 'no-store')
    .send(problemFor(request, error));
}

/** One zod issue as Fastify hands it over: its code, its own members, and its message. */
interface TSchemaIssue {
  keyword: string;
  message?: string | undefined;
  params: { expected?: unknown; origin?: unknown; minimum?: unknown; maximum?: unknown; format?: unknown };
}

/**
 * A schema's own messages are catalogue keys; what zod says by itself (a type, a size or a
 * format it checked without a message of ours: "Invalid input: expected object, received
 * string") is English only, so it is named by the nearest catalogue key instead, which both
 * languages translate.
 */
function catalogueMessageOf(issue: TSchemaIssue): string {
  if (issue.message && isCatalogueMessage(issue.message)) return issue.message;
  const { params } = issue;
  const sized = params.origin === 'string' ? ({ small: 'tooShort', big: 'tooLong' } as const) : ({ small: 'min', big: 'max' } as const);
  switch (issue.keyword) {
    case 'invalid_type':
      // Zod reports the input only when asked to; its own sentence names what it received.
      if (issue.message?.endsWith('received undefined')) return vkey('required');
      return params.expected === 'number' || params.expected === 'int' || params.expected === 'bigint' ? vkey('invalidNumber') : vkey('invalid');
    case 'too_small':
      return typeof params.minimum === 'number' || typeof params.minimum === 'bigint'
        ? encodeMessage(vkey(sized.small), { min: String(params.minimum) })
        : vkey('invalid');
    case 'too_big':
      return typeof params.maximum === 'number' || typeof params.maximum === 'bigint'
        ? encodeMessage(vkey(sized.big), { max: String(params.maximum) })
        : vkey('invalid');
    case 'invalid_format':
      return params.format === 'email' ? vkey('invalidEmail') : vkey('invalid');
    default:
      return vkey('invalid');
  }
}

/** Maps any thrown error to an AppError; unknown ones become a 500 without internals. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const fields: TFieldError[] = error.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (context ?? 'body'),
      message: catalogueMessageOf(v as unknown as TSchemaIssue),
    }));
    return new AppError(400, 'validation', {}, fields);
  }
  const code = (error as FastifyError).code;
  const status = (error as FastifyError).statusCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return new AppError(413, 'payloadTooLarge');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return new AppError(415, 'unsupportedMediaType');
  if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return new AppError(400, 'malformedBody');
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new AppError(400, 'malformedBody');
  }
  if (status === 429) return new AppError(429, 'rateLimited', { seconds: 60 });
  const fault = databaseFault(error);
  if (fault === 'unavailable') return new AppError(503, 'unavailable');
  if (fault === 'busy') return new AppError(503, 'databaseBusy');
  if (isBadInputForDatabase(error)) return new AppError(400, 'invalidValue');
  return new AppError(500, 'internal');
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a path that is not
 * valid percent-encoding, a path parameter longer than the router's limit) answers a problem in
 * the request's language, like every other error, instead of Fastify's own JSON and code.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.language = pickLanguage(request.headers['accept-language']);
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError(414, 'urlTooLong')
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError(400, 'malformedUrl')
        : toAppError(error);
  if (appError.status >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
  return sendProblem(request, reply, appError);
}

/** A language tag from the bytes of a request Node could not hand over (none: Spanish). */
function languageOfRawRequest(error: Error & { rawPacket?: unknown }): ReturnType<typeof pickLanguage> {
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  return pickLanguage(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(packet)?.[1]);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request
 * (headers over the size limit, a request that does not arrive in time, bytes that are not
 * HTTP) answers a problem like every other error, in the language of its Accept-Language when
 * the parser got that far, and the connection closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError(431, 'headersTooLarge')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError(408, 'requestTimeout')
        : new AppError(400, 'malformedRequest');
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const { title, detail } = apiMessage(languageOfRawRequest(error), appError.code);
    const body = JSON.stringify({ type: `${PROBLEM_BASE}${appError.code}`, title, status: appError.status, detail, code: appError.code });
    socket.write(
      `HTTP/1.1 ${appError.status} ${http.STATUS_CODES[appError.status]}\r\n` +
        `Content-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The one error handler and the one not-found handler of the API (architecture: boundaries). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status === 503) {
      // A client that has gone (closed the tab, timed out itself) reads no answer: its request
      // meeting a busy database is no news for the operator.
      if (request.raw.socket?.destroyed) request.log.info({ reqId: request.id, code: appError.code }, 'the database could not serve a request whose client had gone');
      else request.log.warn({ err: error, reqId: request.id }, appError.code === 'databaseBusy' ? 'database busy' : 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
    } else if (appError.code === 'invalidValue') {
      request.log.warn({ err: error, reqId: request.id }, 'the database refused a value of the request');
    } else if (appError.status >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
    }
    return sendProblem(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, new AppError(404, 'routeNotFound', { method: request.method, url: request.url.split('?')[0] ?? '' })),
  );
}
