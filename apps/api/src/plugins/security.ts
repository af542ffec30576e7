import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * The documents' Content-Security-Policy (decision 0049). Scripts: files from this origin only,
 * plus, on a web app page, the hashes of that page's own inline scripts (documentPolicy below);
 * no 'unsafe-inline', no 'unsafe-eval', no inline event handlers. Styles keep 'unsafe-inline':
 * Mantine sets style attributes and writes its CSS variables into a <style> element at run time.
 */
const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The documents' CSP, with script-src also allowing the inline scripts of the given sha256 hashes (base64). */
export function documentPolicy(scriptHashes: readonly string[] = []): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => {
      const all = name === 'script-src' ? [...values, ...scriptHashes.map((hash) => `'sha256-${hash}'`)] : values;
      return `${name} ${all.join(' ')}`;
    })
    .join(';');
}

const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/**
 * The security headers of documents (the web app's pages and files, the API's own docs),
 * computed once: the CSP above (a web app page replaces it with its own, web-app.ts), nosniff, frame and referrer policies, cross-origin isolation
 * headers (the set helmet 8 sends by default), and HSTS in production only, so a local http://
 * run is not pinned to https.
 */
export function securityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': documentPolicy(),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(isProduction ? HSTS : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/**
 * The security headers of the API's JSON answers (OWASP REST Security Cheat Sheet): nothing in
 * them may be rendered, run or framed, and no other site may read them. The headers that only
 * mean something for a page (referrer, opener and DNS prefetch policies, XSS filter…) are left
 * out: they were half of every answer's headers, bigger than the dashboard's own body.
 */
export function apiSecurityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(isProduction ? HSTS : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}

/** The API's JSON routes: /api (but not its HTML docs at /api/docs) and the OAuth endpoints. */
export const isApiUrl = (url: string): boolean =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/oauth/');

/**
 * Security headers and the request id on every answer, set by one synchronous hook from
 * precomputed objects (helmet built them per request: ≈ 4 % of the API's CPU under load), and
 * compression of answers of 1 KB or more.
 */
export async function registerSecurity(app: FastifyInstance, isProduction: boolean): Promise<void> {
  const documents = securityHeaders(isProduction);
  const api = apiSecurityHeaders(isProduction);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? api : documents);
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
