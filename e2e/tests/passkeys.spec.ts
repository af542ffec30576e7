import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';
import { createSession, giveSessionCookie, storedSessionOf } from '../support/login.ts';
import { confirmationPath } from '../support/mail.ts';
import { registerInvestor } from '../support/register.ts';

/**
 * Passkeys (issue 18, docs/decisions/0033) in Chromium with its virtual authenticator (CDP
 * WebAuthn: CTAP2, internal, resident keys, user verification): an investor adds a passkey on the
 * security page (the first factor: recovery codes shown), logs out, signs in without a password
 * with it, and confirms a protected action (the data export of an older session) with it in the
 * step-up dialog, then removes it with the keyboard alone (the focus on "No", then on the
 * section's heading, a status message). Axe on the security page, at 360 px too. Browsers refuse
 * an IP address as a relying party: this spec opens the app at http://localhost
 * (WEBAUTHN_RP_ID=localhost).
 */
const PORT = Number(process.env['E2E_PORT'] ?? 3210);
const PASSWORD = 'una-clave-larga-2026';

test.use({ baseURL: `http://localhost:${PORT}/web/` });

test('an investor adds a passkey, signs in with it without a password, and confirms the export with it', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  const email = `e2e.passkey.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await registerInvestor(page.request, { email, password: PASSWORD, firstName: 'Pablo', lastName: 'Llave Segura' });
  await gotoApp(page, await confirmationPath(email));
  await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();
  // A session opened before the passkey: it has never proved a second factor.
  const earlier = await createSession(page.request, email, PASSWORD, { reuse: false });

  // The device: Chromium's virtual authenticator, as a phone with a fingerprint reader.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await gotoApp(page, 'user/login');
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
  await expect(page).toHaveURL(/\/web\/dashboard$/);

  await gotoApp(page, 'account/security');
  const section = page.getByRole('region', { name: 'Llaves de acceso' });
  await expect(section).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByLabel('Nombre de la llave').fill('Móvil de Pablo');
  await section.getByTestId('add-passkey').click();
  // The first factor: ten recovery codes, shown once.
  const panel = page.getByTestId('recovery-codes');
  await expect(panel.getByTestId('recovery-code')).toHaveCount(10);
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(page.getByTestId('passkey-item')).toHaveCount(1);
  await expect(page.getByTestId('passkey-item')).toContainText('Móvil de Pablo');
  await expect(page.getByTestId('security-status')).toHaveText('Su cuenta está protegida con un segundo factor.');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Out, and in again with the passkey alone.
  await page.getByRole('banner').getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/web\/home$/);
  await gotoApp(page, 'user/login');
  // The same words as the security page: "llave de acceso", never "passkey".
  await expect(page.getByTestId('passkey-sign-in')).toHaveText('Entrar con una llave de acceso');
  await page.getByTestId('passkey-sign-in').click();
  await expect(page).toHaveURL(/\/web\/dashboard$/);
  await gotoApp(page, 'account/security');
  await expect(page.getByTestId('passkey-item')).toContainText('Último uso');

  // The older session (no second factor proved yet): the export asks for it first.
  await giveSessionCookie(page.context(), earlier);
  await page.evaluate((value) => window.localStorage.setItem('kc.userData', value), JSON.stringify(storedSessionOf(earlier)));
  await gotoApp(page, 'account');
  const exportSection = page.getByRole('region', { name: 'Copia de sus datos' });
  const downloading = page.waitForEvent('download');
  await exportSection.getByRole('button', { name: 'Descargar mis datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirme que es usted' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByTestId('second-factor-passkey').click();
  await expect(dialog).toBeHidden();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kc-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);

  // Removing the passkey with the keyboard alone (this session has just proved its second factor).
  await gotoApp(page, 'account/security');
  const keys = page.getByRole('region', { name: 'Llaves de acceso' });
  await keys.getByRole('button', { name: 'Quitar la llave de acceso Móvil de Pablo' }).focus();
  await page.keyboard.press('Enter');
  const question = keys.getByRole('alertdialog', { name: '¿Desea quitar la llave de acceso Móvil de Pablo?' });
  await expect(question.getByRole('button')).toHaveText(['Sí', 'No']);
  await expect(question.getByRole('button', { name: 'No', exact: true })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(question.getByRole('button', { name: 'Sí', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(keys.getByRole('status')).toHaveText('Llave de acceso eliminada.');
  await expect(keys.getByRole('heading', { level: 2, name: 'Llaves de acceso' })).toBeFocused();
  await expect(page.getByTestId('passkey-item')).toHaveCount(0);
  await expect(keys.getByText('Todavía no tiene llaves de acceso.')).toBeVisible();
  await expectNoAxeViolations(page);
  // The refused first try (403 stepUpRequired) is the browser's line for an answer the test provoked.
  allowStatuses(consoleErrors, 403);
});
