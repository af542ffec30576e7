/** The money ledger's API addresses (one table, as the web app's `paths`). */
export const ledgerApi = {
  prices: (query = '') => `/api/ledger/prices${query ? `?${query}` : ''}`,
  publishPrice: '/api/ledger/prices',
  schedule: (contractId: string) => `/api/ledger/contracts/${encodeURIComponent(contractId)}/schedule`,
  payments: (contractId: string) => `/api/ledger/contracts/${encodeURIComponent(contractId)}/payments`,
  holdings: (customerId: string) => `/api/ledger/customers/${encodeURIComponent(customerId)}/holdings`,
  journal: (journalId: string) => `/api/ledger/journals/${encodeURIComponent(journalId)}`,
  reverse: (journalId: string) => `/api/ledger/journals/${encodeURIComponent(journalId)}/reverse`,
  check: '/api/ledger/check',
} as const;
