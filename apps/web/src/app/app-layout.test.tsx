import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from './app-layout.tsx';
import { changeLanguage, i18n } from '../lib/i18n.ts';
import { clearSession, getSession, saveSession, type TSession } from '../lib/session.ts';
import { notificationStream } from '../features/notifications/lib/notification-stream.ts';
import { FakeEventSource, makeNotification, stubApi, type TFakeCall } from '../features/notifications/test/fakes.ts';

const session: TSession = {
  userId: 'u1',
  identity: { id: 'u1', username: 'advisor@kc.example', roles: ['ADVISOR'] },
  roles: ['ADVISOR'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

let calls: TFakeCall[];

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <AppLayout>board</AppLayout> },
      { path: '/notifications', element: <AppLayout>inbox</AppLayout> },
      { path: '/user/login', element: <AppLayout>login page</AppLayout> },
      { path: '/home', element: <AppLayout>home page</AppLayout> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const bell = (name: RegExp | string) => screen.findByRole('link', { name });

beforeEach(() => {
  // The cookie choice is made: a signed-in browser without one asks the API for the person's
  // recorded choice (lib/cookie-consent.test.ts), which is not what these tests count.
  window.localStorage.setItem('kc.cookieConsent', 'accepted');
  FakeEventSource.instances = [];
  calls = stubApi(() => undefined);
});
afterEach(async () => {
  notificationStream.stop();
  clearSession();
  vi.unstubAllGlobals();
  await changeLanguage('es');
});

/** The navbar's notifications bell, as the app lays it out (lazy, only for a logged-in user). */
describe('notification bell', () => {
  it('is not there, and opens no stream, when nobody is logged in', async () => {
    renderApp();
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Notificaciones/ })).toBeNull();
    expect(calls).toEqual([]);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('logged in: links to the inbox and says the unread count from the stream, live', async () => {
    act(() => saveSession(session, false, 'csrf-test'));
    renderApp();
    const link = await bell('Notificaciones');
    expect(link.getAttribute('href')).toBe('/notifications');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(calls).toEqual([{ method: 'POST', url: '/api/notifications/stream-ticket' }]);
    const url = new URL(FakeEventSource.last().url, 'http://x');
    expect(url.pathname).toBe('/api/notifications/stream');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ticket: 'tk', lang: 'es' });

    act(() => FakeEventSource.last().send('ready', { unreadCount: 3, lastEventId: '4' }));
    expect(await bell('Notificaciones: 3 sin leer')).toBe(link);
    expect(screen.getByTestId('bell-count').textContent).toBe('3');

    // A new task arrives: the count rises and a polite status announces it.
    const created = makeNotification({ id: 'n9', kind: 'task', title: 'Ana Inversora ha contratado un Plan Jubilación Digna: confirme el primer pago' });
    act(() => FakeEventSource.last().send('notification', { type: 'created', notification: created, unreadCount: 4 }, '5'));
    expect(await bell('Notificaciones: 4 sin leer')).toBe(link);
    expect(screen.getByRole('status').textContent).toBe(`Nueva notificación: ${created.title}`);

    act(() => FakeEventSource.last().send('notification', { type: 'all-read', notification: null, unreadCount: 0 }, '6'));
    expect(await bell('Notificaciones: ninguna sin leer')).toBe(link);
    expect(screen.queryByTestId('bell-count')).toBeNull();
  });

  it('speaks English when English is on, and reconnects to get the items in English', async () => {
    act(() => saveSession(session, false, 'csrf-test'));
    renderApp();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last().send('ready', { unreadCount: 1, lastEventId: '8' }));
    await act(() => changeLanguage('en'));
    expect(await bell('Notifications: 1 unread')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(FakeEventSource.instances[0]!.isClosed).toBe(true);
    expect(Object.fromEntries(new URL(FakeEventSource.last().url, 'http://x').searchParams)).toEqual({ ticket: 'tk', lang: 'en', lastEventId: '8' });
  });

  it("session-ended (e.g. an admin deactivated the user) ends the tab's session and goes to the login page", async () => {
    act(() => saveSession(session, false, 'csrf-test'));
    const router = renderApp();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last().send('ready', { unreadCount: 2, lastEventId: '1' }));
    act(() => FakeEventSource.last().send('session-ended', {}));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    await waitFor(() => expect(getSession()).toBeUndefined());
    expect(FakeEventSource.last().isClosed).toBe(true);
    expect(screen.queryByRole('link', { name: /^Notificaciones/ })).toBeNull();
    expect(router.state.location.state).toEqual({ reason: 'unauthorized' });
  });

  it('logging out closes the stream before the token is revoked', async () => {
    act(() => saveSession(session, false, 'csrf-test'));
    calls = stubApi(({ url }) => (url === '/oauth/revoke' ? [200, undefined] : undefined));
    renderApp();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.last();
    act(() => screen.getAllByRole('button', { name: 'Salir' })[0]!.click());
    expect(source.isClosed).toBe(true);
    await waitFor(() => expect(getSession()).toBeUndefined());
    expect(calls.map((c) => c.url)).toEqual(['/api/notifications/stream-ticket', '/oauth/revoke']);
    // The revocation's own session-ended (were it to arrive) does nothing more.
    act(() => source.send('session-ended', {}));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
