import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TNotification, TNotificationStreamEvent } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { createNotificationStream, type TEventSourceLike, type TStreamDeps } from './notification-stream.ts';

/** A stand-in for EventSource: records its URL, lets the test send events and errors. */
class FakeSource implements TEventSourceLike {
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  constructor(public url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.isClosed = true;
  }
  send(type: string, data: unknown, id = '') {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  query() {
    return Object.fromEntries(new URL(this.url, 'http://x').searchParams);
  }
}

const item = { id: 'n1', title: 'Ana ha contratado un Plan', kind: 'task' } as TNotification;

function setUp(overrides: Partial<TStreamDeps> = {}) {
  const sources: FakeSource[] = [];
  let tickets = 0;
  const deps: TStreamDeps = {
    createTicket: vi.fn(async () => ({ ticket: `t${++tickets}`, expiresIn: 60 })),
    openEventSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    hasSession: () => true,
    language: () => 'es',
    endSession: vi.fn(),
    random: () => 1,
    ...overrides,
  };
  const stream = createNotificationStream(deps);
  return { stream, deps, sources, last: () => sources[sources.length - 1]! };
}

/** Lets the ticket's promise settle. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notification stream', () => {
  it('gets a ticket, opens the stream with it and the language, and takes the count from ready and each event', async () => {
    const { stream, sources, last } = setUp();
    const events: TNotificationStreamEvent[] = [];
    stream.onEvent((e) => events.push(e));
    expect(stream.getState().unreadCount).toBeUndefined();
    stream.acquire();
    await flush();
    expect(sources).toHaveLength(1);
    expect(last().url.startsWith('/api/notifications/stream?')).toBe(true);
    expect(last().query()).toEqual({ ticket: 't1', lang: 'es' });

    last().send('ready', { unreadCount: 2, lastEventId: '7' });
    expect(stream.getState()).toEqual({ unreadCount: 2, isConnected: true });
    const change: TNotificationStreamEvent = { type: 'created', notification: item, unreadCount: 3 };
    last().send('notification', change, '8');
    expect(stream.getState().unreadCount).toBe(3);
    expect(events).toEqual([change]);
  });

  it('on an error: closes, waits a growing pause, and resumes with a new ticket after the last event seen', async () => {
    const { stream, deps, sources, last } = setUp();
    stream.acquire();
    await flush();
    last().send('ready', { unreadCount: 0, lastEventId: '7' });
    last().send('notification', { type: 'created', notification: item, unreadCount: 1 }, '8');
    const first = last();
    first.fail();
    expect(first.isClosed).toBe(true);
    expect(stream.getState().isConnected).toBe(false);
    // Back-off: 1 s, then 2 s, then 4 s (random = 1: the full pause).
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    expect(last().query()).toEqual({ ticket: 't2', lang: 'es', lastEventId: '8' });
    last().fail();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);
    // A stream that opened resets the pause.
    last().send('ready', { unreadCount: 1, lastEventId: '8' });
    last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(4);
    expect(deps.createTicket).toHaveBeenCalledTimes(4);
    // Events of a closed source are ignored.
    first.send('notification', { type: 'created', notification: item, unreadCount: 99 }, '99');
    expect(stream.getState().unreadCount).toBe(1);
  });

  it('the pause stops growing at 30 s, and is shorter by up to half at random', async () => {
    const failing = vi.fn(async () => {
      throw new ApiError('down', 503, undefined, false);
    });
    const { stream } = setUp({ createTicket: failing, random: () => 0 });
    stream.acquire();
    await flush();
    // random = 0: half of 1, 2, 4, 8, 16, 30, 30 s.
    for (const pause of [500, 1000, 2000, 4000, 8000, 15000, 15000]) {
      const calls = failing.mock.calls.length;
      await vi.advanceTimersByTimeAsync(pause - 1);
      expect(failing.mock.calls.length).toBe(calls);
      await vi.advanceTimersByTimeAsync(1);
      expect(failing.mock.calls.length).toBe(calls + 1);
    }
  });

  it('session-ended ends the session in the tab and does not reconnect', async () => {
    const { stream, deps, sources, last } = setUp();
    stream.acquire();
    await flush();
    last().send('ready', { unreadCount: 4, lastEventId: '1' });
    last().send('session-ended', {});
    expect(deps.endSession).toHaveBeenCalledOnce();
    expect(last().isClosed).toBe(true);
    expect(stream.getState()).toEqual({ unreadCount: undefined, isConnected: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(1);
  });

  it('a 401 on the ticket stops (the API client has ended the session); another failure retries', async () => {
    const unauthorized = vi.fn(async () => {
      throw new ApiError('401', 401, undefined, false);
    });
    const { stream, sources } = setUp({ createTicket: unauthorized });
    stream.acquire();
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(sources).toHaveLength(0);
  });

  it('stays closed without a session, opens once for several holders and closes with the last release', async () => {
    let hasSession = false;
    const { stream, sources, last } = setUp({ hasSession: () => hasSession });
    const releaseNone = stream.acquire();
    await flush();
    expect(sources).toHaveLength(0);
    releaseNone();
    hasSession = true;
    const releaseBell = stream.acquire();
    const releaseInbox = stream.acquire();
    await flush();
    expect(sources).toHaveLength(1);
    last().send('ready', { unreadCount: 5, lastEventId: '3' });
    releaseInbox();
    releaseInbox();
    expect(last().isClosed).toBe(false);
    releaseBell();
    expect(last().isClosed).toBe(true);
    expect(stream.getState().unreadCount).toBeUndefined();
    // A new session starts from now, not from the previous user's last event.
    stream.acquire();
    await flush();
    expect(last().query()).toEqual({ ticket: 't2', lang: 'es' });
  });

  it('stop (logout) while the ticket is on its way opens nothing', async () => {
    let resolve: (value: { ticket: string; expiresIn: number }) => void = () => {};
    const { stream, sources } = setUp({ createTicket: () => new Promise((r) => (resolve = r)) });
    stream.acquire();
    await flush();
    stream.stop();
    resolve({ ticket: 'late', expiresIn: 60 });
    await flush();
    expect(sources).toHaveLength(0);
  });

  it('stop (logout) aborts the ticket request on its way, so its late 401 ends nothing', async () => {
    let signal: AbortSignal | undefined;
    const endSession = vi.fn();
    const { stream, sources } = setUp({
      endSession,
      createTicket: (s: AbortSignal) =>
        new Promise((_, reject) => {
          signal = s;
          s.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    stream.acquire();
    await flush();
    expect(signal?.aborted).toBe(false);
    stream.stop();
    await flush();
    expect(signal?.aborted).toBe(true);
    expect(endSession).not.toHaveBeenCalled();
    expect(sources).toHaveLength(0);
  });

  it('reconnect (a language switch) resumes after the last event seen', async () => {
    let language = 'es';
    const { stream, sources, last } = setUp({ language: () => language });
    stream.acquire();
    await flush();
    last().send('ready', { unreadCount: 0, lastEventId: '12' });
    const first = last();
    language = 'en';
    stream.reconnect();
    await flush();
    expect(first.isClosed).toBe(true);
    expect(sources).toHaveLength(2);
    expect(last().query()).toEqual({ ticket: 't2', lang: 'en', lastEventId: '12' });
  });
});
