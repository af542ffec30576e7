import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresListen, type TNotificationHandlers } from '../src/db/notifications.ts';

const url = process.env['TEST_DATABASE_URL'];

/**
 * A TCP relay to PostgreSQL that can go silent without closing anything: what a NAT or a
 * firewall that forgot the connection looks like to the client.
 */
async function silenceableRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const relay = (from: net.Socket, to: net.Socket) => from.on('data', (chunk) => void (silent || to.write(chunk)));
    relay(client, upstream);
    relay(upstream, client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target.href);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.href,
    /** Drops every byte of the connections open now; connections made afterwards work. */
    silence() {
      silent = true;
      const frozen = [...sockets];
      sockets.clear();
      return () => {
        for (const socket of frozen) socket.destroy();
        silent = false;
      };
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

/** Records what a subscriber hears. */
function recorder() {
  const events: string[] = [];
  const errors: unknown[] = [];
  const handlers: TNotificationHandlers = {
    onMessage: (payload) => events.push(`message ${payload}`),
    onListening: () => events.push('listening'),
    onLost: (error) => {
      events.push('lost');
      errors.push(error);
    },
  };
  return { events, errors, handlers };
}

/** Notifications and reconnections arrive within milliseconds; a busy machine gets 5 s. */
const POLL = { timeout: 5000, interval: 10 };

describe.runIf(url)('postgresListen on PostgreSQL', () => {
  const channel = `kc_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let admin: pg.Client;
  const notify = (payload: string) => admin.query('SELECT pg_notify($1, $2)', [channel, payload]);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => admin.end());

  it('hears notifications, notices a connection gone silent through its heartbeat, and listens again', async () => {
    const relay = await silenceableRelay(new URL(url!));
    const { events, errors, handlers } = recorder();
    const unlisten = await postgresListen({ connectionString: relay.url, heartbeatMs: 100, heartbeatTimeoutMs: 300, retryMs: 50 })(channel, handlers);
    try {
      expect(events).toEqual(['listening']);
      await notify('1 ana');
      await expect.poll(() => events.includes('message 1 ana'), POLL).toBe(true);

      const restore = relay.silence();
      await expect.poll(() => events.includes('lost'), POLL).toBe(true);
      expect(String(errors[0])).toContain('heartbeat');
      restore();

      await expect.poll(() => events.filter((e) => e === 'listening').length === 2, POLL).toBe(true);
      await notify('1 luis');
      await expect.poll(() => events.includes('message 1 luis'), POLL).toBe(true);
      expect(events).toEqual(['listening', 'message 1 ana', 'lost', 'listening', 'message 1 luis']);
    } finally {
      await unlisten();
      await relay.close();
    }
  });

  it('says why when it cannot connect, and keeps trying', async () => {
    const closed = await silenceableRelay(new URL(url!));
    const deadUrl = closed.url;
    await closed.close(); // nothing listens on that port any more
    const { events, errors, handlers } = recorder();
    const unlisten = await postgresListen({ connectionString: deadUrl, retryMs: 20, maxRetryMs: 40 })(channel, handlers);
    try {
      expect(events[0]).toBe('lost');
      expect(String(errors[0])).toMatch(/ECONNREFUSED/);
      await expect.poll(() => events.length >= 3, POLL).toBe(true); // retried on its own
      expect(events.every((e) => e === 'lost')).toBe(true);
    } finally {
      await unlisten();
    }
  });
});
