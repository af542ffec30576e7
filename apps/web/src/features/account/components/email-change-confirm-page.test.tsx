import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderScreen } from '../../../test/render-app.tsx';
import { EmailChangeConfirmPage } from './email-change-confirm-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'abcDEF123_-abcDEF123_-abc';
const problem = (status: number, code: string, detail: string) => ({ status, body: { type: 'about:blank', title: detail, status, code, detail } });
/** The mail's link: the token in the fragment of the address bar. */
const openLink = (hash: string) => window.history.replaceState(null, '', `/web/account/email/confirm${hash}`);

describe('EmailChangeConfirmPage', () => {
  it('confirms only on a click, sends the token, shows the new address and, without a kept session, points to the sign-in', async () => {
    const fetch = fakeFetch(() => ({ status: 200, body: { email: 'nueva@example.com', sessionKept: false } }));
    openLink(`#token=${TOKEN}`);
    renderScreen(<EmailChangeConfirmPage />, { url: '/account/email/confirm' });
    const button = await screen.findByRole('button', { name: 'Confirmar el nuevo correo' });
    // The token leaves the address bar once read; nothing is sent before the click.
    expect(window.location.hash).toBe('');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(await screen.findByText('El correo electrónico de su cuenta es ahora nueva@example.com.')).toBeTruthy();
    expect(screen.getByText(/Hemos cerrado todas las sesiones abiertas de su cuenta/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acceder con el nuevo correo' })).toHaveProperty('pathname', '/user/login');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: 'Confirmar el nuevo correo' })).toBeNull();
  });

  it('says plainly that a link has expired or was used, and offers no button again', async () => {
    for (const [status, code, detail] of [
      [410, 'emailChangeLinkExpired', 'Este enlace ha caducado (vale 60 minutos).'],
      [409, 'emailChangeLinkUsed', 'Este enlace ya se utilizó.'],
    ] as const) {
      fakeFetch(() => problem(status, code, detail));
      openLink(`#token=${TOKEN}`);
      renderScreen(<EmailChangeConfirmPage />, { url: '/account/email/confirm' });
      await userEvent.click(await screen.findByRole('button', { name: 'Confirmar el nuevo correo' }));
      expect((await screen.findByRole('alert')).textContent).toContain(detail);
      expect(screen.queryByRole('button', { name: 'Confirmar el nuevo correo' })).toBeNull();
      cleanup();
    }
  });

  it('does not ask the server about an incomplete link', async () => {
    const fetch = fakeFetch(() => ({ status: 200, body: {} }));
    openLink('#token=corto');
    renderScreen(<EmailChangeConfirmPage />, { url: '/account/email/confirm' });
    expect(await screen.findByText(/Este enlace está incompleto/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar el nuevo correo' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
