import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a subscriber to a PostgreSQL notification channel hears. `onListening` comes once the
 * LISTEN is in place (and again after every reconnection); `onLost` when notifications may have
 * been missed (the connection dropped), before any reconnection. Between the two, the
 * subscriber must assume it hears nothing.
 */
export interface TNotificationHandlers {
  onMessage(payload: string): void;
  onListening(): void;
  onLost(): void;
}

/** Subscribes to a channel; resolves, once the first attempt has succeeded or failed, to the unsubscribe. */
export type TListen = (channel: string, handlers: TNotificationHandlers) => Promise<() => Promise<void>>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * PGlite: one in-process session, so every write is made by the listening session itself and
 * its notifications are delivered when the write commits, before the writer's query resolves.
 * Nothing can be missed.
 */
export function pgliteListen(pglite: PGlite): TListen {
  return async (channel, handlers) => {
    const unlisten = await pglite.listen(channel, (payload) => handlers.onMessage(payload));
    handlers.onListening();
    return async () => {
      if (!pglite.closed) await unlisten();
    };
  };
}

export interface TPostgresListenOptions {
  connectionString: string;
  /** application_name of the listening connection (pg_stat_activity). */
  applicationName?: string;
  /** First delay before reconnecting, doubled on each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * PostgreSQL: a dedicated connection (outside the pool) that LISTENs, with TCP keep-alive, and
 * reconnects with back-off when it drops. A dropped connection may have missed notifications,
 * so the subscriber hears `onLost` at once and `onListening` only once a new LISTEN is in place.
 * Channels are database-wide (not per schema).
 */
export function postgresListen(options: TPostgresListenOptions): TListen {
  const { connectionString, applicationName, retryMs = 100, maxRetryMs = 5000, onError } = options;
  return async (channel, handlers) => {
    let stopped = false;
    let current: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let delay = retryMs;

    const drop = (client: pg.Client, error?: unknown) => {
      if (client !== current) return; // already handled (an error is followed by an end)
      current = undefined;
      if (error !== undefined) onError?.(error);
      handlers.onLost();
      client.removeAllListeners('notification');
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (stopped) return;
      timer = setTimeout(() => void connect(), delay);
      timer.unref();
      delay = Math.min(delay * 2, maxRetryMs);
    };

    const connect = async (): Promise<void> => {
      const client = new pg.Client({ connectionString, keepAlive: true, ...(applicationName ? { application_name: applicationName } : {}) });
      current = client;
      client.on('notification', (n) => {
        if (n.channel === channel) handlers.onMessage(n.payload ?? '');
      });
      client.on('error', (error) => drop(client, error));
      client.on('end', () => drop(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        drop(client, error);
        return;
      }
      if (stopped || client !== current) return;
      delay = retryMs;
      handlers.onListening();
    };

    await connect();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => {});
        await client.end().catch(() => {});
      }
    };
  };
}
