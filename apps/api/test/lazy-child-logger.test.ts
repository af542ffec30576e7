import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { REDACTED_PATHS } from '../src/app.ts';
import { lazyChildLoggerFactory } from '../src/lib/lazy-child-logger.ts';
import { buildTestApp } from './helpers/build-test-app.ts';

/** A pino logger like the app's (same redaction) writing its lines into an array, and a count of the children it made. */
function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const root = pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream);
  const child = vi.spyOn(root, 'child');
  return { root, lines, children: () => child.mock.calls.length };
}

/** A Fastify app with the factory: one route that logs, one that does not. */
async function app(level: string) {
  const log = logger(level);
  const server = Fastify({ loggerInstance: log.root, childLoggerFactory: lazyChildLoggerFactory, genReqId: () => 'req-1' });
  server.get('/quiet', async () => ({ ok: true }));
  server.get('/talks', async (request) => {
    request.log.info({ body: { password: 'una-clave-larga-2026', email: 'ana@kc.example' } }, 'signing up');
    request.log.debug('not at this level');
    return { ok: true };
  });
  await server.ready();
  const atStart = log.children(); // Fastify's own, made once while booting
  return { server, ...log, children: () => log.children() - atStart };
}

describe('lazyChildLoggerFactory', () => {
  it('makes no pino child for a request that logs nothing', async () => {
    const { server, lines, children } = await app('warn');
    expect((await server.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/talks' })).statusCode).toBe(200); // info and debug are below warn
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    await server.close();
  });

  it("writes a request's lines through a child carrying its id, with the app's redaction", async () => {
    const { server, lines, children } = await app('info');
    await server.inject({ url: '/talks' });
    const said = lines.find((l) => l['msg'] === 'signing up');
    expect(said).toMatchObject({ reqId: 'req-1', body: { password: '[redacted]', email: 'ana@kc.example' } });
    expect(JSON.stringify(lines)).not.toContain('una-clave-larga-2026');
    expect(lines.some((l) => l['msg'] === 'not at this level')).toBe(false);
    // Fastify's own request lines go through the same single child.
    expect(lines.filter((l) => l['reqId'] === 'req-1').map((l) => l['msg'])).toEqual(['incoming request', 'signing up', 'request completed']);
    expect(children()).toBe(1);
    await server.close();
  });

  it("reports the parent's level until a child exists, and a child of its own keeps both bindings", () => {
    const { root, lines } = logger('info');
    const lazy = lazyChildLoggerFactory(root, { reqId: 'r-2' }, {});
    expect(lazy.level).toBe('info');
    lazy.child({ step: 'payment' }).warn('card declined');
    expect(lines[0]).toMatchObject({ reqId: 'r-2', step: 'payment', msg: 'card declined' });
    lazy.level = 'error';
    lazy.warn('now silent');
    expect(lines).toHaveLength(1);
  });

  it("makes the child at once when a route sets its own level or serializers (Fastify's behaviour)", () => {
    const { root, children } = logger('info');
    lazyChildLoggerFactory(root, { reqId: 'r-3' }, { level: 'debug' });
    expect(children()).toBe(1);
  });

  it('is the factory of the API', async () => {
    const t = await buildTestApp('pglite');
    try {
      expect(t.app.childLoggerFactory).toBe(lazyChildLoggerFactory);
    } finally {
      await t.close();
    }
  });
});
