import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isKnownWebPath, WEB_BASE } from '@kc/domain';
import { documentPolicy } from './security.ts';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const RUNS = /^(module|(text|application)\/(x-)?(java|ecma)script)$/i;

/**
 * The sha256 (base64) of each inline script a browser would run in this HTML: not those with
 * src, nor data blocks such as JSON-LD. The hash is over the text as the HTML parser gives it
 * (line ends normalised to LF).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = TYPE.exec(attributes)?.[1];
    if (type && !RUNS.test(type)) continue;
    hashes.add(createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64'));
  }
  return [...hashes];
}

/** Each HTML file of the built app (absolute path) and its CSP: its own inline scripts' hashes. */
function pagePolicies(webDir: string): Map<string, string> {
  const policies = new Map<string, string>();
  for (const entry of fs.readdirSync(webDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    policies.set(file, documentPolicy(inlineScriptHashes(fs.readFileSync(file, 'utf8'))));
  }
  return policies;
}

/**
 * Serves the built web app under /web: files as they are (hashed assets cached for a year),
 * prerendered pages as their own HTML, other app routes through the SPA fallback, and unknown
 * paths with the same fallback but status 404 (the app then shows its not-found page). Each
 * page is sent with a CSP that allows its own inline scripts by hash, read once here: the
 * built files do not change while the server runs.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const fallback = path.join(webDir, '__spa-fallback.html');
  if (!fs.existsSync(fallback)) {
    app.log.warn({ webDir }, 'web app not built: /web is not served (run npm run build)');
    return;
  }
  const policies = pagePolicies(webDir);
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: `${WEB_BASE}/`,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // @fastify/static 10 passes the reply (not the raw response) to setHeaders.
    setHeaders(reply: FastifyReply, filePath: string) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A pre-compressed page (index.html.br) has the policy of the page it was made from.
      const policy = policies.get(filePath.replace(/\.(br|gz)$/, ''));
      if (policy) void reply.header('content-security-policy', policy);
    },
  });

  const sendPage = (reply: FastifyReply, status: number, file: string) =>
    reply.status(status).type('text/html; charset=utf-8').sendFile(file, webDir);

  app.get('/', (_request, reply) => reply.redirect(`${WEB_BASE}/`, 302));
  app.get(WEB_BASE, (_request, reply) => reply.redirect(`${WEB_BASE}/`, 302));
  app.get(`${WEB_BASE}/*`, { schema: { hide: true } }, (request, reply) => {
    const url = (request.params as { '*': string })['*'];
    const relative = decodeURIComponent(url.split('?')[0] ?? '').replace(/\/+$/, '');
    if (relative.includes('..')) return sendPage(reply, 404, '__spa-fallback.html');
    const file = path.join(webDir, relative);
    if (relative && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(relative, webDir);
    const prerendered = path.join(relative, 'index.html');
    if (fs.existsSync(path.join(webDir, prerendered))) return sendPage(reply, 200, prerendered);
    if (path.extname(relative)) return sendPage(reply, 404, '__spa-fallback.html');
    return sendPage(reply, isKnownWebPath(`/${relative}`) ? 200 : 404, '__spa-fallback.html');
  });
}
