import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { LINK_SECRET_PATTERN, SCRUBBED_SECRET, SCRUBBED_SECRET_SQL_REPLACEMENT, hideLinkSecrets } from '../src/lib/link-secrets.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { MAX_ATTEMPTS, SCRUB_BATCH, claimDueMails, markAttemptFailed, markSent } from '../src/modules/mail/outbox-repository.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { confirmationLinkOf, register, registration } from './helpers/accounts.ts';

/**
 * Never a token in clear (security review): a mail's one-time link lives in the outbox only until
 * the mail is delivered. The worker marks it sent and drops its links' secrets in one statement;
 * the mail delivered still carries the working link. A mail given up loses them too; mails sent
 * before migration 0042, or by an instance of the previous version, lose them in the worker's
 * batched pass. Each statement scrubs the row as it is then (an erasure may have blanked it).
 */
describe('link secrets (lib/link-secrets.ts)', () => {
  it('hides the value of token, code, ticket, key and secret parameters, in text and in escaped HTML, and nothing else', () => {
    const text = 'Confirme: https://kc.example/web/user/confirm-sign-up?userId=0f1e&token=abc_DEF-123 y https://kc.example/web/privacy/erasure/confirm#token=Zz9 hoy.';
    expect(hideLinkSecrets(text)).toBe(
      `Confirme: https://kc.example/web/user/confirm-sign-up?userId=0f1e&token=${SCRUBBED_SECRET} y https://kc.example/web/privacy/erasure/confirm#token=${SCRUBBED_SECRET} hoy.`,
    );
    const html = '<a href="https://kc.example/web/user/set-password?userId=0f1e&amp;token=abc_DEF-123">Elegir</a><p>?code=1234&amp;key=K&amp;secret=S&amp;ticket=T&amp;page=2</p>';
    expect(hideLinkSecrets(html, '[x]')).toBe(
      '<a href="https://kc.example/web/user/set-password?userId=0f1e&amp;token=[x]">Elegir</a><p>?code=[x]&amp;key=[x]&amp;secret=[x]&amp;ticket=[x]&amp;page=2</p>',
    );
    expect(hideLinkSecrets('Su código token es personal; ?page=2&userId=9')).toBe('Su código token es personal; ?page=2&userId=9');
  });
});

describe.each(DB_KINDS)('sent mails keep no live link on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const rowsTo = (email: string) => t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();

  it('a sign-up mail: delivered with its working link, stored as sent without the token', async () => {
    const body = registration();
    const email = body['email'] as string;
    const registered = await register(t.app, body);
    expect(registered.statusCode).toBe(201);
    // Pending: the worker still needs the link to send it.
    const [pending] = await rowsTo(email);
    expect(pending).toMatchObject({ status: 'PENDING' });
    await t.app.mailer.drain();
    const delivered = t.sentMails.find((m) => m.to === email)!;
    const link = confirmationLinkOf(delivered.text);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pending!.text_body).toContain(link.token);
    expect(delivered.html).toContain(`&amp;token=${link.token}`);

    const [sent] = await rowsTo(email);
    expect(sent).toMatchObject({ status: 'SENT', user_id: registered.json().id });
    expect(sent!.text_body).not.toContain(link.token);
    expect(sent!.html_body).not.toContain(link.token);
    expect(sent!.text_body).toContain(`&token=${SCRUBBED_SECRET}`);
    expect(sent!.html_body).toContain(`&amp;token=${SCRUBBED_SECRET}`);
    // Only the secret went: the rest of the mail is as delivered.
    expect(sent!.text_body).toBe(delivered.text.replace(link.token, SCRUBBED_SECRET));

    // The link of the mail delivered still works (the stored hash is untouched).
    expect((await inject('POST', `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`, { 'company-id': '1' })).statusCode).toBe(200);
  });

  it('a set-password mail: delivered with its working link, stored as sent without the token', async () => {
    const admin = await authHeaders(t.db, 'admin@kc.example');
    const email = `elige.${Date.now()}@kc.example`;
    const created = await inject('POST', '/api/users', admin, { email, firstName: 'Elena', lastName: 'Prieto', roles: ['ADVISOR'], language: 'es' });
    expect(created.statusCode).toBe(201);
    await t.app.mailer.drain();
    const delivered = [...t.sentMails].reverse().find((m) => m.to === email)!;
    const match = /\/web\/user\/set-password\?(\S+)/.exec(delivered.text)!;
    const params = new URLSearchParams(match[1]!);
    const link = { userId: params.get('userId')!, token: params.get('token')! };
    expect(link.userId).toBe(created.json().id);

    const [sent] = await rowsTo(email);
    expect(sent).toMatchObject({ status: 'SENT', user_id: created.json().id });
    expect(`${sent!.subject}\n${sent!.text_body}\n${sent!.html_body}`).not.toContain(link.token);
    expect(sent!.text_body).toContain(`token=${SCRUBBED_SECRET}`);

    const check = await inject('POST', '/api/users/password/check', { 'company-id': '1' }, link);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ purpose: 'SET', email });
    const set = await inject('POST', '/api/users/password', { 'company-id': '1' }, { ...link, newPassword: 'una-clave-nueva-2026', repeatPassword: 'una-clave-nueva-2026' });
    expect(set.statusCode).toBe(200);
  });

  it('a mail given up after its last attempt loses its links’ secrets too; one still to retry keeps them', async () => {
    const failing = createMailer({
      db: t.db,
      transport: { send: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:2525')), close: () => {} },
      from: 'KC <no-reply@kc.example>',
      pollMs: 0,
      log: t.app.log,
    });
    const to = `caido.${Date.now()}@example.com`;
    const text = 'Enlace: https://kc.example/web/jobs/withdraw#token=retirada-secreta-123';
    await failing.enqueue(t.db, { companyId: '1', to, subject: 'Retirada', text, html: `<a href="https://kc.example/web/jobs/withdraw#token=retirada-secreta-123">x</a>` });
    expect(await failing.drain()).toBe(0);
    let [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, text_body: text });
    await sql`UPDATE mail_outbox SET attempts = ${MAX_ATTEMPTS - 1}, next_attempt_at = now() - interval '1 second' WHERE id = ${row!.id}`.execute(t.db);
    expect(await failing.drain()).toBe(0);
    [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS, text_body: `Enlace: https://kc.example/web/jobs/withdraw#token=${SCRUBBED_SECRET}` });
    expect(row!.html_body).not.toContain('retirada-secreta-123');
  });

  it('an erasure while a mail is claimed: marking it sent or given up keeps the anonymised bodies, not the ones read before the send', async () => {
    const stamp = Date.now();
    const email = `borrada.${stamp}@example.com`;
    const registered = await register(t.app, registration({ email, firstName: 'Casilda', lastName: 'Borrás' }));
    expect(registered.statusCode).toBe(201);
    const personId = registered.json().id as string;
    await t.app.mailer.drain();
    const link = confirmationLinkOf(t.sentMails.find((m) => m.to === email)!.text);
    expect((await inject('POST', `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`, { 'company-id': '1' })).statusCode).toBe(200);
    await t.app.mailer.drain();
    const person = await authHeaders(t.db, email);

    // The erasure's link, read while its mail is pending; then two mails of theirs with their name, an amount and a link.
    expect((await inject('POST', '/api/privacy/erasure', person)).statusCode).toBe(202);
    const request = await t.db.selectFrom('mail_outbox').select(['id', 'text_body']).where('to_address', '=', email).where('status', '=', 'PENDING').executeTakeFirstOrThrow();
    const erasureToken = /#token=([A-Za-z0-9_-]+)/.exec(request.text_body)![1]!;
    const body = (n: number) => `Hola, Casilda Borrás: su aportación de 1.234,56 € (${n}). https://kc.example/web/x?token=sec-${n}-${stamp}`;
    await t.app.mailer.enqueueMany(t.db, [1, 2].map((n) => ({ companyId: '1', to: email, subject: `Recibo ${n} de Casilda Borrás`, text: body(n), html: `<p>${body(n)}</p>` })));
    const ids = (await rowsTo(email)).filter((r) => r.subject.startsWith('Recibo')).map((r) => r.id);
    expect(ids).toHaveLength(2);
    // The second one is at its last attempt: the failure gives it up.
    await sql`UPDATE mail_outbox SET attempts = ${MAX_ATTEMPTS - 1} WHERE id = ${ids[1]!}`.execute(t.db);

    // The worker claims them (its claim commits on its own) and starts sending…
    const claimed = (await claimDueMails(t.db, 100)).filter((m) => ids.includes(m.id));
    expect(claimed.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(claimed[0]!.text_body).toContain('Casilda Borrás');
    // …while the person's erasure blanks their mails (it ignores the lease).
    expect((await inject('POST', '/api/privacy/erasure/confirm', person, { token: erasureToken })).statusCode).toBe(200);
    const anon = `anonimizado-${personId}`;
    expect((await t.db.selectFrom('mail_outbox').select('text_body').where('id', 'in', ids).execute()).map((r) => r.text_body)).toEqual([anon, anon]);

    // The send ends: one delivered, one given up. Neither writes back the bodies it read.
    await markSent(t.db, claimed.find((m) => m.id === ids[0])!);
    await markAttemptFailed(t.db, claimed.find((m) => m.id === ids[1])!, 'connect ECONNREFUSED');
    const rows = await t.db.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.subject, r.text_body, r.html_body])).toEqual([
      ['SENT', anon, anon, anon],
      ['FAILED', anon, anon, anon],
    ]);
    for (const row of rows) expect(row.scrubbed_at).not.toBeNull();
    expect(JSON.stringify(rows)).not.toMatch(/Casilda|Borrás|1\.234,56|sec-\d/);
  });

  it('migration 0042 is cheap DDL: no foreign key on user_id (no lock on users), and the index of mails left to scrub', async () => {
    const foreignKeys = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM pg_constraint WHERE conrelid = 'mail_outbox'::regclass AND contype = 'f'
        AND conkey @> ARRAY[(SELECT attnum FROM pg_attribute WHERE attrelid = 'mail_outbox'::regclass AND attname = 'user_id')]`.execute(t.db);
    expect(Number(foreignKeys.rows[0]!.n)).toBe(0);
    const indexes = await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'mail_outbox'`.execute(t.db);
    const byName = new Map(indexes.rows.map((i) => [i.indexname, i.indexdef]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['mail_outbox_user', 'mail_outbox_about', 'mail_outbox_unscrubbed']));
    expect(byName.get('mail_outbox_unscrubbed')).toMatch(/\(id\) WHERE \(\(scrubbed_at IS NULL\) AND \(status <> 'PENDING'::text\)\)/);
  });

  it('the worker’s pass scrubs, in batches, mails sent or given up with their secrets (before 0042, or by an old instance), stamps them, and leaves pending ones whole', async () => {
    const to = `antiguo.${Date.now()}@example.com`;
    const text = (n: number) => `Elija su clave: https://kc.example/web/user/set-password?userId=5c0e&token=viejo-${n}-secreto`;
    const html = (n: number) => `<a href="https://kc.example/web/user/set-password?userId=5c0e&amp;token=viejo-${n}-secreto">x</a>`;
    // As an instance of the previous version leaves them: SENT or FAILED, bodies whole, scrubbed_at NULL.
    // More than one batch of them, so that the pass has to repeat.
    const statuses = [...Array.from({ length: SCRUB_BATCH + 3 }, () => 'SENT'), 'FAILED', 'PENDING'];
    await t.db
      .insertInto('mail_outbox')
      .values(statuses.map((status, n) => ({ company_id: '1', to_address: to, subject: `Mail ${n}`, text_body: text(n), html_body: html(n), status })))
      .execute();
    expect(await t.app.mailer.scrubSent()).toBe(SCRUB_BATCH + 4);

    const rows = await rowsTo(to);
    expect(rows).toHaveLength(statuses.length);
    rows.forEach((row, n) => {
      if (row.status === 'PENDING') {
        expect([row.text_body, row.html_body, row.scrubbed_at]).toEqual([text(n), html(n), null]);
      } else {
        expect([row.text_body, row.html_body]).toEqual([hideLinkSecrets(text(n)), hideLinkSecrets(html(n))]);
        expect(row.scrubbed_at).not.toBeNull();
      }
    });
    expect(rows[0]!.text_body).toBe(`Elija su clave: https://kc.example/web/user/set-password?userId=5c0e&token=${SCRUBBED_SECRET}`);
    expect(rows.at(-2)).toMatchObject({ status: 'FAILED' });

    // Nothing left: a second pass changes nothing (the same stamps).
    expect(await t.app.mailer.scrubSent()).toBe(0);
    expect(await rowsTo(to)).toEqual(rows);
  });

  it('every poll of the worker runs the pass after sending', async () => {
    const worker = createMailer({ db: t.db, transport: { send: async () => {}, close: () => {} }, from: 'KC <no-reply@kc.example>', pollMs: 20, log: t.app.log });
    const to = `viejo.${Date.now()}@example.com`;
    await t.db
      .insertInto('mail_outbox')
      .values({ company_id: '1', to_address: to, subject: 'Antiguo', text_body: 'https://kc.example/web/x#token=de-otra-version', html_body: '<p>x</p>', status: 'SENT' })
      .execute();
    worker.start();
    try {
      await vi.waitFor(async () => expect((await rowsTo(to))[0]!.scrubbed_at).not.toBeNull(), { timeout: 5000, interval: 20 });
    } finally {
      await worker.stop();
    }
    expect((await rowsTo(to))[0]!.text_body).toBe(`https://kc.example/web/x#token=${SCRUBBED_SECRET}`);
  });

  it('the SQL form of the pattern (what the outbox’s statements use) hides exactly what the JavaScript one hides', async () => {
    const samples = [
      'https://kc.example/web/user/reset-password?userId=5c0e&token=AbC-_09xyz',
      '<a href="https://kc.example/web/user/set-password?userId=5c0e&amp;token=AbC-_09xyz">x</a> https://kc.example/web/account/email/confirm#token=Q1w2',
      'Sin enlaces: token de la junta, ?page=2',
      'https://kc.example/x?CODE=123&Key=abc&secret=s3&ticket=t"fin',
    ];
    for (const text of samples) {
      const row = await sql<{ out: string }>`SELECT regexp_replace(${text}::text, ${LINK_SECRET_PATTERN}, ${SCRUBBED_SECRET_SQL_REPLACEMENT}, 'gi') AS out`.execute(t.db);
      expect(row.rows[0]!.out).toBe(hideLinkSecrets(text));
    }
  });
});
