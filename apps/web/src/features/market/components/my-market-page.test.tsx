import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { THoldings, TMarketSummary, TMyMarketOffer } from '@kc/domain';
import { changeLanguage } from '../../../lib/i18n.ts';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { MyMarketPage } from './my-market-page.tsx';

const session: TSession = {
  userId: 'u1',
  identity: { id: 'u1', username: 'investor@kc.example', roles: ['INVESTOR'] },
  roles: ['INVESTOR'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};
const summary: TMarketSummary = {
  referencePrice: { price: '10.000000', valueDate: '2026-10-31', publishedAt: '2026-11-03T09:15:00.000Z' },
  band: { min: '9.000000', max: '11.000000', bps: 1000 },
  feeBps: 100,
  minTradeCents: 1000,
  priceHistory: [],
  lastTrades: [],
  depth: [],
};
/** 20 units held; this offer holds 5 of them, so up to 20 may be for sale on it. */
const holdings: THoldings = {
  holdings: [{ contractId: 'c1', productKey: 'PLAN-A', state: 'ACTIVE', units: '20.000000', paidIn: '200.00', income: '0.00', value: '200.00', price: '10.000000', priceDate: '2026-10-31' }],
  totals: { units: '20.000000', paidIn: '200.00', income: '0.00', value: '200.00' },
  price: '10.000000',
  priceDate: '2026-10-31',
};
const offer: TMyMarketOffer = {
  id: 'o1',
  contractId: 'c1',
  productKey: 'PLAN-A',
  productName: 'Plan A',
  units: '5.000000',
  remainingUnits: '5.000000',
  price: '10.000000',
  validUntil: '2026-12-28T23:00:00.000Z',
  status: 'OPEN',
  createdAt: '2026-11-28T10:00:00.000Z',
  fills: [],
};

function serve() {
  return fakeFetch((url, init) => {
    if (init.method === 'PATCH') return { status: 200, body: { ...offer, price: '10.500000' } };
    if (url.startsWith('/api/market/my-offers')) return { status: 200, body: { items: [offer] } };
    if (url.startsWith('/api/market/trades/mine')) return { status: 200, body: { items: [], payouts: [] } };
    if (url.startsWith('/api/market/summary')) return { status: 200, body: summary };
    if (url.includes('/holdings')) return { status: 200, body: holdings };
    return { status: 404, body: { type: 'about:blank', title: 'Not found', status: 404, code: 'notFound' } };
  });
}
const patches = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');

beforeEach(() => saveSession(session, false, 'csrf-test'));
afterEach(async () => {
  clearSession();
  vi.unstubAllGlobals();
  await changeLanguage('es');
});

// Typing is slow on shared runners: more time than the default, never a retry.
describe('MyMarketPage: changing an offer', { timeout: 15_000 }, () => {
  it('shows the band, the reference price and the amounts, and refuses a price out of the band before sending anything', async () => {
    const fetch = serve();
    renderScreen(<MyMarketPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Cambiar la oferta de Plan A a 10,00/ }));
    const price = await screen.findByLabelText('Precio por participación (€)');
    const section = screen.getByRole('region', { name: /^Cambiar la oferta/ });
    expect(within(section).getByText(/^Entre 9,00\s€ y 11,00\s€ \(±10 % del precio de referencia, 10,00\s€\)$/)).toBeTruthy();
    expect(within(section).getByText(/^Como máximo 20,00$/)).toBeTruthy();
    expect(within(section).getByTestId('market-formula').textContent).toContain('Comisión de KC = 1 % del importe bruto');
    // The amounts, live: 5 × 10,00 € = 50,00 €, fee 0,50 €, net 49,50 €.
    expect(within(section).getByTestId('change-net').textContent).toMatch(/^49,50\s€$/);

    await userEvent.clear(price);
    await userEvent.type(price, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar los cambios' }));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByText(/^El precio debe estar entre 9,00\s€ y 11,00\s€$/)).toBeTruthy();
    expect(patches(fetch)).toHaveLength(0);
  });

  it('refuses more units than the contract has free, then sends a valid change once, with only what changed', async () => {
    const fetch = serve();
    renderScreen(<MyMarketPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Cambiar la oferta de Plan A a 10,00/ }));
    const price = await screen.findByLabelText('Precio por participación (€)');
    const section = screen.getByRole('region', { name: /^Cambiar la oferta/ });
    const units = screen.getByLabelText('Participaciones por vender');
    await userEvent.clear(units);
    await userEvent.type(units, '21');
    await userEvent.clear(price);
    await userEvent.type(price, '10,5');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar los cambios' }));
    expect(within(section).getByText(/^Solo tiene 20,00 participaciones disponibles en este contrato$/)).toBeTruthy();
    expect(patches(fetch)).toHaveLength(0);

    // Within the band and the units: sent once, only what changed.
    await userEvent.clear(units);
    await userEvent.type(units, '5');
    expect(within(section).getByTestId('change-net').textContent).toMatch(/^51,98\s€$/);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar los cambios' }));
    expect(await screen.findByText('Oferta cambiada.')).toBeTruthy();
    expect(patches(fetch)).toHaveLength(1);
    expect(JSON.parse(String(patches(fetch)[0]![1]!.body))).toEqual({ price: '10.500000' });
  });

  it('refuses it in English too', async () => {
    await changeLanguage('en');
    const fetch = serve();
    renderScreen(<MyMarketPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Change the Plan A offer at 10,00/ }));
    const price = await screen.findByLabelText('Price per unit (€)');
    const section = screen.getByRole('region', { name: /^Change the offer/ });
    expect(within(section).getByText(/^Between 9,00\s€ and 11,00\s€ \(±10% of the reference price, 10,00\s€\)$/)).toBeTruthy();
    await userEvent.clear(price);
    await userEvent.type(price, '8,99');
    await userEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByText(/^The price must be between 9,00\s€ and 11,00\s€$/)).toBeTruthy();
    expect(patches(fetch)).toHaveLength(0);
  });
});
