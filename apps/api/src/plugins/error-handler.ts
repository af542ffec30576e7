import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { pickLanguage, translateMessage, type TFieldError, type TProblem } from '@kc/domain';
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

/** Maps any thrown error to an AppError; unknown ones become a 500 without internals. */
function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const fields: TFieldError[] = error.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (context ?? 'body'),
      message: v.message ?? 'validation.invalid',
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
