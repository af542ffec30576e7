import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { PasswordLinkPage } from './password-link-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const problem = (status: number, code: string, detail: string) => ({ status, body: { type: 'about:blank', title: detail, status, code, detail } });

describe('PasswordLinkPage', () => {
  it('says clearly that a link has expired, and offers a new one', async () => {
    fakeFetch(() => problem(410, 'passwordLinkExpired', 'Este enlace ha caducado. Pida uno nuevo.'));
    renderScreen(<PasswordLinkPage purpose="reset" />, { url: '/user/reset-password?userId=u1&token=abc' });
    expect(await screen.findByText('Este enlace ha caducado. Pida uno nuevo.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveProperty('pathname', '/user/forgot-password');
    expect(screen.queryByLabelText(/Nueva contraseña/)).toBeNull();
  });

  it('does not ask the server about an incomplete link', async () => {
    const fetch = fakeFetch(() => ({ status: 200, body: {} }));
    renderScreen(<PasswordLinkPage purpose="set" />, { url: '/user/set-password?userId=u1' });
    expect(await screen.findByText(/El enlace está incompleto/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the link, refuses a short or different repeat in the browser, then saves and points to the login', async () => {
    const fetch = fakeFetch((url) =>
      url.endsWith('/check') ? { status: 200, body: { purpose: 'SET', email: 'ana@kc.example', expiresAt: '2030-01-01T00:00:00Z' } } : { status: 200, body: { ok: true } },
    );
    renderScreen(<PasswordLinkPage purpose="set" />, { url: '/user/set-password?userId=u1&token=abc' });
    expect(await screen.findByText('Cuenta: ana@kc.example')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Nueva contraseña/), 'short');
    await userEvent.type(screen.getByLabelText(/Repita la contraseña/), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByText('La contraseña debe tener al menos 10 caracteres')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    await userEvent.clear(screen.getByLabelText(/Nueva contraseña/));
    await userEvent.type(screen.getByLabelText(/Nueva contraseña/), 'a-long-enough-password');
    await userEvent.clear(screen.getByLabelText(/Repita la contraseña/));
    await userEvent.type(screen.getByLabelText(/Repita la contraseña/), 'a-long-enough-password');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByText('Contraseña guardada. Ya puede iniciar sesión.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveProperty('pathname', '/user/login');
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toEqual({ userId: 'u1', token: 'abc', newPassword: 'a-long-enough-password', repeatPassword: 'a-long-enough-password' });
  });
});

describe('ForgotPasswordPage', () => {
  it('gives the same answer once the server accepts the address', async () => {
    const fetch = fakeFetch(() => ({ status: 202, body: { accepted: true } }));
    renderScreen(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByText(/Si hay una cuenta de KC con esa dirección/)).toBeTruthy();
    await waitFor(() => expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ email: 'someone@example.com' }));
  });

  it('shows the server refusal (too many requests)', async () => {
    fakeFetch(() => problem(429, 'tooManyRequests', 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.'));
    renderScreen(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.');
  });
});
