import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, SESSION_STORAGE_KEY } from '../../../lib/session.ts';
import { currentCsrfToken } from '../../../lib/session-gate.ts';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MFA_REQUIRED = {
  error: 'mfa_required',
  error_description: 'Confirme el inicio de sesión con su segundo factor.',
  mfa_token: 'mfa-token-1',
  factors: ['totp', 'recovery_code'],
};
// A cookie session's answer: the token itself is in the HttpOnly cookie, never in the body.
const TOKEN = { token_type: 'bearer', expires_in: 3600, scope: 'read', csrf_token: 'csrf-2' };
const IDENTITY = { id: '42', username: 'ana@example.com', roles: ['INVESTOR'] };

async function typePassword() {
  await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'una-contraseña-larga');
  await userEvent.click(screen.getAllByRole('button', { name: 'Iniciar sesión' }).at(-1)!);
}

describe('login with a second factor (issue 18)', () => {
  it('mfa_required opens the second step with the focus on it; a wrong code is refused on the field; the right one signs in', async () => {
    const grants: Record<string, string>[] = [];
    fakeFetch((url, init) => {
      if (url === '/oauth/token') {
        const form = Object.fromEntries(new URLSearchParams(String(init.body)));
        grants.push(form);
        if (form['grant_type'] === 'password') return { status: 400, body: MFA_REQUIRED };
        if (form['otp'] === '123456') return { status: 200, body: TOKEN };
        return { status: 400, body: { error: 'invalid_grant', error_description: 'El código no es válido.' } };
      }
      if (url === '/api/users/identity') return { status: 200, body: IDENTITY };
      return { status: 404, body: {} };
    });
    const router = renderScreen(<LoginPage />, { url: '/user/login' });
    await typePassword();

    const heading = await screen.findByRole('heading', { level: 2, name: 'Segundo paso: confirme que es usted' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByLabelText(/^Contraseña/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const code = screen.getByLabelText(/Código de su aplicación de autenticación/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('El código no es válido.')).toBeTruthy();
    expect(getSession()).toBeUndefined();

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSession()).toMatchObject({ userId: '42', roles: ['INVESTOR'] });
    expect(getSession()).not.toHaveProperty('token');
    // The CSRF token lives in memory only.
    expect(currentCsrfToken()).toBe('csrf-2');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toContain('csrf-2');
    expect(grants.map((g) => g['grant_type'])).toEqual(['password', 'urn:kc:params:oauth:grant-type:mfa', 'urn:kc:params:oauth:grant-type:mfa']);
    expect(grants[0]).toMatchObject({ session: 'cookie', remember: 'false' });
    expect(grants[2]).toMatchObject({ mfa_token: 'mfa-token-1', otp: '123456', client_id: 'kc-mobile', session: 'cookie', remember: 'false' });
  });

  it('a recovery code is sent as recovery_code; too many attempts are said plainly; "start again" returns to the password', async () => {
    const grants: Record<string, string>[] = [];
    fakeFetch((url, init) => {
      if (url === '/oauth/token') {
        const form = Object.fromEntries(new URLSearchParams(String(init.body)));
        grants.push(form);
        if (form['grant_type'] === 'password') return { status: 400, body: MFA_REQUIRED };
        return { status: 429, body: { error: 'slow_down' } };
      }
      return { status: 404, body: {} };
    });
    renderScreen(<LoginPage />, { url: '/user/login' });
    await typePassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    await userEvent.type(screen.getByLabelText(/Código de recuperación/), '7QH2K-M9XWD');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Demasiados intentos. Espere unos minutos y vuelva a intentarlo.')).toBeTruthy();
    expect(grants[1]).toMatchObject({ grant_type: 'urn:kc:params:oauth:grant-type:mfa', recovery_code: '7QH2K-M9XWD', mfa_token: 'mfa-token-1' });

    await userEvent.click(screen.getByRole('button', { name: 'Empezar de nuevo' }));
    expect(await screen.findByLabelText(/^Contraseña/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Segundo paso: confirme que es usted' })).toBeNull();
  });
});
