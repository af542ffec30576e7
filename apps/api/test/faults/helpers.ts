import { KEY_INFO_SHEET_VERSION } from '@kc/domain';
/** HTTP as a client of a server process sees it (real sockets, not inject). */
export const COMPANY = { 'company-id': '1' };

export async function loginAt(origin: string, username = 'investor@kc.example', password = 'demo-password-2026'): Promise<string> {
  const response = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { ...COMPANY, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', username, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export const bearer = (token: string) => ({ ...COMPANY, authorization: `Bearer ${token}` });

export function isoDay(offsetYears = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() + offsetYears, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
}

/** A valid hire of the retirement plan for the demo investor, as the hiring screen sends it. */
export async function hireBodyAt(origin: string, token: string): Promise<{ customerId: string; body: Record<string, unknown> }> {
  const me = (await (await fetch(`${origin}/api/users/me`, { headers: bearer(token) })).json()) as { id: string };
  const products = (await (await fetch(`${origin}/api/products`, { headers: bearer(token) })).json()) as Array<{ id: string; productKey: string }>;
  const preferences = (await (await fetch(`${origin}/api/users/payment-preferences`, { headers: bearer(token) })).json()) as Array<{ id: string; kind: string }>;
  return {
    customerId: me.id,
    body: {
      productType: 'SAVINGS_PLAN',
      productKey: 'jubilacion',
      productId: products.find((p) => p.productKey === 'jubilacion')!.id,
      recurringAmount: 150,
      initialAmount: 2500.5,
      submissionDate: isoDay(),
      expiringDate: isoDay(20),
      paymentPreferenceId: preferences.find((p) => p.kind === 'CARD')!.id,
      // Issue 16: the demo investor's seeded test is passed; the sheet is read, the warning acknowledged.
      keyInfoVersion: KEY_INFO_SHEET_VERSION,
      riskAcknowledged: true,
    },
  };
}

export function hireAt(origin: string, token: string, customerId: string, body: Record<string, unknown>, key: string): Promise<Response> {
  return fetch(`${origin}/api/customers/${customerId}/contracts`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
}
