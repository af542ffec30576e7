import type { TContractAction, TContractFilter } from './states.ts';

/** The investor area's API addresses (one table, as the web app's `paths`). */
export const investorApi = {
  dashboard: (state: TContractFilter) => `/api/dashboard/${state}`,
  products: '/api/products',
  paymentPreferences: '/api/users/payment-preferences',
  paymentPreference: (id: string) => `/api/users/payment-preferences/${encodeURIComponent(id)}`,
  customerContracts: (customerId: string) => `/api/customers/${encodeURIComponent(customerId)}/contracts`,
  searchContracts: (userId: string, query: string) => `/api/users/${encodeURIComponent(userId)}/contracts/search${query ? `?${query}` : ''}`,
  contract: (id: string) => `/api/contracts/${encodeURIComponent(id)}`,
  contractAction: (id: string, action: TContractAction) => `/api/contracts/${encodeURIComponent(id)}/${action}`,
  /** The investor waives the reflection period of a NEW contract of theirs (decision 0026). */
  waiveReflection: (id: string) => `/api/contracts/${encodeURIComponent(id)}/waive-reflection`,
  me: '/api/users/me',
  password: '/api/users/me/password',
  users: (query: string) => `/api/users${query ? `?${query}` : ''}`,
} as const;
