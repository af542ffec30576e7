/** The accounts endpoints' URLs (the web app never builds them by hand). Zod-free on purpose. */
export const accountsApiPaths = {
  token: '/oauth/token',
  revoke: '/oauth/revoke',
  identity: '/api/users/identity',
  register: '/api/users/register-inversor',
  countries: '/api/lookup/countries',
  cities: (countryId: string) => `/api/lookup/cities/${encodeURIComponent(countryId)}`,
  confirmSignUp: (userId: string, token: string, companyId: string) =>
    `/api/users/confirm-sign-up/${encodeURIComponent(userId)}/${encodeURIComponent(token)}/${encodeURIComponent(companyId)}`,
} as const;
