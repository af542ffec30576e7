import type { Page } from '@playwright/test';
import { APPROPRIATENESS_QUESTIONS } from '@kc/domain';
import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { apiHeaders, createSession, loginAs } from '../support/login.ts';
import { confirmationPath } from '../support/mail.ts';
import { registerInvestor } from '../support/register.ts';

/**
 * Seller payouts (issue 18, decision 0036): a trade is seeded through the API (the demo investor
 * offers units, a new investor who passed the appropriateness test buys them all); the ADMIN
 * opens "Pagos a vendedores", sees what is owed, the sale and the seller's masked card, is
 * refused more than is owed on the amount field, and records the payout; the seller sees the
 * sale "Pagado" and the payout under "Mis operaciones". Axe on each screen, and at 360 px.
 */
const PORT = Number(process.env['E2E_PORT'] ?? 3210);
const SELLER = 'investor@kc.example';
const PASSWORD = 'una-clave-larga-2026';

async function fitsIn360(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('seller payouts (issue 18)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('staff record a payout after a trade; the seller sees the sale paid and the payout', async ({ page, browser }) => {
    // The trade, through the API: the seller offers, a new investor with a passed test buys it all.
    const seller = await createSession(page.request, SELLER);
    const sellerHeaders = apiHeaders(seller);
    const holdings = (await (await page.request.get(`/api/ledger/customers/${seller.userId}/holdings`, { headers: sellerHeaders })).json()) as {
      holdings: { contractId: string; state: string; units: string }[];
    };
    const contract = holdings.holdings.filter((h) => h.state === 'ACTIVE').sort((a, b) => Number(b.units) - Number(a.units))[0]!;
    const summary = (await (await page.request.get('/api/market/summary', { headers: { 'company-id': '1' } })).json()) as { referencePrice: { price: string } };
    const units = String(Math.ceil(30 / Number(summary.referencePrice.price)));
    expect(Number(contract.units)).toBeGreaterThan(Number(units));
    const offered = await page.request.post('/api/market/offers', {
      headers: sellerHeaders,
      data: { contractId: contract.contractId, units, price: summary.referencePrice.price, validityDays: 30 },
    });
    expect(offered.status(), await offered.text()).toBe(201);
    const offer = (await offered.json()) as { id: string };

    const email = `e2e.payout.${Date.now()}@example.com`;
    await registerInvestor(page.request, { email, password: PASSWORD, firstName: 'Berta', lastName: 'Compradora' });
    await gotoApp(page, await confirmationPath(email));
    await expect(page.getByText('¡Su registro está confirmado! Ya puede iniciar sesión.')).toBeVisible();
    const buyer = await createSession(page.request, email, PASSWORD);
    const taken = await page.request.post(`/api/customers/${buyer.userId}/appropriateness`, {
      headers: apiHeaders(buyer),
      data: { answers: Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct === '*' ? q.options[0]!.id : q.correct])), netWorth: '250000', yearlyIncome: '40000', commitments: '6000' },
    });
    expect(taken.status(), await taken.text()).toBeLessThan(300);
    const bought = await page.request.post(`/api/market/offers/${offer.id}/buy`, {
      headers: { ...apiHeaders(buyer), 'idempotency-key': `e2e-payout-${Date.now()}` },
      data: { units, acknowledgedKeyInformation: true, acknowledgedRiskWarning: true },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const trade = (await bought.json()) as { netCents: string };
    const net = (Number(trade.netCents) / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

    // The ADMIN: the dashboard's Administration block links to the screen.
    await loginAs(page, 'admin@kc.example');
    await gotoApp(page, 'dashboard');
    await page.getByRole('link', { name: 'Pagos a vendedores' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos a vendedores' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: `contrato ${contract.contractId}` });
    await expect(card.getByRole('heading', { level: 2, name: 'Inés Inversora' })).toBeVisible();
    await expect(card.getByTestId('owed')).toHaveText(`${net} €`);
    await expect(card.getByRole('table', { name: 'Ventas de este contrato y su pago, de la más antigua a la más reciente' })).toContainText('Pendiente de pago');
    // The seller's card as everywhere: brand and last four digits only.
    await expect(card.getByRole('listitem').filter({ hasText: /^Tarjeta VISA/ })).toContainText('•••• 4242');
    await expect(card.getByRole('listitem').filter({ hasText: /^Cuenta bancaria/ })).toHaveText('Cuenta bancaria •••• 0189');
    await expectNoAxeViolations(page);
    await fitsIn360(page);

    await card.getByRole('button', { name: 'Registrar un pago a Inés Inversora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar un pago a Inés Inversora' });
    const amount = dialog.getByLabel('Importe transferido (€)');
    // It starts at what is owed, written with a decimal comma as the field takes it.
    await expect(amount).toHaveValue(net.replace(/\./g, ''));
    await amount.fill('999999');
    await dialog.getByLabel('Referencia bancaria').fill(`TRF-E2E-${Date.now()}`);
    await dialog.getByRole('button', { name: 'Registrar el pago' }).click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(`El importe no puede superar lo pendiente de pago: ${net} €`)).toBeVisible();
    await expectNoAxeViolations(page);
    await amount.fill(net);
    const reference = await dialog.getByLabel('Referencia bancaria').inputValue();
    await dialog.getByRole('button', { name: 'Registrar el pago' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Pago de ${net} € a Inés Inversora registrado.` })).toBeVisible();
    // Nothing owed any more: the card left the "owed" list; under "all" it shows the sale paid.
    await expect(card).toHaveCount(0);
    await page.getByLabel('Mostrar').selectOption('all');
    await expect(card.getByTestId('owed')).toHaveText('0,00 €');
    await expect(card.getByRole('table', { name: 'Pagos registrados para este contrato' })).toContainText(reference);
    await expectNoAxeViolations(page);

    // The seller, in their own browser: the sale is paid and the payout is listed.
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}/web/`, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    try {
      const sellerPage = await context.newPage();
      const errors: string[] = [];
      sellerPage.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      sellerPage.on('pageerror', (e) => errors.push(e.message));
      await sellerPage.addInitScript(() => window.localStorage.setItem('kc.cookieConsent', 'accepted'));
      await loginAs(sellerPage, SELLER);
      await gotoApp(sellerPage, 'market/mis-ofertas');
      const trades = sellerPage.getByTestId('my-trades');
      await expect(trades.getByRole('row').filter({ hasText: 'Venta' }).first()).toContainText('Pagado');
      await expect(sellerPage.getByRole('heading', { name: 'Pagos recibidos' })).toBeVisible();
      await expect(sellerPage.getByTestId('my-payouts')).toContainText(reference);
      await expect(sellerPage.getByTestId('my-payouts')).toContainText(`${net} €`);
      await expectNoAxeViolations(sellerPage);
      await fitsIn360(sellerPage);
      // The contract's details say it too.
      await gotoApp(sellerPage, `dashboard?detalle=${contract.contractId}`);
      const details = sellerPage.getByRole('dialog', { name: 'Detalles del contrato' });
      await expect(details.getByRole('heading', { name: 'Ventas en el mercado' })).toBeVisible();
      await expect(details.getByTestId('contract-market-payouts')).toContainText(`Pagado: ${net} €. Pendiente de pago: 0,00 €.`);
      await expectNoAxeViolations(sellerPage);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
