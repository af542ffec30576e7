import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { loginAs } from '../support/login.ts';
import { completeInvestorProtection } from '../support/investor-protection.ts';

const ADVISOR = 'advisor@kc.example';
const INVESTOR = 'investor@kc.example';
const HIRED_TASK = /ha contratado un Plan Jubilación Digna: confirme el primer pago$/;

/** The navbar's bell; its accessible name carries the unread count. */
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notificaciones/ });

/** The unread count the bell says ('Notificaciones: 3 sin leer', '…: ninguna sin leer'), once the stream has said it. */
async function bellCount(page: Page): Promise<number> {
  await expect(bell(page)).toHaveAccessibleName(/^Notificaciones: (ninguna|\d+) sin leer$/);
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) sin leer/.exec(name)?.[1] ?? 0);
}

/** The demo investor hires a plan through the UI in a browser of their own (as investor-area.spec.ts does). */
async function investorHires(browser: Browser): Promise<void> {
  const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => window.localStorage.setItem('kc.cookieConsent', 'accepted'));
  await loginAs(page, INVESTOR);
  await gotoApp(page, 'home/calculadoras/jubilacion');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await page.getByRole('button', { name: 'Contratar' }).click();
  await expect(page).toHaveURL(/\/web\/inversor\/contratar$/);
  // Issue 16: the appropriateness test when there is none, the sheet ticked, any warning acknowledged.
  await completeInvestorProtection(page);
  await page.getByLabel('Forma de pago').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Confirmar la contratación' }).click();
  await expect(page).toHaveURL(/\/web\/inversor\/dashboard$/);
  await context.close();
  expect(errors, "console errors in the investor's browser").toEqual([]);
}

/** No horizontal scroll: the page fits the viewport. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const itemLink = (item: Locator) => item.getByRole('link', { name: 'Ver el contrato' });

test.describe('notifications and tasks', () => {
  test('a hire raises the advisor’s bell live; the task is in the inbox; read, dismiss and read all', async ({ page, browser }) => {
    await loginAs(page, ADVISOR);
    await gotoApp(page, 'dashboard');
    const before = await bellCount(page);
    // Marks this document: it must still be the same one when the count rises (no reload).
    await page.evaluate(() => ((window as unknown as { kcMark: number }).kcMark = 1));

    await investorHires(browser);

    await expect(bell(page)).toHaveAccessibleName(`Notificaciones: ${before + 1} sin leer`, { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { kcMark?: number }).kcMark)).toBe(1);
    await expect(page.getByRole('banner').getByRole('status')).toHaveText(/^Nueva notificación: .+ha contratado un Plan Jubilación Digna/);

    // The inbox: the new task first (newest first), open, high priority, unread.
    await bell(page).click();
    await expect(page).toHaveURL(/\/web\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones y tareas' })).toBeVisible();
    const task = page.getByRole('listitem', { name: HIRED_TASK }).first();
    await expect(task).toContainText('Tarea: Pendiente');
    await expect(task).toContainText('Prioridad alta');
    await expect(task).toContainText('Sin leer');
    const href = await itemLink(task).getAttribute('href');
    expect(href).toMatch(/^\/web\/inversor\/contratos\/[0-9a-f-]{36}$/);
    const mine = page.getByRole('listitem').filter({ has: page.locator(`a[href="${href}"]`) });
    await expectNoAxeViolations(page);

    // Mark read: the badge goes, the bell counts one less.
    await mine.getByRole('button', { name: 'Marcar como leída' }).click();
    await expect(mine).not.toContainText('Sin leer');
    await expect(mine.getByRole('button', { name: 'Marcar como leída' })).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName(before === 0 ? 'Notificaciones: ninguna sin leer' : `Notificaciones: ${before} sin leer`);

    // Filters: the open tasks include it; the read filter 'Sin leer' no longer does.
    await page.getByLabel('Tipo').selectOption('task');
    await page.getByLabel('Estado de la tarea').selectOption('open');
    await expect(page).toHaveURL(/tipo=task&tarea=open/);
    await expect(mine).toHaveCount(1);
    await page.getByLabel('Lectura').selectOption('sin-leer');
    await expect(mine).toHaveCount(0);
    await page.getByRole('button', { name: 'Quitar los filtros' }).click();
    await expect(mine).toHaveCount(1);

    // Dismiss: it leaves the list.
    await mine.getByRole('button', { name: 'Descartar' }).click();
    await expect(mine).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Notificación descartada.' })).toBeAttached();

    // Mark all read: nothing unread is left.
    const readAll = page.getByRole('button', { name: 'Marcar todas como leídas' });
    if (before > 0) {
      await readAll.click();
      await expect(page.getByRole('listitem').filter({ hasText: 'Sin leer' })).toHaveCount(0);
    }
    await expect(bell(page)).toHaveAccessibleName('Notificaciones: ninguna sin leer');
    await expect(readAll).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('the inbox at 360 px: no horizontal scroll, the bell beside the menu, no axe violation; and in English', async ({ page, browser }) => {
    await investorHires(browser);
    await loginAs(page, ADVISOR);
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoApp(page, 'notifications');
    await expect(page.getByRole('listitem', { name: HIRED_TASK }).first()).toBeVisible();
    await expect(bell(page)).toBeVisible();
    await expect(bell(page)).toHaveAttribute('aria-current', 'page');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications and tasks' })).toBeVisible();
    // Titles come in the reader's language.
    await expect(page.getByRole('listitem', { name: /: please confirm the first payment$/ }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications: (none|\d+) unread$/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('a session revoked elsewhere ends in the open tab at once: the stream says so and the tab goes to the login page', async ({ page }) => {
    const session = await loginAs(page, ADVISOR);
    await gotoApp(page, 'notifications');
    // The inbox is on screen (for staff it waits for the second-factor status), and the stream is open.
    await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones y tareas' })).toBeVisible();
    await bellCount(page);
    // As when an admin deactivates the user or the session is closed from another device.
    const revoked = await page.request.post('/oauth/revoke', {
      form: { token: session.token, token_type_hint: 'access_token', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret' },
      headers: { 'company-id': '1' },
    });
    expect(revoked.ok()).toBe(true);
    await expect(page).toHaveURL(/\/web\/user\/login$/, { timeout: 10_000 });
    await expect(page.getByText('Su sesión ya no es válida. Inicie sesión de nuevo.')).toBeVisible();
    await expect(bell(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('kc.userData'))).toBeNull();
  });

  test('a visitor who is not logged in has no bell and is sent from the inbox to the login page', async ({ page }) => {
    await gotoApp(page, 'notifications');
    await expect(page).toHaveURL(/\/web\/user\/login$/);
    await expect(bell(page)).toHaveCount(0);
  });
});
