import { hash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Loopback only: who may read /api/metrics without METRICS_TOKEN unless METRICS_ALLOW says otherwise. */
export const DEFAULT_METRICS_ALLOW = '127.0.0.0/8,::1';

/** An address (`10.0.0.7`, `::1`) or a network (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** `scheme://host[:port]` and nothing more (no path, query or trailing slash). */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
}

/**
 * The environment, parsed once at start (conventions, 11). A bad value stops the process with
 * every bad key listed, before anything listens.
 */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Connections the API keeps to PostgreSQL (ignored with PGlite). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * PostgreSQL: how long, in milliseconds, one statement of the API may run (statement_timeout),
   * wait for a lock (lock_timeout), and a transaction may sit idle (idle_in_transaction_session_
   * timeout); 0 leaves the server's own setting. Past them the request answers 503 and frees its
   * connection instead of hanging. The named batch jobs take longer limits of their own
   * (db/timeouts.ts). Ignored with PGlite.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DATA_DIR: z.string().min(1).default('./var'),
  /** Where users reach the product (links in e-mails); unset → http://localhost:{PORT}. */
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('KC <no-reply@kc.example>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Demo data (companies, accounts, contracts) is loaded outside production unless disabled. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * Whether the OpenAPI document (/api/openapi.json) and its browsable UI (/api/docs) are served;
   * unset → served outside production only, so a production API does not hand out its map.
   */
  API_DOCS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** The folder of the built web app; unset → apps/web/build/client next to this package. */
  WEB_DIR: z.string().optional(),
  /** Base year of the calculators (decisions.md): the current UTC year unless set. */
  CALCULATOR_BASE_YEAR: z.coerce.number().int().min(2000).max(2100).optional(),
  /**
   * Which proxies may set X-Forwarded-For: unset trusts none (the socket address is the
   * client), `true` trusts all, or a comma-separated list of addresses/CIDRs, or a hop count.
   */
  TRUST_PROXY: z.string().optional(),
  /**
   * How long a process may reuse a validated bearer token without looking it up again, in
   * milliseconds; 0 turns the cache off. Revocations made through this process apply at once;
   * made by another process, within this bound (docs/decisions/0008-session-cache.md).
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /**
   * How long, in milliseconds, an answer of the dashboard may be kept in memory; 0 turns the
   * cache off. Changes to contracts empty it at once (docs/decisions/0009-dashboard-cache.md);
   * this is the bound should a change notification never arrive.
   */
  DASHBOARD_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /**
   * A name for this instance among several behind a load balancer; when set, every answer says
   * which instance served it (`X-Served-By`), for operators and the cluster tests.
   */
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, dots, dashes or underscores (at most 64)')
    .optional(),
  /**
   * How often an open notification stream gets a heartbeat comment and its session is checked
   * (a revoked token closes it at once through a database notification; an expired one by then).
   */
  NOTIFICATIONS_HEARTBEAT_MS: z.coerce.number().int().min(20).max(120_000).default(15_000),
  /**
   * Bytes an open stream may have waiting for a slow client before the server closes it (the
   * client reconnects and resumes with Last-Event-ID, so nothing is lost).
   */
  NOTIFICATIONS_STREAM_BUFFER_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(256 * 1024),
  /**
   * A bearer token that may read /api/metrics from any address (Prometheus' `authorization`
   * setting); unset: only the addresses of METRICS_ALLOW may.
   */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Addresses and networks (comma-separated, e.g. `10.0.0.0/8,::1`) that may read /api/metrics
   * without the token; `none` for none. The client address honours TRUST_PROXY.
   */
  METRICS_ALLOW: z
    .string()
    .default(DEFAULT_METRICS_ALLOW)
    .transform((value) => (value.trim() === 'none' ? [] : value.split(',').map((v) => v.trim()).filter(Boolean)))
    .refine((entries) => entries.every(isAddressOrNetwork), 'must be `none` or comma-separated addresses or networks (a.b.c.d/n, x::y/n)'),
  /** How often the mail worker looks for pending mail, in milliseconds; 0 turns it off. */
  MAIL_POLL_MS: z.coerce.number().int().min(0).default(2000),
  /** How often the reservations' expiry job runs (issue 14), in milliseconds; 0 turns it off. */
  LEADS_JOB_POLL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Jobs board (issue 17): milliseconds between passes of the retention job (expired offers, old applications); 0 = off. */
  JOBS_JOB_POLL_MS: z.coerce.number().int().min(0).default(900_000),
  // Personal data (issue 16): the retention job's poll interval (0 = off).
  PRIVACY_JOB_POLL_MS: z.coerce.number().int().min(0).default(3_600_000),
  // The KC market (issue 18): how often each instance expires offers past their validity.
  MARKET_JOB_POLL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Strong authentication (issue 18): the AES-256-GCM key that encrypts the TOTP secrets, as 64
   * hexadecimal characters (32 random bytes: `openssl rand -hex 32`). Every instance must share
   * it. Required in production; elsewhere a development key (public, so it protects nothing) is
   * used when unset.
   */
  SECOND_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (openssl rand -hex 32)')
    .optional(),
  /**
   * Passkeys (issue 18): the WebAuthn relying party's id, the domain passkeys are bound to (the
   * public URL's host or a parent domain of it); unset → the host of PUBLIC_URL. Browsers refuse
   * an IP address here, so a server reached at 127.0.0.1 sets `localhost` and is opened as such.
   */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, 'must be a domain name in lower case (e.g. kc.example or localhost)')
    .optional(),
  /**
   * Passkeys: the origins (comma-separated `scheme://host[:port]`) whose pages may register and
   * use passkeys; unset → the origin of PUBLIC_URL.
   */
  WEBAUTHN_ORIGINS: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || value.split(',').every((o) => isOrigin(o.trim())),
      'must be comma-separated origins such as https://kc.example or http://localhost:3000',
    ),
  /** Passkeys: the name the browser shows for the relying party. */
  WEBAUTHN_RP_NAME: z.string().min(1).max(64).default('KC'),
});

/** The development key of SECOND_FACTOR_KEY: derived from a public phrase, refused in production. */
export const DEVELOPMENT_SECOND_FACTOR_KEY = hash('sha256', 'kc development second factor key, never for production', 'hex');

export type TConfig = Omit<z.infer<typeof ZConfig>, 'PUBLIC_URL' | 'SECOND_FACTOR_KEY' | 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGINS'> & {
  PUBLIC_URL: string;
  dataDir: string;
  seedDemo: boolean;
  /** API_DOCS, or its default: true outside production. */
  apiDocs: boolean;
  /** The 32-byte key of the TOTP secrets' encryption (SECOND_FACTOR_KEY or the development key). */
  secondFactorKey: Buffer;
  /** Passkeys: the relying party id, and the origins allowed to use it (always at least one). */
  WEBAUTHN_RP_ID: string;
  WEBAUTHN_ORIGINS: string[];
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default); empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZConfig.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const { SECOND_FACTOR_KEY, ...config } = result.data;
  // What production refuses, every key at once.
  const production: string[] = [];
  if (!SECOND_FACTOR_KEY && config.NODE_ENV === 'production') {
    production.push('SECOND_FACTOR_KEY: required in production (64 hexadecimal characters: openssl rand -hex 32)');
  }
  if (SECOND_FACTOR_KEY && config.NODE_ENV === 'production' && SECOND_FACTOR_KEY.toLowerCase() === DEVELOPMENT_SECOND_FACTOR_KEY) {
    production.push('SECOND_FACTOR_KEY: the development key is public and refused in production');
  }
  // Without SMTP every mail, its one-time links included, becomes a file in DATA_DIR/mail: the
  // development and demo transport, refused to a production mail worker.
  if (!config.SMTP_URL && config.NODE_ENV === 'production' && config.MAIL_POLL_MS > 0) {
    production.push('SMTP_URL: required in production while the mail worker runs (MAIL_POLL_MS > 0); without it every mail would be kept as a file in DATA_DIR/mail');
  }
  if (production.length > 0) throw new ConfigError(production);
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return {
    ...config,
    secondFactorKey: Buffer.from(SECOND_FACTOR_KEY ?? DEVELOPMENT_SECOND_FACTOR_KEY, 'hex'),
    PUBLIC_URL: publicUrl,
    WEBAUTHN_RP_ID: config.WEBAUTHN_RP_ID ?? new URL(publicUrl).hostname,
    WEBAUTHN_ORIGINS: config.WEBAUTHN_ORIGINS?.split(',').map((o) => o.trim()) ?? [new URL(publicUrl).origin],
    dataDir: path.resolve(config.DATA_DIR),
    seedDemo: config.SEED_DEMO ?? config.NODE_ENV !== 'production',
    apiDocs: config.API_DOCS ?? config.NODE_ENV !== 'production',
  };
}
