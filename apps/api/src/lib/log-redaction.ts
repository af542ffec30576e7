/**
 * Secrets that travel in a URL never reach a log line (the one definition, used by the logger's
 * `req` serializer in app.ts). A URL may carry one in two places:
 *
 * - a **path parameter** whose name says it is a secret (`/users/confirm-sign-up/:userId/:token/:companyId`):
 *   for a matched route, the segment at that parameter's position in the route's pattern is masked,
 *   so any route declared later with such a parameter is covered without a change here; for a URL
 *   that matched no route (a 404), every segment that looks like a random token is masked;
 * - a **query parameter** with such a name (`?ticket=`, the web pages' `?token=` links).
 */
export const SECRET_URL_PARAM = /^(token|ticket|code|key|secret|mfa_token|recovery_code|recoverycode|refresh_token|access_token)$/i;

const MASK = '[redacted]';
/** What an opaque token looks like (base64url, ≥ 32 characters), but not a UUID. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed escape: compared as it is
      }
      return SECRET_URL_PARAM.test(name) ? `${pair.slice(0, eq)}=${MASK}` : pair;
    })
    .join('&');
}

/**
 * The URL as logged. `pattern`: the matched route's URL pattern (`request.routeOptions.url`),
 * undefined when no route matched.
 */
export function redactUrl(url: string, pattern?: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const segments = path.split('/');
  if (pattern && pattern.includes(':')) {
    const names = pattern.split('/');
    names.forEach((name, i) => {
      const param = name.startsWith(':') ? name.slice(1).replace(/\(.*$/, '').replace(/\?$/, '') : '';
      if (param && SECRET_URL_PARAM.test(param) && segments[i] !== undefined && segments[i] !== '') segments[i] = MASK;
    });
  } else if (!pattern) {
    for (let i = 0; i < segments.length; i += 1) {
      const s = segments[i]!;
      if (TOKEN_LIKE.test(s) && !UUID.test(s)) segments[i] = MASK;
    }
  }
  return segments.join('/') + (q < 0 ? '' : `?${redactQuery(query)}`);
}

interface TLoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number } | null;
  routeOptions?: { url?: string };
}

/** Fastify's own `req` serializer's fields, with the URL's secrets masked. */
export function serializeRequest(req: TLoggedRequest): { method: string; url: string | undefined; version: string | undefined; host: string | undefined; remoteAddress: string | undefined; remotePort: number | undefined } {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url, req.routeOptions?.url) : undefined,
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
