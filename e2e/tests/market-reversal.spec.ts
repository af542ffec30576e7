import { allowStatuses, expect, expectNoAxeViolations, gotoApp, test } from '../support/fixtures.ts';
import { apiHeaders, createSession, loginAs } from '../support/login.ts';

/**
 * Units on offer in the KC market never leave their contract another way (issue 18, decision
 * 0035): ADMIN reverses a payment from the contract's details; while the investor's open offer
 * needs the payment's units the reversal is refused with the server's message (what is on offer,
 * what would be left, change or withdraw the offer first) and nothing changes; once the offer is
 * withdrawn the same reversal passes. Axe, 360 px.
 */
const SELLER = 'investor@kc.example';
const ADMIN = 'admin@kc.example';

test.describe('a payment reversal and the units on offer (issue 18)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('ADMIN sees the refusal while an offer holds the units, and reverses once it is withdrawn', async ({ page, consoleErrors }) => {
    const seller = await createSession(page.request, SELLER);
    const admin = await loginAs(page, ADMIN);
    const holdings = (await (await page.request.get(`/api/ledger/customers/${seller.userId}/holdings`, { headers: apiHeaders(seller) })).json()) as {
      holdings: { contractId: string; state: string; units: string }[];
    };
    const contract = holdings.holdings.filter((h) => h.state === 'ACTIVE').sort((a, b) => Number(b.units) - Number(a.units))[0]!;

    // A new payment of 200,00 € (its units), recorded by ADMIN.
    const reference = `E2E-REV-${Date.now()}`;
    const paid = await page.request.post(`/api/ledger/contracts/${contract.contractId}/payments`, {
      headers: apiHeaders(admin),
      data: { amount: '200.00', valueDate: new Date().toISOString().slice(0, 10), method: 'TRANSFER', reference },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const payment = (await paid.json()) as { units: string };

    // The seller offers every free unit but the payment's, plus one: the reversal would leave one short.
    const mine = (await (await page.request.get('/api/market/my-offers', { headers: apiHeaders(seller) })).json()) as { items: { contractId: string; status: string; remainingUnits: string }[] };
    const micro = (text: string) => BigInt(Math.round(Number(text) * 1_000_000));
    const onOffer = mine.items.filter((o) => o.contractId === contract.contractId && o.status === 'OPEN').reduce((sum, o) => sum + micro(o.remainingUnits), 0n);
    const held = micro(
      ((await (await page.request.get(`/api/ledger/customers/${seller.userId}/holdings`, { headers: apiHeaders(seller) })).json()) as typeof holdings).holdings.find(
        (h) => h.contractId === contract.contractId,
      )!.units,
    );
    const units = held - onOffer - micro(payment.units) + 1_000_000n;
    const summary = (await (await page.request.get('/api/market/summary', { headers: { 'company-id': '1' } })).json()) as { referencePrice: { price: string } };
    const offered = await page.request.post('/api/market/offers', {
      headers: apiHeaders(seller),
      data: { contractId: contract.contractId, units: `${units / 1_000_000n}.${String(units % 1_000_000n).padStart(6, '0')}`, price: summary.referencePrice.price, validityDays: 5 },
    });
    expect(offered.status(), await offered.text()).toBe(201);
    const offerId = ((await offered.json()) as { id: string }).id;

    try {
      await gotoApp(page, `inversor/contratos/${seller.userId}?detalle=${contract.contractId}`);
      const details = page.getByRole('dialog', { name: 'Detalles del contrato' });
      const payments = details.getByTestId('contract-payments');
      await expect(payments.getByRole('row').filter({ hasText: reference })).toContainText('200,00');
      await details.getByRole('button', { name: `Anular la aportación ${reference}` }).click();
      const reason = details.getByLabel('Motivo de la anulación');
      // Too short a reason is refused on its field.
      await reason.fill('x');
      await details.getByRole('button', { name: 'Anular la aportación', exact: true }).click();
      await expect(reason).toHaveAttribute('aria-invalid', 'true');
      await reason.fill('Devolución de la transferencia por el banco');
      await details.getByRole('button', { name: 'Anular la aportación', exact: true }).click();
      const refusal = details.getByTestId('reverse-error');
      await expect(refusal).toContainText('participaciones en venta en el tablón de KC');
      await expect(refusal).toContainText('el inversor debe modificarla o retirarla antes');
      await expect(refusal).toBeFocused();
      allowStatuses(consoleErrors, 409);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      // Nothing changed: the payment is not reversed.
      const list = (await (await page.request.get(`/api/ledger/contracts/${contract.contractId}/payments`, { headers: apiHeaders(admin) })).json()) as {
        payments: { reference: string; reversedAt: string | null }[];
      };
      expect(list.payments.find((p) => p.reference === reference)?.reversedAt).toBeNull();

      // The seller withdraws the offer: the same reversal passes.
      expect((await page.request.delete(`/api/market/offers/${offerId}`, { headers: apiHeaders(seller) })).status()).toBe(204);
      await details.getByRole('button', { name: 'Anular la aportación', exact: true }).click();
      await expect(details.getByRole('status').filter({ hasText: `Aportación ${reference} anulada.` })).toBeVisible();
      await expect(payments.getByRole('row').filter({ hasText: reference })).toContainText('Anulada');
    } finally {
      await page.request.delete(`/api/market/offers/${offerId}`, { headers: apiHeaders(seller) });
    }
  });
});
