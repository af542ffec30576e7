import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { DeclareForm } from './declare-form.tsx';

// jsdom has no FontFaceSet, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

afterEach(() => vi.unstubAllGlobals());

const figures = (contracts: number) => ({
  periodFrom: '2026-07-01',
  periodTo: '2026-11-28',
  recordDate: '2026-11-28',
  amountPerUnit: '0.200000',
  contracts,
  totalUnits: '1000.000000',
  total: '200.00',
  credited: '199.98',
  remainder: '0.02',
});

async function declare(amount: string) {
  const form = screen.getByRole('form', { name: 'Declarar un reparto' });
  await userEvent.type(within(form).getByLabelText(/^Inicio del periodo/), '2026-07-01');
  await userEvent.type(within(form).getByLabelText(/^Fin del periodo/), '2026-11-28');
  await userEvent.type(within(form).getByLabelText(/^Fecha de registro/), '2026-11-28');
  await userEvent.type(within(form).getByLabelText(/^Importe por participación/), amount);
  await userEvent.type(within(form).getByLabelText(/^Descripción e informe de origen/), 'Rentas del segundo semestre');
  await userEvent.click(within(form).getByRole('button', { name: 'Revisar el reparto' }));
  const preview = await screen.findByRole('alertdialog', { name: 'Confirme el reparto' });
  expect(preview.textContent).toContain('Resto por redondeo');
  await userEvent.click(within(preview).getByRole('button', { name: 'Confirmar y repartir' }));
}

describe('DeclareForm', () => {
  it('accepts an amount with a decimal comma, sends its dot form, and says "1 contrato" in the singular', async () => {
    const fetch = fakeFetch((url) => (url.endsWith('/preview') ? { status: 200, body: figures(1) } : { status: 201, body: { id: 'd1', declaredAt: '2026-11-28T10:00:00.000Z', description: 'x', ...figures(1) } }));
    renderScreen(<DeclareForm />);
    await declare('0,2');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Reparto registrado: 199,98 € abonados a 1 contrato (0,02 € a la cuenta de redondeo). Se ha enviado un correo al inversor.'.replace(/ €/g, '\u00a0€'),
    );
    const bodies = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)) as { amountPerUnit: string });
    expect(bodies.map((b) => b.amountPerUnit)).toEqual(['0.2', '0.2']);
  });

  it('says "contratos" in the plural', async () => {
    fakeFetch((url) => (url.endsWith('/preview') ? { status: 200, body: figures(3) } : { status: 201, body: { id: 'd1', declaredAt: '2026-11-28T10:00:00.000Z', description: 'x', ...figures(3) } }));
    renderScreen(<DeclareForm />);
    await declare('0.2');
    expect((await screen.findByRole('status')).textContent).toContain('abonados a 3 contratos');
  });

  it('a server failure without a problem body shows the Spanish sentence', async () => {
    fakeFetch(() => ({ status: 502, body: undefined }));
    renderScreen(<DeclareForm />);
    const form = screen.getByRole('form', { name: 'Declarar un reparto' });
    await userEvent.type(within(form).getByLabelText(/^Inicio del periodo/), '2026-07-01');
    await userEvent.type(within(form).getByLabelText(/^Fin del periodo/), '2026-11-28');
    await userEvent.type(within(form).getByLabelText(/^Fecha de registro/), '2026-11-28');
    await userEvent.type(within(form).getByLabelText(/^Importe por participación/), '0,2');
    await userEvent.type(within(form).getByLabelText(/^Descripción e informe de origen/), 'Rentas del segundo semestre');
    await userEvent.click(within(form).getByRole('button', { name: 'Revisar el reparto' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No hemos podido registrar el reparto. Inténtelo de nuevo.');
  });
});
