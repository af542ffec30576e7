import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_GRANT_TYPE } from '@kc/domain';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { totpCodeAt } from '../src/modules/strong-auth/totp.ts';
import { loginKeys } from '../src/modules/oauth/login-limiter.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { TEST_TOTP_SECRET, authHeaders, enrolTestTotp } from './helpers/auth.ts';
import { login } from './helpers/accounts.ts';

type THeaders = Record<string, string>;
type TAnswer = { statusCode: number; json(): { code?: string; error?: string; error_description?: string; access_token?: string } };

/** Failures allowed for one account from one address in a window. */
const PAIR_MAX = 10;
/** A burst is a hundred requests on one process: room for a busy machine. */
const BURST_TIMEOUT_MS = 90_000;

/** A six-digit code that is none of the authenticator's codes around now. */
function wrongCode(): string {
  const near = new Set([-30_000, 0, 30_000].map((ms) => totpCodeAt(TEST_TOTP_SECRET, new Date(Date.now() + ms))));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/**
 * Concurrent bursts of wrong secrets from one address, against every step that shares the login
 * limiter: each attempt is counted before anything is verified, so at most the limit (10) is
 * ever evaluated, the rest are 429 untouched; the blocked address does not push the account-wide
 * counter, so the owner still gets in from elsewhere.
 */
function racesOn(label: string, build: () => Promise<TTestApp>, fresh: () => string) {
  describe(label, () => {
    let t: TTestApp;
    let seq = 0;
    beforeAll(async () => {
      t = await build();
    });
    afterAll(async () => t?.close());

    /** A new confirmed investor with the demo password; `totp` gives them an authenticator app. */
    async function person(totp = false): Promise<{ id: string; email: string; h: THeaders }> {
      seq += 1;
      const email = `race.${fresh()}.${seq}@kc.example`;
      const hash = (await t.db.selectFrom('users').select('password_hash').where('email', '=', 'investor@kc.example').executeTakeFirstOrThrow()).password_hash;
      const row = await t.db
        .insertInto('users')
        .values({ company_id: '1', email, password_hash: hash, first_name: 'Rita', last_name: `Carrera ${seq}`, roles: ['INVESTOR'], confirmed_at: new Date(), language: 'es' })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (totp) await enrolTestTotp(t.db, row.id, '1');
      return { id: row.id, email, h: await authHeaders(t.db, email) };
    }
    const address = () => `10.${fresh()}`;

    /** Splits a burst's answers: the 429s (nothing verified) and the others (verified). */
    function split(answers: TAnswer[]) {
      const blocked = answers.filter((a) => a.statusCode === 429);
      return { blocked: blocked.length, evaluated: answers.length - blocked.length, others: answers.filter((a) => a.statusCode !== 429) };
    }

    /** The database's counters of one account from one address (Redis keeps none there). */
    async function counters(email: string, from: string) {
      const keys = loginKeys('1', email, from);
      const rows = await t.db.selectFrom('rate_limits').select(['key', 'hits']).where('key', 'in', [keys.pair, keys.account]).execute();
      return { pair: rows.find((r) => r.key === keys.pair)?.hits ?? 0, account: rows.find((r) => r.key === keys.account)?.hits ?? 0 };
    }
    const usesDatabase = () => !t.app.config.REDIS_URL;

    it('evaluates at most 10 of 120 concurrent wrong logins from one address; the owner still logs in elsewhere', async () => {
      const p = await person();
      const from = address();
      const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => login(t.app, { username: p.email, password: `guess-${i}` }, {}, from)));
      const { blocked, evaluated, others } = split(answers);
      expect(evaluated).toBeLessThanOrEqual(PAIR_MAX);
      expect(evaluated).toBeGreaterThan(0);
      expect(others.every((a) => a.json().error === 'invalid_grant')).toBe(true);
      expect(blocked).toBe(120 - evaluated);
      expect(answers.find((a) => a.statusCode === 429)!.headers['retry-after']).toMatch(/^\d+$/);
      if (usesDatabase()) expect(await counters(p.email, from)).toEqual({ pair: evaluated, account: evaluated });
      // Blocked there, even with the right password; the owner elsewhere is not.
      expect((await login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, from)).statusCode).toBe(429);
      expect((await login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, address())).statusCode).toBe(200);
    }, BURST_TIMEOUT_MS);

    it('100 wrong and 1 right in one burst: the right one gets a token only within the 10 evaluated; none once blocked', async () => {
      const p = await person();
      const from = address();
      const burst = [...Array.from({ length: 100 }, (_, i) => ({ username: p.email, password: `guess-${i}` })), { username: p.email, password: DEMO_PASSWORD }];
      const answers = await Promise.all(burst.map((fields) => login(t.app, fields, {}, from)));
      const { evaluated } = split(answers);
      expect(evaluated).toBeLessThanOrEqual(PAIR_MAX);
      const right = answers.at(-1)!;
      expect([200, 429]).toContain(right.statusCode);
      const again = await login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, from);
      if (right.statusCode === 429) {
        // Blocked: the right password gets nothing from that address.
        expect(again.statusCode).toBe(429);
        expect(again.json().access_token).toBeUndefined();
      }
      expect((await login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, address())).statusCode).toBe(200);
    }, BURST_TIMEOUT_MS);

    it('a blocked address no longer counts toward the account-wide counter', async () => {
      const p = await person();
      const from = address();
      for (let i = 0; i < PAIR_MAX; i += 1) expect((await login(t.app, { username: p.email, password: 'wrong' }, {}, from)).statusCode).toBe(400);
      // 120 more from there: refused unverified, so not counted for the account (over 100 it would lock the owner out).
      const refused = await Promise.all(Array.from({ length: 120 }, () => login(t.app, { username: p.email, password: 'wrong' }, {}, from)));
      expect(refused.every((a) => a.statusCode === 429)).toBe(true);
      if (usesDatabase()) expect(await counters(p.email, from)).toEqual({ pair: PAIR_MAX, account: PAIR_MAX });
      expect((await login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, address())).statusCode).toBe(200);
    }, BURST_TIMEOUT_MS);

    it('a right password gives its attempt back: the counters keep the failures only', async () => {
      const p = await person();
      const from = address();
      for (let i = 0; i < 3; i += 1) expect((await login(t.app, { username: p.email, password: 'wrong' }, {}, from)).statusCode).toBe(400);
      const answers = await Promise.all(Array.from({ length: 5 }, () => login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, address())));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
      if (usesDatabase()) expect(await counters(p.email, from)).toEqual({ pair: 3, account: 3 });
      expect((await login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, from)).statusCode).toBe(200);
      if (usesDatabase()) expect(await counters(p.email, from)).toEqual({ pair: 0, account: 3 });
    });

    it('evaluates at most 10 of 60 concurrent wrong codes of the login second step; the owner still completes it elsewhere', async () => {
      const p = await person(true);
      const from = address();
      const first = await login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, from);
      expect(first.json().error).toBe('mfa_required');
      const mfaToken = (first.json() as { mfa_token: string }).mfa_token;
      const second = (fields: Record<string, string>, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          remoteAddress,
          headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ grant_type: MFA_GRANT_TYPE, client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', ...fields }).toString(),
        });
      const code = wrongCode();
      const answers = await Promise.all(Array.from({ length: 60 }, () => second({ mfa_token: mfaToken, otp: code }, from)));
      const { evaluated, others } = split(answers);
      expect(evaluated).toBeLessThanOrEqual(PAIR_MAX);
      expect(others.every((a) => a.json().error === 'invalid_grant')).toBe(true);
      const done = await second({ mfa_token: mfaToken, otp: totpCodeAt(TEST_TOTP_SECRET, new Date()) }, address());
      expect(done.statusCode).toBe(200);
    }, BURST_TIMEOUT_MS);

    it('evaluates at most 10 of 60 concurrent wrong step-up codes; the owner still steps up elsewhere', async () => {
      const p = await person(true);
      const from = address();
      const code = wrongCode();
      const answers = await Promise.all(
        Array.from({ length: 60 }, () => t.app.inject({ method: 'POST', url: '/api/strong-auth/step-up', headers: p.h, remoteAddress: from, payload: { code } })),
      );
      const { evaluated, others } = split(answers);
      expect(evaluated).toBeLessThanOrEqual(PAIR_MAX);
      expect(others.every((a) => a.json().code === 'invalidCode')).toBe(true);
      const right = await t.app.inject({ method: 'POST', url: '/api/strong-auth/step-up', headers: p.h, remoteAddress: address(), payload: { code: totpCodeAt(TEST_TOTP_SECRET, new Date()) } });
      expect(right.statusCode).toBe(200);
    }, BURST_TIMEOUT_MS);

    it('evaluates at most 10 of 60 concurrent wrong current passwords of the password change; the owner still changes it elsewhere', async () => {
      const p = await person();
      const from = address();
      const change = (currentPassword: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/me/password',
          headers: p.h,
          remoteAddress,
          payload: { currentPassword, newPassword: 'otra-clave-larga-2026', repeatPassword: 'otra-clave-larga-2026' },
        });
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => change(`no-es-mi-clave-${i}`, from)));
      const { evaluated, others } = split(answers);
      expect(evaluated).toBeLessThanOrEqual(PAIR_MAX);
      expect(others.every((a) => a.json().code === 'currentPasswordWrong')).toBe(true);
      expect(answers.filter((a) => a.statusCode === 429).every((a) => a.json().code === 'emailChangeTooManyAttempts')).toBe(true);
      expect((await change(DEMO_PASSWORD, address())).statusCode).toBe(200);
    }, BURST_TIMEOUT_MS);

    it('evaluates at most 10 of 60 concurrent wrong current passwords of the e-mail change; the owner still asks for it elsewhere', async () => {
      const p = await person();
      const from = address();
      const ask = (currentPassword: string, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/users/me/email', headers: p.h, remoteAddress, payload: { newEmail: `nueva.${p.email}`, currentPassword } });
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => ask(`no-es-mi-clave-${i}`, from)));
      const { evaluated, others } = split(answers);
      expect(evaluated).toBeLessThanOrEqual(PAIR_MAX);
      expect(others.every((a) => a.json().code === 'currentPasswordWrong')).toBe(true);
      expect((await ask(DEMO_PASSWORD, address())).statusCode).toBe(202);
    }, BURST_TIMEOUT_MS);
  });
}

let next = 0;
/** Addresses and e-mails of their own per test (Redis outlives the test database). */
const fresh = () => `${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${(next = (next + 1) % 250)}`;

for (const kind of DB_KINDS) racesOn(`login limiter races on ${kind}`, () => buildTestApp(kind), fresh);
racesOn('login limiter races in Redis', () => buildTestApp('pglite', { env: { REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379' } }), fresh);
