import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';

/**
 * Photos ADMIN uploads for an asset: JPEG, PNG or WebP, recognised by their first bytes (never
 * by a name or a declared type), at most 2 MB. They travel as base64 in JSON.
 */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type TImageType = (typeof IMAGE_TYPES)[number];

/** The image type its first bytes say, or null for anything else (SVG, HTML, GIF, text…). */
export function sniffImageType(bytes: Uint8Array): TImageType | null {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 12 && starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Base64 of at most MAX_IMAGE_BYTES (4 characters per 3 bytes). */
export const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

export const ZAssetImageUpload = z.object({
  data: z
    .string({ error: encodeMessage('assets.errors.image') })
    .max(MAX_IMAGE_BASE64, encodeMessage('assets.errors.imageTooLarge', { max: '2 MB' }))
    .refine((v) => v.length > 0 && v.length % 4 === 0 && BASE64.test(v), encodeMessage('assets.errors.image')),
});
export type TAssetImageUpload = z.infer<typeof ZAssetImageUpload>;

export const ZAssetImage = z.object({ id: z.string(), url: z.string(), contentType: z.enum(IMAGE_TYPES), size: z.number().int() });
export type TAssetImage = z.infer<typeof ZAssetImage>;
export const ZAssetImageParams = z.object({ companyId: z.string().min(1).max(64), imageId: z.string().min(1).max(64) });
