import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The web app's session cookie (docs/decisions/0048-session-cookie.md): the access token itself,
 * out of every script's reach (`HttpOnly`), sent only over HTTPS or to a local address
 * (`Secure`; browsers treat localhost and 127.0.0.1 as secure) and only by the app's own pages
 * (`SameSite=Strict`). The `__Host-` prefix makes the browser refuse it with a Domain or another
 * Path, so no sibling host can plant or shadow it.
 */
export const SESSION_COOKIE = '__Host-kc_session';

/** The header that carries the CSRF token on every unsafe call of a cookie session. */
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isUnsafeMethod = (method: string): boolean => !SAFE_METHODS.has(method.toUpperCase());

/** The session cookie's value, when the request carries one. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.cookie;
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    // Tokens are base64url: anything else is not one of ours.
    return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * The Set-Cookie of a new session: `maxAgeSeconds` when the person asked to be remembered (the
 * token's lifetime), else a cookie that ends with the browser.
 */
export function sessionCookie(token: string, maxAgeSeconds: number | undefined): string {
  const lifetime = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict${lifetime}`;
}

/** The Set-Cookie that removes the session cookie (logout). */
export const clearedSessionCookie = (): string => `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`;

const csrfKeys = new WeakMap<Buffer, Buffer>();
/** A key of its own for CSRF tokens, derived from the server's secret key (never the key itself). */
function csrfKeyOf(serverKey: Buffer): Buffer {
  let key = csrfKeys.get(serverKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), 'kc csrf token', 32));
    csrfKeys.set(serverKey, key);
  }
  return key;
}

/**
 * The CSRF token of a session: an HMAC of its token's hash, so nothing is stored and it dies with
 * the session. It proves the call comes from a page that could read the login's answer (the
 * app's own origin); it is no credential by itself (without the cookie it opens nothing).
 */
export const csrfTokenOf = (serverKey: Buffer, tokenHash: string): string =>
  createHmac('sha256', csrfKeyOf(serverKey)).update(tokenHash).digest('base64url');

/** Whether `given` is the session's CSRF token (compared in constant time). */
export function isCsrfTokenValid(serverKey: Buffer, tokenHash: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfTokenOf(serverKey, tokenHash));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const raw = request.headers[name];
  return Array.isArray(raw) ? raw[0] : raw;
};

/**
 * Whether a browser says the request comes from another site: `Sec-Fetch-Site` other than
 * same-origin (or none: typed by the person), or an `Origin` whose host is not this server's
 * (nor the public URL's). Requests without either header (other clients) pass this check.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = headerValue(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = headerValue(request, 'origin');
  if (origin === undefined) return false;
  try {
    const url = new URL(origin);
    // The Host header read with the Origin's scheme, so that a default port compares equal.
    const ownHost = new URL(`${url.protocol}//${request.host}`).host;
    return url.host !== ownHost && url.origin !== new URL(publicUrl).origin;
  } catch {
    return true;
  }
}

/** The CSRF token the request sends. */
export const csrfHeaderOf = (request: FastifyRequest): string | undefined => headerValue(request, CSRF_HEADER);
