import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_WINDOW_MS, type TStepUpAction } from '@kc/domain';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { forgetSessions } from '../src/lib/session-cache.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { totpCodeAt } from '../src/modules/strong-auth/totp.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { TEST_TOTP_SECRET, authHeaders, enrolTestTotp } from './helpers/auth.ts';
import { ACCEPTED } from './helpers/investor-protection.ts';

/**
 * Step-up on the money and identity actions (issue 18): hire, add a payment method, change the
 * password, export one's data. Without a second factor each is allowed; with one, a session that
 * has not proved it in the last 5 minutes gets 403 stepUpRequired (with the action) and nothing
 * changes; after a step-up the same request goes through; 5 minutes later it is refused again.
 */
const INVESTOR = 'investor@kc.example';
type THeaders = Record<string, string>;

describe.each(DB_KINDS)('step-up on %s', (kind) => {
  let t: TTestApp;
  let h: THeaders;
  let userId: string;
  let body: Record<string, unknown>;
  let password = DEMO_PASSWORD;
  let passwordCount = 0;
  /** The clock: pinned (Date only) near the real time, moved forward a step at a time so that each code is new. */
  let clock = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  const tick = () => {
    clock += 30_000;
    vi.setSystemTime(new Date(clock));
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    h = await authHeaders(t.db, INVESTOR);
    userId = (await t.db.selectFrom('users').select('id').where('email', '=', INVESTOR).executeTakeFirstOrThrow()).id;
    const product = await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow();
    const card = await t.db.selectFrom('payment_preferences').select('id').where('user_id', '=', userId).where('kind', '=', 'CARD').executeTakeFirstOrThrow();
    const today = new Date();
    const day = (years: number) => new Date(Date.UTC(today.getUTCFullYear() + years, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
    body = {
      productType: 'SAVINGS_PLAN',
      productKey: 'jubilacion',
      productId: product.id,
      recurringAmount: 150,
      initialAmount: 2500.5,
      submissionDate: day(0),
      expiringDate: day(20),
      paymentPreferenceId: card.id,
      ...ACCEPTED,
    };
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(clock));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const count = async (table: 'contracts' | 'payment_preferences') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  const passwordHash = async () => (await t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;
  const exportsAsked = async () =>
    (await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', userId).where('action', '=', 'user.requestDataExport').execute()).length;

  /** Each action: the request, and what it changes (read before and after). */
  const ACTIONS: Record<'hire' | 'addPaymentMethod' | 'changePassword' | 'exportData', { send: () => Promise<Awaited<ReturnType<TTestApp['app']['inject']>>>; ok: number; state: () => Promise<unknown> }> = {
    hire: {
      send: () => t.app.inject({ method: 'POST', url: `/api/customers/${userId}/contracts`, headers: h, payload: body }),
      ok: 201,
      state: () => count('contracts'),
    },
    addPaymentMethod: {
      send: () => t.app.inject({ method: 'POST', url: '/api/users/payment-preferences', headers: h, payload: { creditCard: '5555 5555 5555 4444', ccv: '123', expirationDate: '11/39' } }),
      ok: 201,
      state: () => count('payment_preferences'),
    },
    changePassword: {
      send: () => {
        passwordCount += 1;
        const next = `otra-clave-larga-${passwordCount}-2026`;
        return t.app.inject({ method: 'POST', url: '/api/users/me/password', headers: h, payload: { currentPassword: password, newPassword: next, repeatPassword: next } }).then((res) => {
          if (res.statusCode === 200) password = next;
          return res;
        });
      },
      ok: 200,
      state: () => passwordHash(),
    },
    exportData: {
      send: () => t.app.inject({ method: 'GET', url: '/api/privacy/export', headers: h }),
      ok: 200,
      state: () => exportsAsked(),
    },
  };

  async function backdateStamp(ms: number | null) {
    await t.db
      .updateTable('access_tokens')
      .set({ second_factor_at: ms === null ? null : new Date(Date.now() - ms) })
      .where('token_hash', '=', hashToken(h['authorization']!.slice(7)))
      .execute();
    forgetSessions(t.db);
  }

  it('lets a person without a second factor do every action (no step-up asked)', async () => {
    await backdateStamp(null);
    for (const [action, { send, ok, state }] of Object.entries(ACTIONS)) {
      const before = await state();
      const res = await send();
      expect(res.statusCode, `${action}: ${res.body.slice(0, 200)}`).toBe(ok);
      expect(await state(), action).not.toEqual(before);
    }
  });

  describe.each(Object.keys(ACTIONS) as (keyof typeof ACTIONS)[])('%s with a second factor', (action) => {
    beforeAll(async () => {
      await enrolTestTotp(t.db, userId, '1');
    });

    it('is refused (403 stepUpRequired, nothing changed) without a recent step-up, allowed after one, refused again 5 minutes later', async () => {
      const { send, ok, state } = ACTIONS[action];
      for (const stale of [null, STEP_UP_WINDOW_MS]) {
        await backdateStamp(stale);
        const before = await state();
        const refused = await send();
        expect(refused.statusCode, String(stale)).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'stepUpRequired', action: action satisfies TStepUpAction });
        expect(await state()).toEqual(before);
      }

      tick();
      const stepUp = await t.app.inject({ method: 'POST', url: '/api/strong-auth/step-up', headers: h, payload: { code: totpCodeAt(TEST_TOTP_SECRET, new Date()) } });
      expect(stepUp.statusCode).toBe(200);
      const before = await state();
      const allowed = await send();
      expect(allowed.statusCode, allowed.body.slice(0, 200)).toBe(ok);
      expect(await state()).not.toEqual(before);

      // Still within the window a minute later; not at 5 minutes.
      vi.setSystemTime(new Date(clock + 60_000));
      expect((await send()).statusCode).toBe(ok);
      vi.setSystemTime(new Date(clock + STEP_UP_WINDOW_MS));
      const later = await send();
      expect([later.statusCode, later.json().code]).toEqual([403, 'stepUpRequired']);
      clock += STEP_UP_WINDOW_MS;
    });
  });

  it('answers the refusal in the request language', async () => {
    await backdateStamp(STEP_UP_WINDOW_MS * 2);
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/export', headers: { ...h, 'accept-language': 'en' } });
    expect(res.json()).toMatchObject({ status: 403, code: 'stepUpRequired', action: 'exportData', title: 'Confirm it is you' });
  });
});
