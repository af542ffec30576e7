import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@kc/domain';
import { clearSession, pathWithoutSession, saveSession, type TSession } from '../../lib/session.ts';
import { useRequiredSession } from './require-session.tsx';

const session: TSession = {
  userId: 'u1',
  identity: { id: 'u1', username: 'investor@kc.example', roles: ['INVESTOR'] },
  roles: ['INVESTOR'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

function Private() {
  const current = useRequiredSession();
  return <p>{current ? `private for ${current.userId}` : 'loading'}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home.href(), element: <p>home page</p> },
      { path: paths.login.href(), element: <p>login page</p> },
      { path: '*', element: <Private /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => clearSession());

describe('useRequiredSession', () => {
  it('sends a visitor without a session to the login page', async () => {
    clearSession();
    const router = renderAt('/account');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login.href());
  });

  it('a session that ends on screen (expired, revoked elsewhere) goes to the login page', async () => {
    saveSession(session, false, 'csrf-test');
    const router = renderAt('/account');
    expect(await screen.findByText('private for u1')).toBeTruthy();
    act(() => clearSession());
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login.href());
  });

  it('after Salir, a page still on screen goes home, where the logout was heading; the next visit without a session goes to the login page', async () => {
    saveSession(session, false, 'csrf-test');
    const router = renderAt('/account');
    expect(await screen.findByText('private for u1')).toBeTruthy();
    act(() => clearSession({ byLogout: true }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home.href());
    await act(() => router.navigate('/account'));
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('only for a moment: a visit more than two seconds after Salir goes to the login page', () => {
    saveSession(session, false, 'csrf-test');
    clearSession({ byLogout: true });
    expect(pathWithoutSession(Date.now() + 2_500)).toBe(paths.login.href());
    clearSession({ byLogout: true });
    expect(pathWithoutSession()).toBe(paths.home.href());
    clearSession();
    expect(pathWithoutSession()).toBe(paths.login.href());
  });
});
