import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { clearSession, saveSession, type TSession } from '../../lib/session.ts';
import { Navbar } from './navbar.tsx';

const session: TSession = {
  userId: 'u1',
  identity: { id: 'u1', username: 'investor@kc.example', roles: ['INVESTOR'] },
  roles: ['INVESTOR'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

function renderNavbar(onLogout = vi.fn()) {
  const router = createMemoryRouter([{ path: '*', element: <Navbar onLogout={onLogout} /> }]);
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return onLogout;
}

afterEach(() => clearSession());

describe('Navbar', () => {
  it('logged out: Inicio, Iniciar sesión, Registrarse; no Tablero; logo to /home', () => {
    renderNavbar();
    expect(screen.getAllByRole('link', { name: 'Inicio' })[0]).toHaveProperty('pathname', '/home');
    expect(screen.queryByRole('link', { name: 'Tablero' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveProperty('pathname', '/user/login');
    expect(screen.getByRole('link', { name: 'Registrarse' })).toHaveProperty('pathname', '/user/sign-up');
    expect(screen.getByRole('link', { name: 'KC — inicio' })).toHaveProperty('pathname', '/home');
  });

  it('logged in (a user id is present): Tablero, the username and Salir; logo to /dashboard', async () => {
    act(() => saveSession(session, false, 'csrf-test'));
    const onLogout = renderNavbar();
    expect(screen.getAllByRole('link', { name: 'Tablero' })[0]).toHaveProperty('pathname', '/dashboard');
    expect(screen.getByText('investor@kc.example')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
    expect(screen.getByRole('link', { name: 'KC — inicio' })).toHaveProperty('pathname', '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
