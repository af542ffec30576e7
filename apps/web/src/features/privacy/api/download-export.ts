import { useMutation } from '@tanstack/react-query';
import { exportArchiveName, privacyExportApi } from '@kc/domain';
import { apiDownload } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/**
 * GET /api/privacy/export: the signed-in person's data as a ZIP (the API needs the bearer token,
 * so a plain link cannot). Saves it under the server's file name; answers that name.
 */
export async function downloadPersonalData(): Promise<string> {
  const { blob, fileName } = await apiDownload(privacyExportApi.download());
  const name = fileName ?? exportArchiveName(currentLanguage(), new Date());
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

export function useDownloadPersonalData() {
  return useMutation({ mutationFn: downloadPersonalData });
}
