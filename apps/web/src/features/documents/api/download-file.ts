import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

/**
 * Downloads a document or an export (the API needs the bearer token, so a plain link cannot):
 * fetches the file and saves it under the server's file name.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(url);
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName ?? fallbackName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function useDownloadFile() {
  return useMutation({ mutationFn: ({ url, fallbackName }: { url: string; fallbackName: string }) => downloadFile(url, fallbackName) });
}
