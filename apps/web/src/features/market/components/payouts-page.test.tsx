import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSellerPayable, TSellerPayables } from '@kc/domain';
import { changeLanguage } from '../../../lib/i18n.ts';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { PayoutsPage } from './payouts-page.tsx';

const sessionOf = (roles: string[]): TSession => ({
  userId: 'staff',
  identity: { id: 'staff', username: 'staff@kc.example', roles },
  roles,
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
});

const base: Omit<TSellerPayable, 'seller' | 'paymentMethods'> = {
  contractId: 'c-blocked',
  productName: 'Plan A',
  owedCents: '19800',
  soldNetCents: '19800',
  paidCents: '0',
  trades: [{ id: 'tr1', at: '2026-11-20T10:00:00.000Z', units: '20', price: '10', netCents: '19800', paidCents: '0', status: 'PENDING' }],
  payouts: [],
};
/** What the server sends COMPANY_MANAGER for a blocked seller: the money, no person. */
const hidden: TSellerPayable = { ...base, seller: { id: '', name: '', email: '', language: '', blocked: true }, paymentMethods: [] };
/** What it sends ADMIN for the same seller. */
const shown: TSellerPayable = {
  ...base,
  seller: { id: 'u1', name: 'Lucía Prieto', email: 'lucia@kc.example', language: 'es', blocked: true },
  paymentMethods: [{ kind: 'CARD', masked: '•••• 4242', cardBrand: 'visa' }],
};
const page = (item: TSellerPayable): TSellerPayables => ({ items: [item], total: 1, page: 1, size: 10 });

afterEach(async () => {
  clearSession();
  vi.unstubAllGlobals();
  await changeLanguage('es');
});

describe('PayoutsPage: a seller whose data is blocked', () => {
  describe('for COMPANY_MANAGER (the server hid the person)', () => {
    beforeEach(() => saveSession(sessionOf(['COMPANY_MANAGER']), false, 'csrf-test'));

    it('shows what is owed under "Vendedor con datos bloqueados", says why, and offers no payout', async () => {
      fakeFetch(() => ({ status: 200, body: page(hidden) }));
      renderScreen(<PayoutsPage />);
      const card = await screen.findByRole('article', { name: 'Vendedor con datos bloqueados' });
      expect(within(card).getByTestId('owed').textContent).toMatch(/^198,00\s€$/);
      expect(within(card).getByText(/^Sus datos personales están bloqueados por la normativa de protección de datos\./)).toBeTruthy();
      expect(within(card).getByText('No se muestran: los datos del vendedor están bloqueados.')).toBeTruthy();
      expect(within(card).queryByRole('button', { name: /Registrar un pago/ })).toBeNull();
    });

    it('says the same in English', async () => {
      await changeLanguage('en');
      fakeFetch(() => ({ status: 200, body: page(hidden) }));
      renderScreen(<PayoutsPage />);
      const card = await screen.findByRole('article', { name: 'Seller with blocked data' });
      expect(within(card).getByText(/^Their personal data is blocked under data protection law\./)).toBeTruthy();
      expect(within(card).getByText("Not shown: the seller's data is blocked.")).toBeTruthy();
    });
  });

  describe('for ADMIN (who sees blocked people)', () => {
    beforeEach(() => saveSession(sessionOf(['ADMIN']), false, 'csrf-test'));

    it('shows the seller, their masked method and the payout button, with a note that their data is blocked', async () => {
      fakeFetch(() => ({ status: 200, body: page(shown) }));
      renderScreen(<PayoutsPage />);
      const card = await screen.findByRole('article', { name: 'Lucía Prieto' });
      expect(within(card).getByText('lucia@kc.example')).toBeTruthy();
      expect(within(card).getByText('Datos personales bloqueados: solo los administradores ven este vendedor.')).toBeTruthy();
      expect(within(card).getByText(/4242/)).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Registrar un pago a Lucía Prieto' })).toBeTruthy();
    });
  });
});
