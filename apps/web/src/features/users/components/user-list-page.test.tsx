import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser, TUserListPage } from '@kc/domain';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { UserListPage } from './user-list-page.tsx';

const session = (roles: string[]): TSession => ({
  userId: 'me',
  identity: { id: 'me', username: 'boss@kc.example', roles },
  roles,
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
});

const user = (overrides: Partial<TUser> = {}): TUser => ({
  id: 'u1',
  email: 'ana@kc.example',
  firstName: 'Ana',
  lastName: 'García',
  phone: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastModifiedAt: '2026-03-01T10:00:00.000Z',
  lastLogonAt: null,
  isDeleted: false,
  isActive: true,
  isTemporalPassword: false,
  country: 'ES',
  city: null,
  dni: '12345678Z',
  postalCode: null,
  roles: ['ADVISOR'],
  ...overrides,
});

const page = (content: TUser[], totalElements = content.length): TUserListPage =>
  ({ content, totalElements, totalPages: Math.ceil(totalElements / 20), number: 0, size: 20 }) as unknown as TUserListPage;

beforeEach(() => act(() => saveSession(session(['ADMIN']), false, 'csrf-test')));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('UserListPage', () => {
  it('reads every filter from the address, sends them to the API and shows the users', async () => {
    const fetch = fakeFetch((url) => (url.startsWith('/api/users?') ? { status: 200, body: page([user()]) } : { status: 200, body: [] }));
    renderScreen(<UserListPage />, { url: '/user/list?q=garc%C3%ADa&role=ADVISOR&active=true&createdFrom=2026-01-01&sort=lastName,asc&page=2' });
    expect(await screen.findByRole('link', { name: 'Ana García' })).toHaveProperty('pathname', '/user/u1');
    expect(screen.getByText('1 usuario')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls.find(([u]) => String(u).startsWith('/api/users?'))![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'garcía',
      role: 'ADVISOR',
      active: 'true',
      createdFrom: '2026-01-01',
      sort: 'lastName,asc',
      page: '1',
      size: '20',
    });
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('garcía');
    expect((screen.getByLabelText('Perfil') as HTMLSelectElement).value).toBe('ADVISOR');
  });

  it('puts a new search in the address, back on the first page', async () => {
    fakeFetch(() => ({ status: 200, body: page([user()]) }));
    const router = renderScreen(<UserListPage />, { url: '/user/list?page=3' });
    await screen.findByRole('link', { name: 'Ana García' });
    await userEvent.type(screen.getByLabelText('Buscar'), 'ana');
    await userEvent.selectOptions(screen.getByLabelText('Contraseña provisional'), 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana&temporaryPassword=true'));
  });

  it('says when more users match than a search shows, and how to see the rest', async () => {
    fakeFetch(() => ({ status: 200, body: { ...page([user()], 1000), totalCapped: true } }));
    renderScreen(<UserListPage />, { url: '/user/list?q=garc' });
    expect(await screen.findByText('Más de 1000 usuarios coinciden y solo se muestran los 1000 primeros. Afine la búsqueda o añada un filtro para ver el resto.')).toBeTruthy();
    expect(screen.queryByText('1000 usuarios')).toBeNull();
  });

  it('says so when nothing matches', async () => {
    fakeFetch(() => ({ status: 200, body: page([]) }));
    renderScreen(<UserListPage />, { url: '/user/list?q=nadie' });
    expect(await screen.findByText('Ningún usuario coincide con la búsqueda.')).toBeTruthy();
  });

  it('shows the load error with Reintentar, which asks again', async () => {
    let calls = 0;
    fakeFetch(() => (++calls === 1 ? { status: 500, body: { type: 'about:blank', title: 'Error', status: 500, detail: 'Error interno' } } : { status: 200, body: page([user()]) }));
    renderScreen(<UserListPage />, { url: '/user/list' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error en la operación')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Ana García' })).toBeTruthy();
  });

  it('shows the CARD and FULL views with every field', async () => {
    fakeFetch(() => ({ status: 200, body: page([user({ phone: '+34 600 000 000', isTemporalPassword: true })]) }));
    renderScreen(<UserListPage />, { url: '/user/list?view=FULL' });
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('+34 600 000 000')).toBeTruthy();
    expect(within(item).getAllByText('Contraseña provisional').length).toBeGreaterThan(0);
    expect(within(item).getByText('12345678Z')).toBeTruthy();
  });

  it('tells a role without access that it has none, and asks the API nothing', async () => {
    act(() => saveSession(session(['INVESTOR']), false, 'csrf-test'));
    const fetch = fakeFetch(() => ({ status: 200, body: page([]) }));
    renderScreen(<UserListPage />, { url: '/user/list' });
    expect(await screen.findByText('No tiene acceso a la lista de usuarios.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers "Nuevo usuario" only to those who may create users', async () => {
    act(() => saveSession(session(['GROUP_MANAGER']), false, 'csrf-test'));
    fakeFetch(() => ({ status: 200, body: page([]) }));
    renderScreen(<UserListPage />, { url: '/user/list' });
    await screen.findByText('Ningún usuario coincide con la búsqueda.');
    expect(screen.queryByRole('button', { name: 'Nuevo usuario' })).toBeNull();
  });
});
