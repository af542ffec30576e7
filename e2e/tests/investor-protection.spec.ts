import fs from 'node:fs/promises';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { loginAs } from '../support/login.ts';
import { answerTest } from '../support/investor-protection.ts';

const PORT = Number(process.env['E2E_PORT'] ?? 3210);
const MAIL_DIR = path.resolve(import.meta.dirname, '../../var', `e2e-${PORT}`, 'mail');
const PASSWORD = 'una-clave-larga-2026';
type TParsed = { to?: { text: string }; text?: string };
const { simpleParser } = (await import('mailparser' as string)) as { simpleParser: (source: Buffer) => Promise<TParsed> };

async function confirmationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      for (const file of (await fs.readdir(MAIL_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
        const mail = await simpleParser(await fs.readFile(path.join(MAIL_DIR, file)));
        if (mail.to?.text !== email) continue;
        link = /https?:\/\/\S+\/web\/(user\/confirm-sign-up\?\S+)/.exec(mail.text ?? '')?.[1] ?? link;
      }
      return link;
    }, { timeout: 10_000 })
    .toBeTruthy();
  return link!;
}

/**
 * Investor protection (issue 16, helper kis): a new investor goes calculator → Contratar → the
 * appropriateness test → the risk warning → the sheet ticked → a contract; the key information
 * sheet as a page and as a PDF with the plan's name in both languages; axe at 1280 and 360 px.
 */
test.describe('investor protection', () => {
  test('a new investor: calculator, Contratar, test, warning, sheet ticked, contract', async ({ page }) => {
    const email = `kis.${Date.now()}@e2e.example`;
    const registered = await page.request.post('/api/users/register-inversor', {
      headers: { 'company-id': '1', 'accept-language': 'es' },
      data: {
        email,
        password: PASSWORD,
        repeatPassword: PASSWORD,
        dni: '12345678Z',
        firstName: 'Teresa',
        lastName: 'Test',
        dateOfBirth: '1985-04-12',
        countryId: 'ES',
        cityId: '3117735',
        postalCode: '28001',
        useCreditCard: true,
        creditCard: '4111 1111 1111 1111',
        ccv: '737',
        expirationDate: '12/39',
        newEthereumWallet: false,
        ethereumWallet: '0x52908400098527886E0F7030069857D2E4169EE7',
        billingAddressLine1: 'Calle Mayor 1',
        billingAddressLine2: '3º B',
        billingCountry: 'ES',
        billingState: 'Madrid',
        billingCity: 'Madrid',
        billingPostalCode: '28001',
        role: 'INVESTOR',
      },
    });
    expect(registered.status(), await registered.text()).toBeLessThan(300);
    await gotoApp(page, await confirmationLink(email));
    await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();
    await loginAs(page, email, PASSWORD);

    await gotoApp(page, 'home/calculadoras/jubilacion');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect(page.getByRole('link', { name: 'Ficha de datos fundamentales' })).toHaveAttribute('href', '/web/home/calculadoras/jubilacion/ficha');
    await page.getByRole('button', { name: 'Contratar' }).click();
    await expect(page).toHaveURL(/\/web\/inversor\/contratar$/);
    const draft = await page.evaluate(() => window.localStorage.getItem('kc.hireDraft'));
    const submit = page.getByRole('button', { name: 'Confirmar la contratación' });
    await expect(page.getByText('Antes de su primera contratación, responda al test de conveniencia.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Hacer el test de conveniencia' }).click();
    await expect(page).toHaveURL(/\/web\/inversor\/test-conveniencia$/);
    await page.getByRole('button', { name: 'Enviar el test' }).click();
    await expect(page.getByText('Elija una respuesta').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    // A net worth of 5,000 €: 10 % (500 €) is the sum shown at risk; the hire is above 5 % of it.
    await answerTest(page, { netWorth: '5000' });
    await expect(page.getByTestId('loss-capacity')).toContainText(/500,00\s€/);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Volver a la contratación' }).click();
    await expect(page).toHaveURL(/\/web\/inversor\/contratar$/);
    // The calculator's values came back with the investor.
    expect(await page.evaluate(() => window.localStorage.getItem('kc.hireDraft'))).toBe(draft);

    const warning = page.getByTestId('risk-warning');
    await expect(warning).toContainText('supera el 5 % de su patrimonio neto');
    await expect(warning).toContainText(/500,00\s€/);
    await page.getByLabel('Forma de pago').selectOption({ index: 1 });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /He leído la ficha de datos fundamentales/ }).check();
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Entiendo la advertencia y el riesgo de perder lo invertido' }).check();
    await expect(submit).toBeEnabled();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await submit.click();
    await expect(page).toHaveURL(/\/web\/inversor\/dashboard$/);
    await expect(page.getByText('Plan Jubilación Digna').first()).toBeVisible();
  });

  test('the sheet page and its PDF, with the plan name in both languages', async ({ page, request }) => {
    // Prerendered like the calculators: the sheet's text is in the HTML before any script runs.
    const html = await (await request.get('home/calculadoras/padrinazgo/ficha')).text();
    expect(html).toContain('Plan padrinazgo');
    expect(html).toContain('Sin garantía de depósitos');
    await gotoApp(page, 'home/calculadoras/padrinazgo/ficha');
    await expect(page.getByRole('heading', { level: 1, name: 'Ficha de datos fundamentales para el inversor: Plan padrinazgo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sin garantía de depósitos' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(page);
    const href = await page.getByTestId('kis-pdf').getAttribute('href');
    expect(href).toBe('/api/investor-protection/sheets/padrinazgo?lang=es');
    const pdf = await request.get('/api/investor-protection/sheets/padrinazgo?lang=es');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const doc = await getDocumentProxy(new Uint8Array(await pdf.body()));
    const { text } = await extractText(doc, { mergePages: true });
    expect(text).toContain('Plan padrinazgo');
    expect(text).toContain('Godparent plan');
  });
});
