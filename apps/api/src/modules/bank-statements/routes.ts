import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_STATEMENT_BYTES,
  ZAssignLineRequest,
  ZDismissLineRequest,
  ZProblem,
  ZStatementImportQuery,
  ZStatementImportResult,
  ZStatementImportsPage,
  ZStatementImportsQuery,
  ZStatementLine,
  ZStatementLineParams,
  ZStatementLinesPage,
  ZStatementLinesQuery,
} from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import './messages.ts';
import { assignLine, dismissLine, listImports, listLines } from './lines-service.ts';
import { importStatement } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['bank-statements'];
const denied = { 401: ZProblem, 403: ZProblem };
/** The statement travels as the file's bytes (text/csv), not as multipart (decision 0019). */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

/**
 * Bank statement imports (issue 15): an advisor or company staff upload a statement CSV; its
 * lines are booked as payments by their reference, and the others are listed to resolve.
 */
export const bankStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: the CSV types are read as raw bytes by this plugin's routes only (a bank's
  // file may be Latin-1, which the API's own text parser refuses).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: MAX_STATEMENT_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/bank-statements/imports',
    {
      onRequest: requirePermission('bankStatements.import'),
      bodyLimit: MAX_STATEMENT_BYTES,
      schema: {
        tags,
        summary:
          'Imports a bank statement: the body is the CSV file itself (Content-Type text/csv; UTF-8, with or without BOM; ";" or "," separated; columns value date, amount, reference, and optionally description). Each line whose reference names a contract is booked as a payment; the same line imported again books nothing; the others are listed to resolve. A bad file books nothing (400 with each bad line).',
        security,
        querystring: ZStatementImportQuery,
        response: { 200: ZStatementImportResult, 400: ZProblem, ...denied, 413: ZProblem, 415: ZProblem },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'unsupportedMediaType');
      return importStatement(app, request.user!, request.body, request.query.fileName ?? null, auditContextOf(request));
    },
  );

  app.get(
    '/bank-statements/imports',
    {
      onRequest: requirePermission('bankStatements.import'),
      schema: {
        tags,
        summary: "Past imports, newest first, with what each booked and how many of its lines are still open; an advisor sees their own imports, company staff every import of the company",
        security,
        querystring: ZStatementImportsQuery,
        response: { 200: ZStatementImportsPage, 400: ZProblem, ...denied },
      },
    },
    async (request) => listImports(app, request.user!, request.query),
  );

  app.get(
    '/bank-statements/lines',
    {
      onRequest: requirePermission('bankStatements.import'),
      schema: {
        tags,
        summary: "Imported lines that no contract took (status OPEN, or ASSIGNED / DISMISSED once resolved), oldest value date first; an advisor sees their own imports' lines",
        security,
        querystring: ZStatementLinesQuery,
        response: { 200: ZStatementLinesPage, 400: ZProblem, ...denied },
      },
    },
    async (request) => listLines(app, request.user!, request.query),
  );

  app.post(
    '/bank-statements/lines/:lineId/assign',
    {
      onRequest: requirePermission('bankStatements.import'),
      schema: {
        tags,
        summary: "Resolves an open line by booking it to a contract (a payment through the ledger, the line's key as reference)",
        security,
        params: ZStatementLineParams,
        body: ZAssignLineRequest,
        response: { 200: ZStatementLine, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => assignLine(app, request.user!, request.params.lineId, request.body, auditContextOf(request)),
  );

  app.post(
    '/bank-statements/lines/:lineId/dismiss',
    {
      onRequest: requirePermission('bankStatements.import'),
      schema: {
        tags,
        summary: 'Resolves an open line by dismissing it, with the reason (not an investment, a refund…)',
        security,
        params: ZStatementLineParams,
        body: ZDismissLineRequest,
        response: { 200: ZStatementLine, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => dismissLine(app, request.user!, request.params.lineId, request.body, auditContextOf(request)),
  );
};
