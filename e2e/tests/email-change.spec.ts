import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';
import { apiHeaders, createSession, giveSessionCookie, nextTotpCode, saveTotpSecret, storedSessionOf, type TE2eSession } from '../support/login.ts';
import { appPath, confirmationPath, mailedLink } from '../support/mail.ts';
import { registerInvestor } from '../support/register.ts';

/**
 * Changing one's e-mail (issue 18, decision 0037): an investor with an authenticator app asks on
 * /account (the step-up dialog first, a wrong password refused on its field), confirms from the
 * link mailed to the new address, is told the change on the old one, and signs in with the new
 * address; the used link says so. Axe on the form and the confirm page, at 360 px too.
 */
const PASSWORD = 'una-clave-larga-2026';
const uniqueEmail = (tag: string) => `e2e.ec.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLabel = (scope: Page | ReturnType<Page['getByRole']>, label: string) => scope.getByLabel(new RegExp(`^${escapeRe(label)}\\s*\\*?$`));
const CONFIRM_LINK = /(https?:\/\/\S+\/web\/account\/email\/confirm#token=[A-Za-z0-9_-]+)/;

async function expectAxeAtBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Enrols an authenticator app through the API with `session` (the helper keeps the secret for the codes). */
async function enrolTotp(page: Page, email: string, session: TE2eSession): Promise<void> {
  const headers = apiHeaders(session);
  const setup = await page.request.post('/api/strong-auth/totp/setup', { headers });
  expect(setup.ok()).toBe(true);
  const secret = new URL(((await setup.json()) as { otpauthUri: string }).otpauthUri).searchParams.get('secret')!;
  saveTotpSecret(email, secret);
  const confirmed = await page.request.post('/api/strong-auth/totp/confirm', { headers, data: { code: await nextTotpCode(email) } });
  expect(confirmed.ok()).toBe(true);
}

test.describe('e-mail change (issue 18)', () => {
  test('an investor changes their e-mail with a step-up, confirms it from the new inbox and signs in with it', async ({ page, consoleErrors }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    await registerInvestor(page.request, { email, password: PASSWORD, firstName: 'Elena', lastName: 'Cambio Correo' });
    await gotoApp(page, await confirmationPath(email));
    await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();

    // This browser's session opens before the enrolment: it has never used the second factor.
    const session = await createSession(page.request, email, PASSWORD, { reuse: false });
    await enrolTotp(page, email, await createSession(page.request, email, PASSWORD, { reuse: false }));
    // Put once into this browser (not an init script: the sign-out at the end must stick).
    await giveSessionCookie(page.context(), session);
    await page.evaluate((value) => window.localStorage.setItem('kc.userData', value), JSON.stringify(storedSessionOf(session)));

    await gotoApp(page, 'account');
    const section = page.getByRole('region', { name: 'Cambiar el correo electrónico' });
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
    await expectAxeAtBothWidths(page);

    // A bad address is refused on its field before anything is sent.
    const newField = byLabel(section, 'Nuevo correo electrónico');
    const passwordField = byLabel(section, 'Contraseña actual');
    await newField.fill('no-es-un-correo');
    await passwordField.fill(PASSWORD);
    await section.getByRole('button', { name: 'Cambiar el correo electrónico' }).click();
    await expect(newField).toHaveAttribute('aria-invalid', 'true');

    // The step-up dialog first; then the wrong password is refused on its field.
    await newField.fill(newEmail.toUpperCase());
    await passwordField.fill('no-es-la-clave');
    await section.getByRole('button', { name: 'Cambiar el correo electrónico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirme que es usted' });
    await expect(dialog.getByText('Va a cambiar su correo electrónico.')).toBeVisible();
    await expectNoAxeViolations(page);
    await byLabel(dialog, 'Código de su aplicación de autenticación').fill(await nextTotpCode(email));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toBeHidden();
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(newField).toHaveValue(newEmail.toUpperCase());

    // The right password: the link goes to the new address (no second dialog: the step-up is fresh).
    await passwordField.fill(PASSWORD);
    await section.getByRole('button', { name: 'Cambiar el correo electrónico' }).click();
    await expect(section.getByRole('status')).toContainText(`Hemos enviado un enlace a ${newEmail}.`);
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
    await expectAxeAtBothWidths(page);
    await mailedLink(email, /(Alguien que ha accedido a su cuenta de KC con su contraseña)/);

    // The link from the new inbox: a click confirms.
    const link = await mailedLink(newEmail, CONFIRM_LINK);
    await gotoApp(page, appPath(link));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmar el nuevo correo electrónico' })).toBeVisible();
    await expect(page).not.toHaveURL(/#token=/);
    await expectAxeAtBothWidths(page);
    await page.getByRole('button', { name: 'Confirmar el nuevo correo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Correo electrónico cambiado' })).toBeVisible();
    const done = page.getByRole('main').getByRole('status').filter({ hasText: 'El correo electrónico de su cuenta es ahora' });
    await expect(done).toContainText(`El correo electrónico de su cuenta es ahora ${newEmail}.`);
    await expect(done).toContainText('Hemos cerrado sus demás sesiones abiertas.');
    await expectAxeAtBothWidths(page);
    await mailedLink(email, /(se ha cambiado por \S+)/);

    // This browser's session lives on, with the new address.
    await page.getByRole('link', { name: 'Ir a mi cuenta' }).click();
    await expect(page.getByRole('main').getByText(newEmail, { exact: true })).toBeVisible();

    // The link works once: opened again, it says so.
    await gotoApp(page, appPath(link));
    await page.getByRole('button', { name: 'Confirmar el nuevo correo' }).click();
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Este enlace ya se utilizó' })).toBeVisible();
    await expectAxeAtBothWidths(page);

    // Signs in with the new address (and the second factor).
    await page.getByRole('banner').getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/web\/home$/);
    await gotoApp(page, 'user/login');
    await byLabel(page, 'Correo electrónico').fill(newEmail);
    await byLabel(page, 'Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await byLabel(page, 'Código de su aplicación de autenticación').fill(await nextTotpCode(email));
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/web\/dashboard$/);
    // The wrong password (400), the step-up's 403, the used link (409) and the login's mfa_required (400) were expected
    // answers. No 401: Salir holds the calls made while it revokes the token (use-logout.ts).
    allowStatuses(consoleErrors, 400, 403, 409);
  });
});
