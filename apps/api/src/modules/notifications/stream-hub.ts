import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { TLanguage, TNotificationStreamEvent, TNotificationStreamReady } from '@kc/domain';
import type { TDb } from '../../db/database.ts';
import type { TListen } from '../../db/notifications.ts';
import { findInbox, findLiveTokens, listEventsAfter, type TNotificationItemRow } from './repository.ts';
import { NOTIFICATIONS_CHANNEL, toNotification } from './service.ts';

/** Events read per query; a stream writes one batch, then waits for the socket to drain. */
const BATCH = 100;

export interface TStreamHubOptions {
  db: TDb;
  listen?: TListen | undefined;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  /** Bytes a stream may have waiting for its client before it is closed (it resumes on reconnect). */
  maxBufferBytes: number;
}

export interface TOpenStream {
  userId: string;
  companyId: string;
  tokenHash: string;
  language: TLanguage;
  /** The last event the client has (Last-Event-ID), or undefined to start from now. */
  lastEventId: number | undefined;
  res: ServerResponse;
}

/** One open Server-Sent Events connection of one user. */
class Stream {
  /** The last event number written (a decimal string: bigint). */
  lastSeq = '0';
  private pulling = false;
  private again = false;
  /** A read failed: the next heartbeat tries again. */
  stale = false;
  closed = false;

  constructor(
    private readonly hub: NotificationStreamHub,
    readonly userId: string,
    readonly companyId: string,
    readonly tokenHash: string,
    readonly language: TLanguage,
    readonly res: ServerResponse,
  ) {}

  /** Writes a chunk; a client that reads too slowly is dropped (it resumes where it stopped). */
  write(chunk: string): void {
    if (this.closed) return;
    this.res.write(chunk);
    if (this.res.writableLength > this.hub.maxBufferBytes) this.close('slow-client');
  }

  /** Sends every event after the last one written, in order; concurrent calls coalesce. */
  async pull(): Promise<void> {
    if (this.closed) return;
    if (this.pulling) {
      this.again = true;
      return;
    }
    this.pulling = true;
    try {
      this.stale = false;
      do {
        this.again = false;
        let rows;
        do {
          rows = await listEventsAfter(this.hub.db, this.userId, this.lastSeq, BATCH);
          for (const row of rows) {
            if (this.closed) return;
            const data: TNotificationStreamEvent = {
              type: row.type as TNotificationStreamEvent['type'],
              notification: row.notification_id ? toNotification(row as TNotificationItemRow, this.language) : null,
              unreadCount: row.unread,
            };
            this.write(`id: ${row.seq}\nevent: notification\ndata: ${JSON.stringify(data)}\n\n`);
            this.lastSeq = String(row.seq);
          }
          if (this.res.writableNeedDrain && !this.closed) await new Promise((resolve) => this.res.once('drain', resolve).once('close', resolve));
        } while (rows.length === BATCH && !this.closed);
      } while (this.again && !this.closed);
    } catch (error) {
      this.hub.log.warn({ err: error }, 'notification stream: reading events failed');
      this.stale = true;
    } finally {
      this.pulling = false;
    }
  }

  /** Ends the stream, telling the client why when the session is over. */
  close(reason: 'session-ended' | 'slow-client' | 'shutdown'): void {
    if (this.closed) return;
    if (reason === 'session-ended') this.res.write(`event: session-ended\ndata: {}\n\n`);
    this.closed = true;
    this.hub.remove(this);
    this.res.end();
    if (reason === 'slow-client') this.res.destroy();
  }
}

/**
 * The open notification streams of one API instance. One LISTEN (db/notifications.ts) per
 * instance tells it which users' inboxes changed and whose sessions ended, whichever instance
 * made the change; the database stays the source of truth (each stream reads its events after
 * the last it wrote), so a notification is only a wake-up: duplicates and strays cost a query,
 * nothing more. While not listening, every heartbeat reads every stream's events instead.
 */
export class NotificationStreamHub {
  readonly db: TDb;
  readonly log: FastifyBaseLogger;
  readonly maxBufferBytes: number;
  private readonly heartbeatMs: number;
  private readonly listen: TListen | undefined;
  private readonly byUser = new Map<string, Set<Stream>>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private listening = false;

  constructor(options: TStreamHubOptions) {
    this.db = options.db;
    this.log = options.log;
    this.maxBufferBytes = options.maxBufferBytes;
    this.heartbeatMs = options.heartbeatMs;
    this.listen = options.listen;
  }

  /** Starts listening (call once the app is ready). */
  async start(): Promise<void> {
    if (!this.listen) return;
    this.unlisten = await this.listen(NOTIFICATIONS_CHANNEL, {
      onMessage: (payload) => this.onMessage(payload),
      onListening: () => {
        this.listening = true;
        // Anything may have happened while not listening.
        for (const stream of this.streams()) void stream.pull();
      },
      onLost: (error) => {
        this.listening = false;
        this.log.warn({ err: error }, 'notification streams: not listening; polling on each heartbeat until listening again');
      },
    });
  }

  /** Ends every stream and stops listening (app close). */
  async stop(): Promise<void> {
    for (const stream of this.streams()) stream.close('shutdown');
    clearInterval(this.timer);
    this.timer = undefined;
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private *streams(): Generator<Stream> {
    for (const set of this.byUser.values()) yield* set;
  }

  /**
   * Opens a stream on a response whose headers are not sent yet: the `ready` event carries the
   * unread count and the id it resumes after, then every event after `lastEventId` (or from now).
   */
  async open(input: TOpenStream, headers: Record<string, string | number | string[]>): Promise<void> {
    const stream = new Stream(this, input.userId, input.companyId, input.tokenHash, input.language, input.res);
    input.res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    input.res.on('close', () => {
      stream.closed = true;
      this.remove(stream);
    });
    // Registered before reading where to start: a change committed meanwhile is read by the pull.
    let set = this.byUser.get(stream.userId);
    if (!set) this.byUser.set(stream.userId, (set = new Set()));
    set.add(stream);
    this.ensureTimer();
    let inbox;
    try {
      inbox = await findInbox(this.db, stream.userId);
    } catch (error) {
      // The client reconnects (retry) and resumes with its Last-Event-ID.
      this.log.warn({ err: error }, 'notification stream: could not start');
      stream.close('shutdown');
      return;
    }
    const current = inbox?.last_seq ?? '0';
    const resumeFrom = input.lastEventId !== undefined && BigInt(input.lastEventId) <= BigInt(current) ? String(input.lastEventId) : current;
    stream.lastSeq = resumeFrom;
    const ready: TNotificationStreamReady = { unreadCount: inbox?.unread ?? 0, lastEventId: resumeFrom };
    stream.write(`retry: 3000\nevent: ready\ndata: ${JSON.stringify(ready)}\n\n`);
    await stream.pull();
  }

  remove(stream: Stream): void {
    const set = this.byUser.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.byUser.delete(stream.userId);
    if (this.byUser.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private ensureTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.heartbeatMs);
    this.timer.unref();
  }

  private onMessage(payload: string): void {
    const [kind, userId] = payload.split(' ');
    const set = userId ? this.byUser.get(userId) : undefined;
    if (!set) return;
    if (kind === 'inbox') for (const stream of set) void stream.pull();
    else if (kind === 'session') void this.checkSessions([...set]);
  }

  /** Closes the streams whose token is no longer live (revoked, expired, user deactivated or deleted). */
  private async checkSessions(streams: Stream[]): Promise<void> {
    if (streams.length === 0) return;
    try {
      const live = new Set((await findLiveTokens(this.db, [...new Set(streams.map((s) => s.tokenHash))])).map((t) => t.token_hash));
      for (const stream of streams) if (!live.has(stream.tokenHash)) stream.close('session-ended');
    } catch (error) {
      this.log.warn({ err: error }, 'notification streams: checking sessions failed');
    }
  }

  /** Heartbeat: a comment to every stream, one query for every session, and a poll while not listening. */
  private async tick(): Promise<void> {
    const all = [...this.streams()];
    for (const stream of all) stream.write(': heartbeat\n\n');
    for (let i = 0; i < all.length; i += 1000) await this.checkSessions(all.slice(i, i + 1000));
    for (const stream of all) if (!this.listening || stream.stale) void stream.pull();
  }
}
