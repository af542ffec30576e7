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
  /** `error` says why, when there is a cause (a failed connection, a failed heartbeat). */
  onLost(error?: unknown): void;
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
  /** How often the connection proves it is alive with a `SELECT 1`, and how long that may take. */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

/**
 * PostgreSQL: a dedicated connection (outside the pool) that LISTENs, and reconnects with
 * back-off when it drops. A connection can also die silently (a NAT or firewall forgetting it,
 * a fail-over without a reset): TCP keep-alive from 10 s and a heartbeat query every
 * `heartbeatMs` catch that, and a heartbeat that fails or takes longer than
 * `heartbeatTimeoutMs` counts as a drop. A dropped connection may have missed notifications, so
 * the subscriber hears `onLost` at once and `onListening` only once a new LISTEN is in place.
 * Channels are database-wide (not per schema). The URL must reach PostgreSQL directly or through
 * a session-mode pooler: LISTEN does not survive transaction pooling.
 */
export function postgresListen(options: TPostgresListenOptions): TListen {
  const { connectionString, applicationName, retryMs = 100, maxRetryMs = 5000, heartbeatMs = 15_000, heartbeatTimeoutMs = 5000 } = options;
  return async (channel, handlers) => {
    let stopped = false;
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let heartbeat: NodeJS.Timeout | undefined;
    let delay = retryMs;

    const drop = (client: pg.Client, error?: unknown) => {
      if (client !== current) return; // already handled (an error is followed by an end)
      current = undefined;
      clearInterval(heartbeat);
      handlers.onLost(error);
      client.removeAllListeners('notification');
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (stopped) return;
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, maxRetryMs);
    };

    const beat = (client: pg.Client) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer to the heartbeat within ${heartbeatTimeoutMs} ms`)), heartbeatTimeoutMs);
      });
      Promise.race([client.query('SELECT 1'), late]).then(
        () => clearTimeout(timer),
        (error: unknown) => {
          clearTimeout(timer);
          drop(client, error);
        },
      );
    };

    const connect = async (): Promise<void> => {
      const client = new pg.Client({
        connectionString,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        connectionTimeoutMillis: 5000,
        ...(applicationName ? { application_name: applicationName } : {}),
      });
      current = client;
      client.on('notification', (n) => {
        if (n.channel === channel) handlers.onMessage(n.payload ?? '');
      });
      client.on('error', (error) => drop(client, error));
      client.on('end', () => drop(client, new Error('the listening connection ended')));
      try {
        await client.connect();
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        drop(client, error);
        return;
      }
      if (stopped || client !== current) return;
      delay = retryMs;
      heartbeat = setInterval(() => beat(client), heartbeatMs);
      heartbeat.unref();
      handlers.onListening();
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
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
