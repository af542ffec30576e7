import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { APPROPRIATENESS_QUESTIONS, KEY_INFO_SHEET_VERSION } from '@kc/domain';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { apiHeaders, createSession, loginAs } from '../support/login.ts';
import { answerTest } from '../support/investor-protection.ts';
import { registerInvestor } from '../support/register.ts';

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

/** Signs a new investor up through the API (as the sign-up page does); the confirmation comes by mail. */
async function register(page: Page, email: string, firstName: string, lastName: string): Promise<void> {
  await registerInvestor(page.request, { email, password: PASSWORD, firstName, lastName });
}

/**
 * Investor protection (issue 16, helper kis): a new investor goes calculator → Contratar → the
 * appropriateness test → the risk warning → the sheet ticked → a contract; the key information
 * sheet as a page and as a PDF with the plan's name in both languages; axe at 1280 and 360 px.
 */
test.describe('investor protection', () => {
  // The journeys sign a new investor up and go through several screens, with axe on each.
  test.describe.configure({ timeout: 120_000 });
  test('a new investor: calculator, Contratar, test, warning, sheet ticked, contract, the countdown, then Revocar', async ({ page }) => {
    const email = `kis.${Date.now()}@e2e.example`;
    await register(page, email, 'Teresa', 'Test');
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

    // The reflection period (decision 0026): the dashboard row counts down, the details too; then Revocar.
    await expect(page.getByText(/^Revocable durante 4 días/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /^Detalles del contrato Plan Jubilación Digna/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalles del contrato' });
    await expect(details.getByText(/^Puede revocar este contrato sin dar motivos y sin penalización durante 4 días/)).toBeVisible();
    await expect(details.getByRole('button', { name: 'Renunciar al periodo de reflexión' })).toBeVisible();
    await expectNoAxeViolations(page);
    await details.getByRole('button', { name: 'Revocar' }).click();
    const confirm = details.getByRole('alertdialog', { name: '¿Desea revocar este contrato?' });
    await expect(confirm).toContainText('puede desistir sin dar motivos y sin ninguna penalización');
    await confirm.getByRole('button', { name: 'Si' }).click();
    await expect(details.getByRole('status').filter({ hasText: 'Contrato revocado.' })).toBeVisible();
    await expect(details).toContainText('Eliminado');
    await expect(details).toContainText('Revocado en el periodo de reflexión');
    await expect(details.getByRole('button', { name: 'Revocar' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the waiver and the advisor: activation waits for the period, allowed once the investor waived it', async ({ page }) => {
    const email = `waiver.${Date.now()}@e2e.example`;
    await register(page, email, 'Rosa', 'Renuncia');
    await gotoApp(page, await confirmationLink(email));
    await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();
    // The hire through the API, as the hiring screen sends it (the journey above covers the screens).
    const investor = await createSession(page.request, email, PASSWORD);
    const headers = apiHeaders(investor);
    const taken = await page.request.post(`/api/customers/${investor.userId}/appropriateness`, {
      headers,
      data: { answers: Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct === '*' ? q.options[0]!.id : q.correct])), netWorth: '250000', yearlyIncome: '40000', commitments: '6000' },
    });
    expect(taken.status(), await taken.text()).toBeLessThan(300);
    const products = (await (await page.request.get('/api/products', { headers })).json()) as { id: string; productKey: string }[];
    const card = ((await (await page.request.get('/api/users/payment-preferences', { headers })).json()) as { id: string }[])[0]!;
    const today = new Date().toISOString().slice(0, 10);
    const hired = await page.request.post(`/api/customers/${investor.userId}/contracts`, {
      headers,
      data: {
        productType: 'SAVINGS_PLAN',
        productKey: 'jubilacion',
        productId: products.find((p) => p.productKey === 'jubilacion')!.id,
        initialAmount: 2500,
        recurringAmount: 150,
        submissionDate: today,
        expiringDate: `${Number(today.slice(0, 4)) + 20}${today.slice(4)}`,
        paymentPreferenceId: card.id,
        keyInfoVersion: KEY_INFO_SHEET_VERSION,
        riskAcknowledged: true,
      },
    });
    expect(hired.status(), await hired.text()).toBe(201);
    const contractId = ((await hired.json()) as { id: string }).id;

    // The administrator sees the period on the client's page, Activar disabled with its reason; the API refuses too.
    const admin = await loginAs(page, 'admin@kc.example');
    await gotoApp(page, `advisor/clients/${investor.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rosa Renuncia' })).toBeVisible();
    const block = page.getByRole('listitem', { name: 'Plan Jubilación Digna' });
    await expect(block.getByText(/^Periodo de reflexión abierto hasta el .+ \(hora de Madrid\)\. No se puede activar/)).toBeVisible();
    const activate = block.getByRole('button', { name: 'Activar: Plan Jubilación Digna' });
    await expect(activate).toBeDisabled();
    await expectNoAxeViolations(page);
    const refused = await page.request.post(`/api/contracts/${contractId}/activate`, { headers: apiHeaders(admin), data: { paymentReference: 'TRF-E2E' } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('reflectionPeriodOpen');

    // The investor waives it from the contract's details: the recorded text, a tick, Renunciar.
    await loginAs(page, email, PASSWORD);
    await gotoApp(page, 'inversor/dashboard');
    await page.getByRole('link', { name: /^Detalles del contrato Plan Jubilación Digna/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalles del contrato' });
    await details.getByRole('button', { name: 'Renunciar al periodo de reflexión' }).click();
    const confirm = details.getByRole('alertdialog', { name: '¿Desea renunciar al periodo de reflexión de este contrato?' });
    await expect(confirm).toContainText('pierdo el derecho a revocarlo sin dar motivos y sin penalización');
    const waive = confirm.getByRole('button', { name: 'Renunciar', exact: true });
    await expect(waive).toBeDisabled();
    await expectNoAxeViolations(page);
    await confirm.getByRole('checkbox', { name: 'He leído el texto anterior y renuncio expresamente al periodo de reflexión.' }).check();
    await waive.click();
    await expect(details.getByText(/^Renuncia registrada el .+ \(hora de Madrid\) por Rosa Renuncia/)).toBeVisible();
    await expect(details.getByRole('button', { name: 'Revocar' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Back to the administrator: the period shows as waived and the activation goes through.
    await loginAs(page, 'admin@kc.example');
    await gotoApp(page, `advisor/clients/${investor.userId}`);
    await expect(block.getByText(/^Periodo de reflexión renunciado por el inversor el /)).toBeVisible();
    await expect(activate).toBeEnabled();
    await activate.click();
    const dialog = page.getByRole('dialog', { name: 'Activar el contrato Plan Jubilación Digna de Rosa Renuncia' });
    await dialog.getByLabel(/^Importe \(€\)/).fill('2500.00');
    await dialog.getByLabel(/^Referencia del primer pago/).fill(`TRF-${contractId.slice(0, 8)}`);
    await dialog.getByRole('button', { name: 'Registrar el pago y activar' }).click();
    await expect(dialog).toBeHidden();
    await expect(block).toContainText('Activo');
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
