/** Header names and constants shared by the web app and the API. */
export const COMPANY_HEADER = 'company-id';
/** The company the public web app belongs to (the specification's fixed company identifier). */
export const DEFAULT_COMPANY_ID = '1';
export const API_PREFIX = '/api';
export const WEB_BASE = '/web';
