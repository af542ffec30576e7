import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { fakeFetch, renderScreen, type TFakeResponse } from '../../../test/render-app.tsx';
import type { TStrongAuthStatus } from '../api/strong-auth-api.ts';
import { SecurityPage } from './security-page.tsx';

/**
 * /account/security opened on its own (a bookmark, a reload, the staff enrolment page's link):
 * this file imports nothing but the page, as the route module does, so no other feature's
 * namespace is registered; the confirmations must still read "Sí"/"No". Keyboard focus moves to
 * the safe choice, back to the button on "No", and to the section's heading after a removal,
 * which a status message announces.
 */
const session: TSession = {
  userId: 'u1',
  identity: { id: 'u1', username: 'ana@kc.example', roles: ['INVESTOR'] },
  roles: ['INVESTOR'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

const PASSKEY = { id: 'pk-1', name: 'Móvil de Ana', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
const ENROLLED: TStrongAuthStatus = {
  totp: { enrolled: true, enrolledAt: '2026-11-20T10:00:00.000Z' },
  passkeys: [PASSKEY],
  recoveryCodesLeft: 10,
  enrolmentRequired: false,
  hasSecondFactor: true,
  secondFactorAt: null,
};

beforeEach(() => saveSession(session, false, 'csrf-test'));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

/** The server: the status (as it is after any removal), and what a DELETE answers. */
function serve(deleteAnswer: TFakeResponse = { status: 204 }) {
  let status = ENROLLED;
  const deletes: string[] = [];
  fakeFetch((url, init) => {
    if (url === '/api/strong-auth') return { status: 200, body: status };
    if (init.method === 'DELETE') {
      deletes.push(url);
      if (deleteAnswer.status < 300) {
        status =
          url === '/api/strong-auth/totp'
            ? { ...status, totp: { enrolled: false, enrolledAt: null } }
            : { ...status, passkeys: status.passkeys.filter((p) => !url.endsWith(p.id)) };
      }
      return deleteAnswer;
    }
    return { status: 404 };
  });
  return deletes;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('security page', () => {
  it('opened on its own, asks "Sí"/"No" (never the raw keys), focuses "No", and gives the focus back to the button on "No"', async () => {
    const deletes = serve();
    renderScreen(<SecurityPage />, { url: '/account/security' });
    const app = await screen.findByRole('region', { name: 'Aplicación de autenticación' });
    const trigger = within(app).getByRole('button', { name: 'Quitar la aplicación de autenticación' });
    await userEvent.click(trigger);

    const question = within(app).getByRole('alertdialog', { name: /¿Desea quitar la aplicación de autenticación\?/ });
    expect(within(question).getAllByRole('button').map((b) => b.textContent)).toEqual(['Sí', 'No']);
    const no = within(question).getByRole('button', { name: 'No' });
    expect(document.activeElement).toBe(no);

    await userEvent.keyboard('{Enter}');
    expect(within(app).queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(within(app).getByRole('button', { name: 'Quitar la aplicación de autenticación' }));
    expect(deletes).toEqual([]);
  });

  it('removing the authenticator app with the keyboard announces it and puts the focus on the section heading', async () => {
    const deletes = serve();
    renderScreen(<SecurityPage />, { url: '/account/security' });
    const app = await screen.findByRole('region', { name: 'Aplicación de autenticación' });
    within(app).getByRole('button', { name: 'Quitar la aplicación de autenticación' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(app).getByRole('button', { name: 'No' }));
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(within(app).getByRole('button', { name: 'Sí' }));
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(within(app).getByRole('status').textContent).toBe('Aplicación de autenticación eliminada.'));
    expect(deletes).toEqual(['/api/strong-auth/totp']);
    expect(within(app).getByText('Sin configurar')).toBeTruthy();
    expect(document.activeElement).toBe(within(app).getByRole('heading', { name: 'Aplicación de autenticación' }));
  });

  it('removing a passkey announces it and puts the focus on the section heading, as its line is gone', async () => {
    const deletes = serve();
    renderScreen(<SecurityPage />, { url: '/account/security' });
    const keys = await screen.findByRole('region', { name: 'Llaves de acceso' });
    await userEvent.click(within(keys).getByRole('button', { name: 'Quitar la llave de acceso Móvil de Ana' }));
    const question = within(keys).getByRole('alertdialog', { name: '¿Desea quitar la llave de acceso Móvil de Ana?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'No' }));
    await userEvent.click(within(question).getByRole('button', { name: 'Sí' }));

    await waitFor(() => expect(within(keys).getByRole('status').textContent).toBe('Llave de acceso eliminada.'));
    expect(deletes).toEqual(['/api/strong-auth/passkeys/pk-1']);
    expect(within(keys).queryByTestId('passkey-item')).toBeNull();
    expect(within(keys).getByText('Todavía no tiene llaves de acceso.')).toBeTruthy();
    expect(document.activeElement).toBe(within(keys).getByRole('heading', { name: 'Llaves de acceso' }));
  });

  it('a refused removal shows why in Spanish, keeps the passkey, and gives the focus back to its button', async () => {
    serve({ status: 503 });
    renderScreen(<SecurityPage />, { url: '/account/security' });
    const keys = await screen.findByRole('region', { name: 'Llaves de acceso' });
    await userEvent.click(within(keys).getByRole('button', { name: 'Quitar la llave de acceso Móvil de Ana' }));
    await userEvent.click(within(keys).getByRole('button', { name: 'Sí' }));

    expect((await within(keys).findByRole('alert')).textContent).toBe('No hemos podido completar la operación. Vuelva a intentarlo.');
    expect(within(keys).getByTestId('passkey-item')).toBeTruthy();
    expect(within(keys).getByRole('status').textContent).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(within(keys).getByRole('button', { name: 'Quitar la llave de acceso Móvil de Ana' })));
  });

  it('new recovery codes: the question says "Sí"/"No", focuses "No", and "No" gives the focus back', async () => {
    serve();
    renderScreen(<SecurityPage />, { url: '/account/security' });
    const codes = await screen.findByRole('region', { name: 'Códigos de recuperación' });
    await userEvent.click(within(codes).getByRole('button', { name: 'Generar códigos nuevos' }));
    expect(within(codes).getByRole('button', { name: 'Sí' })).toBeTruthy();
    expect(document.activeElement).toBe(within(codes).getByRole('button', { name: 'No' }));
    await userEvent.click(within(codes).getByRole('button', { name: 'No' }));
    expect(document.activeElement).toBe(region('Códigos de recuperación').querySelector('button'));
    expect(document.activeElement?.textContent).toBe('Generar códigos nuevos');
  });
});
