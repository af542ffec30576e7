import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/lib/log-redaction.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { confirmationLinkOf, register, registration } from './helpers/accounts.ts';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
let dniSeq = 60_000_000 + Math.floor(Math.random() * 1_000_000);
const uniqueDni = () => {
  dniSeq += 1;
  return `${dniSeq}${DNI_LETTERS[dniSeq % 23]}`;
};

/**
 * Secrets never reach a log line (security review): the sign-up token in the confirmation's path
 * (and in the web page's query), any token-like segment of an unmatched URL, and the secret
 * fields of the redaction list (passwords of the password change, the mfa grant's fields, TOTP
 * codes in a body), at the top level and nested.
 */
describe('redactUrl', () => {
  it("masks a matched route's secret path parameters by the pattern, and secret query parameters", () => {
    expect(redactUrl('/api/users/confirm-sign-up/u-1/AbC_d-1234/1', '/api/users/confirm-sign-up/:userId/:token/:companyId')).toBe(
      '/api/users/confirm-sign-up/u-1/[redacted]/1',
    );
    expect(redactUrl('/web/user/confirm-sign-up?userId=u-1&token=AbC&lang=es', '/web/*')).toBe('/web/user/confirm-sign-up?userId=u-1&token=[redacted]&lang=es');
    expect(redactUrl('/api/notifications/stream?ticket=t1&lastEventId=3', '/api/notifications/stream')).toBe('/api/notifications/stream?ticket=[redacted]&lastEventId=3');
    expect(redactUrl('/x?Code=1&%74oken=2&k=3')).toBe('/x?Code=[redacted]&%74oken=[redacted]&k=3');
    // A URL that matched no route: token-like segments masked, UUIDs and words kept.
    const token = 'q'.repeat(43);
    expect(redactUrl(`/api/users/confirm-sign-up/0d96318c-da0c-42e7-bb3f-6c519b96b6fe/${token}`)).toBe('/api/users/confirm-sign-up/0d96318c-da0c-42e7-bb3f-6c519b96b6fe/[redacted]');
    expect(redactUrl('/api/contracts/0d96318c-da0c-42e7-bb3f-6c519b96b6fe', '/api/contracts/:id')).toBe('/api/contracts/0d96318c-da0c-42e7-bb3f-6c519b96b6fe');
  });
});

describe.each(DB_KINDS)('log redaction on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('never logs the sign-up token of POST /api/users/confirm-sign-up/{userId}/{token}/{companyId}, nor of the web link', async () => {
    const email = `registro.log.${kind}.${Date.now()}@example.com`;
    const res = await register(t.app, registration({ email, dni: uniqueDni() }));
    expect(res.statusCode, res.body).toBe(201);
    await t.app.mailer.drain();
    const link = confirmationLinkOf(t.sentMails.find((m) => m.to === email)!.text);
    expect(link.token.length).toBeGreaterThanOrEqual(32);
    const from = t.logs.length;

    const confirmed = await t.app.inject({ method: 'POST', url: `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`, headers: { 'company-id': '1' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // A second time: refused (409), logged as well.
    expect((await t.app.inject({ method: 'POST', url: `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`, headers: { 'company-id': '1' } })).statusCode).toBe(409);
    // The page the mail opens carries it in the query; and a URL that matches no route.
    await t.app.inject({ method: 'GET', url: `/web/user/confirm-sign-up?userId=${link.userId}&token=${encodeURIComponent(link.token)}` });
    await t.app.inject({ method: 'POST', url: `/api/users/confirm-sign-up/${link.userId}/${link.token}`, headers: { 'company-id': '1' } });

    const lines = t.logs.slice(from).join('\n');
    expect(lines).not.toContain(link.token);
    expect(lines).not.toContain(encodeURIComponent(link.token));
    // The requests were logged, with the token masked.
    expect(lines).toContain(`/api/users/confirm-sign-up/${link.userId}/[redacted]/1`);
    expect(lines).toContain(`token=[redacted]`);
    expect(lines).toContain(`/api/users/confirm-sign-up/${link.userId}/[redacted]"`);
  });

  it('redacts the secret fields of a logged object, at the top level and nested, but keeps an error code', () => {
    const from = t.logs.length;
    // Something logged under `req` that is not a request does not break the line.
    t.app.log.info({ req: { note: 'not a request' } }, 'not a request');
    expect(t.logs.slice(from).join('\n')).toContain('not a request');
    t.app.log.info(
      {
        currentPassword: 'clave-actual-1',
        body: { currentPassword: 'clave-actual-2', newPassword: 'clave-nueva-2', code: '123456', recoveryCode: 'ABCDE-FGHJK' },
        request: { body: { mfa_token: 'mfa-secret-3', recovery_code: 'ABCDE-11111', refresh_token: 'refresh-secret-3', code: '654321' }, query: { code: '111222' } },
        err: { code: 'ECONNREFUSED' },
      },
      'redaction check',
    );
    const line = t.logs.slice(from).join('\n');
    expect(line).toContain('redaction check');
    for (const secret of ['clave-actual-1', 'clave-actual-2', 'clave-nueva-2', '123456', 'ABCDE-FGHJK', 'mfa-secret-3', 'ABCDE-11111', 'refresh-secret-3', '654321', '111222']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('"code":"ECONNREFUSED"');
  });
});
