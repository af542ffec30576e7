import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TNotification } from '@kc/domain';
import { i18n } from '../../../lib/i18n.ts';
import { clearSession, saveSession, type TSession } from '../../../lib/session.ts';
import { notificationStream } from '../lib/notification-stream.ts';
import { FakeEventSource, makeNotification, makePage, stubApi, type TFakeCall } from '../test/fakes.ts';
import { InboxPage } from './inbox-page.tsx';

const session: TSession = {
  userId: 'u1',
  identity: { id: 'u1', username: 'advisor@kc.example', roles: ['ADVISOR'] },
  roles: ['ADVISOR'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

const task = makeNotification({
  id: 't1',
  kind: 'task',
  key: 'contractHired',
  title: 'Ana Inversora ha contratado un Plan Jubilación Digna: confirme el primer pago',
  severity: 'HIGH',
  task: { type: 'confirm-first-payment', state: 'open', completedAt: null, completedBy: null },
});
const doneTask = makeNotification({
  id: 't2',
  kind: 'task',
  key: 'accountConfirmed',
  title: 'Luis Pérez ha confirmado su cuenta: dele la bienvenida como su nuevo cliente',
  isRead: true,
  readAt: '2026-11-21T10:00:00.000Z',
  links: [{ label: 'Ver mis clientes', link: '/advisor/dashboard', dismiss: true }],
  task: { type: 'welcome-client', state: 'done', completedAt: '2026-11-21T10:00:00.000Z', completedBy: { id: 'u1', name: 'Alba Asesora' } },
});
const info = makeNotification({ id: 'i1', severity: 'LOW' });

let calls: TFakeCall[];
/** What GET /api/notifications answers next. */
let listAnswer: () => [number, unknown];

function renderInbox(url = '/notifications') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <InboxPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/notifications?'));
const lastListQuery = () => Object.fromEntries(new URL(listCalls().at(-1)!.url, 'http://x').searchParams);
const item = (title: string) => screen.getByRole('listitem', { name: title });

beforeEach(() => {
  FakeEventSource.instances = [];
  listAnswer = () => [200, makePage([task, doneTask, info])];
  calls = stubApi(({ method, url }) => {
    if (method === 'GET' && url.startsWith('/api/notifications?')) return listAnswer();
    const action = /^\/api\/notifications\/(\w+)\/(read|dismiss|complete)$/.exec(url);
    if (method === 'POST' && action) return [200, { ...makeNotification({ id: action[1]! }), isRead: true }];
    if (method === 'POST' && url === '/api/notifications/read-all') return [200, { updated: 2, unreadCount: 0 }];
    return undefined;
  });
  act(() => saveSession(session, false, 'csrf-test'));
});
afterEach(() => {
  notificationStream.stop();
  clearSession();
  vi.unstubAllGlobals();
});

describe('inbox page', () => {
  it('loading, then the items: title, priority, read state, task state and who completed it, the links', async () => {
    let release: () => void = () => {};
    const answer = listAnswer;
    // The first answer waits until released, to see the loading state.
    calls = stubApi(async ({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/notifications?')) {
        await new Promise<void>((r) => (release = r));
        return answer();
      }
      return undefined;
    });
    renderInbox();
    expect(screen.getByRole('heading', { level: 1, name: 'Notificaciones y tareas' })).toBeTruthy();
    expect(await screen.findByText('Cargando…')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    release();
    const open = await screen.findByRole('listitem', { name: task.title });
    expect(lastListQuery()).toEqual({ page: '0', size: '20' });
    expect(within(open).getByText('Sin leer')).toBeTruthy();
    expect(within(open).getByText('Prioridad alta')).toBeTruthy();
    expect(within(open).getByText('Tarea: Pendiente')).toBeTruthy();
    expect(within(open).getByText('Recibida el 20/11/2026 a las 09:30')).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'Ver el contrato' }).getAttribute('href')).toBe('/inversor/contratos/c1');
    expect(within(open).getByRole('button', { name: 'Marcar como hecha' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Marcar como leída' })).toBeTruthy();

    const done = item(doneTask.title);
    expect(within(done).queryByText('Sin leer')).toBeNull();
    expect(within(done).getByText('Tarea: Hecha')).toBeTruthy();
    expect(within(done).getByText('Completada por Alba Asesora el 21/11/2026')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Marcar como hecha' })).toBeNull();
    expect(within(done).queryByRole('button', { name: 'Marcar como leída' })).toBeNull();
    expect(within(item(info.title)).getByText('Prioridad baja')).toBeTruthy();
    expect(within(item(info.title)).getByText('Aviso')).toBeTruthy();
  });

  it('each button names its item for screen readers', async () => {
    renderInbox();
    const open = await screen.findByRole('listitem', { name: task.title });
    const dismiss = within(open).getByRole('button', { name: 'Descartar' });
    expect(dismiss.getAttribute('aria-describedby')).toBe(within(open).getByRole('heading', { level: 2 }).id);
  });

  it('empty: says so, and says the filters match nothing when filtered', async () => {
    listAnswer = () => [200, makePage([])];
    renderInbox();
    expect(await screen.findByText(/^No tiene notificaciones/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Prioridad'), 'HIGH');
    expect(await screen.findByText('Ninguna notificación coincide con estos filtros.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar los filtros' }));
    expect(await screen.findByText(/^No tiene notificaciones/)).toBeTruthy();
  });

  it("error: 'Error en la operación' with Reintentar, which loads the list", async () => {
    listAnswer = () => [500, { status: 500 }];
    renderInbox();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error en la operación');
    listAnswer = () => [200, makePage([info])];
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('listitem', { name: info.title })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters go to the API and the address; a task state applies to tasks only', async () => {
    const router = renderInbox();
    await screen.findByRole('listitem', { name: task.title });
    await userEvent.selectOptions(screen.getByLabelText('Prioridad'), 'HIGH');
    await waitFor(() => expect(lastListQuery()).toEqual({ page: '0', size: '20', severity: 'HIGH' }));
    await userEvent.selectOptions(screen.getByLabelText('Lectura'), 'sin-leer');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ severity: 'HIGH', read: 'false' }));
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'task');
    await userEvent.selectOptions(screen.getByLabelText('Estado de la tarea'), 'open');
    await waitFor(() => expect(lastListQuery()).toEqual({ page: '0', size: '20', severity: 'HIGH', read: 'false', kind: 'task', taskState: 'open' }));
    expect(router.state.location.search).toBe('?prioridad=HIGH&lectura=sin-leer&tipo=task&tarea=open');
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'notification');
    expect((screen.getByLabelText('Estado de la tarea') as HTMLSelectElement).disabled).toBe(true);
    await waitFor(() => expect(lastListQuery()).toEqual({ page: '0', size: '20', severity: 'HIGH', read: 'false', kind: 'notification' }));
  });

  it('a shared address shows the same filters and page', async () => {
    listAnswer = () => [200, makePage([info], { page: 1, totalElements: 25 })];
    renderInbox('/notifications?lectura=leidas&pagina=2');
    await screen.findByRole('listitem', { name: info.title });
    expect(lastListQuery()).toEqual({ page: '1', size: '20', read: 'true' });
    expect((screen.getByLabelText('Lectura') as HTMLSelectElement).value).toBe('leidas');
    const pager = screen.getByRole('navigation', { name: 'Paginación' });
    expect(within(pager).getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(pager).getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ page: '0', size: '20', read: 'true' }));
  });

  it('mark read, complete and dismiss call the API and reload the list; dismissing is announced', async () => {
    renderInbox();
    const open = await screen.findByRole('listitem', { name: task.title });
    const before = listCalls().length;
    await userEvent.click(within(open).getByRole('button', { name: 'Marcar como leída' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/t1/read')).toBe(true));
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
    await userEvent.click(within(item(task.title)).getByRole('button', { name: 'Marcar como hecha' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/t1/complete')).toBe(true));
    await userEvent.click(within(item(info.title)).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/i1/dismiss')).toBe(true));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Notificación descartada.')).toBe(true));
  });

  it('a link flagged dismiss also dismisses its item; another link reads an unread item', async () => {
    const router = renderInbox();
    await screen.findByRole('listitem', { name: task.title });
    await userEvent.click(within(item(doneTask.title)).getByRole('link', { name: 'Ver mis clientes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/advisor/dashboard'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/t2/dismiss')).toBe(true));
    await act(() => router.navigate('/notifications'));
    await userEvent.click(within(await screen.findByRole('listitem', { name: task.title })).getByRole('link', { name: 'Ver el contrato' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/t1/read')).toBe(true));
  });

  it('mark all read: the count drops at once and the list reloads; disabled when nothing is unread', async () => {
    renderInbox();
    await screen.findByRole('listitem', { name: task.title });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last().send('ready', { unreadCount: 2, lastEventId: '3' }));
    expect(await screen.findByText('2 sin leer')).toBeTruthy();
    const before = listCalls().length;
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByText('0 sin leer')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/read-all')).toBe(true);
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
    expect((screen.getByRole('button', { name: 'Marcar todas como leídas' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Todas las notificaciones están marcadas como leídas.')).toBe(true);
  });

  it('a change arriving through the stream reloads the list without a page reload', async () => {
    renderInbox();
    await screen.findByRole('listitem', { name: task.title });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const fresh: TNotification = makeNotification({ id: 'n2', title: 'Se ha cambiado la contraseña de su cuenta. Si no ha sido usted, contacte con nosotros de inmediato', severity: 'HIGH' });
    listAnswer = () => [200, makePage([fresh, task, doneTask, info])];
    act(() => FakeEventSource.last().send('notification', { type: 'created', notification: fresh, unreadCount: 3 }, '4'));
    expect(await screen.findByRole('listitem', { name: fresh.title })).toBeTruthy();
  });
});
