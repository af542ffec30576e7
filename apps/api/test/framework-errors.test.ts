import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, tokenFor } from './helpers/auth.ts';
import { clientErrorHandler } from '../src/plugins/error-handler.ts';

/** Writes bytes on a fresh connection and reads everything until the server closes it. */
function rawExchange(port: number, request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), headers: text.slice(0, split).toLowerCase(), body: text.slice(split + 4) });
    });
    socket.end(request);
  });
}

const CONTACT = { kind: 'general', name: 'Ana', surname: 'Ruiz', email: 'ana@example.com', message: 'Hola', acceptPrivacy: true };

describe.each(DB_KINDS)('framework and input errors on %s', (kind) => {
  let t: TTestApp;
  let port: number;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => t.close());

  const contactCount = async () =>
    Number((await t.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  const problemOf = async (res: Response) => {
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    return (await res.json()) as { type: string; title: string; status: number; detail: string; code: string; errors?: Array<{ field: string; message: string }> };
  };

  it('answers headers over the size limit with a 431 problem, in the language of Accept-Language', async () => {
    const big = 'a'.repeat(20_000);
    for (const [language, title] of [['en', 'Headers too large'], ['es', 'Cabeceras demasiado grandes']] as const) {
      const res = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: kc\r\nAccept-Language: ${language}\r\nX-Big: ${big}\r\n\r\n`);
      expect(res.status).toBe(431);
      expect(res.headers).toContain('content-type: application/problem+json');
      expect(JSON.parse(res.body)).toEqual({
        type: 'https://kc.example/problems/headersTooLarge',
        title,
        status: 431,
        detail: expect.any(String),
        code: 'headersTooLarge',
      });
    }
  });

  it('answers bytes that are not HTTP with a 400 problem', async () => {
    const res = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toContain('content-type: application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: 'malformedRequest', title: 'Petición mal formada' });
  });

  it('answers unreadable JSON, a too large body, an unknown media type and an unknown path as problems', async () => {
    const headers = { 'company-id': '1', 'accept-language': 'en' };
    const cases: Array<[RequestInit & { url?: string }, number, string]> = [
      [{ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{' }, 400, 'malformedBody'],
      [{ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: 'x'.repeat(100_000) }, 413, 'payloadTooLarge'],
      [{ method: 'POST', headers: { ...headers, 'content-type': 'application/xml' }, body: '<a/>' }, 415, 'unsupportedMediaType'],
      [{ method: 'PATCH', headers }, 404, 'routeNotFound'],
    ];
    for (const [init, status, code] of cases) {
      const res = await fetch(`${base}/api/contact`, init);
      expect(res.status).toBe(status);
      expect(await problemOf(res)).toMatchObject({ type: `https://kc.example/problems/${code}`, status, code, title: expect.any(String), detail: expect.any(String) });
    }
    expect(await contactCount()).toBe(0);
  });

  it('translates what a schema refuses without a message of its own (a text body for a JSON route), in es and en', async () => {
    for (const [language, message] of [['es', 'Valor no válido'], ['en', 'Invalid value']] as const) {
      const res = await fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'company-id': '1', 'accept-language': language, 'content-type': 'text/plain' },
        body: 'hello',
      });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors).toEqual([{ field: 'body', message }]);
    }
    // A field whose schema (an enum) carries no message of its own: zod's English sentence before.
    const { token, userId } = await tokenFor(t.db, 'investor@kc.example');
    for (const [language, message] of [['es', 'Valor no válido'], ['en', 'Invalid value']] as const) {
      const res = await fetch(`${base}/api/users/${userId}/contracts/search`, {
        method: 'POST',
        headers: { 'company-id': '1', authorization: `Bearer ${token}`, 'accept-language': language, 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'NOPE' }),
      });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors).toEqual([{ field: 'state', message }]);
    }
  });

  it('refuses a lone surrogate in a JSON body with 400 invalidText naming the field, and stores nothing', async () => {
    for (const [language, message] of [['es', 'Contiene caracteres no válidos'], ['en', 'Contains invalid characters']] as const) {
      const res = await fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'company-id': '1', 'accept-language': language, 'content-type': 'application/json' },
        body: JSON.stringify(CONTACT).replace('"Ana"', '"A\\ud800na"'),
      });
      expect(res.status).toBe(400);
      expect(await problemOf(res)).toMatchObject({ code: 'invalidText', status: 400, errors: [{ field: 'name', message }] });
    }
    expect(await contactCount()).toBe(0);
  });

  it('refuses bytes that are not UTF-8 in a JSON or text body, and stores nothing', async () => {
    const json = Buffer.from(JSON.stringify(CONTACT));
    json[json.indexOf('Ana')] = 0xc3;
    json[json.indexOf('na"') ] = 0x28;
    for (const [type, body] of [['application/json', json], ['text/plain', Buffer.from([0x68, 0xc3, 0x28])]] as const) {
      const res = await fetch(`${base}/api/contact`, { method: 'POST', headers: { 'company-id': '1', 'content-type': type }, body });
      expect(res.status).toBe(400);
      expect(await problemOf(res)).toMatchObject({ code: 'invalidText', title: 'Texto no válido' });
    }
    expect(await contactCount()).toBe(0);
  });

  it('refuses a query or a path whose percent-encoding is not UTF-8', async () => {
    const auth = await authHeaders(t.db, 'investor@kc.example');
    const query = await fetch(`${base}/api/notifications?kind=%C3%28`, { headers: { ...auth, 'accept-language': 'en' } });
    expect(query.status).toBe(400);
    expect(await problemOf(query)).toMatchObject({ code: 'invalidText', errors: [{ field: 'kind', message: 'Contains invalid characters' }] });
    const surrogate = await fetch(`${base}/api/notifications?kind=%ED%A0%80`, { headers: auth });
    expect(surrogate.status).toBe(400);
    expect((await problemOf(surrogate)).code).toBe('invalidText');
    const path = await fetch(`${base}/api/lookup/cities/%C3%28`, { headers: { 'company-id': '1' } });
    expect(path.status).toBe(400);
    expect((await problemOf(path)).status).toBe(400);
  });

  it('answers a form body that is not UTF-8 on the token endpoint as RFC 6749 invalid_request', async () => {
    for (const body of [Buffer.from('grant_type=password&username=a%C3%28&password=x'), Buffer.from('grant_type=password&username=a&password=x=%C3%28'), Buffer.from([0x75, 0x3d, 0xc3, 0x28])]) {
      const res = await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded' }, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    }
  });
});

describe('a request that does not arrive in time', () => {
  it('is answered 408 with a problem in the language its headers asked for', async () => {
    // Node reports it as ERR_HTTP_REQUEST_TIMEOUT to the server's clientError, at most every
    // 30 s: the handler is given that error on a real connection.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => client.on('close', resolve));
    const error = Object.assign(new Error('timeout'), {
      code: 'ERR_HTTP_REQUEST_TIMEOUT',
      rawPacket: Buffer.from('GET /api/health HTTP/1.1\r\nHost: kc\r\nAccept-Language: en-GB\r\n'),
    });
    const log = { trace: () => {} };
    const socket = await accepted;
    // The handler destroys the socket with the error, as Node's server does; its own listener takes it there.
    socket.on('error', () => {});
    clientErrorHandler.call({ log } as never, error, socket);
    await closed;
    server.close();
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text.toLowerCase()).toContain('content-type: application/problem+json');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      type: 'https://kc.example/problems/requestTimeout',
      title: 'Request timeout',
      status: 408,
      detail: expect.any(String),
      code: 'requestTimeout',
    });
  });
});

describe('the API documents in production', () => {
  const productionEnv = { NODE_ENV: 'production', SECOND_FACTOR_KEY: 'ab'.repeat(32) };

  it('are not served unless API_DOCS says so: 404 like any unknown path', async () => {
    const t = await buildTestApp('pglite', { env: productionEnv });
    try {
      for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/', '/api/docs/json']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'routeNotFound' });
      }
    } finally {
      await t.close();
    }
  });

  it('are served with API_DOCS=true', async () => {
    const t = await buildTestApp('pglite', { env: { ...productionEnv, API_DOCS: 'true' } });
    try {
      const doc = await t.app.inject({ url: '/api/openapi.json' });
      expect(doc.statusCode).toBe(200);
      expect(doc.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    } finally {
      await t.close();
    }
  });
});
