import { expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { apiHeaders, createSession, loginAs } from '../support/login.ts';

const ADMIN = 'admin@kc.example';
const INVESTOR = 'investor@kc.example';

const todayIso = () => new Date().toISOString().slice(0, 10);
/**
 * The price this spec publishes: yesterday's (today's is the ledger spec's, on the same server),
 * or the previous month's last day when yesterday is the 1st (the demo prices are on the 1sts).
 */
const priceDateIso = () => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - 1);
  if (day.getUTCDate() === 1) day.setUTCDate(0);
  return day.toISOString().slice(0, 10);
};
const money = (text: string) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(text as unknown as number);

test.describe('income: distributions and the investor holdings (issue 15)', () => {
  test.describe.configure({ mode: 'serial' });
  // The machine runs several builds and suites at once: axe and the first loads get more time.
  test.slow();

  test('ADMIN publishes a price and declares a distribution after its preview; a bad amount is refused on its field', async ({ page }) => {
    const admin = await loginAs(page, ADMIN);
    const published = await page.request.post('/api/ledger/prices', {
      headers: apiHeaders(admin),
      data: { valueDate: priceDateIso(), price: '9.500000', assetReport: 'Informe de activos de prueba e2e (ingresos)' },
    });
    expect(published.status()).toBe(201);

    await gotoApp(page, 'admin/distributions');
    await expect(page.getByRole('heading', { level: 1, name: 'Reparto de rentas' })).toBeVisible({ timeout: 20_000 });
    const history = page.getByRole('table', { name: 'Repartos de rentas declarados, del más reciente al más antiguo' });
    await expect(history.getByRole('row')).toHaveCount(2); // the header and the demo distribution
    await expectNoAxeViolations(page);

    const form = page.getByRole('form', { name: 'Declarar un reparto' });
    await form.getByLabel('Inicio del periodo').fill('2026-07-01');
    await form.getByLabel('Fin del periodo').fill(todayIso());
    await form.getByLabel('Fecha de registro').fill(todayIso());
    await form.getByLabel('Importe por participación').fill('0,2,0');
    await form.getByLabel('Descripción e informe de origen').fill('Rentas de alquiler y madera del segundo semestre (prueba e2e)');
    await form.getByRole('button', { name: 'Revisar el reparto' }).click();
    await expect(form.getByText('Indique un importe por participación mayor que cero')).toBeVisible();
    await expect(form.getByLabel('Importe por participación')).toHaveAttribute('aria-invalid', 'true');

    // The decimal comma every figure on screen uses is accepted.
    await form.getByLabel('Importe por participación').fill('0,2');
    await form.getByRole('button', { name: 'Revisar el reparto' }).click();
    const preview = page.getByRole('alertdialog', { name: 'Confirme el reparto' });
    await expect(preview).toBeVisible();
    await expect(preview).toContainText('Participaciones con derecho');
    await expect(preview).toContainText('Resto por redondeo');
    await expectNoAxeViolations(page);
    await preview.getByRole('button', { name: 'Confirmar y repartir' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reparto registrado' })).toContainText(/abonados a \d+ contratos?/);
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText('0,20 €');

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(form.getByRole('button', { name: 'Revisar el reparto' })).toBeVisible();
    // On a phone the history is a list of cards, named by the table's caption, each figure with its label.
    const cards = page.getByRole('list', { name: 'Repartos de rentas declarados, del más reciente al más antiguo' });
    await expect(page.getByText('Repartos de rentas declarados, del más reciente al más antiguo')).toBeVisible();
    const newest = cards.getByRole('listitem').first();
    await expect(newest.getByRole('term')).toHaveText([
      'Periodo',
      'Fecha de registro',
      'Importe por participación',
      'Contratos',
      'Abonado a los inversores',
      'Resto por redondeo',
      'Descripción e informe de origen',
    ]);
    await expect(newest.getByRole('term').nth(2)).toBeVisible();
    await expect(newest.getByRole('definition').nth(2)).toContainText(/0,20\s€/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });

  test('the investor sees holdings, income received, the result and the value chart with the risk warning', async ({ page }) => {
    const session = await loginAs(page, INVESTOR);
    const holdings = (await (await page.request.get(`/api/ledger/customers/${session.userId}/holdings`, { headers: apiHeaders(session) })).json()) as {
      totals: { income: string; paidIn: string; value: string | null };
      holdings: { contractId: string; income: string; units: string }[];
    };
    expect(Number(holdings.totals.income)).toBeGreaterThan(0);
    await gotoApp(page, 'dashboard');
    const section = page.getByRole('region', { name: 'Su inversión' });
    await expect(section.getByText('Rentas recibidas', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(section).toContainText(money(holdings.totals.income));
    await expect(section).toContainText(money(holdings.totals.paidIn));
    await expect(section.getByTestId('holding-result')).toContainText(/(Ganancia: \+|Pérdida: −|Sin ganancia ni pérdida: )[\d.]+,\d{2}\s€/);
    await expect(section.getByRole('img', { name: 'Valor de sus participaciones en cada fecha de valor liquidativo publicado' })).toBeVisible();
    await expect(section.getByRole('note', { name: 'Advertencia de riesgo' })).toContainText('Su capital está en riesgo');
    await expectNoAxeViolations(page);

    // A contract's details show its own units, value and income.
    const credited = holdings.holdings.find((h) => Number(h.income) > 0)!;
    await gotoApp(page, `dashboard?detalle=${credited.contractId}`);
    const dialog = page.getByRole('dialog', { name: 'Detalles del contrato' });
    const own = dialog.getByRole('region', { name: 'Participaciones y rentas de este contrato' });
    await expect(own).toContainText(money(credited.income), { timeout: 20_000 });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    // axe reads colours mid-transition otherwise (the closing dialog fades out).
    await expect(dialog).toBeHidden();

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(section.getByTestId('value-chart')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // Another investor cannot read this one's value history.
    const other = await createSession(page.request, 'agent@kc.example');
    expect((await page.request.get(`/api/income/customers/${session.userId}/value-history`, { headers: apiHeaders(other) })).status()).toBe(404);
  });
});
