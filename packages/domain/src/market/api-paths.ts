/** The market's API addresses (one table, as the web app's `paths`). */
export const marketApi = {
  summary: '/api/market/summary',
  offers: (query = '') => `/api/market/offers${query ? `?${query}` : ''}`,
  /** GET one open offer (as in the list); PATCH changes it, DELETE withdraws it. */
  offer: (id: string) => `/api/market/offers/${encodeURIComponent(id)}`,
  buy: (id: string) => `/api/market/offers/${encodeURIComponent(id)}/buy`,
  myOffers: '/api/market/my-offers',
  myTrades: '/api/market/trades/mine',
  /** Staff: what the platform owes each seller contract (GET, paged). */
  payouts: (query = '') => `/api/market/payouts${query ? `?${query}` : ''}`,
  /** Staff: record a payout to a seller contract (POST, Idempotency-Key). */
  contractPayouts: (contractId: string) => `/api/market/payouts/contracts/${encodeURIComponent(contractId)}`,
} as const;
