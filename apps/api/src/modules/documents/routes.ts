import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDocumentLanguageQuery,
  ZDocumentList,
  ZDocumentParams,
  ZDocumentsCustomerParams,
  ZDocumentsListQuery,
  ZExportParams,
  ZProblem,
} from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import { exportCsv } from './exports.ts';
import { documentLanguage, downloadDocument, listDocuments } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['documents'];
const denied = { 401: ZProblem, 403: ZProblem };

/** `attachment` with an ASCII name and its RFC 5987 form. */
const disposition = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Documents and exports (issue 15, customerDocuments): the list of a customer's documents, the
 * download of one (a PDF generated once and stored), and CSV exports. Only the customer, their
 * advisor and ADMIN reach them; anyone else gets 404.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents/customers/:customerId',
    {
      onRequest: requirePermission('documents.read'),
      schema: {
        tags,
        summary: "A customer's documents (contract documents, payment receipts, yearly statements of closed years per contract and per investor), optionally of one contract",
        security,
        params: ZDocumentsCustomerParams,
        querystring: ZDocumentsListQuery,
        response: { 200: ZDocumentList, 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request) => listDocuments(app, request.user!, request.params.customerId, request.query.contractId),
  );

  app.get(
    '/documents/files/:documentId',
    {
      onRequest: requirePermission('documents.read'),
      schema: {
        tags,
        summary:
          'Downloads a document as PDF (application/pdf; generated on the first request and stored with its sha256, the same bytes afterwards), in ?lang= or the caller\'s language',
        security,
        params: ZDocumentParams,
        querystring: ZDocumentLanguageQuery,
        response: { 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request, reply) => {
      const lang = await documentLanguage(app, request.user!, request.query.lang, request.language);
      const file = await downloadDocument(app, request.user!, request.params.documentId, lang, auditContextOf(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', disposition(file.fileName))
        .header('etag', `"${file.sha256}"`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-sha256', file.sha256)
        .send(file.content as never); // raw bytes: not one of the JSON schemas above
    },
  );

  app.get(
    '/documents/customers/:customerId/exports/:dataset',
    {
      onRequest: requirePermission('documents.read'),
      schema: {
        tags,
        summary:
          "A customer's contracts, payments or income as CSV (text/csv, UTF-8 with BOM; Spanish: `;` and decimal comma, English: `,` and decimal point; headers in ?lang= or the caller's language)",
        security,
        params: ZExportParams,
        querystring: ZDocumentLanguageQuery,
        response: { 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request, reply) => {
      const lang = await documentLanguage(app, request.user!, request.query.lang, request.language);
      const file = await exportCsv(app, request.user!, request.params.customerId, request.params.dataset, lang, auditContextOf(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', disposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.content as never); // raw bytes: not one of the JSON schemas above
    },
  );
};
