import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';
import { sessionCookieValue } from '../support/login.ts';

const PORT = Number(process.env['E2E_PORT'] ?? 3210);
const MAIL_DIR = path.resolve(import.meta.dirname, '../../var', `e2e-${PORT}`, 'mail');
const PASSWORD = 'una-clave-larga-2026';
const DEMO_PASSWORD = 'demo-password-2026';

type TParsed = { to?: { text: string }; text?: string };
const { simpleParser } = (await import('mailparser' as string)) as { simpleParser: (source: Buffer) => Promise<TParsed> };

/** The confirmation link of the mail the server wrote for `email` (mail folder of the e2e server). */
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
/** A field by its label text (Mantine adds ' *' to required fields' labels). */
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}\\s*\\*?$`));

const uniqueEmail = (tag: string) => `e2e.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

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

const next = (page: Page) => page.getByRole('button', { name: 'Siguiente' }).click();
const stepHeading = (page: Page, n: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Paso ${n} de 4`) });

async function logIn(page: Page, email: string, password: string, remember = false): Promise<void> {
  await gotoApp(page, 'user/login');
  await byLabel(page, 'Correo electrónico').fill(email);
  await byLabel(page, 'Contraseña').fill(password);
  if (remember) await page.getByLabel('Recordarme').check();
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
}

const ROUTES = [
  { slug: 'sign-up', title: 'Registro de inversor', newWallet: true },
  { slug: 'sign-up-comercial', title: 'Registro de comercial', newWallet: false },
  { slug: 'sign-up-minero', title: 'Registro de minero', newWallet: false },
  { slug: 'sign-up-propietario', title: 'Registro de propietario', newWallet: false },
];

test.describe('accounts', () => {
  for (const route of ROUTES) {
    test(`registers through ${route.slug}, confirms by mail, logs in and out`, async ({ page, consoleErrors }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(route.slug);
      await gotoApp(page, `user/${route.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();
      await fillPersonal(page, email);
      await next(page);

      await expect(stepHeading(page, 2)).toBeVisible();
      await byLabel(page, 'Número de tarjeta').fill('4111 1111 1111 1111');
      await byLabel(page, 'Código de seguridad (CCV)').fill('737');
      await byLabel(page, 'Fecha de caducidad (MM/AA)').fill('12/39');
      if (route.newWallet) {
        await page.getByRole('radio', { name: 'Crear una cartera nueva' }).check();
        await page.getByRole('button', { name: 'Generar cartera' }).click();
        const phrase = page.getByTestId('recovery-phrase');
        await expect(phrase).toBeVisible();
        expect((await phrase.innerText()).trim().split(/\s+/)).toHaveLength(12);
        await expectNoAxeViolations(page);
        await next(page);
        await expect(page.getByText('Confirme que ha anotado la frase de recuperación')).toBeVisible();
        await page.getByLabel('He anotado la frase de recuperación en un lugar seguro').check();
        await expect(phrase).toBeHidden();
      } else {
        await byLabel(page, 'Dirección de su cartera Ethereum').fill('0x52908400098527886E0F7030069857D2E4169EE7');
      }
      await next(page);

      await expect(stepHeading(page, 3)).toBeVisible();
      await fillBilling(page);
      await next(page);

      await expect(stepHeading(page, 4)).toBeVisible();
      await expect(page.getByText('•••• •••• •••• 1111')).toBeVisible();
      await expect(page.getByText('4111 1111 1111 1111')).toHaveCount(0);
      await expect(page.getByText(email)).toBeVisible();
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await expect(page.getByRole('heading', { name: '¡Gracias por registrarse!' })).toBeVisible();

      // Not confirmed yet: the login says so.
      await logIn(page, email, PASSWORD);
      await expect(page.getByRole('alert')).toContainText('Su cuenta aún no está confirmada');

      const link = await confirmationLink(email);
      await page.goto(link);
      await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();
      if (route.slug === 'sign-up') await expect(page.getByText(/Su asesor financiero es/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ver los productos' })).toHaveAttribute('href', '/web/home/calculadoras');

      await logIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/web\/dashboard$/);
      await expect(page.getByRole('banner').getByText(email)).toBeVisible();
      // The sales agent (staff) must enrol a second factor before its work area (issue 18); the
      // customers (investor, timber supplier, home owner) may choose, so they go straight in.
      const enrolment = page.getByRole('heading', { level: 1, name: 'Antes, configure un segundo factor' });
      if (route.slug === 'sign-up-comercial') await expect(enrolment).toBeVisible();
      else await expect(enrolment).toHaveCount(0);
      await page.getByRole('button', { name: 'Salir' }).click();
      await expect(page).toHaveURL(/\/web\/home$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
      expect(await page.evaluate(() => [localStorage.getItem('kc.userData'), sessionStorage.getItem('kc.userData')])).toEqual([null, null]);
      // The refused login of the unconfirmed account.
      allowStatuses(consoleErrors, 400);
    });
  }

  test('the wizard validates each step, keeps values going back, and opening a used link says so', async ({ page, consoleErrors }) => {
    test.setTimeout(60_000);
    await gotoApp(page, 'user/sign-up');
    await expect(page).toHaveTitle('Registro de inversor | KC');
    await expectNoAxeViolations(page);
    await next(page);
    await expect(stepHeading(page, 1)).toBeVisible();
    await expect(page.getByText('Requerido').first()).toBeVisible();
    await expect(byLabel(page, 'Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await byLabel(page, 'Correo electrónico').fill('not-an-email');
    await byLabel(page, 'Contraseña').fill('corta');
    await byLabel(page, 'Repita la contraseña').fill('otra');
    await next(page);
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 10 caracteres')).toBeVisible();
    await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
    await expectNoAxeViolations(page);

    const email = uniqueEmail('validation');
    await fillPersonal(page, email);
    await byLabel(page, 'Fecha de nacimiento').fill(`${new Date().getFullYear() - 17}-01-01`);
    await next(page);
    await expect(page.getByText('Debe tener al menos 18 años')).toBeVisible();
    await byLabel(page, 'Fecha de nacimiento').fill('1985-04-12');
    await next(page);

    await expect(stepHeading(page, 2)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    await byLabel(page, 'Número de tarjeta').fill('4111 1111 1111 1112');
    await byLabel(page, 'Código de seguridad (CCV)').fill('12');
    await byLabel(page, 'Fecha de caducidad (MM/AA)').fill('01/20');
    await byLabel(page, 'Dirección de su cartera Ethereum').fill('0x1234');
    await next(page);
    await expect(page.getByText('El número de tarjeta no es válido')).toBeVisible();
    await expect(page.getByText('El código de seguridad debe tener exactamente 3 caracteres')).toBeVisible();
    await expect(page.getByText('La tarjeta está caducada')).toBeVisible();
    await expect(page.getByText('La dirección Ethereum debe ser 0x seguido de 40 caracteres hexadecimales')).toBeVisible();
    await expectNoAxeViolations(page);

    // Going back keeps the values.
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(stepHeading(page, 1)).toBeVisible();
    await expect(byLabel(page, 'Correo electrónico')).toHaveValue(email);
    await expect(page.getByRole('combobox', { name: 'Ciudad', exact: true })).toHaveValue('Madrid');
    await next(page);
    await expect(byLabel(page, 'Número de tarjeta')).toHaveValue('4111 1111 1111 1112');

    // Without a card, only the wallet is needed.
    await page.getByLabel('Pagar con tarjeta de crédito o débito').uncheck();
    await byLabel(page, 'Dirección de su cartera Ethereum').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await next(page);
    await expect(stepHeading(page, 3)).toBeVisible();
    await next(page);
    await expect(page.getByText('Requerido').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await fillBilling(page);
    await byLabel(page, 'Código postal de facturación').fill('99999');
    await next(page);
    await expect(page.getByText('El código postal no es válido')).toBeVisible();
    await byLabel(page, 'Código postal de facturación').fill('28001');
    await next(page);
    await expect(page.getByText('Sin tarjeta')).toBeVisible();
    await expectNoAxeViolations(page);

    // A duplicate e-mail comes back from the server onto its field, on the first step.
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await byLabel(page, 'Correo electrónico').fill('investor@kc.example');
    for (let i = 0; i < 3; i++) await next(page);
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(stepHeading(page, 1)).toBeVisible();
    await expect(page.getByText('Ya existe una cuenta con este correo electrónico. Inicie sesión con ella')).toBeVisible();
    allowStatuses(consoleErrors, 409);
  });

  test('the cities list is searchable and says when nothing matches; countries offer Reintentar when they fail', async ({ page, consoleErrors }) => {
    let failCountries = true;
    await page.route('**/api/lookup/countries', (route) => (failCountries ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
    await gotoApp(page, 'user/sign-up-comercial');
    await expect(page.getByText('Error en la operación').first()).toBeVisible({ timeout: 15_000 });
    failCountries = false;
    await page.getByRole('button', { name: 'Reintentar' }).first().click();
    await choose(page, 'País', 'Portu', 'Portugal');
    const city = page.getByRole('combobox', { name: 'Ciudad', exact: true });
    await city.click();
    await city.fill('zzzzqqq');
    await expect(page.getByText('No matches found.')).toBeVisible();
    await city.fill('Lisbo');
    await expect(page.getByRole('option', { name: 'Lisbon', exact: true })).toBeVisible();
    allowStatuses(consoleErrors, 503);
  });

  test('login: required fields, the demo-account dropdown, errors from the server and the catalogue', async ({ page, consoleErrors }) => {
    await gotoApp(page, 'user/login');
    await expect(page).toHaveTitle('Iniciar sesión | KC');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await expect(page.getByText('Requerido')).toHaveCount(2);

    // 1. error_description from the server.
    await byLabel(page, 'Correo electrónico').fill('advisor@kc.example');
    await byLabel(page, 'Contraseña').fill('wrong-password');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.');
    await expectNoAxeViolations(page);

    const mock = async (fulfil: Parameters<Page['route']>[1]) => {
      await page.unroute('**/oauth/token');
      await page.route('**/oauth/token', fulfil);
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    };
    // 2. A typed error with a field list.
    await mock((route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'x', title: 'x', status: 400, detail: 'd', errors: [{ field: 'password', message: 'Requerido' }] }),
      }),
    );
    await expect(page.getByRole('alert')).toContainText('Existen errores en el formulario');
    await expect(page.getByRole('alert')).toContainText('password: Requerido');
    // 3. A typed error: its detail.
    await mock((route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ type: 'x', title: 'x', detail: 'Acceso denegado por el servidor.' }) }),
    );
    await expect(page.getByRole('alert')).toHaveText('Acceso denegado por el servidor.');
    // 4. No answer.
    await mock((route) => route.abort('connectionrefused'));
    await expect(page.getByRole('alert')).toHaveText(/^Operation could not be performed! /);
    // 5. HTTP 500.
    await mock((route) => route.fulfill({ status: 500, body: '' }));
    await expect(page.getByRole('alert')).toHaveText('Server returns error! Request failed with status code 500');
    // 6. Anything else.
    await mock((route) => route.fulfill({ status: 404, body: '' }));
    await expect(page.getByRole('alert')).toHaveText('Something went wrong!, Request failed with status code 404');
    await page.unroute('**/oauth/token');

    // The demo-account dropdown (127.0.0.1 is not production) fills both fields.
    await page.getByRole('combobox', { name: 'Usuario de prueba' }).click();
    await page.getByRole('option', { name: /^investor@kc\.example/ }).click();
    await expect(byLabel(page, 'Correo electrónico')).toHaveValue('investor@kc.example');
    await expect(byLabel(page, 'Contraseña')).toHaveValue(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await expect(page).toHaveURL(/\/web\/dashboard$/);
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((e) => !/status of (400|403|404|500)|ERR_CONNECTION_REFUSED|Failed to fetch/.test(e)),
    );
  });

  test('a remembered session is restored after a reload and ends at its expiry with a message', async ({ page }) => {
    await logIn(page, 'owner@kc.example', DEMO_PASSWORD, true);
    await expect(page).toHaveURL(/\/web\/dashboard$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kc.userData') ?? 'null'));
    expect(stored).toMatchObject({ identity: { username: 'owner@kc.example', roles: ['OWNER'] }, roles: ['OWNER'], expiryTime: 3_600_000 });
    await page.reload();
    await expect(page.getByRole('banner').getByText('owner@kc.example')).toBeVisible();

    // Make the stored session end in two seconds, then reload: restored, then ended at expiry.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('kc.userData')!);
      session.expiryDate = new Date(Date.now() + 2500).toISOString();
      localStorage.setItem('kc.userData', JSON.stringify(session));
    });
    await page.reload();
    await expect(page.getByRole('banner').getByText('owner@kc.example')).toBeVisible();
    await expect(page).toHaveURL(/\/web\/user\/login$/, { timeout: 10_000 });
    await expect(page.getByText('Su sesión ha caducado. Inicie sesión de nuevo.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('kc.userData'))).toBeNull();
  });

  test('a token revoked on the server (logout) gets 401', async ({ page, consoleErrors }) => {
    await logIn(page, 'supplier@kc.example', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/web\/dashboard$/);
    // The token is in the HttpOnly cookie only (the page's scripts cannot read it; the test's browser can).
    const token = (await sessionCookieValue(page.context()))!;
    expect(token).toBeTruthy();
    const revoked = await page.request.post('/oauth/revoke', {
      form: { token, client_id: 'kc-mobile', client_secret: 'kc-mobile-secret' },
    });
    expect(revoked.status()).toBe(200);
    const identity = await page.request.get('/api/users/identity', { headers: { authorization: `Bearer ${token}`, 'company-id': '1' } });
    expect(identity.status()).toBe(401);
    allowStatuses(consoleErrors, 401);
  });

  test('a wrong confirmation link shows the error with Reintentar', async ({ page, consoleErrors }) => {
    await gotoApp(page, 'user/confirm-sign-up?userId=00000000-0000-4000-8000-000000000000&token=nope');
    await expect(page.getByRole('alert')).toContainText('El enlace de confirmación no es válido.');
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(page).toHaveTitle('Confirmación del registro | KC');
    await expectNoAxeViolations(page);
    allowStatuses(consoleErrors, 404);
  });
});
