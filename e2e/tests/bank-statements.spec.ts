import { expect, expectNoAxeViolations, gotoApp, test, allowStatuses } from '../support/fixtures.ts';
import { apiHeaders, loginAs } from '../support/login.ts';

const ADVISOR = 'advisor@kc.example';
const INVESTOR = 'investor@kc.example';
/** A contract's payment reference, as the domain writes it ('KC' + its id in 32 hex digits). */
const referenceOf = (contractId: string) => `KC${contractId.replace(/-/g, '').toUpperCase()}`;
const todayEs = () => new Date().toISOString().slice(0, 10).split('-').reverse().join('/');

test.describe('bank statements (issue 15)', () => {
  test.slow();

  test('an advisor imports a statement, resolves the unmatched line, and importing it again records nothing twice', async ({ page, consoleErrors }) => {
    const session = await loginAs(page, ADVISOR);
    const queue = (await (await page.request.get('/api/advisor/queue?size=10', { headers: apiHeaders(session) })).json()) as { content: { contractId: string; client: { id: string } }[] };
    const [first, second] = queue.content.map((i) => i.contractId);
    const csv = [
      'Fecha valor;Importe;Referencia;Concepto',
      `${todayEs()};1.500,00;${referenceOf(first!)};Transferencia del cliente`,
      `${todayEs()};250,00;APORTACION ENERO;Pago sin referencia de contrato`,
      `${todayEs()};-12,00;COMISION;Comisión bancaria`,
    ].join('\r\n');
    const file = { name: 'extracto-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8') };

    await gotoApp(page, 'advisor/dashboard');
    await page.getByRole('link', { name: 'Importar extractos bancarios' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Extractos bancarios' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('No hay movimientos pendientes de resolver.')).toBeVisible();
    await expectNoAxeViolations(page);

    // Nothing chosen: the field says so, nothing is sent.
    const importing = page.getByRole('region', { name: 'Importar un extracto' });
    await importing.getByRole('button', { name: 'Importar' }).click();
    await expect(importing.getByText('Elija el fichero del extracto')).toBeVisible();

    await importing.getByLabel(/^Fichero del extracto \(CSV\)/).setInputFiles(file);
    await importing.getByRole('button', { name: 'Importar' }).click();
    const result = importing.getByRole('status');
    await expect(result).toContainText('Extracto importado: extracto-e2e.csv');
    await expect(result).toContainText('1 aportación registrada (1.500,00 €)');
    await expect(result).toContainText('1 movimiento sin contrato, pendiente de resolver');
    await expect(result).toContainText('1 cargo no tenido en cuenta');

    const lines = page.getByRole('region', { name: 'Movimientos sin contrato' });
    const row = lines.getByRole('row').filter({ hasText: 'APORTACION ENERO' });
    await expect(row).toContainText('250,00 €');
    await expect(row).toContainText('La referencia no indica ningún contrato');
    await expectNoAxeViolations(page);

    // Assign it: a wrong reference is refused on the field, the contract's payment reference books it.
    await row.getByRole('button', { name: /^Asignar a un contrato el movimiento de la línea 3/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Asignar el movimiento de la línea 3/ });
    await dialog.getByLabel(/^Contrato/).fill('KC123');
    await dialog.getByRole('button', { name: 'Registrar la aportación' }).click();
    await expect(dialog.getByText('Indique el identificador del contrato o su referencia de pago (KC…)')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel(/^Contrato/).fill(referenceOf(second!).toLowerCase());
    await dialog.getByRole('button', { name: 'Registrar la aportación' }).click();
    await expect(dialog).toBeHidden();
    await expect(lines.getByRole('status').filter({ hasText: 'asignado: aportación registrada.' })).toBeVisible();
    await expect(lines.getByText('No hay movimientos pendientes de resolver.')).toBeVisible();
    await lines.getByText('Asignados', { exact: true }).click();
    await expect(lines.getByRole('row').filter({ hasText: 'APORTACION ENERO' })).toContainText('Asignado a un contrato');

    // The same file again: nothing recorded twice.
    await importing.getByLabel(/^Fichero del extracto \(CSV\)/).setInputFiles(file);
    await importing.getByRole('button', { name: 'Importar' }).click();
    await expect(result).toContainText('0 aportaciones registradas (0,00 €)');
    // The line assigned by hand is booked too: both count as already recorded.
    await expect(result).toContainText('2 movimientos ya estaban registrados');
    await expect(result).toContainText('0 movimientos sin contrato');
    await expect(result).not.toContainText('ya figuraba');
    const payments = (await (await page.request.get(`/api/ledger/contracts/${first}/payments`, { headers: apiHeaders(session) })).json()) as { payments: unknown[] };
    expect(payments.payments).toHaveLength(1);

    // A file that is not a statement: a clear refusal.
    await importing.getByLabel(/^Fichero del extracto \(CSV\)/).setInputFiles({ name: 'notas.csv', mimeType: 'text/csv', buffer: Buffer.from('hola, esto no es un extracto\n') });
    await importing.getByRole('button', { name: 'Importar' }).click();
    await expect(importing.getByRole('alert')).toContainText('No se ha registrado ningún movimiento');
    await expect(importing.getByRole('alert')).toContainText('Falta la columna «Fecha valor / value date»');
    expect(consoleErrors.filter((e) => e.includes('status of 400'))).toHaveLength(1);
    allowStatuses(consoleErrors, 400);
    await expectNoAxeViolations(page);

    // The history: both imports of the file, newest first (the refused file is not one); the first one's unmatched line is resolved.
    const history = page.getByRole('region', { name: 'Extractos importados' });
    const imported = history.getByRole('row').filter({ hasText: 'extracto-e2e.csv' });
    await expect(imported).toHaveCount(2);
    await expect(imported.nth(0)).toContainText('0,00 €');
    await expect(imported.nth(0)).toContainText('Ninguno pendiente');
    await expect(imported.nth(1)).toContainText('1.500,00 €');
    await expect(imported.nth(1)).toContainText('Ninguno pendiente');
    await expect(history).not.toContainText('notas.csv');
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(importing.getByRole('button', { name: 'Importar' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // The client's page opens a contract's schedule: its payment reference, and overdue items stand out.
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoApp(page, `advisor/clients/${queue.content[0]!.client.id}`);
    await page.getByText('Calendario de aportaciones', { exact: true }).first().click();
    await expect(page.getByText(/^Referencia de pago del contrato \(para las transferencias\): KC[0-9A-F]{32}$/).first()).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);
  });

  test("the investor's contract details show the overdue items clearly", async ({ page }) => {
    const session = await loginAs(page, INVESTOR);
    const holdings = (await (await page.request.get(`/api/ledger/customers/${session.userId}/holdings`, { headers: apiHeaders(session) })).json()) as {
      holdings: { contractId: string; state: string }[];
    };
    // The demo payments stop at the last demo price: an ACTIVE contract has overdue items since.
    let overdue: { contractId: string; count: number } | undefined;
    for (const h of holdings.holdings.filter((c) => c.state === 'ACTIVE')) {
      const schedule = (await (await page.request.get(`/api/ledger/contracts/${h.contractId}/schedule`, { headers: apiHeaders(session) })).json()) as { items: { status: string }[] };
      const count = schedule.items.filter((i) => i.status === 'OVERDUE').length;
      if (count > 0) {
        overdue = { contractId: h.contractId, count };
        break;
      }
    }
    expect(overdue).toBeDefined();
    await gotoApp(page, `inversor/contratos/${session.userId}?detalle=${overdue!.contractId}`);
    const schedule = page.getByRole('dialog', { name: 'Detalles del contrato' }).getByRole('region', { name: 'Calendario de aportaciones', exact: true });
    const note = schedule.getByRole('note');
    await expect(note).toContainText(`${overdue!.count} aportaci${overdue!.count === 1 ? 'ón vencida' : 'ones vencidas'} sin pagar`, { timeout: 20_000 });
    await expect(note).toContainText(/Pendiente con retraso: [\d.]+,\d{2}\s€\. La más antigua vencía el \d{2}\/\d{2}\/\d{4}\./);
    await expect(schedule).toContainText(referenceOf(overdue!.contractId));
    await expectNoAxeViolations(page);
  });
});
