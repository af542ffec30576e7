import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { PricesPage } from './prices-page.tsx';

const session: TSession = {
  userId: 'admin',
  identity: { id: 'admin', username: 'admin@kc.example', roles: ['ADMIN'] },
  roles: ['ADMIN'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

const published = { valueDate: '2026-11-28', price: '10.250000', assetReport: 'Informe de activos de noviembre', publishedAt: '2026-11-28T10:00:00.000Z' };

// jsdom has no FontFaceSet, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

beforeEach(() => act(() => saveSession(session, false, 'csrf-test')));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

async function fillForm(price: string) {
  const form = await screen.findByRole('form', { name: 'Publicar un valor' });
  await userEvent.type(within(form).getByLabelText(/^Fecha valor/), '2026-11-28');
  await userEvent.type(within(form).getByLabelText(/^Valor liquidativo por participación/), price);
  await userEvent.type(within(form).getByLabelText(/^Informe de activos/), 'Informe de activos de noviembre');
  await userEvent.click(within(form).getByRole('button', { name: 'Publicar el valor' }));
  return form;
}

describe('PricesPage', () => {
  it('accepts a decimal comma ("10,25") and sends the API its dot form (10.25)', async () => {
    const fetch = fakeFetch((url, init) => (init.method === 'POST' ? { status: 201, body: published } : { status: 200, body: { prices: [] } }));
    renderScreen(<PricesPage />, { url: '/admin/prices' });
    await fillForm('10,25');
    expect(await screen.findByText(/^Publicado el valor del 28\/11\/2026: 10,25/)).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ valueDate: '2026-11-28', price: '10.25', assetReport: 'Informe de activos de noviembre' });
  });

  it('refuses "10,2,5" on its field with the clear message, and sends nothing', async () => {
    const fetch = fakeFetch(() => ({ status: 200, body: { prices: [] } }));
    renderScreen(<PricesPage />, { url: '/admin/prices' });
    const form = await fillForm('10,2,5');
    expect(await within(form).findByText(/^Indique un valor liquidativo mayor que cero, con seis decimales como máximo/)).toBeTruthy();
    expect(within(form).getByLabelText(/^Valor liquidativo por participación/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('a network failure shows the screen\'s Spanish sentence, never "Something went wrong!, Failed to fetch"', async () => {
    fakeFetch((url, init) => {
      if (init.method === 'POST') throw new TypeError('Failed to fetch');
      return { status: 200, body: { prices: [] } };
    });
    renderScreen(<PricesPage />, { url: '/admin/prices' });
    await fillForm('10.25');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No hemos podido publicar el valor. Inténtelo de nuevo.');
  });

  it('a 500 without a problem body shows the same sentence; a 409 shows the server\'s own', async () => {
    let answer = { status: 500, body: undefined as unknown };
    fakeFetch((url, init) => (init.method === 'POST' ? answer : { status: 200, body: { prices: [] } }));
    renderScreen(<PricesPage />, { url: '/admin/prices' });
    const form = await fillForm('10.25');
    expect((await screen.findByRole('alert')).textContent).toBe('No hemos podido publicar el valor. Inténtelo de nuevo.');
    answer = { status: 409, body: { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Ya hay un valor liquidativo publicado con fecha valor 2026-11-28.' } };
    await userEvent.click(within(form).getByRole('button', { name: 'Publicar el valor' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ya hay un valor liquidativo publicado con fecha valor 2026-11-28.'));
  });

  it('on a phone the history cards label each figure', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList,
    );
    fakeFetch(() => ({ status: 200, body: { prices: [published] } }));
    renderScreen(<PricesPage />, { url: '/admin/prices' });
    const list = await screen.findByRole('list', { name: 'Valores liquidativos publicados, del más reciente al más antiguo' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getAllByRole('term').map((n) => n.textContent)).toEqual(['Fecha valor', 'Valor liquidativo por participación', 'Informe de activos', 'Publicado el']);
    expect(within(card).getAllByRole('definition').map((n) => n.textContent?.replace(/\s/g, ' '))).toEqual(['28/11/2026', '10,25 €', 'Informe de activos de noviembre', '28/11/2026']);
    matchMedia.mockRestore();
  });
});
