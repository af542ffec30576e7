import { z } from 'zod';
import { parseIsoDate } from '../accounts/calendar-date.ts';
import { encodeMessage } from '../i18n/message-key.ts';
import { parseScaled } from '../ledger/decimal.ts';

/**
 * Properties and plantations behind KC (issue 15, store areas productoInversion, apartmentList,
 * apartmentDetail): rented homes and paulownia plantations, created and edited by ADMIN as
 * drafts, published (what visitors and investors see) and withdrawn. Every amount is a decimal
 * string at its scale (docs/decisions/0022-assets.md): EUR at 2 decimals, built area m² at 2,
 * hectares at 4, timber volume m³ at 2. One flat schema for both kinds: the fields of the other
 * kind are ignored (stored as null), the fields of the asset's kind are required.
 */
const akey = (key: string, params?: Record<string, string | number>) => encodeMessage(`assets.errors.${key}`, params);

export const ASSET_KINDS = ['HOME', 'PLANTATION'] as const;
export type TAssetKind = (typeof ASSET_KINDS)[number];
export const ASSET_STATUSES = ['DRAFT', 'PUBLISHED', 'WITHDRAWN'] as const;
export type TAssetStatus = (typeof ASSET_STATUSES)[number];
export const OCCUPANCIES = ['RENTED', 'VACANT'] as const;
export type TOccupancy = (typeof OCCUPANCIES)[number];
export const ENERGY_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

export const MONEY_SCALE = 2;
export const AREA_SCALE = 2;
export const HECTARE_SCALE = 4;
export const VOLUME_SCALE = 2;
/** A typo guard on any one amount (100 million euros), not a business limit. */
export const MAX_ASSET_AMOUNT = '100000000.00';
export const MAX_PHOTOS = 12;

const text = (min: number, max: number) =>
  z
    .string({ error: akey('text', { min, max }) })
    .trim()
    .min(min, akey('text', { min, max }))
    .max(max, akey('text', { min, max }));

/** A decimal string at `scale`, above zero (or zero when `allowZero`), at most MAX_ASSET_AMOUNT. */
export function isScaledAmount(value: unknown, scale: number, allowZero = false): boolean {
  if (typeof value !== 'string') return false;
  const parsed = parseScaled(value, scale);
  if (parsed === null) return false;
  return (allowZero ? parsed >= 0n : parsed > 0n) && parsed <= parseScaled(MAX_ASSET_AMOUNT, scale)!;
}

const scaled = (scale: number, key: string, allowZero = false) =>
  z
    .string({ error: akey(key) })
    .trim()
    .refine((v) => isScaledAmount(v, scale, allowZero), akey(key));

export const ZAssetDate = z.string({ error: akey('date') }).refine((v) => parseIsoDate(v) !== null, akey('date'));

/**
 * A photo: an image served by this site (a path such as /web/img/assets/x.jpg: the pages' CSP and
 * cross-origin isolation load no image from elsewhere), its alt text in both languages and a caption.
 */
export const ZAssetPhoto = z.object({
  url: z
    .string({ error: akey('photoUrl') })
    .trim()
    .max(500, akey('photoUrl'))
    .refine((v) => /^\/(?!\/)[A-Za-z0-9._~\-/%]+$/.test(v), akey('photoUrl')),
  altEs: text(3, 200),
  altEn: text(3, 200),
  caption: z.string({ error: akey('text', { min: 0, max: 200 }) }).trim().max(200, akey('text', { min: 0, max: 200 })),
});
export type TAssetPhoto = z.infer<typeof ZAssetPhoto>;

const optionalText = z.string().max(4000).nullish();
const optionalInt = z.number().nullish();

/** Fields of a home (required when kind is HOME) and of a plantation (when PLANTATION). */
export const HOME_FIELDS = ['address', 'builtArea', 'rooms', 'bathrooms', 'monthlyRent', 'occupancy', 'energyRating'] as const;
export const PLANTATION_FIELDS = ['location', 'hectares', 'treesPlanted', 'plantingDate', 'expectedHarvestYear', 'expectedTimberVolume', 'certification'] as const;

const ZAssetFields = z.object({
  kind: z.enum(ASSET_KINDS, { error: akey('kind') }),
  title: text(3, 120),
  description: text(20, 4000),
  city: text(2, 80),
  province: text(2, 80),
  country: text(2, 80),
  acquisitionDate: ZAssetDate,
  acquisitionPrice: scaled(MONEY_SCALE, 'money'),
  valuation: scaled(MONEY_SCALE, 'money'),
  valuationDate: ZAssetDate,
  photos: z.array(ZAssetPhoto).max(MAX_PHOTOS, akey('photos', { max: MAX_PHOTOS })),
  // Home
  address: optionalText,
  builtArea: optionalText,
  rooms: optionalInt,
  bathrooms: optionalInt,
  monthlyRent: optionalText,
  occupancy: z.string().max(20).nullish(),
  energyRating: z.string().max(2).nullish(),
  // Plantation
  location: optionalText,
  hectares: optionalText,
  treesPlanted: optionalInt,
  plantingDate: optionalText,
  expectedHarvestYear: optionalInt,
  expectedTimberVolume: optionalText,
  certification: optionalText,
});

type TIssue = { path: string; message: string };

const isInt = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The rules of one kind's fields, and the rules across fields (dates, rent of a vacant home). */
export function assetFieldIssues(value: z.infer<typeof ZAssetFields>): TIssue[] {
  const issues: TIssue[] = [];
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) issues.push({ path, message });
  };
  const str = (v: unknown, min: number, max: number) => typeof v === 'string' && v.trim().length >= min && v.trim().length <= max;
  if (value.kind === 'HOME') {
    need(str(value.address, 3, 200), 'address', akey('text', { min: 3, max: 200 }));
    need(isScaledAmount(value.builtArea, AREA_SCALE), 'builtArea', akey('area'));
    need(isInt(value.rooms, 0, 50), 'rooms', akey('count', { min: 0, max: 50 }));
    need(isInt(value.bathrooms, 0, 20), 'bathrooms', akey('count', { min: 0, max: 20 }));
    need(isScaledAmount(value.monthlyRent, MONEY_SCALE, true), 'monthlyRent', akey('moneyOrZero'));
    need((OCCUPANCIES as readonly unknown[]).includes(value.occupancy), 'occupancy', akey('occupancy'));
    need((ENERGY_RATINGS as readonly unknown[]).includes(value.energyRating), 'energyRating', akey('energyRating'));
    if (value.occupancy === 'VACANT' && isScaledAmount(value.monthlyRent, MONEY_SCALE, true) && parseScaled(value.monthlyRent!, MONEY_SCALE)! > 0n) {
      issues.push({ path: 'monthlyRent', message: akey('rentWhenVacant') });
    }
  } else if (value.kind === 'PLANTATION') {
    need(str(value.location, 3, 200), 'location', akey('text', { min: 3, max: 200 }));
    need(isScaledAmount(value.hectares, HECTARE_SCALE), 'hectares', akey('hectares'));
    need(isInt(value.treesPlanted, 1, 10_000_000), 'treesPlanted', akey('count', { min: 1, max: 10_000_000 }));
    const planted = typeof value.plantingDate === 'string' ? parseIsoDate(value.plantingDate) : null;
    need(planted !== null, 'plantingDate', akey('date'));
    need(isInt(value.expectedHarvestYear, 1900, 2200), 'expectedHarvestYear', akey('count', { min: 1900, max: 2200 }));
    if (planted && isInt(value.expectedHarvestYear, 1900, 2200) && value.expectedHarvestYear! < planted.year) {
      issues.push({ path: 'expectedHarvestYear', message: akey('harvestYear') });
    }
    need(isScaledAmount(value.expectedTimberVolume, VOLUME_SCALE), 'expectedTimberVolume', akey('volume'));
    need(value.certification == null || str(value.certification, 0, 120), 'certification', akey('text', { min: 0, max: 120 }));
  }
  if (parseIsoDate(value.acquisitionDate) && parseIsoDate(value.valuationDate) && value.valuationDate < value.acquisitionDate) {
    issues.push({ path: 'valuationDate', message: akey('valuationBeforeAcquisition') });
  }
  return issues;
}

/** What ADMIN sends to create or edit an asset (the kind of an existing asset never changes). */
export const ZAssetInput = ZAssetFields.superRefine((value, ctx) => {
  for (const issue of assetFieldIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type TAssetInput = z.infer<typeof ZAssetInput>;

/** An asset as the API answers it: every field of both kinds, the other kind's null. */
export const ZAsset = z.object({
  id: z.string(),
  kind: z.enum(ASSET_KINDS),
  status: z.enum(ASSET_STATUSES),
  title: z.string(),
  description: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  acquisitionDate: z.string(),
  acquisitionPrice: z.string(),
  valuation: z.string(),
  valuationDate: z.string(),
  photos: z.array(ZAssetPhoto),
  address: z.string().nullable(),
  builtArea: z.string().nullable(),
  rooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  monthlyRent: z.string().nullable(),
  occupancy: z.enum(OCCUPANCIES).nullable(),
  energyRating: z.enum(ENERGY_RATINGS).nullable(),
  location: z.string().nullable(),
  hectares: z.string().nullable(),
  treesPlanted: z.number().int().nullable(),
  plantingDate: z.string().nullable(),
  expectedHarvestYear: z.number().int().nullable(),
  expectedTimberVolume: z.string().nullable(),
  certification: z.string().nullable(),
  publishedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TAsset = z.infer<typeof ZAsset>;

/** productoInversion: the figures of the published assets (docs/decisions/0022-assets.md). */
export const ZAssetFigures = z.object({
  homes: z.number().int(),
  rentedHomes: z.number().int(),
  /** Rented homes ÷ homes, in percent with one decimal, rounded down ('66.6'); null with no homes. */
  rentedPercent: z.string().nullable(),
  /** Monthly rent of the rented homes, EUR. */
  monthlyRent: z.string(),
  plantations: z.number().int(),
  hectares: z.string(),
  trees: z.number().int(),
  /** The latest valuations summed, EUR: homes, plantations and both. */
  homesValuation: z.string(),
  plantationsValuation: z.string(),
  totalValuation: z.string(),
});
export type TAssetFigures = z.infer<typeof ZAssetFigures>;

/** The public list: the figures (productoInversion), the homes (apartmentList) and the plantations. */
export const ZPublishedAssets = z.object({
  productoInversion: ZAssetFigures,
  apartmentList: z.array(ZAsset),
  plantationList: z.array(ZAsset),
});
export type TPublishedAssets = z.infer<typeof ZPublishedAssets>;

export const ZAssetParams = z.object({ assetId: z.string().min(1).max(64) });

export const ZAdminAssetQuery = z.object({
  status: z.enum(ASSET_STATUSES, { error: akey('kind') }).optional(),
  kind: z.enum(ASSET_KINDS, { error: akey('kind') }).optional(),
  q: z.string().trim().max(80).optional(),
});
export type TAdminAssetQuery = z.infer<typeof ZAdminAssetQuery>;
export const ZAdminAssetList = z.object({ assets: z.array(ZAsset), total: z.number().int() });
export type TAdminAssetList = z.infer<typeof ZAdminAssetList>;

/** Which status change is allowed: publish a draft or a withdrawn asset, withdraw a published one. */
export const ASSET_TRANSITIONS = {
  publish: ['DRAFT', 'WITHDRAWN'],
  withdraw: ['PUBLISHED'],
} as const satisfies Record<string, readonly TAssetStatus[]>;
export type TAssetTransition = keyof typeof ASSET_TRANSITIONS;
export function canTransition(status: TAssetStatus, action: TAssetTransition): boolean {
  return (ASSET_TRANSITIONS[action] as readonly TAssetStatus[]).includes(status);
}
