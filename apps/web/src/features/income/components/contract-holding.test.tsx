import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { ContractHolding } from './contract-holding.tsx';

afterEach(() => vi.unstubAllGlobals());

const holdings = {
  holdings: [{ contractId: 'c1', productKey: 'KC', state: 'ACTIVE', units: '12.500000', paidIn: '125.00', income: '3.40', value: '131.25', price: '10.500000', priceDate: '2026-11-01' }],
  totals: { units: '12.500000', paidIn: '125.00', income: '3.40', value: '131.25' },
  price: '10.500000',
  priceDate: '2026-11-01',
};

describe('ContractHolding', () => {
  it('when the figures fail to load, says so with Reintentar, which asks again', async () => {
    let calls = 0;
    fakeFetch(() => (++calls === 1 ? { status: 503, body: { type: 'about:blank', title: 'Service Unavailable', status: 503 } } : { status: 200, body: holdings }));
    renderScreen(<ContractHolding contractId="c1" customerId="u1" />);
    const section = screen.getByRole('region', { name: 'Participaciones y rentas de este contrato' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('No hemos podido cargar su inversión.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByText('Rentas recibidas')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });
});
