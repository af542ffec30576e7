import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { THoldings, TMarketSummary, TMyMarketOffer } from '@kc/domain';
import { changeLanguage } from '../../../lib/i18n.ts';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { SellPage } from './sell-page.tsx';

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
/** One ACTIVE contract with 10 units (and an archived one, never sellable). */
const holdings: THoldings = {
  holdings: [
    { contractId: 'c1', productKey: 'PLAN-A', state: 'ACTIVE', units: '10.000000', paidIn: '100.00', income: '0.00', value: '100.00', price: '10.000000', priceDate: '2026-10-31' },
    { contractId: 'c0', productKey: 'PLAN-A', state: 'ARCHIVED', units: '0.000000', paidIn: '0.00', income: '0.00', value: '0.00', price: '10.000000', priceDate: '2026-10-31' },
  ],
  totals: { units: '10.000000', paidIn: '100.00', income: '0.00', value: '100.00' },
  price: '10.000000',
  priceDate: '2026-10-31',
};
const offer: TMyMarketOffer = {
  id: 'o1',
  contractId: 'c1',
  productKey: 'PLAN-A',
  productName: 'Plan A',
  units: '10.000000',
  remainingUnits: '10.000000',
  price: '10.000000',
  validUntil: '2026-12-28T23:00:00.000Z',
  status: 'OPEN',
  createdAt: '2026-11-28T10:00:00.000Z',
  fills: [],
};

/** The sell page's reads; after the POST, the offer holds every unit of the only ACTIVE contract. */
function serve(initial: TMyMarketOffer[] = [], held: THoldings = holdings) {
  let offers = initial;
  return fakeFetch((url, init) => {
    if (url.startsWith('/api/market/offers') && init.method === 'POST') {
      offers = [offer];
      return { status: 201, body: offer };
    }
    if (url.startsWith('/api/market/my-offers')) return { status: 200, body: { items: offers } };
    if (url.startsWith('/api/market/summary')) return { status: 200, body: summary };
    if (url.includes('/holdings')) return { status: 200, body: held };
    if (url.includes('products')) return { status: 200, body: [{ id: '1', productKey: 'PLAN-A', productType: 'PLAN', nameEs: 'Plan A', nameEn: 'Plan A', fixedValues: {}, kcRate: 0 }] };
    return { status: 404, body: { type: 'about:blank', title: 'Not found', status: 404, code: 'notFound' } };
  });
}

beforeEach(() => saveSession(session, false, 'csrf-test'));
afterEach(async () => {
  clearSession();
  vi.unstubAllGlobals();
  await changeLanguage('es');
});

// Typing is slow on shared runners: more time than the default, never a retry.
describe('SellPage: offering every unit left', { timeout: 15_000 }, () => {
  it('keeps the confirmation (announced and focused, with the way to one’s offers) instead of "nothing to sell"', async () => {
    const fetch = serve();
    renderScreen(<SellPage />);
    const units = await screen.findByLabelText(/^Participaciones que vende/);
    await userEvent.type(units, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar la oferta' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Oferta publicada: 10,00 participaciones a 10,00');
    expect(status.textContent).toContain('Ha puesto a la venta todas las participaciones que tenía disponibles.');
    expect(screen.getByRole('link', { name: 'Mis ofertas y operaciones' })).toBeTruthy();
    expect(screen.queryByText('No tiene ningún contrato activo con participaciones disponibles para vender.')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Nueva oferta de venta' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('sell-posted').contains(document.activeElement)).toBe(true));
    // The offer was sent once, and the holdings and offers were read again after it.
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/market/my-offers')).length).toBeGreaterThanOrEqual(2);
  });

  it('says it in English too', async () => {
    await changeLanguage('en');
    serve();
    renderScreen(<SellPage />);
    await userEvent.type(await screen.findByLabelText(/^Units you sell/), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Post the offer' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Offer posted: 10,00 units at 10,00');
    expect(status.textContent).toContain('You have put up for sale all the units you had available.');
    expect(screen.queryByText('You have no active contract with units available to sell.')).toBeNull();
  });

  it('keeps the form with its confirmation when another contract still has units, the used-up one no longer chosen', async () => {
    const second = { ...holdings.holdings[0]!, contractId: 'c2', units: '4.000000' };
    serve([], { ...holdings, holdings: [...holdings.holdings, second] });
    renderScreen(<SellPage />, { url: '/?contrato=c1' });
    const form = await screen.findByRole('form', { name: 'Nueva oferta de venta' });
    expect((screen.getByLabelText(/^Contrato/) as HTMLSelectElement).value).toBe('c1');
    await userEvent.type(screen.getByLabelText(/^Participaciones que vende/), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar la oferta' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Oferta publicada: 10,00 participaciones');
    expect(status.textContent).not.toContain('Ha puesto a la venta todas');
    await waitFor(() => expect(screen.queryByRole('option', { name: /10,00 participaciones disponibles/ })).toBeNull());
    expect(form.isConnected).toBe(true);
    expect((screen.getByLabelText(/^Contrato/) as HTMLSelectElement).value).toBe('');
  });

  it('still says there is nothing to sell when nothing was just posted', async () => {
    serve([offer]);
    renderScreen(<SellPage />);
    expect(await screen.findByText('No tiene ningún contrato activo con participaciones disponibles para vender.')).toBeTruthy();
  });
});
