import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MAX_IMAGE_BYTES, assetsApi, encodeMessage, sniffImageType, type TAssetImage, type TAssetImageUpload } from '@kc/domain';
import { notFound, validationFailed } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { findImage, insertImage } from './repository.ts';

/**
 * ADMIN uploads a photo: its bytes must be a JPEG, PNG or WebP by their first bytes (an SVG or an
 * HTML file is refused: the image is served from our own origin), at most 2 MB. Audited.
 */
export async function uploadImage(app: FastifyInstance, caller: TAuthUser, body: TAssetImageUpload, audit: TAuditContext): Promise<TAssetImage> {
  const bytes = new Uint8Array(Buffer.from(body.data, 'base64'));
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw validationFailed([{ field: 'data', message: encodeMessage('assets.errors.imageTooLarge', { max: '2 MB' }) }]);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw validationFailed([{ field: 'data', message: encodeMessage('assets.errors.image') }]);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return app.db.transaction().execute(async (tx) => {
    const row = await insertImage(tx, { companyId: caller.companyId, contentType, bytes, sha256, uploadedBy: caller.id });
    await recordAudit(tx, audit, { entityType: 'asset', entityId: row.id, action: 'asset.uploadImage', after: { contentType, size: bytes.length, sha256 } });
    return { id: row.id, url: assetsApi.image(caller.companyId, row.id), contentType, size: bytes.length };
  });
}

/** An uploaded photo's bytes (public: it is shown on published pages; the ids are random). */
export async function readImage(app: FastifyInstance, companyId: string, imageId: string): Promise<{ contentType: string; bytes: Buffer }> {
  if (!isUuid(imageId) || companyId.length > 64) throw notFound('assetImageNotFound');
  const row = await findImage(app.db, companyId, imageId);
  if (!row) throw notFound('assetImageNotFound');
  return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}
