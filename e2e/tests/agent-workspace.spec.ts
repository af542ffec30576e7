import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { loginAs } from '../support/login.ts';

/**
 * The agent's workspace (issue 14): an agent reserves a lead in /web/agent; the person signs up
 * through the sign-up wizard, confirms with the link the server wrote, and appears as the
 * agent's client; a team manager assigns a pending investor to an agent of their team. axe runs
 * on every new screen, at 360 px too. The team manager's test needs the sales network's demo seed
 * (team.manager@kc.example runs Madrid Centro, where agent@kc.example works).
 */
// The machine is shared: each step may wait longer than the suite's default.
const expect = baseExpect.configure({ timeout: 20_000 });
const PORT = Number(process.env['E2E_PORT'] ?? 3210);
const MAIL_DIR = path.resolve(import.meta.dirname, '../../var', `e2e-${PORT}`, 'mail');
const PASSWORD = 'una-clave-larga-2026';

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
const byLabel = (page: Page | Locator, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}\\s*\\*?$`));
const uniqueEmail = (tag: string) => `e2e.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function choose(page: Page, label: string, search: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The investor sign-up wizard, start to finish, for `email`. */
async function signUp(page: Page, email: string, first: string, last: string): Promise<void> {
  const next = () => page.getByRole('button', { name: 'Siguiente' }).click();
  await gotoApp(page, 'user/sign-up');
  await byLabel(page, 'Correo electrónico').fill(email);
  await byLabel(page, 'Contraseña').fill(PASSWORD);
  await byLabel(page, 'Repita la contraseña').fill(PASSWORD);
  await byLabel(page, 'Nombre').fill(first);
  await byLabel(page, 'Apellidos').fill(last);
  await byLabel(page, 'DNI, NIE o documento de identidad').fill('12345678Z');
  await byLabel(page, 'Fecha de nacimiento').fill('1985-04-12');
  await choose(page, 'País', 'Españ', 'España');
  await choose(page, 'Ciudad', 'Madrid', 'Madrid');
  await byLabel(page, 'Código postal').fill('28001');
  await next();
  await expect(page.getByRole('heading', { level: 2, name: /^Paso 2 de 4/ })).toBeVisible();
  await byLabel(page, 'Número de tarjeta').fill('4111 1111 1111 1111');
  await byLabel(page, 'Código de seguridad (CCV)').fill('737');
  await byLabel(page, 'Fecha de caducidad (MM/AA)').fill('12/39');
  await byLabel(page, 'Dirección de su cartera Ethereum').fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await next();
  await expect(page.getByRole('heading', { level: 2, name: /^Paso 3 de 4/ })).toBeVisible();
  await byLabel(page, 'Dirección (línea 1)').fill('Calle Mayor 1');
  await byLabel(page, 'Dirección (línea 2)').fill('3º B');
  await choose(page, 'País de facturación', 'Españ', 'España');
  await byLabel(page, 'Provincia o región').fill('Madrid');
  await byLabel(page, 'Ciudad de facturación').fill('Madrid');
  await byLabel(page, 'Código postal de facturación').fill('28001');
  await next();
  await expect(page.getByRole('heading', { level: 2, name: /^Paso 4 de 4/ })).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByRole('heading', { name: '¡Gracias por registrarse!' })).toBeVisible();
}

test.describe('agent workspace', () => {
  test.describe.configure({ timeout: 180_000 });
  test('an agent reserves a lead; the person signs up, confirms, and appears as the agent client', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('lead');
    await loginAs(page, 'agent@kc.example');
    await gotoApp(page, 'agent');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi espacio comercial' })).toBeVisible();
    // The seed's leads: one expiring within 15 days.
    await expect(page.getByRole('table', { name: 'Mis contactos y reservas' })).toBeVisible();
    await expect(page.getByText('Vence pronto').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Registrar contacto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar un contacto' });
    // Clear field errors first.
    await dialog.getByRole('button', { name: 'Registrar y reservar' }).click();
    await expect(byLabel(dialog, 'Nombre')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Requerido').first()).toBeVisible();
    await byLabel(dialog, 'Nombre').fill('Berta');
    await byLabel(dialog, 'Apellidos').fill('Futura Inversora');
    await byLabel(dialog, 'Correo electrónico').fill(email);
    await byLabel(dialog, 'Teléfono').fill('+34 600 123 456');
    await byLabel(dialog, 'Nota').fill('Conocida en la jornada de puertas abiertas');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Registrar y reservar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Berta Futura Inversora queda reservado a su nombre hasta el' })).toBeVisible();

    // The filters live in the address: search for her.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Reservado');

    // The person signs up (another browser context: nobody logged in) and confirms.
    const visitor = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}/web/`, locale: 'es-ES' });
    await visitor.addInitScript(() => window.localStorage.setItem('kc.cookieConsent', 'accepted'));
    const person = await visitor.newPage();
    await signUp(person, email, 'Berta', 'Futura Inversora');
    await person.goto(await confirmationLink(email));
    await expect(person.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();
    await visitor.close();

    // The agent: the lead converted, and she is a client.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-kc-hydrated'));
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Convertido en cliente');
    await page.getByRole('tab', { name: 'Mis clientes' }).click();
    await expect(page).toHaveURL(/tab=clients/);
    const client = page.getByRole('row').filter({ hasText: email });
    await expect(client).toContainText('Berta Futura Inversora');
    await expect(client).toContainText('Contacto propio');
    // The seed's converted client shows her contracts and their states (read only).
    await expect(page.getByRole('row').filter({ hasText: 'cliente.agente@kc.example' })).toContainText('Activo');
    await expectNoAxeViolations(page);
  });

  test('extend once and discard, each after a confirmation dialog', async ({ page }) => {
    await loginAs(page, 'agent@kc.example');
    await gotoApp(page, 'agent?state=RESERVED&q=marcos.interesado');
    const row = page.getByRole('row').filter({ hasText: 'marcos.interesado@example.com' });
    await row.getByRole('button', { name: 'Ampliar la reserva de Marcos Interesado' }).click();
    const extend = page.getByRole('dialog', { name: 'Ampliar la reserva' });
    await expect(extend).toContainText('Puede ampliarla una sola vez');
    await extend.getByRole('button', { name: 'Sí, ampliar 6 meses' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'se ha ampliado hasta el' })).toBeVisible();
    await gotoApp(page, 'agent?q=marcos.interesado');
    const extended = page.getByRole('row').filter({ hasText: 'marcos.interesado@example.com' });
    await expect(extended).toContainText('Ampliado');
    await expect(extended.getByRole('button', { name: /^Ampliar/ })).toHaveCount(0);

    await extended.getByRole('button', { name: 'Descartar a Marcos Interesado' }).click();
    const discard = page.getByRole('dialog', { name: 'Descartar el contacto' });
    await discard.getByRole('button', { name: 'Descartar', exact: true }).click();
    await expect(discard.getByText('Requerido').first()).toBeVisible();
    await discard.getByRole('radio', { name: 'Ha rechazado la oferta' }).check();
    await discard.getByLabel(/Explique brevemente el motivo/).fill('Prefiere un plazo más corto');
    await expectNoAxeViolations(page);
    await discard.getByRole('button', { name: 'Descartar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Se ha descartado a Marcos Interesado.' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'marcos.interesado@example.com' })).toContainText('Descartado');
  });

  test('a team manager assigns a pending investor to an agent of their team', async ({ page }) => {
    await loginAs(page, 'team.manager@kc.example');
    await gotoApp(page, 'sales/pending?q=pendiente.uno');
    await expect(page.getByRole('heading', { level: 1, name: 'Asignaciones pendientes' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'pendiente.uno@kc.example' });
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: 'Asignar a Pablo Pendiente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Asignar a un comercial' });
    await dialog.getByRole('button', { name: 'Asignar', exact: true }).click();
    await expect(dialog.getByText('Elija un comercial').last()).toBeVisible();
    await dialog.getByRole('combobox', { name: /Comercial/ }).selectOption({ label: 'Andrés Comercial · Madrid Centro' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Asignar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Pablo Pendiente se ha asignado a Andrés Comercial.' })).toBeVisible();
    await expect(page.getByText('No hay inversores pendientes de asignar.')).toBeVisible();
  });

  test('axe finds no violation on the new screens at 360 px, and other roles are told they have no access', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await loginAs(page, 'agent@kc.example');
    for (const url of ['agent', 'agent?view=CARD', 'agent?view=FULL', 'agent?tab=clients&view=FULL']) {
      await gotoApp(page, url);
      await expect(page.getByRole('heading', { level: 1, name: 'Mi espacio comercial' })).toBeVisible();
      await expect(page.getByText('Reservas vigentes')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /contactos?|clientes?/ }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
    await gotoApp(page, 'sales/pending');
    await expect(page.getByText('No tiene acceso a esta página')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
