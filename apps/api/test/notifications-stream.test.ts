import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TNotificationStreamEvent } from '@kc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { tokenFor } from './helpers/auth.ts';
import { revokeToken } from './helpers/accounts.ts';
import { openSse, type TSseClient } from './helpers/sse.ts';
import { notify } from '../src/modules/notifications/service.ts';
import { hashToken } from '../src/lib/tokens.ts';
import type { TDb } from '../src/db/database.ts';

const INVESTOR = 'investor@kc.example';
const ADVISOR = 'advisor@kc.example';
/** Stream events arrive within milliseconds; a busy machine gets 5 s. */
const POLL = { timeout: 5000, interval: 10 };

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const makeItem = (db: TDb, userId: string, companyId = '1') =>
  db.transaction().execute((tx) => notify(tx, { companyId, userId, kind: 'notification', key: 'passwordChanged', links: [{ label: 'viewAccount', link: '/account' }] }));

const dataOf = (client: TSseClient): Array<TNotificationStreamEvent & { id: string | undefined }> =>
  client.events.filter((e) => e.event === 'notification').map((e) => ({ id: e.id, ...(JSON.parse(e.data) as TNotificationStreamEvent) }));

describe.each(DB_KINDS)('notification stream on %s', (kind) => {
  /** Heartbeats every minute: whatever a stream hears sooner came from a database notification. */
  let t: TTestApp;
  let base: string;
  let ids: Record<string, string>;
  const clients: TSseClient[] = [];

  const ticketFor = async (token: string, companyId = '1') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/stream-ticket',
      headers: { authorization: `Bearer ${token}`, 'company-id': companyId },
    });
    expect(res.statusCode).toBe(200);
    return res.json().ticket as string;
  };
  const open = async (url: string, headers: Record<string, string> = {}) => {
    const client = await openSse(url, headers);
    clients.push(client);
    return client;
  };
  const ready = async (client: TSseClient) => {
    await expect.poll(() => client.events.some((e) => e.event === 'ready'), POLL).toBe(true);
    return JSON.parse(client.events.find((e) => e.event === 'ready')!.data) as { unreadCount: number; lastEventId: string };
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { NOTIFICATIONS_HEARTBEAT_MS: '60000' } });
    base = await listenOn(t.app);
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t?.close();
  });

  it('refuses a missing, unknown, used, expired or foreign ticket and a bad bearer, clearly', async () => {
    const { token } = await tokenFor(t.db, INVESTOR);
    const { token: other } = await tokenFor(t.db, 'investor@other.example');
    const stream = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
    expect((await stream('/api/notifications/stream')).json()).toMatchObject({ status: 401, code: 'unauthorized' });
    const unknown = await stream('/api/notifications/stream?ticket=nope', { 'accept-language': 'en' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'streamTicketInvalid', title: 'Live notifications link not valid' });
    // Used once, then never again (the first use here fails on the company, and still uses it up).
    const ticket = await ticketFor(token);
    expect((await stream(`/api/notifications/stream?ticket=${ticket}`, { 'company-id': '2' })).statusCode).toBe(401);
    expect((await stream(`/api/notifications/stream?ticket=${ticket}`)).json().code).toBe('streamTicketInvalid');
    const late = await ticketFor(token);
    await t.db.updateTable('notification_stream_tickets').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await stream(`/api/notifications/stream?ticket=${late}`)).json().code).toBe('streamTicketInvalid');
    const bearer = { authorization: `Bearer ${token}` };
    expect((await stream('/api/notifications/stream', bearer)).json()).toMatchObject({ status: 400, code: 'companyMissing' });
    expect((await stream('/api/notifications/stream', { ...bearer, 'company-id': '2' })).statusCode).toBe(401);
    expect((await stream('/api/notifications/stream', { authorization: `Bearer ${other}`, 'company-id': '1' })).statusCode).toBe(401);
    expect((await stream('/api/notifications/stream', { authorization: 'Bearer not-a-token', 'company-id': '1' })).statusCode).toBe(401);
    // A ticket needs a session of that company.
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket', headers: { 'company-id': '1' } })).statusCode).toBe(401);
    const crossed = await t.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket', headers: { authorization: `Bearer ${other}`, 'company-id': '1' } });
    expect(crossed.statusCode).toBe(401);
    // Only hashes are stored.
    const stored = await t.db.selectFrom('notification_stream_tickets').select('ticket_hash').execute();
    expect(stored.map((r) => r.ticket_hash)).not.toContain(late);
  });

  it('refuses a stream and a ticket to someone who must first change a temporary password (403), for every role', async () => {
    const stream = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/notifications/stream', headers });
    for (const email of ['supplier@kc.example', 'advisor@kc.example', 'admin@kc.example']) {
      const { token } = await tokenFor(t.db, email);
      const ticket = await ticketFor(token);
      await t.db.updateTable('users').set({ is_temporal_password: true }).where('email', '=', email).execute();
      try {
        const bearer = await stream({ authorization: `Bearer ${token}`, 'company-id': '1' });
        expect(bearer.statusCode, email).toBe(403);
        expect(bearer.json().code).toBe('passwordChangeRequired');
        // A ticket taken before the password became temporary opens nothing either.
        expect((await stream({})).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'GET', url: `/api/notifications/stream?ticket=${ticket}` })).json().code).toBe('passwordChangeRequired');
        // (A new session: this process may still hold the first one's identity for SESSION_CACHE_MS.)
        const { token: fresh } = await tokenFor(t.db, email);
        const refused = await t.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket', headers: { authorization: `Bearer ${fresh}`, 'company-id': '1' } });
        expect(refused.json().code).toBe('passwordChangeRequired');
      } finally {
        await t.db.updateTable('users').set({ is_temporal_password: false }).where('email', '=', email).execute();
      }
    }
  });

  it('streams a new item with its per-user event id and the unread count, in the language asked for; the ticket is never logged', async () => {
    const { token } = await tokenFor(t.db, ADVISOR);
    const ticket = await ticketFor(token);
    const client = await open(`${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}&lang=en`);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-store');
    const start = await ready(client);
    const id = await makeItem(t.db, ids[ADVISOR]!);
    await expect.poll(() => dataOf(client).length, POLL).toBe(1);
    const [event] = dataOf(client);
    expect(event).toMatchObject({
      id: String(Number(start.lastEventId) + 1),
      type: 'created',
      unreadCount: start.unreadCount + 1,
      notification: { id, title: 'Your account password was changed. If this was not you, contact us immediately', isRead: false },
    });
    // A change made through the API streams too, with the count after it.
    await t.app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: { authorization: `Bearer ${token}`, 'company-id': '1' } });
    await expect.poll(() => dataOf(client).length, POLL).toBe(2);
    expect(dataOf(client)[1]).toMatchObject({ type: 'updated', unreadCount: start.unreadCount, notification: { id, isRead: true } });
    // Another user's item does not reach this stream.
    await makeItem(t.db, ids[INVESTOR]!);
    await makeItem(t.db, ids[ADVISOR]!);
    await expect.poll(() => dataOf(client).length, POLL).toBe(3);
    expect(t.logs.join('\n')).not.toContain(ticket);
    expect(t.logs.join('\n')).toContain('ticket=[redacted]');
  });

  it('resumes after a reconnect with Last-Event-ID without losing or repeating an item', async () => {
    const { token } = await tokenFor(t.db, INVESTOR);
    const bearer = { authorization: `Bearer ${token}`, 'company-id': '1' };
    const first = await open(`${base}/api/notifications/stream`, bearer);
    await ready(first);
    const made = [await makeItem(t.db, ids[INVESTOR]!), await makeItem(t.db, ids[INVESTOR]!)];
    await expect.poll(() => dataOf(first).length, POLL).toBe(2);
    const lastSeen = dataOf(first)[1]!.id!;
    first.close();
    await first.ended;
    // While disconnected: two new items and a read.
    made.push(await makeItem(t.db, ids[INVESTOR]!), await makeItem(t.db, ids[INVESTOR]!));
    await t.app.inject({ method: 'POST', url: `/api/notifications/${made[0]}/read`, headers: bearer });
    const again = await open(`${base}/api/notifications/stream`, { ...bearer, 'last-event-id': lastSeen });
    await expect.poll(() => dataOf(again).length, POLL).toBe(3);
    const resumed = dataOf(again);
    expect(resumed.map((e) => Number(e.id))).toEqual([Number(lastSeen) + 1, Number(lastSeen) + 2, Number(lastSeen) + 3]);
    expect(resumed.map((e) => [e.type, e.notification?.id])).toEqual([
      ['created', made[2]],
      ['created', made[3]],
      ['updated', made[0]],
    ]);
    const count = (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: bearer })).json().unreadCount;
    expect(JSON.parse(again.events.find((e) => e.event === 'ready')!.data)).toEqual({ unreadCount: count, lastEventId: lastSeen });
    expect(resumed[2]!.unreadCount).toBe(count);
    // The same through a new EventSource, which passes the id in the query; a ticket for it.
    const ticket = await ticketFor(token);
    const viaQuery = await open(`${base}/api/notifications/stream?ticket=${ticket}&lastEventId=${lastSeen}`);
    await expect.poll(() => dataOf(viaQuery).length, POLL).toBe(3);
    expect(dataOf(viaQuery).map((e) => e.id)).toEqual(resumed.map((e) => e.id));
    // Nothing more arrives (no repetition), and a bogus id starts from now.
    const future = await open(`${base}/api/notifications/stream`, { ...bearer, 'last-event-id': '999999' });
    expect((await ready(future)).lastEventId).toBe(String(Number(lastSeen) + 3));
    const one = await makeItem(t.db, ids[INVESTOR]!);
    await expect.poll(() => dataOf(future).length, POLL).toBe(1);
    await expect.poll(() => dataOf(again).length, POLL).toBe(4);
    expect(dataOf(again)[3]!.notification?.id).toBe(one);
    expect(new Set(dataOf(again).map((e) => e.id)).size).toBe(4);
  });

  it('closes the stream at once when its token is revoked, and when the user is deactivated', async () => {
    const { token } = await tokenFor(t.db, INVESTOR);
    const { token: kept } = await tokenFor(t.db, INVESTOR);
    const revoked = await open(`${base}/api/notifications/stream?ticket=${await ticketFor(token)}`);
    const other = await open(`${base}/api/notifications/stream?ticket=${await ticketFor(kept)}`);
    await ready(revoked);
    await ready(other);
    const before = Date.now();
    expect((await revokeToken(t.app, token)).statusCode).toBe(200);
    await revoked.ended;
    expect(Date.now() - before).toBeLessThan(5000);
    expect(revoked.events.at(-1)!.event).toBe('session-ended');
    // The other session's stream stays open until its user is deactivated.
    expect(other.isEnded()).toBe(false);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', ids[INVESTOR]!).execute();
    try {
      await other.ended;
      expect(other.events.at(-1)!.event).toBe('session-ended');
    } finally {
      await t.db.updateTable('users').set({ is_active: true }).where('id', '=', ids[INVESTOR]!).execute();
    }
    // A revoked token cannot open a stream or get a ticket.
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/stream', headers: { authorization: `Bearer ${token}`, 'company-id': '1' } })).statusCode).toBe(401);
  });

  it.runIf(kind === 'postgres')('hears a notification and a revocation made on another instance', async () => {
    const sibling = await t.openSibling!();
    try {
      const { token } = await tokenFor(t.db, ADVISOR);
      const client = await open(`${base}/api/notifications/stream?ticket=${await ticketFor(token)}`);
      await ready(client);
      const sent = Date.now();
      const id = await makeItem(sibling.app.db, ids[ADVISOR]!);
      await expect.poll(() => dataOf(client).some((e) => e.notification?.id === id), POLL).toBe(true);
      expect(Date.now() - sent).toBeLessThanOrEqual(1000);
      expect((await revokeToken(sibling.app, token)).statusCode).toBe(200);
      await client.ended;
      expect(client.events.at(-1)!.event).toBe('session-ended');
    } finally {
      await sibling.close();
    }
  });
});

describe.each(DB_KINDS)('notification stream heartbeat on %s', (kind) => {
  let t: TTestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { NOTIFICATIONS_HEARTBEAT_MS: '50', NOTIFICATIONS_STREAM_BUFFER_BYTES: '4096' } });
    base = await listenOn(t.app);
  });
  afterAll(async () => t?.close());

  it('sends a heartbeat comment, and closes when the token expires', async () => {
    const { token, companyId } = await tokenFor(t.db, INVESTOR, { ttlSeconds: 2 });
    const client = await openSse(`${base}/api/notifications/stream`, { authorization: `Bearer ${token}`, 'company-id': companyId });
    try {
      await expect.poll(() => client.comments.filter((c) => c === 'heartbeat').length, POLL).toBeGreaterThanOrEqual(3);
      await client.ended;
      expect(client.events.at(-1)!.event).toBe('session-ended');
    } finally {
      client.close();
    }
  });

  it('drops a client that does not read once its buffer is full, so a stream’s memory stays bounded', async () => {
    const user = await t.db.selectFrom('users').select('id').where('email', '=', ADVISOR).executeTakeFirstOrThrow();
    const { token } = await tokenFor(t.db, ADVISOR);
    const tokenHash = hashToken(token);
    for (let i = 0; i < 30; i += 1) await makeItem(t.db, user.id);
    /** A client whose socket never takes a byte. */
    const stuck = Object.assign(new Writable({ highWaterMark: 64, write: () => {} }), { writeHead: () => stuck });
    await t.app.notificationStreams.open(
      { userId: user.id, companyId: '1', tokenHash, language: 'es', lastEventId: 0, res: stuck as unknown as ServerResponse },
      {},
    );
    await expect.poll(() => stuck.destroyed, POLL).toBe(true);
    // At most the bound plus the one event that crossed it (an event is well under 2 KB).
    expect(stuck.writableLength).toBeLessThan(4096 + 2048);
    expect(t.app.notificationStreams.size).toBe(0);
  });

  it('lets the app close with streams open', async () => {
    const { token, companyId } = await tokenFor(t.db, INVESTOR);
    const client = await openSse(`${base}/api/notifications/stream`, { authorization: `Bearer ${token}`, 'company-id': companyId });
    await expect.poll(() => client.events.length, POLL).toBeGreaterThanOrEqual(1);
    expect(t.app.notificationStreams.size).toBe(1);
    await t.app.notificationStreams.stop();
    await client.ended;
    expect(t.app.notificationStreams.size).toBe(0);
  });
});
