import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminAssetList, ZAdminAssetQuery, ZAsset, ZAssetImage, ZAssetImageUpload, ZAssetInput, ZAssetParams, ZProblem, ZPublishedAssets } from '@kc/domain';
import { requirePermission } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/service.ts';
import './messages.ts';
import { uploadImage } from './images.ts';
import { createAsset, getAdminAsset, getPublishedAsset, listAdminAssets, listPublishedAssets, transitionAsset, updateAsset } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['assets'];
const denied = { 401: ZProblem, 403: ZProblem };

/**
 * Properties and plantations behind KC (issue 15, part assets): the published ones are public
 * (store areas productoInversion, apartmentList, apartmentDetail); ADMIN creates, edits,
 * publishes and withdraws them (docs/decisions/0022-assets.md).
 */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assets',
    {
      schema: {
        tags,
        summary: 'The published homes (apartmentList) and paulownia plantations with their figures (productoInversion: homes, rented %, hectares, trees, valuation); public',
        response: { 200: ZPublishedAssets },
      },
    },
    async (request) => listPublishedAssets(app, request.companyId),
  );

  app.get(
    '/assets/:assetId',
    {
      schema: {
        tags,
        summary: 'A published home or plantation (apartmentDetail); public; a draft or withdrawn asset is 404',
        params: ZAssetParams,
        response: { 200: ZAsset, 404: ZProblem },
      },
    },
    async (request) => getPublishedAsset(app, request.companyId, request.params.assetId),
  );

  app.get(
    '/admin/assets',
    {
      onRequest: requirePermission('assets.manage'),
      schema: {
        tags,
        summary: "Every asset of the company in any status (ADMIN), filtered by status, kind and a fragment of title, city or province; last changed first",
        security,
        querystring: ZAdminAssetQuery,
        response: { 200: ZAdminAssetList, 400: ZProblem, ...denied },
      },
    },
    async (request) => listAdminAssets(app, request.user!, request.query),
  );

  app.post(
    '/admin/assets',
    {
      onRequest: requirePermission('assets.manage'),
      schema: {
        tags,
        summary: 'Creates a home or a plantation as a DRAFT (ADMIN); audited',
        security,
        body: ZAssetInput,
        response: { 201: ZAsset, 400: ZProblem, ...denied },
      },
    },
    async (request, reply) => reply.status(201).send(await createAsset(app, request.user!, request.body, auditContextOf(request))),
  );

  app.get(
    '/admin/assets/:assetId',
    {
      onRequest: requirePermission('assets.manage'),
      schema: { tags, summary: 'An asset in any status (ADMIN)', security, params: ZAssetParams, response: { 200: ZAsset, ...denied, 404: ZProblem } },
    },
    async (request) => getAdminAsset(app, request.user!, request.params.assetId),
  );

  app.put(
    '/admin/assets/:assetId',
    {
      onRequest: requirePermission('assets.manage'),
      schema: {
        tags,
        summary: 'Edits an asset (ADMIN; its kind stays); a published asset changes at once for investors; audited with before and after',
        security,
        params: ZAssetParams,
        body: ZAssetInput,
        response: { 200: ZAsset, 400: ZProblem, ...denied, 404: ZProblem, 409: ZProblem },
      },
    },
    async (request) => updateAsset(app, request.user!, request.params.assetId, request.body, auditContextOf(request)),
  );

  app.post(
    '/admin/assets/images',
    {
      onRequest: requirePermission('assets.manage'),
      // A photo of up to 2 MB as base64 (4/3 of it) in JSON.
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Uploads a photo (ADMIN): JPEG, PNG or WebP by its first bytes, at most 2 MB, as base64; answers the address to use in an asset’s photos; audited',
        security,
        body: ZAssetImageUpload,
        response: { 201: ZAssetImage, 400: ZProblem, ...denied, 413: ZProblem },
      },
    },
    async (request, reply) => reply.status(201).send(await uploadImage(app, request.user!, request.body, auditContextOf(request))),
  );

  for (const action of ['publish', 'withdraw'] as const) {
    app.post(
      `/admin/assets/:assetId/${action}`,
      {
        onRequest: requirePermission('assets.manage'),
        schema: {
          tags,
          summary:
            action === 'publish'
              ? 'Publishes a draft or withdrawn asset with at least one photo (ADMIN): investors and visitors see it; audited'
              : 'Withdraws a published asset (ADMIN): it is no longer shown; audited',
          security,
          params: ZAssetParams,
          response: { 200: ZAsset, ...denied, 404: ZProblem, 409: ZProblem },
        },
      },
      async (request) => transitionAsset(app, request.user!, request.params.assetId, action, auditContextOf(request)),
    );
  }
};
