import type { TExportDataset } from './schemas.ts';

/** The documents' API addresses (one table, as the web app's `paths`). */
export const documentsApi = {
  list: (customerId: string, contractId?: string) =>
    `/api/documents/customers/${encodeURIComponent(customerId)}${contractId ? `?contractId=${encodeURIComponent(contractId)}` : ''}`,
  download: (documentId: string, lang?: string) => `/api/documents/files/${encodeURIComponent(documentId)}${lang ? `?lang=${lang}` : ''}`,
  export: (customerId: string, dataset: TExportDataset, lang?: string) =>
    `/api/documents/customers/${encodeURIComponent(customerId)}/exports/${dataset}${lang ? `?lang=${lang}` : ''}`,
} as const;
