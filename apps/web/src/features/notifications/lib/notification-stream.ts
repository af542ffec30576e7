import { notificationsApi } from '@kc/domain/notifications/api-paths.ts';
import type { TNotificationStreamEvent, TNotificationStreamReady, TStreamTicket } from '@kc/domain/notifications/schemas.ts';
import { ApiError, reportUnauthorized } from '../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { getSession, onSessionEnding } from '../../../lib/session.ts';
import { createStreamTicket } from '../api/create-stream-ticket.ts';

/**
 * The signed-in user's inbox stream (Server-Sent Events, docs/decisions/0011-notifications.md),
 * one per tab, shared by the navbar's bell and the inbox page. Plain code, no React, Mantine or
 * TanStack: the bell lives in the shell around every page.
 *
 * - EventSource cannot send the bearer header, so each connection first gets a single-use
 *   ticket (POST stream-ticket) and opens `stream?ticket=…&lastEventId=…&lang=…`.
 * - A ticket works once, so the browser's own reconnection cannot work: on any error the
 *   stream closes and reconnects itself with a new ticket and the last event id it saw (so no
 *   change is lost or repeated), after a growing, jittered pause (1 s, 2 s, 4 s … 30 s).
 * - `session-ended` (token revoked or expired, user deactivated) ends the session in this tab
 *   through the app's usual path (a 401), and a 401 on the ticket does the same.
 * - The session's end (logout, expiry) closes it and forgets everything.
 */

export interface TStreamState {
  /** Unknown until the stream's first `ready`. */
  unreadCount: number | undefined;
  isConnected: boolean;
}

/** The part of EventSource the stream uses (a fake one in tests). */
export interface TEventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface TStreamDeps {
  /** `signal` aborts the request when the stream stops (logout): its late 401 must not end anything. */
  createTicket: (signal: AbortSignal) => Promise<TStreamTicket>;
  openEventSource: (url: string) => TEventSourceLike;
  hasSession: () => boolean;
  language: () => string;
  endSession: () => void;
  random: () => number;
}

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export type TNotificationStream = ReturnType<typeof createNotificationStream>;

export function createNotificationStream(deps: TStreamDeps) {
  let state: TStreamState = { unreadCount: undefined, isConnected: false };
  const stateListeners = new Set<() => void>();
  const eventListeners = new Set<(event: TNotificationStreamEvent) => void>();
  let users = 0;
  let isRunning = false;
  let source: TEventSourceLike | undefined;
  let lastEventId: string | undefined;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The ticket request in flight, aborted with the connection it was for. */
  let ticketRequest: AbortController | undefined;
  /** Bumped whenever a connection is abandoned: its late callbacks then do nothing. */
  let generation = 0;

  const setState = (next: Partial<TStreamState>) => {
    state = { ...state, ...next };
    stateListeners.forEach((l) => l());
  };

  const closeSource = () => {
    // A ticket asked for just before a logout reaches the server after the revocation: its 401
    // would end a session that is already ending (and send the tab to the login page).
    ticketRequest?.abort();
    ticketRequest = undefined;
    source?.close();
    source = undefined;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    generation += 1;
  };

  const scheduleRetry = () => {
    closeSource();
    setState({ isConnected: false });
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);
    attempt += 1;
    // Jitter: tabs that lost the server together do not come back together.
    const delay = Math.round(ceiling * (0.5 + deps.random() / 2));
    retryTimer = setTimeout(() => void connect(), delay);
  };

  async function connect(): Promise<void> {
    closeSource();
    const mine = generation;
    if (!isRunning || !deps.hasSession()) return;
    let ticket: TStreamTicket;
    const request = new AbortController();
    ticketRequest = request;
    try {
      ticket = await deps.createTicket(request.signal);
    } catch (error) {
      if (mine !== generation) return;
      // A 401 has already ended the session (the API client's handler); nothing to retry.
      if (error instanceof ApiError && error.status === 401) return stop();
      return scheduleRetry();
    }
    if (ticketRequest === request) ticketRequest = undefined;
    if (mine !== generation || !isRunning) return;
    const query = new URLSearchParams({ ticket: ticket.ticket, lang: deps.language() });
    if (lastEventId !== undefined) query.set('lastEventId', lastEventId);
    const opened = deps.openEventSource(notificationsApi.stream(query.toString()));
    source = opened;
    const isCurrent = () => source === opened;
    opened.addEventListener('ready', (event) => {
      if (!isCurrent()) return;
      const ready = JSON.parse(event.data) as TNotificationStreamReady;
      attempt = 0;
      lastEventId = ready.lastEventId;
      setState({ unreadCount: ready.unreadCount, isConnected: true });
    });
    opened.addEventListener('notification', (event) => {
      if (!isCurrent()) return;
      const change = JSON.parse(event.data) as TNotificationStreamEvent;
      if (event.lastEventId) lastEventId = event.lastEventId;
      setState({ unreadCount: change.unreadCount });
      eventListeners.forEach((l) => l(change));
    });
    opened.addEventListener('session-ended', () => {
      if (!isCurrent()) return;
      stop();
      deps.endSession();
    });
    opened.onerror = () => {
      if (isCurrent()) scheduleRetry();
    };
  }

  /** Closes the stream and forgets the user's count and position (the session is over). */
  function stop(): void {
    isRunning = false;
    closeSource();
    attempt = 0;
    lastEventId = undefined;
    setState({ unreadCount: undefined, isConnected: false });
  }

  return {
    getState: (): TStreamState => state,
    subscribe(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    /** Every change of the inbox as it arrives (e.g. to reload the inbox's list). */
    onEvent(listener: (event: TNotificationStreamEvent) => void): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    /** Keeps the stream open while at least one holder wants it; returns the release. */
    acquire(): () => void {
      users += 1;
      if (!isRunning && deps.hasSession()) {
        isRunning = true;
        void connect();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users === 0) stop();
      };
    },
    /** A count learnt from an answer (mark all read) before the stream's own event. */
    noteUnreadCount(unreadCount: number): void {
      setState({ unreadCount });
    },
    /** Reconnects now, resuming after the last event seen (e.g. after a language switch). */
    reconnect(): void {
      if (isRunning) void connect();
    },
    stop,
  };
}

/** The tab's stream. */
export const notificationStream = createNotificationStream({
  createTicket: createStreamTicket,
  openEventSource: (url) => new EventSource(url),
  hasSession: () => Boolean(getSession()),
  language: currentLanguage,
  endSession: reportUnauthorized,
  random: Math.random,
});
onSessionEnding(() => notificationStream.stop());
// Items in the stream's events are rendered in the stream's language.
i18n.on('languageChanged', () => notificationStream.reconnect());
