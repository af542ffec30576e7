/** The leads module's API addresses (one table, as the web app's `paths`). */
const q = (query?: string) => (query ? `?${query}` : '');
export const leadsApi = {
  leads: (query?: string) => `/api/agent/leads${q(query)}`,
  create: '/api/agent/leads',
  extend: (id: string) => `/api/agent/leads/${encodeURIComponent(id)}/extend`,
  discard: (id: string) => `/api/agent/leads/${encodeURIComponent(id)}/discard`,
  clients: (query?: string) => `/api/agent/clients${q(query)}`,
  figures: '/api/agent/figures',
  zones: '/api/agent/zones',
  pending: (query?: string) => `/api/sales/pending-assignments${q(query)}`,
  assignableAgents: '/api/sales/assignable-agents',
  assign: (customerId: string) => `/api/sales/pending-assignments/${encodeURIComponent(customerId)}`,
} as const;
