import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MantineShell from './mantine-shell.tsx';
import { i18n } from '../lib/i18n.ts';
import { clearSession, saveSession, type TSession } from '../lib/session.ts';
import { isEnrolmentRequired } from '../lib/strong-auth-bridge.ts';
import { fakeFetch } from '../test/render-app.tsx';

const sessionOf = (roles: string[]): TSession => ({
  userId: 'u1',
  identity: { id: 'u1', username: 'persona@kc.example', roles },
  roles,
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
});

const status = (over: { enrolmentRequired: boolean; hasSecondFactor: boolean }) => ({
  totp: { enrolled: over.hasSecondFactor, enrolledAt: over.hasSecondFactor ? '2026-11-20T10:00:00.000Z' : null },
  passkeys: [],
  recoveryCodesLeft: over.hasSecondFactor ? 10 : 0,
  secondFactorAt: null,
  ...over,
});

function renderShell(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: <MantineShell />,
        children: [
          { path: '/advisor/dashboard', element: <h1>Panel del asesor</h1> },
          { path: '/account/security', element: <h1>Seguridad</h1> },
          { path: '/home/terms-and-conditions', element: <h1>Condiciones</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the staff enrolment gate (issue 18)', () => {
  it('a staff member without a factor sees the enrolment page instead of the back office, never the screen first, and may open the security page', async () => {
    fakeFetch((url) => (url === '/api/strong-auth' ? { status: 200, body: status({ enrolmentRequired: true, hasSecondFactor: false }) } : { status: 404 }));
    saveSession(sessionOf(['ADVISOR']), false, 'csrf-test');
    const router = renderShell('/advisor/dashboard');
    expect(screen.queryByRole('heading', { name: 'Panel del asesor' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Antes, configure un segundo factor' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Panel del asesor' })).toBeNull();
    const enrol = screen.getByRole('link', { name: 'Configurar mi segundo factor' });
    expect(enrol.getAttribute('href')).toBe('/account/security');

    await router.navigate('/account/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seguridad' })).toBeTruthy();
    await router.navigate('/home/terms-and-conditions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Condiciones' })).toBeTruthy();
  });

  it('a staff member with a factor goes straight in; the gate is forgotten when the session ends', async () => {
    fakeFetch((url) => (url === '/api/strong-auth' ? { status: 200, body: status({ enrolmentRequired: false, hasSecondFactor: true }) } : { status: 404 }));
    saveSession(sessionOf(['ADMIN']), false, 'csrf-test');
    renderShell('/advisor/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel del asesor' })).toBeTruthy();
    expect(isEnrolmentRequired()).toBe(false);
    clearSession();
    await waitFor(() => expect(isEnrolmentRequired()).toBeUndefined());
  });

  it('an investor is never held back by the status', async () => {
    const fetch = fakeFetch(() => ({ status: 404 }));
    saveSession(sessionOf(['INVESTOR']), false, 'csrf-test');
    renderShell('/advisor/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel del asesor' })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/strong-auth');
  });
});
