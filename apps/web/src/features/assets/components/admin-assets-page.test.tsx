import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAsset } from '@kc/domain';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { fakeFetch, renderScreen, type TFakeResponse } from '../../../test/render-app.tsx';
import { AdminAssetsPage } from './admin-assets-page.tsx';

const session: TSession = {
  userId: 'admin',
  identity: { id: 'admin', username: 'admin@kc.example', roles: ['ADMIN'] },
  roles: ['ADMIN'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

const asset = (overrides: Partial<TAsset> = {}): TAsset => ({
  id: 'a1',
  kind: 'HOME',
  status: 'DRAFT',
  title: 'Piso en Valencia',
  description: 'Piso de tres dormitorios alquilado a largo plazo en el centro.',
  city: 'Valencia',
  province: 'Valencia',
  country: 'España',
  acquisitionDate: '2024-01-15',
  acquisitionPrice: '240000.00',
  valuation: '250000.00',
  valuationDate: '2025-01-15',
  photos: [],
  address: 'Calle de Colón 1',
  builtArea: '84.50',
  rooms: 3,
  bathrooms: 1,
  monthlyRent: '950.00',
  occupancy: 'RENTED',
  energyRating: 'C',
  location: null,
  hectares: null,
  treesPlanted: null,
  plantingDate: null,
  expectedHarvestYear: null,
  expectedTimberVolume: null,
  certification: null,
  publishedAt: null,
  withdrawnAt: null,
  updatedAt: '2025-01-15T10:00:00.000Z',
  ...overrides,
});

const list = (assets: TAsset[]) => ({ status: 200, body: { assets, total: assets.length } });
const listCalls = (fetch: ReturnType<typeof fakeFetch>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/assets') && !url.includes('/api/admin/assets/'));

// jsdom has no FontFaceSet, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

beforeEach(() => act(() => saveSession(session, false, 'csrf-test')));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('AdminAssetsPage', () => {
  it('counts the assets in the singular and the plural', async () => {
    fakeFetch(() => list([asset()]));
    renderScreen(<AdminAssetsPage />, { url: '/admin/assets' });
    expect(await screen.findByText('1 activo')).toBeTruthy();
  });

  it('counts several assets in the plural', async () => {
    fakeFetch(() => list([asset(), asset({ id: 'a2', title: 'Casa en Teruel' })]));
    renderScreen(<AdminAssetsPage />, { url: '/admin/assets' });
    expect(await screen.findByText('2 activos')).toBeTruthy();
  });

  it('asks for a search once typing pauses, and keeps the list on screen while the answer comes', async () => {
    let answerSearch: (response: TFakeResponse) => void = () => {};
    const fetch = fakeFetch((url) =>
      url.includes('q=') ? new Promise<TFakeResponse>((resolve) => (answerSearch = resolve)) : list([asset(), asset({ id: 'a2', title: 'Casa en Teruel' })]),
    );
    const router = renderScreen(<AdminAssetsPage />, { url: '/admin/assets' });
    expect(await screen.findByText('Casa en Teruel')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Buscar por nombre, localidad o provincia'), 'teruel');
    // Nothing asked and nothing in the address key by key…
    expect(listCalls(fetch)).toEqual(['/api/admin/assets']);
    expect(router.state.location.search).toBe('');
    // …one request once typing pauses.
    await waitFor(() => expect(listCalls(fetch)).toEqual(['/api/admin/assets', '/api/admin/assets?q=teruel']));
    expect(router.state.location.search).toBe('?buscar=teruel');
    // While it loads, the previous list stays: no loading screen replaces it.
    expect(screen.getByText('Piso en Valencia')).toBeTruthy();
    expect(screen.queryByText('Cargando…')).toBeNull();
    act(() => answerSearch(list([asset({ id: 'a2', title: 'Casa en Teruel' })])));
    await waitFor(() => expect(screen.queryByText('Piso en Valencia')).toBeNull());
    expect(screen.getByText('1 activo')).toBeTruthy();
  });

  it('closes an untouched editor at once, and asks before throwing away changes (Escape, Cancelar)', async () => {
    const fetch = fakeFetch(() => list([]));
    renderScreen(<AdminAssetsPage />, { url: '/admin/assets' });
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva vivienda' }));
    expect(await screen.findByRole('dialog', { name: 'Nueva vivienda' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva vivienda' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Nueva vivienda' }));
    const editor = await screen.findByRole('dialog', { name: 'Nueva vivienda' });
    await userEvent.type(within(editor).getByLabelText(/^Nombre/), 'Ático en Madrid');
    await userEvent.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    expect(confirm.textContent).toContain('Hay cambios sin guardar en este formulario. Si lo cierra ahora, se perderán.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).toBeNull());
    // What was typed is still there.
    expect((within(screen.getByRole('dialog', { name: 'Nueva vivienda' })).getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Ático en Madrid');

    await userEvent.click(within(screen.getByRole('dialog', { name: 'Nueva vivienda' })).getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: '¿Descartar los cambios?' })).getByRole('button', { name: 'Descartar los cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva vivienda' })).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('a click outside does not close the editor', async () => {
    fakeFetch(() => list([]));
    renderScreen(<AdminAssetsPage />, { url: '/admin/assets' });
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva vivienda' }));
    await screen.findByRole('dialog', { name: 'Nueva vivienda' });
    const overlay = document.querySelector('.mantine-Modal-overlay')!;
    expect(overlay).toBeTruthy();
    await userEvent.click(overlay);
    expect(screen.getByRole('dialog', { name: 'Nueva vivienda' })).toBeTruthy();
  });

  it('saves a valuation typed with a decimal comma in the dot form the API expects', async () => {
    const fetch = fakeFetch((url, init) => (init.method === 'PUT' ? { status: 200, body: asset({ valuation: '250000.50' }) } : list([asset()])));
    renderScreen(<AdminAssetsPage />, { url: '/admin/assets' });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Piso en Valencia' }));
    const editor = await screen.findByRole('dialog', { name: 'Editar «Piso en Valencia»' });
    const valuation = within(editor).getByLabelText(/^Última tasación/);
    await userEvent.clear(valuation);
    await userEvent.type(valuation, '250000,5');
    await userEvent.click(within(editor).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('«Piso en Valencia» se ha guardado.')).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ valuation: '250000.5', acquisitionPrice: '240000.00' });
  });
});
