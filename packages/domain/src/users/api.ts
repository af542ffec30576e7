/** The user administration's API addresses (one table, as the web app's `paths`). */
export const usersApi = {
  list: (query: string) => `/api/users${query ? `?${query}` : ''}`,
  create: '/api/users',
  user: (id: string) => `/api/users/${encodeURIComponent(id)}`,
  roles: (id: string) => `/api/users/${encodeURIComponent(id)}/roles`,
  deactivate: (id: string) => `/api/users/${encodeURIComponent(id)}/deactivate`,
  reactivate: (id: string) => `/api/users/${encodeURIComponent(id)}/reactivate`,
  sendPasswordReset: (id: string) => `/api/users/${encodeURIComponent(id)}/password-reset`,
  forgotPassword: '/api/users/password-reset',
  checkPasswordLink: '/api/users/password/check',
  setPassword: '/api/users/password',
  audit: (query: string) => `/api/audit${query ? `?${query}` : ''}`,
} as const;
