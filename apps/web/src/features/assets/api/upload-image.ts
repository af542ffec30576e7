import { useMutation } from '@tanstack/react-query';
import { assetsApi, type TAssetImage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** The file's bytes as base64 (what the API takes). */
function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** POST /api/admin/assets/images (ADMIN): uploads a photo; answers the address to put in the asset's photos. */
export async function uploadImage(file: File): Promise<TAssetImage> {
  return apiRequest<TAssetImage>(assetsApi.uploadImage, { method: 'POST', body: { data: await toBase64(file) } });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
