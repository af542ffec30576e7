import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProblem } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import { buildPersonalDataExport, PRIVACY_EXPORT_RATE_LIMIT } from './export-service.ts';
import { requireStepUp } from '../strong-auth/step-up.ts';

/** `attachment` with an ASCII name and its RFC 5987 form. */
const disposition = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** No parameter at all: nothing in the request can name another person. */
const ZNoQuery = z.object({}).strict();

/** The personal data export (issue 16, GDPR Art. 15/20): the signed-in person downloads all their data. */
export const privacyExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy/export',
    {
      onRequest: requirePermission('privacy.exportOwn'),
      preHandler: requireStepUp('exportData'),
      schema: {
        tags: ['privacy'],
        summary: "Downloads all of the caller's personal data as a ZIP (application/zip): one JSON and one CSV per section, and LEEME.txt or README.txt",
        description: `Self only, any role. Sections: profile, payment methods as stored, contracts (sheet version, warnings), their history, payments, income, appropriateness tests, consents, notifications, mails sent to the caller (one-time links hidden), sessions (metadata, never a token), second factors (dates and passkey names, never a secret or a code), the devices signed in from (browser, system, first and last sign-in; never the address), market offers and trades (never the other party), payouts received for market sales and the audit entries about them. Index and CSV in the request's language (Spanish: \`;\` and decimal comma). The request and the complete download are audited. At most ${PRIVACY_EXPORT_RATE_LIMIT.limit} exports per person every ${PRIVACY_EXPORT_RATE_LIMIT.windowSeconds / 60} minutes (then 429 with Retry-After).`,
        security: [{ bearer: [] }],
        querystring: ZNoQuery,
        response: { 400: ZProblem, 401: ZProblem, 403: ZProblem, 429: ZProblem },
      },
    },
    async (request, reply) => {
      let archive;
      try {
        archive = await buildPersonalDataExport(app, request.user!, request.language, auditContextOf(request));
      } catch (error) {
        if (error instanceof AppError && error.status === 429) reply.header('retry-after', String(error.params['seconds'] ?? 60));
        throw error;
      }
      reply.raw.once('finish', () => {
        archive.recordDownload().catch((error: unknown) => request.log.error({ err: error }, 'the data export download was not audited'));
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', disposition(archive.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(archive.stream as never); // a byte stream: not one of the JSON schemas above
    },
  );
};
