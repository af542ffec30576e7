import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { MAX_ATTEMPTS } from '../src/modules/mail/outbox-repository.ts';
import { folderTransport, type TMailTransport, type TOutgoingMail } from '../src/modules/mail/transport.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';

const mail = (n: number) => ({ companyId: '1', to: `saver${n}@example.com`, subject: `Mail ${n}`, text: `Hola ${n}`, html: `<p>Hola ${n}</p>` });

/** A transport that records what it sends, optionally failing, optionally slow. */
function recordingTransport(options: { fail?: boolean; delayMs?: number } = {}): TMailTransport & { sent: TOutgoingMail[]; fail: boolean } {
  const transport = {
    sent: [] as TOutgoingMail[],
    fail: options.fail ?? false,
    async send(m: TOutgoingMail) {
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (transport.fail) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      transport.sent.push(m);
    },
    close() {},
  };
  return transport;
}

describe.each(DB_KINDS)('mail outbox on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('mail_outbox').execute();
  });

  const rows = () => t.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  const mailerWith = (transport: TMailTransport) =>
    createMailer({ db: t.db, transport, from: 'KC <no-reply@kc.example>', pollMs: 0, log: t.app.log });

  it('keeps a mail while the mail server is down, backs off, and sends it once when it is back', async () => {
    const transport = recordingTransport({ fail: true });
    const mailer = mailerWith(transport);
    await mailer.enqueue(t.db, mail(1));
    expect(await mailer.drain()).toBe(0);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, locked_until: null });
    expect(row!.last_error).toContain('ECONNREFUSED');
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is tried.
    transport.fail = false;
    expect(await mailer.drain()).toBe(0);
    expect(transport.sent).toHaveLength(0);

    await sql`UPDATE mail_outbox SET next_attempt_at = now() - interval '1 second'`.execute(t.db);
    expect(await mailer.drain()).toBe(1);
    expect(await mailer.drain()).toBe(0);
    expect(transport.sent.map((m) => m.to)).toEqual(['saver1@example.com']);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, last_error: null });
  });

  it(`gives up after ${MAX_ATTEMPTS} failed attempts and marks the mail FAILED`, async () => {
    const mailer = mailerWith(recordingTransport({ fail: true }));
    await mailer.enqueue(t.db, mail(2));
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await sql`UPDATE mail_outbox SET next_attempt_at = now() - interval '1 second'`.execute(t.db);
      await mailer.drain();
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS });
  });

  it('sends each mail exactly once when several instances drain one database at the same time', async () => {
    const a = recordingTransport({ delayMs: 2 });
    const b = recordingTransport({ delayMs: 2 });
    const c = recordingTransport({ delayMs: 2 });
    const first = mailerWith(a);
    for (let n = 0; n < 60; n++) await first.enqueue(t.db, mail(n));
    const counts = await Promise.all([first.drain(), mailerWith(b).drain(), mailerWith(c).drain()]);
    const sent = [...a.sent, ...b.sent, ...c.sent].map((m) => m.to);
    expect(sent).toHaveLength(60);
    expect(new Set(sent).size).toBe(60);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(60);
    expect((await rows()).every((r) => r.status === 'SENT')).toBe(true);
  });

  it('saves nothing when the transaction that enqueued the mail rolls back', async () => {
    const mailer = mailerWith(recordingTransport());
    await expect(
      t.db.transaction().execute(async (trx) => {
        await mailer.enqueue(trx, mail(3));
        throw new Error('the registration failed');
      }),
    ).rejects.toThrow('the registration failed');
    expect(await rows()).toHaveLength(0);
  });

  it('without SMTP writes each mail to the mail folder and logs its links', async () => {
    const folder = path.join(t.config.dataDir, 'mail-test');
    const mailer = mailerWith(folderTransport(folder, t.app.log));
    await mailer.enqueue(t.db, { ...mail(4), text: 'Confirme aquí: http://localhost:3000/web/user/confirm-sign-up?userId=u&token=x' });
    expect(await mailer.drain()).toBe(1);
    const files = await fs.readdir(folder);
    expect(files).toHaveLength(1);
    const eml = await fs.readFile(path.join(folder, files[0]!), 'utf8');
    expect(eml).toContain('To: saver4@example.com');
    expect(eml).toContain('Subject: Mail 4');
    expect(t.logs.join('\n')).toContain('http://localhost:3000/web/user/confirm-sign-up?userId=u&token=x');
  });

  it('in production keeps the links (one-time tokens) out of the logs', async () => {
    const folder = path.join(t.config.dataDir, 'mail-prod');
    const mailer = mailerWith(folderTransport(folder, t.app.log, { logLinks: false }));
    await mailer.enqueue(t.db, { ...mail(5), text: 'Confirme aquí: http://localhost:3000/web/user/confirm-sign-up?userId=u&token=secret-token-5' });
    expect(await mailer.drain()).toBe(1);
    expect(await fs.readdir(folder)).toHaveLength(1);
    expect(t.logs.join('\n')).not.toContain('secret-token-5');
  });
});
