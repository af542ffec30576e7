import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';
import { appPath, confirmationPath, mailedLink } from '../support/mail.ts';
import { registerInvestor } from '../support/register.ts';

/**
 * Erasure (issue 16, Art. 17): a new person with no live contract asks for the erasure from
 * /account, opens the mail's one-time link, confirms, is told what is kept and until when, and
 * can no longer sign in. Axe finds nothing on either screen, at 360 px too.
 */
const PASSWORD = 'una-clave-larga-2026';

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}\\s*\\*?$`));

async function logIn(page: Page, email: string): Promise<void> {
  await gotoApp(page, 'user/login');
  await byLabel(page, 'Correo electrónico').fill(email);
  await byLabel(page, 'Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('a new person asks for the erasure from /account, confirms it by mail, sees what is kept and can no longer sign in', async ({ page, consoleErrors }) => {
  // Two screens, a dialog and six axe runs on a shared machine.
  test.setTimeout(120_000);
  const email = `e2e.erasure.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await registerInvestor(page.request, { email, password: PASSWORD, firstName: 'Olvido', lastName: 'Borrado Pérez' });
  await gotoApp(page, await confirmationPath(email));
  await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();

  // /account: the section says what is kept and until when; a confirmation; then the mail.
  await logIn(page, email);
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  await gotoApp(page, 'account');
  const section = page.getByRole('region', { name: 'Supresión de sus datos' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('conservamos sus contratos y los registros de sus pagos durante 5 años');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Solicitar la supresión de mis datos' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Solicitar la supresión de sus datos?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Sí, enviarme el correo' }).click();
  await expect(section.getByRole('status')).toContainText('Le hemos enviado un correo');
  await expectNoAxeViolations(page);

  // The mail's link: the confirmation page, then the result.
  const link = await mailedLink(email, /(https?:\/\/\S+\/web\/privacy\/erasure\/confirm#token=[A-Za-z0-9_-]+)/);
  await gotoApp(page, appPath(link));
  await expect(page.getByRole('heading', { level: 1, name: 'Supresión de sus datos' })).toBeVisible();
  // The token leaves the address bar once read.
  await expect(page).not.toHaveURL(/token=/);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirmar la supresión' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sus datos se han suprimido' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Su cuenta está cerrada');
  // No contract or payment of theirs: nothing is kept.
  await expect(page.getByRole('region', { name: 'Lo que conservamos y hasta cuándo' })).toContainText('no guardamos nada más');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  // The account is gone: the same e-mail and password no longer sign in.
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, email);
  await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.');
  // That refused login is the only failed request the browser reports (400 invalid_grant).
  expect(consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  allowStatuses(consoleErrors, 400);
});
