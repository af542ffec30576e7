import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLY_RATE_LIMIT,
  ZApplicationListQuery,
  ZApplicationStatusChange,
  ZJobApplication,
  ZJobApplicationPage,
  ZJobApplicationParams,
  ZJobApplicationReceipt,
  ZJobApplicationRequest,
  ZJobCityList,
  ZJobCityQuery,
  ZJobOffer,
  ZJobOfferInput,
  ZJobOfferManaged,
  ZJobOfferManagedPage,
  ZJobOfferParams,
  ZJobSearchPage,
  ZJobSearchQuery,
  ZManagedOfferQuery,
  ZOfferStatusChange,
  ZProblem,
  ZWithdrawalReceipt,
  ZWithdrawalRequest,
  ZUpdateConfirmationReceipt,
  ZUpdateConfirmationRequest,
} from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import './messages.ts';
import { applyToOffer, changeApplicationStatus, confirmApplicationUpdate, downloadCv, listOfferApplications, withdrawApplication } from './applications.ts';
import { changeOfferStatus, createOffer, editOffer, getManagedOffer, getPublicOffer, jobCities, listOffersForStaff, searchJobs } from './offers.ts';

const security = [{ bearer: [] }];
const tags = ['jobs'];
const denied = { 401: ZProblem, 403: ZProblem };
/** A 5 MB CV as base64 (≈ 6.7 MB) and the form's fields; a larger CV is refused by its size, not by this. */
export const APPLICATION_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The jobs board (issue 17): the public search, an offer's detail, the candidate's application
 * and withdrawal (no login), and the recruiter's offers and applications (action jobs.manage).
 */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs/offers',
    {
      schema: {
        tags,
        summary:
          'Public search of open offers: keywords (full text, Spanish and English stemming, accents ignored, ranked), city (or all), salary range (overlap), contract type; sorted by relevance, date or salary; paged with totals',
        querystring: ZJobSearchQuery,
        response: { 200: ZJobSearchPage, 400: ZProblem },
      },
    },
    async (request) => searchJobs(app, request.companyId, request.query),
  );

  app.get(
    '/jobs/offers/:offerId',
    {
      schema: {
        tags,
        summary: "An offer's public detail; a closed or expired offer answers 200 with open false and its reason; a draft is not found",
        params: ZJobOfferParams,
        response: { 200: ZJobOffer, 400: ZProblem, 404: ZProblem },
      },
    },
    async (request) => getPublicOffer(app, request.companyId, request.params.offerId),
  );

  app.post(
    '/jobs/offers/:offerId/applications',
    {
      bodyLimit: APPLICATION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Applies to an open offer (public): the data-protection notice accepted each time, an optional PDF CV of at most 5 MB (base64)',
        description: `One application per e-mail and offer. A first one is stored and the candidate is mailed what they sent and a one-time withdrawal link. A repeat for a live application changes nothing yet: the address on file is mailed what would change and a one-time link to confirm it (POST /api/jobs/update-confirmation). Both answer 201 with the same receipt. At most ${APPLY_RATE_LIMIT.limit} applications per client address every ${APPLY_RATE_LIMIT.windowSeconds / 60} minutes (then 429 with Retry-After).`,
        params: ZJobOfferParams,
        body: ZJobApplicationRequest,
        response: { 201: ZJobApplicationReceipt, 400: ZProblem, 404: ZProblem, 409: ZProblem, 413: ZProblem, 429: ZProblem },
      },
    },
    async (request, reply) => {
      try {
        const { status, receipt } = await applyToOffer(app, request.params.offerId, request.body, {
          companyId: request.companyId,
          language: request.language,
          clientAddress: request.ip,
        });
        return reply.status(status).send(receipt);
      } catch (error) {
        if (error instanceof AppError && error.status === 429) reply.header('retry-after', String(error.params['seconds'] ?? 60));
        throw error;
      }
    },
  );

  app.get(
    '/jobs/cities',
    {
      schema: {
        tags,
        summary: 'City typeahead (minimum length 0, at most 100): cities of the lookups matching the text, those with open offers first; empty text lists the cities with open offers',
        querystring: ZJobCityQuery,
        response: { 200: ZJobCityList, 400: ZProblem },
      },
    },
    async (request) => jobCities(app, request.companyId, request.query),
  );

  app.post(
    '/jobs/withdrawal',
    {
      schema: {
        tags,
        summary: "Withdraws an application with the one-time link mailed to the candidate: its personal data and CV are erased at once",
        body: ZWithdrawalRequest,
        response: { 200: ZWithdrawalReceipt, 400: ZProblem, 404: ZProblem, 410: ZProblem },
      },
    },
    async (request) => withdrawApplication(app, request.companyId, request.body.token, request.ip),
  );

  app.post(
    '/jobs/update-confirmation',
    {
      schema: {
        tags,
        summary: "Applies a repeat application's changes with the one-time link mailed to the address on file (valid 24 hours); the withdrawal link is renewed and mailed",
        body: ZUpdateConfirmationRequest,
        response: { 200: ZUpdateConfirmationReceipt, 400: ZProblem, 404: ZProblem, 410: ZProblem },
      },
    },
    async (request) => confirmApplicationUpdate(app, request.companyId, request.body.token, request.ip),
  );

  // The recruiter's side (ADMIN, COMPANY_MANAGER) ------------------------------------------------------

  app.get(
    '/jobs/manage/offers',
    {
      onRequest: requirePermission('jobs.manage'),
      schema: {
        tags,
        summary: "The company's offers in every status, newest first, with their live applications counted",
        security,
        querystring: ZManagedOfferQuery,
        response: { 200: ZJobOfferManagedPage, 400: ZProblem, ...denied },
      },
    },
    async (request) => listOffersForStaff(app, request.user!, request.query),
  );

  app.post(
    '/jobs/manage/offers',
    {
      onRequest: requirePermission('jobs.manage'),
      schema: {
        tags,
        summary: 'Creates an offer (DRAFT)',
        security,
        body: ZJobOfferInput,
        response: { 201: ZJobOfferManaged, 400: ZProblem, ...denied },
      },
    },
    async (request, reply) => reply.status(201).send(await createOffer(app, request.user!, request.body, auditContextOf(request))),
  );

  app.get(
    '/jobs/manage/offers/:offerId',
    {
      onRequest: requirePermission('jobs.manage'),
      schema: {
        tags,
        summary: 'An offer of the company with its status history and count of applications',
        security,
        params: ZJobOfferParams,
        response: { 200: ZJobOfferManaged, 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request) => getManagedOffer(app, request.user!, request.params.offerId),
  );

  app.put(
    '/jobs/manage/offers/:offerId',
    {
      onRequest: requirePermission('jobs.manage'),
      schema: {
        tags,
        summary: 'Edits an offer (any status)',
        security,
        params: ZJobOfferParams,
        body: ZJobOfferInput,
        response: { 200: ZJobOfferManaged, 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request) => editOffer(app, request.user!, request.params.offerId, request.body, auditContextOf(request)),
  );

  app.post(
    '/jobs/manage/offers/:offerId/status',
    {
      onRequest: requirePermission('jobs.manage'),
      schema: {
        tags,
        summary: 'Publishes, closes or reopens an offer (draft → published → closed → published), with an optional note',
        security,
        params: ZJobOfferParams,
        body: ZOfferStatusChange,
        response: { 200: ZJobOfferManaged, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => changeOfferStatus(app, request.user!, request.params.offerId, request.body, auditContextOf(request)),
  );

  app.get(
    '/jobs/manage/offers/:offerId/applications',
    {
      onRequest: requirePermission('jobs.manage'),
      schema: {
        tags,
        summary: "An offer's applications, newest first, filtered by status or a fragment of the candidate's name or e-mail, with their history",
        security,
        params: ZJobOfferParams,
        querystring: ZApplicationListQuery,
        response: { 200: ZJobApplicationPage, 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request) => listOfferApplications(app, request.user!, request.params.offerId, request.query),
  );

  app.post(
    '/jobs/manage/applications/:applicationId/status',
    {
      onRequest: requirePermission('jobs.manage'),
      schema: {
        tags,
        summary: "Moves an application (new → reviewed → interview → rejected/hired) with a note; the candidate is mailed about an interview, a rejection or a hire",
        security,
        params: ZJobApplicationParams,
        body: ZApplicationStatusChange,
        response: { 200: ZJobApplication, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => changeApplicationStatus(app, request.user!, request.params.applicationId, request.body, auditContextOf(request)),
  );

  app.get(
    '/jobs/manage/applications/:applicationId/cv',
    {
      onRequest: requirePermission('jobs.manage'),
      schema: {
        tags,
        summary: "Downloads an application's CV (application/pdf, as an attachment); every download is logged in the audit",
        security,
        params: ZJobApplicationParams,
        response: { 200: z.string().describe('The PDF file (application/pdf)'), 400: ZProblem, ...denied, 404: ZProblem },
      },
    },
    async (request, reply) => {
      const cv = await downloadCv(app, request.user!, request.params.applicationId, auditContextOf(request));
      const ascii = cv.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cv.fileName)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        // A Buffer is sent as it is (Fastify serialises no Buffer); the schema types only JSON answers.
        .send(cv.bytes as unknown as string);
    },
  );
};
