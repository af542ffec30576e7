import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TPoolStats } from '../../db/pool-stats.ts';
import type { TMailBacklog } from '../mail/outbox-repository.ts';
import type { TMailerStats } from '../mail/mailer.ts';

/** What the metrics read at scrape time; each comes from its own module's public face. */
export interface TMetricSources {
  /** The database connections of this process (absent: not reported). */
  pool?: () => TPoolStats;
  /** The mail worker's counts in this process. */
  mail: TMailerStats;
  /** The outbox backlog, for every process (one indexed query). */
  mailBacklog: () => Promise<TMailBacklog>;
  /** The dashboard cache's lookups and size in this process. */
  dashboardCache: { lookups: { hits: number; misses: number; bypassed: number }; size: number };
  /** Told when a scrape-time source fails (the database is down): its samples say NaN. */
  onSourceError?: (source: string, error: unknown) => void;
}

export interface TMetrics {
  registry: Registry;
  /** Counts one answered request: its method, route pattern (never the raw URL) and status. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void;
  /** The exposition text (Prometheus text format 0.0.4). */
  render(): Promise<string>;
  contentType: string;
}

/** Methods kept as they are in labels; any other (a client can send anything) becomes OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of a request no route matched (a 404 of the router): its URL is not a label. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * One registry per app (tests build several apps in one process): process metrics (prom-client's
 * defaults), requests by route pattern and status, database connections, the mail outbox and the
 * dashboard cache. Everything that another module counts is read when Prometheus scrapes, so the
 * hot paths only add 1 to a number.
 */
export function createMetrics(sources: TMetricSources): TMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'kc_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'kc_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const { pool } = sources;
  if (pool) {
    new Gauge({
      name: 'kc_db_pool_connections',
      help: 'Database connections of this process: in_use, idle, and max (the most it may open).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'in_use' }, s.inUse);
        this.set({ state: 'idle' }, Math.max(0, s.total - s.inUse));
        this.set({ state: 'max' }, s.max);
      },
    });
    new Gauge({
      name: 'kc_db_pool_waiting',
      help: 'Queries of this process waiting for a database connection.',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  const failed = (source: string, error: unknown) => sources.onSourceError?.(source, error);
  // Both outbox gauges come from one query per scrape (render() forgets the last one). When it
  // fails (the database is down) they say NaN, not a reassuring 0.
  let backlog: Promise<TMailBacklog | undefined> | undefined;
  const readBacklog = () =>
    (backlog ??= sources.mailBacklog().catch((error: unknown) => {
      failed('mail outbox', error);
      return undefined;
    }));
  new Gauge({
    name: 'kc_mail_outbox_pending',
    help: 'Mails in the outbox still to send (due now or waiting for a retry), all instances; NaN when the database cannot be read.',
    registers: [registry],
    async collect() {
      this.set((await readBacklog())?.pending ?? NaN);
    },
  });
  new Gauge({
    name: 'kc_mail_outbox_oldest_due_seconds',
    help: 'Seconds since the oldest mail that is due became due (0: none is due), all instances; NaN when the database cannot be read.',
    registers: [registry],
    async collect() {
      this.set((await readBacklog())?.oldestDueSeconds ?? NaN);
    },
  });
  const mailCounter = (name: string, help: string, read: (s: TMailerStats) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read(sources.mail));
      },
    });
  mailCounter('kc_mail_sent_total', 'Mails this process handed to the mail server.', (s) => s.sent);
  mailCounter('kc_mail_delivery_failures_total', 'Delivery attempts of this process that failed (each is retried later, up to the last).', (s) => s.failedAttempts);
  mailCounter('kc_mail_given_up_total', 'Mails this process gave up after their last failed attempt.', (s) => s.givenUp);

  new Counter({
    name: 'kc_dashboard_cache_lookups_total',
    help: 'Dashboard pages asked of this process: hit (from memory), miss (loaded, cache on), bypass (loaded, cache off or not listening).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const { lookups } = sources.dashboardCache;
      this.reset();
      this.inc({ result: 'hit' }, lookups.hits);
      this.inc({ result: 'miss' }, lookups.misses);
      this.inc({ result: 'bypass' }, lookups.bypassed);
    },
  });
  new Gauge({
    name: 'kc_dashboard_cache_pages',
    help: 'Dashboard pages held in memory by this process.',
    registers: [registry],
    collect() {
      this.set(sources.dashboardCache.size);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    observeRequest(method, route, status, seconds) {
      const labels = { method: METHODS.has(method) ? method : 'OTHER', route: route ?? UNMATCHED_ROUTE, status_code: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    render() {
      backlog = undefined;
      return registry.metrics();
    },
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket reports it) → IPv4. */
function plainAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIPv4(lower.slice(7)) ? lower.slice(7) : lower;
}

/**
 * Who may read the metrics: a caller from an address of `allow` (METRICS_ALLOW, loopback by
 * default), or anyone with `Authorization: Bearer <METRICS_TOKEN>` when a token is set. The
 * token is compared in constant time.
 */
export function metricsAccess(options: { token?: string | undefined; allow: string[] }): (address: string, authorization: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of options.allow) {
    const [address = '', bits] = entry.split('/');
    const plain = plainAddress(address);
    const type = isIPv6(plain) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(plain, type);
    else list.addSubnet(plain, Number(bits), type);
  }
  const expected = options.token ? digest(options.token) : undefined;
  return (address, authorization) => {
    const plain = plainAddress(address);
    if (isIPv4(plain) || isIPv6(plain)) {
      if (list.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4')) return true;
    }
    if (!expected || !authorization) return false;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match !== null && timingSafeEqual(digest(match[1]!), expected);
  };
}
