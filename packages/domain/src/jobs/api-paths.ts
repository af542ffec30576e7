/** The jobs board's API addresses (one table, as the web app's `paths`). */
const id = (value: string) => encodeURIComponent(value);
export const jobsApi = {
  search: (query = '') => `/api/jobs/offers${query ? `?${query}` : ''}`,
  offer: (offerId: string) => `/api/jobs/offers/${id(offerId)}`,
  apply: (offerId: string) => `/api/jobs/offers/${id(offerId)}/applications`,
  cities: (query = '') => `/api/jobs/cities${query ? `?${query}` : ''}`,
  withdraw: '/api/jobs/withdrawal',
  confirmUpdate: '/api/jobs/update-confirmation',
  managedOffers: (query = '') => `/api/jobs/manage/offers${query ? `?${query}` : ''}`,
  managedOffer: (offerId: string) => `/api/jobs/manage/offers/${id(offerId)}`,
  offerStatus: (offerId: string) => `/api/jobs/manage/offers/${id(offerId)}/status`,
  offerApplications: (offerId: string, query = '') => `/api/jobs/manage/offers/${id(offerId)}/applications${query ? `?${query}` : ''}`,
  applicationStatus: (applicationId: string) => `/api/jobs/manage/applications/${id(applicationId)}/status`,
  applicationCv: (applicationId: string) => `/api/jobs/manage/applications/${id(applicationId)}/cv`,
} as const;

/**
 * The web page that takes a withdrawal link (built by the web slice): the token travels in the
 * fragment, so it never reaches a server log; the page POSTs it to `jobsApi.withdraw`.
 */
export const JOBS_WITHDRAW_WEB_PATH = '/web/jobs/withdraw';

/**
 * The web page that takes a repeat application's confirmation link: the token in the fragment as
 * the withdrawal page's; the page POSTs it to `jobsApi.confirmUpdate`.
 */
export const JOBS_CONFIRM_UPDATE_WEB_PATH = '/web/jobs/confirm-changes';
