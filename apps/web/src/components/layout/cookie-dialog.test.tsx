import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../lib/i18n.ts';
import { applyCookieConsent, COOKIE_CONSENT_KEY, COOKIE_CONSENT_UNRECORDED_KEY, openCookieSettings } from '../../lib/cookie-consent.ts';
import { CookieDialog } from './cookie-dialog.tsx';
import { Footer } from './footer.tsx';

function renderShell() {
  const router = createMemoryRouter([{ path: '*', element: <><Footer /><CookieDialog /></> }], { initialEntries: ['/home'] });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Utilizamos cookies' });

beforeEach(() => window.localStorage.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('es');
});

describe('cookie dialog', () => {
  it('asks on a first visit; a choice is kept in the browser and waits for a sign-in to be recorded', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderShell();
    const open = await screen.findByRole('dialog', { name: 'Utilizamos cookies' });
    expect(within(open).queryByRole('button', { name: 'Cerrar' })).toBeNull();
    await userEvent.click(within(open).getByRole('button', { name: 'Aceptar' }));
    expect(dialog()).toBeNull();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
    expect(JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_UNRECORDED_KEY)!)).toMatchObject({ consent: 'accepted' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the footer’s "Configuración de cookies" reopens it with the current choice; rejecting removes non-essential storage', async () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    window.localStorage.setItem('_ga_x', '1');
    document.cookie = '_ga=GA1.1.1; path=/';
    renderShell();
    expect(dialog()).toBeNull();
    const settings = screen.getByRole('button', { name: 'Configuración de cookies' });
    await userEvent.click(settings);
    const open = await screen.findByRole('dialog', { name: 'Utilizamos cookies' });
    expect(within(open).getByText('Su elección actual: ha aceptado las cookies de análisis.')).toBeTruthy();
    expect(document.activeElement).toBe(within(open).getByRole('heading', { name: 'Utilizamos cookies' }));
    await userEvent.click(within(open).getByRole('button', { name: 'Rechazar las no esenciales' }));
    expect(dialog()).toBeNull();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('rejected');
    expect(window.localStorage.getItem('_ga_x')).toBeNull();
    expect(document.cookie).toBe('');
    expect(document.activeElement).toBe(settings);
  });

  it('reopened, Cerrar and Escape close it without changing the choice', async () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'rejected');
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Configuración de cookies' }));
    expect(within((await screen.findByRole('dialog'))).getByText('Su elección actual: ha rechazado las cookies no esenciales.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(dialog()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Configuración de cookies' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(dialog()).toBeNull();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('rejected');
    expect(window.localStorage.getItem(COOKIE_CONSENT_UNRECORDED_KEY)).toBeNull();
  });

  it('a first-visit dialog closes when a choice is adopted from the person’s record; a reopened one stays', async () => {
    renderShell();
    await screen.findByRole('dialog', { name: 'Utilizamos cookies' });
    act(() => applyCookieConsent('accepted'));
    expect(dialog()).toBeNull();
    act(() => openCookieSettings());
    await screen.findByRole('dialog', { name: 'Utilizamos cookies' });
    act(() => applyCookieConsent('rejected'));
    expect(dialog()).not.toBeNull();
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'rejected');
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const open = await screen.findByRole('dialog', { name: 'We use cookies' });
    expect(within(open).getByText('Your current choice: you have rejected non-essential cookies.')).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Reject non-essential' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
