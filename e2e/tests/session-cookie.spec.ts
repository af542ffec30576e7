import type { Page } from '@playwright/test';
import { allowStatuses, expect, gotoApp, test } from '../support/fixtures.ts';
import { SESSION_COOKIE, sessionCookieValue } from '../support/login.ts';
import { confirmationPath } from '../support/mail.ts';
import { registerInvestor } from '../support/register.ts';

/**
 * The web app keeps no credential where a script can read it (decisions, "Accounts and
 * sessions"; docs/decisions/0048-session-cookie.md): after a real login the token is in an
 * HttpOnly cookie only, never in document.cookie or web storage; the pages and their changes
 * work with it (a change needs the CSRF token, also after a reload); Salir removes the cookie.
 */
const PASSWORD = 'una-clave-larga-2026';
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const marketingRow = (page: Page) =>
  page
    .getByRole('list', { name: 'Estado de cada consentimiento' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Comunicaciones comerciales' }) });

/** Every value in local and session storage, and document.cookie, as the page's scripts see them. */
const whatScriptsSee = (page: Page) =>
  page.evaluate(() => {
    const values = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`);
    return { cookie: document.cookie, storage: [...values(window.localStorage), ...values(window.sessionStorage)] };
  });

test('after a real login the token is in an HttpOnly cookie only; pages and changes work with it; Salir removes it', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  const email = `e2e.cookie.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await registerInvestor(page.request, { email, password: PASSWORD, firstName: 'Clara', lastName: 'Galleta Segura' });
  await gotoApp(page, await confirmationPath(email));
  await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();

  await gotoApp(page, 'user/login');
  await byLabel(page, 'Correo electrónico').fill(email);
  await byLabel(page, 'Contraseña').fill(PASSWORD);
  await page.getByLabel('Recordarme').check();
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
  await expect(page).toHaveURL(/\/web\/dashboard$/);
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();

  // The browser holds the session as an HttpOnly, Secure, SameSite=Strict cookie of the whole site.
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  const token = cookie!.value;
  expect(token.length).toBeGreaterThanOrEqual(32);
  // Remembered: it outlives the browser, for the token's lifetime.
  expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 3000);

  // Nothing a script can read holds it.
  const seen = await whatScriptsSee(page);
  expect(seen.cookie).not.toContain(SESSION_COOKIE);
  expect(seen.cookie).not.toContain(token);
  expect(seen.storage.filter((entry) => entry.includes(token))).toEqual([]);
  const stored = JSON.parse(await page.evaluate(() => window.localStorage.getItem('kc.userData') ?? 'null')) as Record<string, unknown>;
  expect(stored).toMatchObject({ identity: { username: email, roles: ['INVESTOR'] }, roles: ['INVESTOR'] });
  expect(stored).not.toHaveProperty('token');

  // A page that needs the session, after a reload (the CSRF token was in memory only), and a change made there.
  await page.reload();
  await gotoApp(page, 'account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  const marketing = marketingRow(page);
  await marketing.getByRole('button', { name: 'Aceptar las comunicaciones comerciales' }).click();
  await expect(marketing.getByText('Otorgado')).toBeVisible();
  await page.reload();
  await expect(marketingRow(page).getByText('Otorgado')).toBeVisible();

  // A script of the page that calls the API itself rides the cookie, but a change without the CSRF token is refused.
  const forged = await page.evaluate(async () => {
    const answer = await fetch('/api/users/me/consents', {
      method: 'POST',
      headers: { 'company-id': '1', 'content-type': 'application/json', 'accept-language': 'es' },
      body: JSON.stringify({ purpose: 'marketing', choice: 'withdrawn', textVersion: 'marketing-2026-11', source: 'account' }),
    });
    return { status: answer.status, body: (await answer.json()) as { code?: string } };
  });
  expect(forged).toMatchObject({ status: 403, body: { code: 'csrfTokenInvalid' } });
  allowStatuses(consoleErrors, 403);
  await page.reload();
  await expect(marketingRow(page).getByText('Otorgado')).toBeVisible();
  expect((await whatScriptsSee(page)).storage.filter((entry) => entry.includes(token))).toEqual([]);

  // Salir: the server removes the cookie and forgets the session.
  await page.getByRole('banner').getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/web\/home$/);
  await expect.poll(() => sessionCookieValue(page.context())).toBeUndefined();
  const after = await page.request.get('/api/users/identity', { headers: { authorization: `Bearer ${token}`, 'company-id': '1' } });
  expect(after.status()).toBe(401);
  expect(await page.evaluate(() => [window.localStorage.getItem('kc.userData'), window.sessionStorage.getItem('kc.userData')])).toEqual([null, null]);
});
