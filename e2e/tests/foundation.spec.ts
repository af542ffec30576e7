import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';

test.describe('navbar, footer and language', () => {
  test('the landing shows the logged-out navbar and the footer', async ({ page }) => {
    await gotoApp(page, './');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/web/home');
    await expect(nav.getByRole('link', { name: 'Tablero' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/web/user/login');
    await expect(page.getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/web/user/sign-up');
    await expect(page.getByRole('link', { name: 'KC — inicio' })).toHaveAttribute('href', '/web/home');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Términos y condiciones' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Contacto' })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('switching to English is stored and survives a reload', async ({ page }) => {
    await gotoApp(page, 'home');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('kc.language'))).toBe('en');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('an unknown path answers 404 with the not-found page', async ({ page, consoleErrors }) => {
    const response = await page.goto('no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page).toHaveTitle('Página no encontrada | KC');
    // Chromium reports the 404 document itself as a failed resource; that is this test's point.
    allowStatuses(consoleErrors, 404);
  });

  test('a deep link to an app route is served by the app', async ({ page }) => {
    const response = await page.goto('user/list');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('has a favicon and no accessibility violations', async ({ page, request }) => {
    expect((await request.get('favicon.svg')).status()).toBe(200);
    await gotoApp(page, 'home');
    await expectNoAxeViolations(page);
  });

  test('the root of the site redirects to /web/', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/web\/$/);
  });
});

test.describe('cookie dialog', () => {
  test.use({ cookieConsent: null });

  test('opens until accepted, and stays closed after acceptance', async ({ page, context }) => {
    await gotoApp(page, 'home');
    const dialog = page.getByRole('dialog', { name: 'Utilizamos cookies' });
    await expect(dialog).toBeVisible();
    expect(await context.cookies()).toEqual([]);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Utilizamos cookies' })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('kc.cookieConsent'))).toBe('accepted');
  });

  test('rejecting non-essential cookies is remembered too', async ({ page }) => {
    await gotoApp(page, 'home');
    await page.getByRole('button', { name: 'Rechazar las no esenciales' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
