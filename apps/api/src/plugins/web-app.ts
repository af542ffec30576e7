import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isKnownWebPath, WEB_BASE } from '@kc/domain';

/**
 * Serves the built web app under /web: files as they are (hashed assets cached for a year),
 * prerendered pages as their own HTML, other app routes through the SPA fallback, and unknown
 * paths with the same fallback but status 404 (the app then shows its not-found page).
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const fallback = path.join(webDir, '__spa-fallback.html');
  if (!fs.existsSync(fallback)) {
    app.log.warn({ webDir }, 'web app not built: /web is not served (run npm run build)');
    return;
  }
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
