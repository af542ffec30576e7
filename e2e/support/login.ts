import type { APIRequestContext, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-2026';

export interface TE2eSession {
  userId: string;
  token: string;
  identity: { id: string; username: string; roles: string[] };
  roles: string[];
  expiryTime: number;
  expiryDate: string;
}

/** A real session from the running server: POST /oauth/token, then GET /api/users/identity. */
export async function createSession(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<TE2eSession> {
  const tokenResponse = await request.post('/oauth/token', {
    form: { grant_type: 'password', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', username: email, password },
    headers: { 'company-id': '1' },
  });
  if (!tokenResponse.ok()) throw new Error(`login of ${email} failed: ${tokenResponse.status()} ${await tokenResponse.text()}`);
  const token = (await tokenResponse.json()) as { access_token: string; expires_in: number };
  const identityResponse = await request.get('/api/users/identity', {
    headers: { authorization: `Bearer ${token.access_token}`, 'company-id': '1' },
  });
  const identity = (await identityResponse.json()) as { id: string; username: string; roles: string[] };
  const expiryTime = token.expires_in * 1000;
  return {
    userId: identity.id,
    token: token.access_token,
    identity,
    roles: identity.roles,
    expiryTime,
    expiryDate: new Date(Date.now() + expiryTime).toISOString(),
  };
}

/** Logs the page in without the login page: the session is in local storage before any script runs. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<TE2eSession> {
  const session = await createSession(page.request, email, password);
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('kc.e2eLoggedOut')) window.localStorage.setItem('kc.userData', value);
  }, JSON.stringify(session));
  return session;
}

/** Calls the API with a session's bearer token. */
export function apiHeaders(session: TE2eSession): Record<string, string> {
  return { authorization: `Bearer ${session.token}`, 'company-id': '1' };
}
