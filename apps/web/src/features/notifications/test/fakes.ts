import { vi } from 'vitest';
import type { TNotification, TNotificationPage } from '@kc/domain';

/** A stand-in for the browser's EventSource (jsdom has none): the test sends the server's events. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static last = (): FakeEventSource => FakeEventSource.instances[FakeEventSource.instances.length - 1]!;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.isClosed = true;
  }
  send(type: string, data: unknown, id = '') {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}

export interface TFakeCall {
  method: string;
  url: string;
}

/**
 * Replaces fetch: `handler` answers each call ([status, body]); every call is recorded. The
 * stream ticket is answered unless the handler says otherwise.
 */
export function stubApi(handler: (call: TFakeCall) => [number, unknown] | undefined | Promise<[number, unknown] | undefined>) {
  const calls: TFakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url };
      calls.push(call);
      const answer = (await handler(call)) ?? (url === '/api/notifications/stream-ticket' ? [200, { ticket: 'tk', expiresIn: 60 }] : [404, {}]);
      return new Response(answer[1] === undefined ? null : JSON.stringify(answer[1]), { status: answer[0], headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.stubGlobal('EventSource', FakeEventSource);
  return calls;
}

export function makeNotification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: 'n1',
    kind: 'notification',
    key: 'contractStateChanged',
    title: 'Su contrato Plan Jubilación Digna está ahora Activo',
    createdAt: '2026-11-20T09:30:00.000Z',
    severity: 'NORMAL',
    links: [{ label: 'Ver el contrato', link: '/inversor/contratos/c1' }],
    isRead: false,
    readAt: null,
    subject: { type: 'contract', id: 'c1' },
    task: null,
    ...overrides,
  };
}

export function makePage(content: TNotification[], { page = 0, totalElements = content.length, size = 20 } = {}): TNotificationPage {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    pageable: { pageNumber: page, pageSize: size, offset: page * size, sort: { sorted: false, unsorted: true, empty: true } },
    totalElements,
    totalPages,
    first: page === 0,
    last: page >= totalPages - 1,
    number: page,
    numberOfElements: content.length,
    size,
    empty: content.length === 0,
  };
}
