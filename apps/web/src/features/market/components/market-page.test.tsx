import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TMarketSummary, TPriceHistory } from '@kc/domain';
import { changeLanguage } from '../../../lib/i18n.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { MarketPage } from './market-page.tsx';

const summary: TMarketSummary = {
  referencePrice: { price: '10.250000', valueDate: '2026-10-31', publishedAt: '2026-11-03T09:15:00.000Z' },
  band: { min: '9.225000', max: '11.275000', bps: 1000 },
  feeBps: 100,
  minTradeCents: 1000,
  priceHistory: [{ price: '10.250000', valueDate: '2026-10-31', publishedAt: '2026-11-03T09:15:00.000Z' }],
  lastTrades: [],
  depth: [],
};
const prices: TPriceHistory = {
  prices: [
    { valueDate: '2026-09-30', price: '10.000000', assetReport: 'Informe de septiembre', publishedAt: '2026-10-02T09:00:00.000Z' },
    { valueDate: '2026-10-31', price: '10.250000', assetReport: 'Informe de octubre', publishedAt: '2026-11-03T09:15:00.000Z' },
  ],
};

/** The market's public reads: the summary, and the price history failing `failures` times first. */
function serve(failures: number) {
  let left = failures;
  return fakeFetch((url) => {
    if (url.startsWith('/api/market/summary')) return { status: 200, body: summary };
    if (url.startsWith('/api/ledger/prices')) {
      if (left > 0) {
        left -= 1;
        return { status: 500, body: { type: 'about:blank', title: 'Error', status: 500, code: 'internal' } };
      }
      return { status: 200, body: prices };
    }
    return { status: 404, body: { type: 'about:blank', title: 'Not found', status: 404, code: 'notFound' } };
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('es');
});

describe('MarketPage: the reference price and its history', () => {
  it('shows the price at its own value date (not the day it was published), in Spanish', async () => {
    serve(0);
    renderScreen(<MarketPage />);
    const reference = await screen.findByTestId('reference-price');
    expect(within(reference).getByText('Fecha valor')).toBeTruthy();
    expect(within(reference).getByText('31/10/2026')).toBeTruthy();
    expect(reference.textContent).toContain('Publicado por KC el 03/11/2026.');
    expect(reference.textContent).toContain('10,25');
  });

  it('and in English', async () => {
    await changeLanguage('en');
    serve(0);
    renderScreen(<MarketPage />);
    const reference = await screen.findByTestId('reference-price');
    expect(within(reference).getByText('Value date')).toBeTruthy();
    expect(within(reference).getByText('31/10/2026')).toBeTruthy();
    expect(reference.textContent).toContain('Published by KC on 03/11/2026.');
  });

  it('says when the history could not be loaded, with a retry that brings it back', async () => {
    const fetch = serve(1);
    renderScreen(<MarketPage />);
    const section = await screen.findByRole('region', { name: 'Evolución del precio de referencia' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('No hemos podido cargar la evolución del precio de referencia.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByTestId('price-chart')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/ledger/prices'))).toHaveLength(2);
  });

  it('says it in English too', async () => {
    await changeLanguage('en');
    serve(1);
    renderScreen(<MarketPage />);
    const section = await screen.findByRole('region', { name: 'Reference price over time' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('We could not load the reference price over time.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
