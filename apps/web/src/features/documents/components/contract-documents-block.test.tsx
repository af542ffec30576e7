import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDocumentItem } from '@kc/domain';
import '../i18n.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import type { TContractDocuments } from '../lib/group-documents.ts';
import { ContractDocumentsBlock } from './contract-documents-block.tsx';

afterEach(() => vi.unstubAllGlobals());

const item = (overrides: Partial<TDocumentItem>): TDocumentItem => ({ id: 'x', kind: 'RECEIPT', contractId: 'c0ffee12-3456', paymentId: null, year: null, date: '2025-02-01', amount: null, ...overrides });

const group: TContractDocuments = {
  contract: { id: 'c0ffee12-3456', productNameEs: 'KC', productNameEn: 'KC', state: 'ACTIVE', submissionDate: '2024-12-01' },
  contractDocument: item({ id: 'contract.c0ffee12-3456', kind: 'CONTRACT', date: '2024-12-01' }),
  statements: [item({ id: 'statement.c0ffee12-3456.2025', kind: 'CONTRACT_STATEMENT', year: 2025, date: '2025-12-31' })],
  receipts: [item({ id: 'receipt.p1', kind: 'RECEIPT', paymentId: 'p1', amount: '150.00' })],
  trades: [item({ id: 'trade.11111111-1111-4111-8111-111111111111.buy', kind: 'TRADE', date: '2025-03-04', amount: '100.00' }), item({ id: 'trade.22222222-2222-4222-8222-222222222222.sell', kind: 'TRADE', date: '2025-03-05', amount: '50.00' })],
};

describe('ContractDocumentsBlock', () => {
  it("every download button's accessible name starts with its visible text (WCAG 2.5.3)", () => {
    fakeFetch(() => ({ status: 200, body: {} }));
    renderScreen(<ContractDocumentsBlock group={group} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Documento del contrato (PDF): contrato c0ffee12',
      '2025: extracto anual del contrato c0ffee12 (PDF)',
      'Descargar PDF: justificante de la aportación del 01/02/2025',
      'Descargar PDF: confirmación de compra en el mercado KC del 04/03/2025',
      'Descargar PDF: confirmación de venta en el mercado KC del 05/03/2025',
    ]);
    for (const button of buttons) expect(button.getAttribute('aria-label')!.startsWith(button.textContent!)).toBe(true);
  });

  it('a download that cannot reach the server says so in Spanish only, never "Something went wrong!, Failed to fetch"', async () => {
    fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen(<ContractDocumentsBlock group={group} />);
    await userEvent.click(screen.getByRole('button', { name: /^Descargar PDF: justificante/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No se ha podido descargar el archivo.');
  });

  it("a refused download adds the server's own sentence", async () => {
    fakeFetch(() => ({ status: 404, body: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'El documento no existe.' } }));
    renderScreen(<ContractDocumentsBlock group={group} />);
    await userEvent.click(within(screen.getByRole('group', { name: 'Extractos anuales' })).getByRole('button', { name: /^2025/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No se ha podido descargar el archivo. El documento no existe.'));
  });
});
