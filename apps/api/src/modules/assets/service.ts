import type { FastifyInstance } from 'fastify';
import {
  AREA_SCALE,
  HECTARE_SCALE,
  MONEY_SCALE,
  VOLUME_SCALE,
  assetFigures,
  canTransition,
  encodeMessage,
  formatScaled,
  parseScaled,
  type TAdminAssetList,
  type TAdminAssetQuery,
  type TAsset,
  type TAssetInput,
  type TAssetPhoto,
  type TAssetTransition,
  type TPublishedAssets,
} from '@kc/domain';
import { AppError, notFound, validationFailed } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { jsonColumn } from '../../lib/json-column.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import {
  findAdminAssets,
  findAsset,
  findPublishedAssets,
  insertAsset,
  setAssetStatus,
  updateAsset as updateAssetRow,
  type TAssetColumns,
  type TAssetRow,
} from './repository.ts';

/** Today's date in UTC ('YYYY-MM-DD'), as the ledger reads it. */
const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
const akey = (key: string) => encodeMessage(`assets.errors.${key}`);

/** A numeric column's text at its scale ('12.5' → '12.5000'); drivers may give a number on a bare PGlite. */
const scaledText = (value: unknown, scale: number): string | null => {
  if (value === null || value === undefined) return null;
  const parsed = parseScaled(String(value), scale);
  if (parsed === null) throw new RangeError(`Not a decimal at scale ${scale}: ${String(value)}`);
  return formatScaled(parsed, scale);
};
const dayText = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
const instant = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function photosOf(value: unknown): TAssetPhoto[] {
  const list = jsonColumn<unknown>(value);
  return Array.isArray(list) ? (list as TAssetPhoto[]) : [];
}

export function toAsset(row: TAssetRow): TAsset {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    title: row.title,
    description: row.description,
    city: row.city,
    province: row.province,
    country: row.country,
    acquisitionDate: dayText(row.acquisition_date)!,
    acquisitionPrice: scaledText(row.acquisition_price, MONEY_SCALE)!,
    valuation: scaledText(row.valuation, MONEY_SCALE)!,
    valuationDate: dayText(row.valuation_date)!,
    photos: photosOf(row.photos),
    address: row.address,
    builtArea: scaledText(row.built_area, AREA_SCALE),
    rooms: row.rooms,
    bathrooms: row.bathrooms,
    monthlyRent: scaledText(row.monthly_rent, MONEY_SCALE),
    occupancy: row.occupancy as TAsset['occupancy'],
    energyRating: row.energy_rating as TAsset['energyRating'],
    location: row.location,
    hectares: scaledText(row.hectares, HECTARE_SCALE),
    treesPlanted: row.trees_planted,
    plantingDate: dayText(row.planting_date),
    expectedHarvestYear: row.expected_harvest_year,
    expectedTimberVolume: scaledText(row.expected_timber_volume, VOLUME_SCALE),
    certification: row.certification,
    publishedAt: instant(row.published_at),
    withdrawnAt: instant(row.withdrawn_at),
    updatedAt: instant(row.updated_at)!,
  };
}

/** The row's columns from a checked request: decimals written at their scale, the other kind's fields null. */
export function columnsOf(body: TAssetInput): TAssetColumns {
  const home = body.kind === 'HOME';
  const plantation = body.kind === 'PLANTATION';
  const trimmedOrNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  return {
    kind: body.kind,
    title: body.title,
    description: body.description,
    city: body.city,
    province: body.province,
    country: body.country,
    acquisition_date: body.acquisitionDate,
    acquisition_price: scaledText(body.acquisitionPrice, MONEY_SCALE)!,
    valuation: scaledText(body.valuation, MONEY_SCALE)!,
    valuation_date: body.valuationDate,
    photos: JSON.stringify(body.photos.map((p) => ({ url: p.url, altEs: p.altEs, altEn: p.altEn, caption: p.caption }))),
    address: home ? trimmedOrNull(body.address) : null,
    built_area: home ? scaledText(body.builtArea, AREA_SCALE) : null,
    rooms: home ? (body.rooms ?? null) : null,
    bathrooms: home ? (body.bathrooms ?? null) : null,
    monthly_rent: home ? scaledText(body.monthlyRent, MONEY_SCALE) : null,
    occupancy: home ? (body.occupancy ?? null) : null,
    energy_rating: home ? (body.energyRating ?? null) : null,
    location: plantation ? trimmedOrNull(body.location) : null,
    hectares: plantation ? scaledText(body.hectares, HECTARE_SCALE) : null,
    trees_planted: plantation ? (body.treesPlanted ?? null) : null,
    planting_date: plantation ? (body.plantingDate ?? null) : null,
    expected_harvest_year: plantation ? (body.expectedHarvestYear ?? null) : null,
    expected_timber_volume: plantation ? scaledText(body.expectedTimberVolume, VOLUME_SCALE) : null,
    certification: plantation ? trimmedOrNull(body.certification) : null,
  };
}

/** Dates of what already happened cannot be in the future (the schema has no clock). */
function checkDates(body: TAssetInput, today = todayUtc()): void {
  const fields = ['acquisitionDate', 'valuationDate', ...(body.kind === 'PLANTATION' ? ['plantingDate'] : [])] as const;
  const late = fields.filter((field) => {
    const value = body[field as keyof TAssetInput];
    return typeof value === 'string' && value > today;
  });
  if (late.length > 0) throw validationFailed(late.map((field) => ({ field, message: akey('futureDate') })));
}

// Public --------------------------------------------------------------------------------------

/** The published homes (apartmentList) and plantations, with their figures (productoInversion). */
export async function listPublishedAssets(app: FastifyInstance, companyId: string): Promise<TPublishedAssets> {
  const assets = (await findPublishedAssets(app.db, companyId)).map(toAsset);
  return {
    productoInversion: assetFigures(assets),
    apartmentList: assets.filter((a) => a.kind === 'HOME'),
    plantationList: assets.filter((a) => a.kind === 'PLANTATION'),
  };
}

/** One published asset (apartmentDetail); a draft, a withdrawn one or another company's is 404. */
export async function getPublishedAsset(app: FastifyInstance, companyId: string, assetId: string): Promise<TAsset> {
  if (!isUuid(assetId)) throw notFound('assetNotFound');
  const row = await findAsset(app.db, companyId, assetId, { status: 'PUBLISHED' });
  if (!row) throw notFound('assetNotFound');
  return toAsset(row);
}

// ADMIN ---------------------------------------------------------------------------------------

export async function listAdminAssets(app: FastifyInstance, caller: TAuthUser, query: TAdminAssetQuery): Promise<TAdminAssetList> {
  const { rows, total } = await findAdminAssets(app.db, caller.companyId, query);
  return { assets: rows.map(toAsset), total };
}

export async function getAdminAsset(app: FastifyInstance, caller: TAuthUser, assetId: string): Promise<TAsset> {
  if (!isUuid(assetId)) throw notFound('assetNotFound');
  const row = await findAsset(app.db, caller.companyId, assetId);
  if (!row) throw notFound('assetNotFound');
  return toAsset(row);
}

/** ADMIN creates an asset as a DRAFT (nobody but ADMIN sees it until it is published). */
export async function createAsset(app: FastifyInstance, caller: TAuthUser, body: TAssetInput, audit: TAuditContext): Promise<TAsset> {
  checkDates(body);
  return app.db.transaction().execute(async (tx) => {
    const asset = toAsset(await insertAsset(tx, caller.companyId, caller.id, columnsOf(body)));
    await recordAudit(tx, audit, { entityType: 'asset', entityId: asset.id, action: 'asset.create', after: auditView(asset) });
    return asset;
  });
}

/** ADMIN edits an asset in any status (a published one changes at once for investors); audited with before and after. */
export async function updateAsset(app: FastifyInstance, caller: TAuthUser, assetId: string, body: TAssetInput, audit: TAuditContext): Promise<TAsset> {
  if (!isUuid(assetId)) throw notFound('assetNotFound');
  checkDates(body);
  return app.db.transaction().execute(async (tx) => {
    const current = await findAsset(tx, caller.companyId, assetId, { forUpdate: true });
    if (!current) throw notFound('assetNotFound');
    if (current.kind !== body.kind) throw new AppError(409, 'assetKindChange');
    const before = toAsset(current);
    const after = toAsset(await updateAssetRow(tx, caller.companyId, assetId, caller.id, columnsOf(body)));
    await recordAudit(tx, audit, { entityType: 'asset', entityId: assetId, action: 'asset.update', before: auditView(before), after: auditView(after) });
    return after;
  });
}

/** Publish (a draft or withdrawn asset with at least one photo) or withdraw (a published one). */
export async function transitionAsset(
  app: FastifyInstance,
  caller: TAuthUser,
  assetId: string,
  action: TAssetTransition,
  audit: TAuditContext,
): Promise<TAsset> {
  if (!isUuid(assetId)) throw notFound('assetNotFound');
  return app.db.transaction().execute(async (tx) => {
    const current = await findAsset(tx, caller.companyId, assetId, { forUpdate: true });
    if (!current) throw notFound('assetNotFound');
    const before = toAsset(current);
    if (!canTransition(before.status, action)) throw new AppError(409, action === 'publish' ? 'assetAlreadyPublished' : 'assetNotPublished');
    if (action === 'publish' && before.photos.length === 0) throw new AppError(409, 'assetPublishIncomplete');
    const after = toAsset(await setAssetStatus(tx, caller.companyId, assetId, caller.id, action === 'publish' ? 'PUBLISHED' : 'WITHDRAWN'));
    await recordAudit(tx, audit, {
      entityType: 'asset',
      entityId: assetId,
      action: action === 'publish' ? 'asset.publish' : 'asset.withdraw',
      before: { status: before.status },
      after: { status: after.status, title: after.title },
    });
    return after;
  });
}

/** What the audit log keeps of an asset: its fields, without the stamps that change on every write. */
function auditView(asset: TAsset): Record<string, unknown> {
  const { updatedAt: _updated, publishedAt: _published, withdrawnAt: _withdrawn, ...fields } = asset;
  return fields;
}
