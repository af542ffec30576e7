/** The income API's addresses (one table, as the web app's `paths`). */
export const incomeApi = {
  distributions: '/api/income/distributions',
  preview: '/api/income/distributions/preview',
  valueHistory: (customerId: string) => `/api/income/customers/${encodeURIComponent(customerId)}/value-history`,
} as const;
