import { CV_MAX_BYTES } from '@kc/domain';

export type TCvCheck = { ok: true; fileName: string; contentBase64: string } | { ok: false; reason: 'cvNotPdf' | 'cvTooLarge' };

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** Bytes to base64 without a data-URL prefix (chunked: a 5 MB file would overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The browser's check of a CV before sending, by content like the server's (`checkCv`): the
 * `%PDF-` signature and at most 5 MB, whatever the file is called.
 */
export function checkCvBytes(fileName: string, bytes: Uint8Array): TCvCheck {
  if (bytes.length > CV_MAX_BYTES) return { ok: false, reason: 'cvTooLarge' };
  if (bytes.length < PDF_SIGNATURE.length || PDF_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return { ok: false, reason: 'cvNotPdf' };
  return { ok: true, fileName: fileName.slice(0, 200) || 'cv.pdf', contentBase64: toBase64(bytes) };
}

export async function readCv(file: File): Promise<TCvCheck> {
  if (file.size > CV_MAX_BYTES) return { ok: false, reason: 'cvTooLarge' };
  return checkCvBytes(file.name, new Uint8Array(await file.arrayBuffer()));
}
