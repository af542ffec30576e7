/** The advisor's workspace API addresses (one table, as the web app's `paths`). */
export const advisorApi = {
  clients: (query: string) => `/api/advisor/clients${query ? `?${query}` : ''}`,
  client: (id: string) => `/api/advisor/clients/${encodeURIComponent(id)}`,
  notes: (id: string) => `/api/advisor/clients/${encodeURIComponent(id)}/notes`,
  reassign: (id: string) => `/api/advisor/clients/${encodeURIComponent(id)}/advisor`,
  advisors: '/api/advisor/advisors',
  queue: (query: string) => `/api/advisor/queue${query ? `?${query}` : ''}`,
} as const;
