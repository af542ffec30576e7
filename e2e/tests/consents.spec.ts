import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { apiHeaders, createSession, loginAs } from '../support/login.ts';

/**
 * Consent records (issue 16; docs/decisions/0028-consent-records.md): the cookie dialog, its
 * "Cookie settings" link, the account's consents section and the sign-up's marketing opt-in.
 *
 * ePrivacy Art. 5(3): before a choice, the browser holds only what is strictly necessary. The
 * app sets no cookie at all (its session is a bearer token in storage, not a cookie), and its
 * storage keys, all `kc.*`, are written only by an action of the person:
 *   - kc.userData: the session, on logging in (local storage when remembered, else session storage);
 *   - kc.language: the language chosen with the switch;
 *   - kc.cookieConsent and kc.cookieConsentUnrecorded: the cookie choice itself (and, while
 *     nobody is signed in, that it is still to be recorded);
 *   - kc.hireDraft and kc.hireIdempotency: the plan being hired after pressing Contratar;
 *   - react-router-scroll-positions (session storage): the scroll position for Back, this tab only.
 * A visit that does none of those actions stores nothing of them either. Analytics (the cookie
 * policy's Google Analytics and Tag Manager) are the only non-essential purpose; no provider is
 * configured yet, so after an acceptance the test plants the cookie such a tag would set and
 * checks that a withdrawal removes it.
 */
const ESSENTIAL_KEYS = ['kc.userData', 'kc.language', 'kc.cookieConsent', 'kc.cookieConsentUnrecorded', 'kc.hireDraft', 'kc.hireIdempotency', 'react-router-scroll-positions'];

const PORT = Number(process.env['E2E_PORT'] ?? 3210);
const MAIL_DIR = path.resolve(import.meta.dirname, '../../var', `e2e-${PORT}`, 'mail');
const PASSWORD = 'una-clave-larga-2026';
const COOKIE_VERSION = 'cookies-2026-11';

type TStored = { local: string[]; session: string[] };
const storedKeys = (page: Page): Promise<TStored> =>
  page.evaluate(() => ({ local: Object.keys(window.localStorage).sort(), session: Object.keys(window.sessionStorage).sort() }));

async function expectOnlyEssential(page: Page, context: BrowserContext): Promise<TStored> {
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const stored = await storedKeys(page);
  for (const key of [...stored.local, ...stored.session]) expect(ESSENTIAL_KEYS, `storage key ${key}`).toContain(key);
  return stored;
}

const cookieDialog = (page: Page) => page.getByRole('dialog', { name: 'Utilizamos cookies' });
const consentRow = (page: Page, name: string) => page.getByRole('list', { name: 'Estado de cada consentimiento' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
const today = () => new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

test.describe('consents', () => {
  test.use({ cookieConsent: null });

  test('ePrivacy Art. 5(3): only essential storage before a choice; analytics only after acceptance; a withdrawal removes them', async ({ page, context }) => {
    test.setTimeout(60_000);
    for (const url of ['home', 'home/calculadoras/jubilacion', 'jobs']) {
      await gotoApp(page, url);
      await expect(cookieDialog(page)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const stored = await expectOnlyEssential(page, context);
      // No action of the visitor yet: not even an essential key of theirs is stored.
      expect(stored.local).toEqual([]);
    }

    // The dialog, at 360 px too.
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(page);

    await cookieDialog(page).getByRole('button', { name: 'Aceptar' }).click();
    await expect(cookieDialog(page)).toHaveCount(0);
    expect((await storedKeys(page)).local).toEqual(['kc.cookieConsent', 'kc.cookieConsentUnrecorded']);
    // What an analytics tag may set once accepted (none is configured: it is planted here).
    await context.addCookies([{ name: '_ga', value: 'GA1.1.123.456', url: `http://127.0.0.1:${PORT}/` }]);
    await page.evaluate(() => window.localStorage.setItem('_ga_probe', '1'));
    expect((await context.cookies()).map((c) => c.name)).toEqual(['_ga']);

    // Withdrawing is as easy as giving: the jobs board's footer reopens the dialog.
    await page.getByRole('button', { name: 'Configuración de cookies' }).click();
    const dialog = cookieDialog(page);
    await expect(dialog.getByText('Su elección actual: ha aceptado las cookies de análisis.')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Utilizamos cookies' })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Rechazar las no esenciales' }).click();
    await expect(dialog).toHaveCount(0);
    await expectOnlyEssential(page, context);
    expect(await page.evaluate(() => window.localStorage.getItem('kc.cookieConsent'))).toBe('rejected');

    // The site's footer has the link too, and Escape closes a reopened dialog unchanged.
    await gotoApp(page, 'home');
    await expect(cookieDialog(page)).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Configuración de cookies' }).click();
    await expect(cookieDialog(page).getByText('Su elección actual: ha rechazado las cookies no esenciales.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cookieDialog(page)).toHaveCount(0);
    await expectOnlyEssential(page, context);
  });

  test('a signed-in investor’s cookie choice and marketing consent are recorded and shown in the account, with version and date', async ({ page }) => {
    test.setTimeout(60_000);
    const session = await loginAs(page, 'investor@kc.example');
    await gotoApp(page, 'account');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sus consentimientos' })).toBeVisible();
    const cookies = consentRow(page, 'Cookies de análisis');
    await expect(cookies.getByText('Sin decisión registrada')).toBeVisible();

    await cookieDialog(page).getByRole('button', { name: 'Aceptar' }).click();
    await expect(cookies.getByText('Otorgado')).toBeVisible();
    await expect(cookies.getByText(`Versión del texto: ${COOKIE_VERSION} · Fecha: ${today()}`, { exact: false })).toBeVisible();
    await expect(cookies.getByText('Dónde: aviso de cookies', { exact: false })).toBeVisible();

    // Withdrawn from the footer's "Cookie settings" (the app shell's footer).
    await page.getByRole('contentinfo').getByRole('button', { name: 'Configuración de cookies' }).click();
    await cookieDialog(page).getByRole('button', { name: 'Rechazar las no esenciales' }).click();
    await expect(cookies.getByText('Retirado')).toBeVisible();

    // Given again from the account itself, which also applies in this browser.
    await cookies.getByRole('button', { name: 'Aceptar las cookies de análisis' }).click();
    await expect(cookies.getByText('Otorgado')).toBeVisible();
    await expect(cookies.getByText('Dónde: su cuenta', { exact: false })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('kc.cookieConsent'))).toBe('accepted');

    const marketing = consentRow(page, 'Comunicaciones comerciales');
    await marketing.getByRole('button', { name: 'Aceptar las comunicaciones comerciales' }).click();
    await expect(marketing.getByText('Otorgado')).toBeVisible();
    await marketing.getByRole('button', { name: 'Retirar el consentimiento a las comunicaciones comerciales' }).click();
    await expect(marketing.getByText('Retirado')).toBeVisible();
    await expect(marketing.getByRole('button', { name: 'Aceptar las comunicaciones comerciales' })).toBeVisible();

    // What the API keeps: every change a record, in order.
    const answer = await page.request.get('/api/users/me/consents', { headers: apiHeaders(session) });
    expect(answer.status()).toBe(200);
    const overview = (await answer.json()) as { history: { purpose: string; choice: string; source: string; textVersion: string }[] };
    expect(overview.history.map((r) => `${r.purpose}:${r.choice}:${r.source}:${r.textVersion}`).reverse()).toEqual([
      `cookies:given:cookieDialog:${COOKIE_VERSION}`,
      `cookies:withdrawn:cookieDialog:${COOKIE_VERSION}`,
      `cookies:given:account:${COOKIE_VERSION}`,
      'marketing:given:account:marketing-2026-11',
      'marketing:withdrawn:account:marketing-2026-11',
    ]);

    await page.getByText('Historial de decisiones (5)').click();
    await expect(page.getByText(/· Comunicaciones comerciales: Retirado \(versión marketing-2026-11; su cuenta\)/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(marketing).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });

  test('sign-up with the marketing box ticked records it; a cookie choice made before signing in is recorded at sign-in', async ({ page, context }) => {
    test.setTimeout(120_000);
    const email = `e2e.consents.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
    await gotoApp(page, 'user/sign-up');
    await cookieDialog(page).getByRole('button', { name: 'Rechazar las no esenciales' }).click();
    await fillPersonal(page, email);
    await next(page);
    await byLabel(page, 'Número de tarjeta').fill('4111 1111 1111 1111');
    await byLabel(page, 'Código de seguridad (CCV)').fill('737');
    await byLabel(page, 'Fecha de caducidad (MM/AA)').fill('12/39');
    await byLabel(page, 'Dirección de su cartera Ethereum').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await next(page);
    await fillBilling(page);
    await next(page);

    const optIn = page.getByRole('checkbox', { name: /Quiero recibir por correo electrónico información sobre nuevos productos/ });
    await expect(optIn).not.toBeChecked();
    await expect(page.getByRole('main').getByRole('link', { name: 'política de privacidad', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await optIn.check();
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByRole('heading', { name: '¡Gracias por registrarse!' })).toBeVisible();

    await page.goto(await confirmationLink(email));
    await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('kc.cookieConsentUnrecorded'))).toContain('rejected');

    await gotoApp(page, 'user/login');
    await byLabel(page, 'Correo electrónico').fill(email);
    await byLabel(page, 'Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await expect(page).toHaveURL(/\/web\/dashboard$/);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('kc.cookieConsentUnrecorded'))).toBeNull();

    const session = await createSession(context.request, email, PASSWORD);
    const overview = (await (await context.request.get('/api/users/me/consents', { headers: apiHeaders(session) })).json()) as {
      current: { purpose: string; choice: string; source: string; textVersion: string }[];
    };
    expect(overview.current.map((r) => `${r.purpose}:${r.choice}:${r.source}:${r.textVersion}`)).toEqual([
      `cookies:refused:cookieDialog:${COOKIE_VERSION}`,
      'privacyPolicy:given:signUp:privacy-2026-11',
      'marketing:given:signUp:marketing-2026-11',
    ]);
    // The account shows them.
    await gotoApp(page, 'account');
    await expect(consentRow(page, 'Comunicaciones comerciales').getByText('Otorgado')).toBeVisible();
    await expect(consentRow(page, 'Cookies de análisis').getByText('Rechazado')).toBeVisible();
    await expect(consentRow(page, 'Política de privacidad').getByText('Otorgado')).toBeVisible();

    // A browser without a choice (as a new device) adopts the recorded one once signed in: not asked again.
    await page.evaluate(() => window.localStorage.removeItem('kc.cookieConsent'));
    await gotoApp(page, 'home');
    await expect(cookieDialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('kc.cookieConsent'))).toBe('rejected');
  });
});

// --- the sign-up wizard (as in accounts.spec.ts) ---

type TParsed = { to?: { text: string }; text?: string };
const { simpleParser } = (await import('mailparser' as string)) as { simpleParser: (source: Buffer) => Promise<TParsed> };

async function confirmationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await fs.readdir(MAIL_DIR).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.eml'))) {
          const mail = await simpleParser(await fs.readFile(path.join(MAIL_DIR, file)));
          if (mail.to?.text !== email) continue;
          link = /(https?:\/\/\S+\/web\/user\/confirm-sign-up\?\S+)/.exec(mail.text ?? '')?.[1];
          if (link) return true;
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}\\s*\\*?$`));
const next = (page: Page) => page.getByRole('button', { name: 'Siguiente' }).click();

async function choose(page: Page, label: string, search: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillPersonal(page: Page, email: string): Promise<void> {
  await byLabel(page, 'Correo electrónico').fill(email);
  await byLabel(page, 'Contraseña').fill(PASSWORD);
  await byLabel(page, 'Repita la contraseña').fill(PASSWORD);
  await byLabel(page, 'Nombre').fill('Lucía');
  await byLabel(page, 'Apellidos').fill('García Pérez');
  await byLabel(page, 'DNI, NIE o documento de identidad').fill('12345678Z');
  await byLabel(page, 'Fecha de nacimiento').fill('1985-04-12');
  await choose(page, 'País', 'Españ', 'España');
  await choose(page, 'Ciudad', 'Madrid', 'Madrid');
  await byLabel(page, 'Código postal').fill('28001');
}

async function fillBilling(page: Page): Promise<void> {
  await byLabel(page, 'Dirección (línea 1)').fill('Calle Mayor 1');
  await byLabel(page, 'Dirección (línea 2)').fill('3º B');
  await choose(page, 'País de facturación', 'Españ', 'España');
  await byLabel(page, 'Provincia o región').fill('Madrid');
  await byLabel(page, 'Ciudad de facturación').fill('Madrid');
  await byLabel(page, 'Código postal de facturación').fill('28001');
}
