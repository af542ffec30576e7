import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';
import { apiHeaders, createSession, loginAs } from '../support/login.ts';

const ADMIN = 'admin@kc.example';
const INVESTOR = 'investor@kc.example';

const todayIso = () => new Date().toISOString().slice(0, 10);
const shown = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test.describe('the money ledger (issue 15)', () => {
  // The machine runs several builds and suites at once: axe and the first loads get more time.
  test.slow();

  test('ADMIN publishes the KC price: a bad value is refused on its field, a good one is published and listed', async ({ page, consoleErrors }) => {
    await loginAs(page, ADMIN);
    await gotoApp(page, 'admin/prices');
    await expect(page.getByRole('heading', { level: 1, name: 'Valor liquidativo de KC' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('price-chart')).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);

    const publishing = page.getByRole('region', { name: 'Publicar un valor' });
    const form = publishing.getByRole('form', { name: 'Publicar un valor' });
    await form.getByLabel('Fecha valor').fill(todayIso());
    await form.getByLabel('Valor liquidativo por participación').fill('10,2,5');
    await form.getByLabel('Informe de activos').fill('Informe de activos de prueba e2e');
    await form.getByRole('button', { name: 'Publicar el valor' }).click();
    await expect(form.getByText('Indique un valor liquidativo mayor que cero, con seis decimales como máximo (por ejemplo, 10.254300)')).toBeVisible();
    await expect(form.getByLabel('Valor liquidativo por participación')).toHaveAttribute('aria-invalid', 'true');

    // The decimal comma every figure on screen uses is accepted (sent to the API as 10.987654).
    await form.getByLabel('Valor liquidativo por participación').fill('10,987654');
    await form.getByRole('button', { name: 'Publicar el valor' }).click();
    await expect(publishing.getByRole('status')).toHaveText(`Publicado el valor del ${shown(todayIso())}: 10,987654 € por participación.`);
    const table = page.getByRole('table', { name: 'Valores liquidativos publicados, del más reciente al más antiguo' });
    await expect(table.getByRole('row').nth(1)).toContainText(shown(todayIso()));
    await expect(table.getByRole('row').nth(1)).toContainText('10,987654 €');

    // The same date again: the server's clear refusal, nothing published twice.
    await form.getByLabel('Fecha valor').fill(todayIso());
    await form.getByLabel('Valor liquidativo por participación').fill('11');
    await form.getByLabel('Informe de activos').fill('Otro informe');
    await form.getByRole('button', { name: 'Publicar el valor' }).click();
    await expect(publishing.getByRole('alert')).toContainText(`Ya hay un valor liquidativo publicado con fecha valor ${todayIso()}`);
    // The browser logs the refused request; that one line is expected, nothing else.
    expect(consoleErrors.filter((e) => e.includes('status of 409'))).toHaveLength(1);
    allowStatuses(consoleErrors, 409);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(form.getByRole('button', { name: 'Publicar el valor' })).toBeVisible();
    // On a phone the history is a list of cards, named by the table's caption, each figure with its label.
    const cards = page.getByRole('list', { name: 'Valores liquidativos publicados, del más reciente al más antiguo' });
    await expect(cards).toBeVisible();
    const newest = cards.getByRole('listitem').filter({ hasText: '10,987654 €' });
    await expect(newest.getByRole('term')).toHaveText(['Fecha valor', 'Valor liquidativo por participación', 'Informe de activos', 'Publicado el']);
    await expect(newest.getByRole('definition').nth(1)).toHaveText('10,987654 €');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });

  test('anyone sees the price history chart on coin-and-finance, fetched after the page loads', async ({ page }) => {
    await gotoApp(page, 'home/info/coin-and-finance');
    const section = page.getByRole('region', { name: 'Valor liquidativo publicado' });
    const chart = section.getByRole('img', { name: 'Evolución del valor liquidativo de KC' });
    await expect(chart).toBeVisible({ timeout: 20_000 });
    await expect(section.locator('figcaption')).toContainText(/^Del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}, el valor liquidativo pasó de /);
    await section.getByText('Ver todos los valores publicados').click();
    await expect(section.getByRole('table').getByRole('row')).not.toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(chart).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });

  test("the investor sees an ACTIVE contract's schedule: paid items and the rest, with the sums", async ({ page }) => {
    const session = await loginAs(page, INVESTOR);
    const holdings = await page.request.get(`/api/ledger/customers/${session.userId}/holdings`, { headers: apiHeaders(session) });
    const active = ((await holdings.json()) as { holdings: { contractId: string; state: string; paidIn: string }[] }).holdings.find(
      (h) => h.state === 'ACTIVE' && h.paidIn !== '0.00',
    )!;
    await gotoApp(page, `inversor/contratos/${session.userId}?detalle=${active.contractId}`);
    const dialog = page.getByRole('dialog', { name: 'Detalles del contrato' });
    const schedule = dialog.getByRole('region', { name: 'Calendario de aportaciones', exact: true });
    await expect(schedule.getByRole('table')).toBeVisible({ timeout: 20_000 });
    await expect(schedule).toContainText(/Aportado: [\d.]+,\d{2}\s€/);
    const rows = schedule.getByRole('row');
    await expect(rows.nth(1)).toContainText('aportación inicial');
    await expect(rows.nth(1)).toContainText('Pagada');
    await expect(schedule.getByText(/^(Pagada|Pendiente|Vencida)$/).last()).toBeVisible();
    await expectNoAxeViolations(page);
    // The advisor's view of the same contract is the same schedule; another investor's is refused.
    const other = await createSession(page.request, 'agent@kc.example');
    const refused = await page.request.get(`/api/ledger/contracts/${active.contractId}/schedule`, { headers: apiHeaders(other) });
    expect(refused.status()).toBe(404);
  });
});
