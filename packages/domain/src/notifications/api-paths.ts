/** The notifications endpoints' URLs (the web app never builds them by hand). Zod-free on purpose: the navbar's bell imports it. */
export const notificationsApi = {
  list: (query: string) => `/api/notifications${query ? `?${query}` : ''}`,
  unreadCount: '/api/notifications/unread-count',
  readAll: '/api/notifications/read-all',
  read: (id: string) => `/api/notifications/${encodeURIComponent(id)}/read`,
  dismiss: (id: string) => `/api/notifications/${encodeURIComponent(id)}/dismiss`,
  complete: (id: string) => `/api/notifications/${encodeURIComponent(id)}/complete`,
  streamTicket: '/api/notifications/stream-ticket',
  stream: (query: string) => `/api/notifications/stream?${query}`,
} as const;
