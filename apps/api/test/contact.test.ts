import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hit } from '../src/lib/rate-limit.ts';
import { CONTACT_RATE_LIMIT } from '../src/modules/contact/service.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';

const valid = {
  kind: 'general',
  name: 'Lucía',
  surname: 'Martín Pérez',
  email: 'Lucia.Martin@Example.com',
  phone: '+34 600 123 456',
  message: 'Quisiera saber cómo funciona el plan de jubilación.',
  acceptPrivacy: true,
};

let address = 0;
/** Each test sends from its own client address, so the rate limit of one does not touch another. */
const nextAddress = () => `203.0.113.${++address}`;

describe.each(DB_KINDS)('POST /api/contact on %s', (kind) => {
  let t: TTestApp;
  let ip: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    ip = nextAddress();
    await t.db.deleteFrom('contact_messages').execute();
    await t.db.deleteFrom('mail_outbox').execute();
    t.sentMails.length = 0;
  });

  // The client address is the socket's (no proxy is trusted by default), so tests set it there.
  const send = (payload: unknown, headers: Record<string, string> = {}, address: string = ip) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: address,
      headers: { 'company-id': '1', ...headers },
      payload: payload as Record<string, unknown>,
    });
  const count = async (table: 'contact_messages' | 'mail_outbox') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('stores a valid message with its form, language, time and company, and mails it to the company', async () => {
    const before = Date.now();
    const res = await send({ ...valid, kind: 'finca-ganadera' }, { 'accept-language': 'en-GB,en;q=0.8' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await t.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      company_id: '1',
      form_kind: 'finca-ganadera',
      language: 'en',
      name: 'Lucía',
      surname: 'Martín Pérez',
      email: 'lucia.martin@example.com',
      phone: '+34 600 123 456',
      message: valid.message,
    });
    expect(rows[0]!.created_at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(new Date(body.receivedAt).getTime()).toBe(rows[0]!.created_at.getTime());

    const outbox = await t.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ company_id: '1', to_address: 'contact@kc.example', status: 'PENDING' });
    expect(await t.app.mailer.drain()).toBe(1);
    expect(t.sentMails).toHaveLength(1);
    const mail = t.sentMails[0]!;
    expect(mail.to).toBe('contact@kc.example');
    expect(mail.subject).toBe('[Aportación de fincas ganaderas] Lucía Martín Pérez');
    expect(mail.text).toContain('Correo electrónico: lucia.martin@example.com');
    expect(mail.text).toContain('Idioma: inglés');
    expect(mail.text).toContain(valid.message);
  });

  it("mails another company's messages to that company's own address", async () => {
    const res = await send({ ...valid, kind: 'finca-agricola' }, { 'company-id': '2' });
    expect(res.statusCode).toBe(201);
    const row = await t.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: '2', form_kind: 'finca-agricola', language: 'es' });
    const mail = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('contact@other.example');
  });

  it('accepts a message without a telephone and escapes the HTML mail', async () => {
    const res = await send({ ...valid, phone: '', message: '<script>alert(1)</script>' });
    expect(res.statusCode).toBe(201);
    const row = await t.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(row.phone).toBeNull();
    const mail = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail.html_body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html_body).not.toContain('<script>');
  });

  const invalidCases: [string, Record<string, unknown>, string, string, string][] = [
    ['a missing name', { name: undefined }, 'name', 'Requerido', 'Required'],
    ['a blank surname', { surname: '   ' }, 'surname', 'Requerido', 'Required'],
    ['an empty e-mail', { email: '' }, 'email', 'Requerido', 'Required'],
    ['a malformed e-mail', { email: 'lucia@' }, 'email', 'Invalid email', 'Invalid email'],
    ['a telephone with letters', { phone: 'call me' }, 'phone', 'Valor no válido', 'Invalid value'],
    ['an empty message', { message: '' }, 'message', 'Requerido', 'Required'],
    ['a message over 5,000 characters', { message: 'a'.repeat(5001) }, 'message', 'Como máximo 5000 caracteres', 'At most 5000 characters'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name', 'Como máximo 100 caracteres', 'At most 100 characters'],
    ['privacy not accepted', { acceptPrivacy: false }, 'acceptPrivacy', 'Debe aceptar la política de privacidad', 'You must accept the privacy policy'],
    ['privacy missing', { acceptPrivacy: undefined }, 'acceptPrivacy', 'Debe aceptar la política de privacidad', 'You must accept the privacy policy'],
    ['an unknown form', { kind: 'newsletter' }, 'kind', 'Valor no válido', 'Invalid value'],
  ];

  it.each(invalidCases)('refuses %s with a clear field error in both languages and stores nothing', async (_name, change, field, es, en) => {
    const payload = { ...valid, ...change };
    const resEs = await send(payload);
    expect(resEs.statusCode).toBe(400);
    expect(resEs.headers['content-type']).toContain('application/problem+json');
    expect(resEs.json()).toMatchObject({ code: 'validation', detail: 'Existen errores en el formulario.' });
    expect(resEs.json().errors).toEqual([{ field, message: es }]);
    const resEn = await send(payload, { 'accept-language': 'en' });
    expect(resEn.json().errors).toEqual([{ field, message: en }]);
    expect(await count('contact_messages')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
  });

  it('lists every bad field at once', async () => {
    const res = await send({ kind: 'general', name: '', surname: '', email: 'x', message: '', acceptPrivacy: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['acceptPrivacy', 'email', 'message', 'name', 'surname']);
    expect(await count('contact_messages')).toBe(0);
  });

  it('refuses text with a NUL character with a 400 problem, never a 500, and stores nothing', async () => {
    // Found by the fuzzer: PostgreSQL cannot store a NUL character in text (SQLSTATE 22021); the
    // insert failed and the request answered 500.
    for (const field of ['name', 'message'] as const) {
      const res = await send({ ...valid, [field]: `${valid[field]}\u0000` }, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'invalidValue', title: 'Invalid value', status: 400 });
      expect(res.body).not.toMatch(/0x00|UTF8|invalid byte/);
    }
    expect(await count('contact_messages')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
    expect(t.logs.join('')).not.toContain('request failed');
  });

  it('refuses an oversized body with 413 and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: ip,
      headers: { 'company-id': '1', 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, message: 'a'.repeat(40 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payloadTooLarge', title: 'Petición demasiado grande' });
    expect(await count('contact_messages')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
  });

  it('stores nothing when the mail cannot be queued (one transaction)', async () => {
    const enqueue = t.app.mailer.enqueue;
    t.app.mailer.enqueue = async () => {
      throw new Error('outbox unavailable');
    };
    try {
      const res = await send(valid);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'internal' });
    } finally {
      t.app.mailer.enqueue = enqueue;
    }
    expect(await count('contact_messages')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
  });

  it('needs a known company', async () => {
    const res = await send(valid, { 'company-id': '999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'companyUnknown' });
    expect(await count('contact_messages')).toBe(0);
  });

  it(`limits one address to ${CONTACT_RATE_LIMIT.limit} messages in ${CONTACT_RATE_LIMIT.windowSeconds / 60} minutes, with Retry-After`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) expect((await send(valid)).statusCode).toBe(201);
    const limited = await send(valid);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(CONTACT_RATE_LIMIT.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);
    expect(limited.json()).toMatchObject({ code: 'contactRateLimited', status: 429, title: 'Demasiados mensajes' });
    expect(limited.json().detail).toBe('Ha enviado demasiados mensajes en poco tiempo. Vuelva a intentarlo dentro de 10 minutos.');
    expect(await count('contact_messages')).toBe(CONTACT_RATE_LIMIT.limit);
    expect(await count('mail_outbox')).toBe(CONTACT_RATE_LIMIT.limit);

    // A forged X-Forwarded-For does not make the same client look new.
    const forged = await send(valid, { 'x-forwarded-for': nextAddress() });
    expect(forged.statusCode).toBe(429);
    expect(await count('contact_messages')).toBe(CONTACT_RATE_LIMIT.limit);

    // Another address is not affected.
    expect((await send(valid, {}, nextAddress())).statusCode).toBe(201);

    // Once the window has passed, the first address may write again.
    await sql`UPDATE rate_limits SET window_start = now() - interval '11 minutes' WHERE key = ${`contact:${ip}`}`.execute(t.db);
    expect((await send(valid)).statusCode).toBe(201);
  });

  it('does not count refused submissions against the limit', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit + 2; i++) expect((await send({ ...valid, email: 'bad' })).statusCode).toBe(400);
    expect((await send(valid)).statusCode).toBe(201);
  });

  it('documents the endpoint in the OpenAPI reference', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const op = doc.paths['/api/contact'].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '429']));
  });
});

describe.each(DB_KINDS)('rate limiter on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  it('counts hits in a fixed window and says how long to wait', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(t.db, 'test:fixed', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('never loses a hit under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(t.db, 'test:concurrent', 5, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('starts a new window once the old one has ended', async () => {
    await hit(t.db, 'test:expire', 1, 60);
    expect((await hit(t.db, 'test:expire', 1, 60)).allowed).toBe(false);
    await sql`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key = 'test:expire'`.execute(t.db);
    const fresh = await hit(t.db, 'test:expire', 1, 60);
    expect(fresh).toMatchObject({ allowed: true, hits: 1 });
    expect(fresh.retryAfterSeconds).toBeGreaterThan(55);
  });
});
