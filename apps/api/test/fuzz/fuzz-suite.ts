import { KEY_INFO_SHEET_VERSION } from '@kc/domain';
import { passingAnswers } from '../helpers/investor-protection.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from '../helpers/build-test-app.ts';
import { tokenFor } from '../helpers/auth.ts';
import { registration } from '../helpers/accounts.ts';
import { checkAnswer, type TAnswer } from './checks.ts';
import { changedTables, fingerprinter } from './fingerprint.ts';
import type { TKnown } from './schema-arbitrary.ts';
import { operationsOf, requestArbitrary, type TCaller, type TFuzzRequest, type TOperation } from './requests.ts';

/**
 * Schema-driven fuzzing of every operation of the OpenAPI document (issue 12, "Bad input, at
 * scale"). The operations are read from GET /api/openapi.json of the real app when the file
 * loads, so a new route is fuzzed without a change here. Per operation, FUZZ_RUNS requests
 * (1000 by default) built by fast-check from the operation's own JSON schemas, mixed with wrong
 * types, boundaries, hostile unicode, huge, deep and `__proto__` values, lying content types,
 * junk headers, other tenants and broken tokens. Every answer: no 5xx, a problem (or RFC 6749
 * error) without internals, and nothing stored by a rejected request (nor by any GET).
 * A failure is shrunk to a minimal request; FUZZ_SEED and FUZZ_PATH replay it.
 */
const FUZZ_RUNS = Number(process.env['FUZZ_RUNS'] ?? 1000);
/**
 * Requests per operation on each database. With PostgreSQL at hand (CI), it gets FUZZ_RUNS
 * (1000) and the embedded PGlite, the same queries on the same schema, a tenth of them
 * (FUZZ_RUNS_PGLITE to change it), which keeps the API suite within CI's time. Without
 * PostgreSQL, PGlite gets them all.
 */
const runsOn = (kind: string): number =>
  kind === 'pglite' && DB_KINDS.includes('postgres') ? Number(process.env['FUZZ_RUNS_PGLITE'] ?? Math.ceil(FUZZ_RUNS / 10)) : FUZZ_RUNS;
const FUZZ_SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;
const FUZZ_PATH = process.env['FUZZ_PATH'];
/** FUZZ_STATS=1 prints, per operation, how many answers had each status (to see how deep the requests reach). */
const FUZZ_STATS = process.env['FUZZ_STATS'] === '1';
/** GET requests whose fingerprint is compared at once. */
const GET_BATCH = 50;

const ADMIN = 'admin@kc.example';
const INVESTOR = 'investor@kc.example';
const OTHER_TENANT_INVESTOR = 'investor@other.example';

async function documentedOperations(): Promise<TOperation[]> {
  const t = await buildTestApp('pglite');
  try {
    const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    return operationsOf(answer.json());
  } finally {
    await t.close();
  }
}

const operations = await documentedOperations();

/**
 * Operations whose success is a Server-Sent Events stream that stays open: sent with
 * `payloadAsStream`, and an opened stream is read up to its first event, then closed.
 */
const EVENT_STREAMS = ['GET /api/notifications/stream'];

async function readEventStream(stream: NodeJS.ReadableStream & { destroy(): void }, status: number): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    // A refusal is a whole problem document; an opened stream is read to the end of its first event.
    if (status === 200 && /(^|\n)event: ready\n[^]*?\n\n/.test(text)) break;
  }
  stream.destroy();
  return text;
}

const truncate = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

function reproduction(operation: TOperation, request: TFuzzRequest, error: unknown, details: { seed: number; counterexamplePath: string | null; numShrinks: number }): string {
  return [
    `${operation.method} ${operation.path}: ${error instanceof Error ? error.message : String(error)}`,
    `minimal reproduction (after ${details.numShrinks} shrinks):`,
    `  from ${request.remoteAddress} as ${typeof request.caller === 'string' ? request.caller : `Authorization: ${JSON.stringify(truncate(request.caller.malformed, 100))}`}`,
    `  ${request.method} ${truncate(request.url, 300)}`,
    `  headers ${truncate(JSON.stringify(request.headers), 600)}`,
    ...(request.payload !== undefined ? [`  body ${truncate(JSON.stringify(request.payload))}`] : []),
    `replay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''}`,
  ].join('\n');
}

/**
 * The fuzzing of one shard of the operations (every `shards`-th, from `shard`): the suite is split
 * into files (fuzz-1.test.ts …) so that Vitest's workers share it (in one file it took 7.5 min of
 * CI). Shard 0 also checks the operations' list and the fingerprint itself.
 */
export function fuzzShard(shard: number, shards: number): void {
  const mine = operations.filter((_, index) => index % shards === shard);
  describe.each(DB_KINDS)(`fuzzing the OpenAPI document's operations (shard ${shard + 1} of ${shards}) on %s`, (kind) => {
    let t: TTestApp;
    let known: TKnown;
    let fingerprint: () => Promise<string>;

    beforeAll(async () => {
      t = await buildTestApp(kind);
      fingerprint = await fingerprinter(t.db);
      // Ids of this tenant and of another one: they take requests past "not found" and probe tenancy.
      const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
      const contracts = await t.db.selectFrom('contracts').select('id').orderBy('id').limit(6).execute();
      const products = await t.db.selectFrom('products').select(['id', 'company_id', 'product_key']).execute();
      const cards = await t.db.selectFrom('payment_preferences').select(['id', 'user_id']).execute();
      const investorId = users.find((u) => u.email === INVESTOR)!.id;
      const today = new Date().toISOString().slice(0, 10);
      const inTwentyYears = `${Number(today.slice(0, 4)) + 20}${today.slice(4)}`;
      const valid = registration();
      known = {
        values: [
          ...[...users, ...contracts, ...products.slice(0, 3), ...products.slice(-3), ...cards].map((r) => r.id),
          '1',
          '2',
          'kc-mobile',
          'kc-mobile-secret',
          'password',
          'ES',
          ADMIN,
          INVESTOR,
          OTHER_TENANT_INVESTOR,
        ],
        // Valid examples per field name: a registration, a hire, a card, a contact message, a login
        // (never the seeded accounts' password: no fuzzed login or password change can succeed).
        byName: {
          ...Object.fromEntries(Object.entries(valid).map(([name, value]) => [name, [value]])),
          email: [valid['email'], 'someone@example.com'],
          grant_type: ['password'],
          client_id: ['kc-mobile'],
          client_secret: ['kc-mobile-secret'],
          username: [ADMIN, INVESTOR],
          currentPassword: ['not-the-password-2026'],
          newPassword: ['una-clave-larga-2026'],
          customerId: [investorId],
          userId: [investorId],
          productType: ['SAVINGS_PLAN'],
          productKey: ['jubilacion'],
          productId: products.filter((p) => p.company_id === '1' && p.product_key === 'jubilacion').map((p) => p.id),
          paymentPreferenceId: cards.filter((c) => c.user_id === investorId).map((c) => c.id),
          recurringAmount: [150],
          initialAmount: [2500.5],
          submissionDate: [today],
          expiringDate: [inTwentyYears],
          // Investor protection (issue 16, helper kis): the sheet's version, the acknowledgement, a test.
          keyInfoVersion: [KEY_INFO_SHEET_VERSION],
          riskAcknowledged: [true],
          answers: [passingAnswers()],
          netWorth: ['250000.00'],
          yearlyIncome: ['40000.00'],
          commitments: ['6000.00'],
          planId: ['jubilacion'],
          name: ['Lucía'],
          surname: ['García'],
          phone: ['600123123', ''],
          message: ['Quiero información sobre el plan de jubilación.'],
        },
      };
    });
    afterAll(async () => t?.close());

    if (shard === 0) {
      it('finds the documented operations', () => {
        expect(operations.length).toBeGreaterThan(10);
        expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /oauth/token');
      });
    }

    if (shard === 0) {
      it('sees any stored change in the fingerprint, except the rate-limit counters', async () => {
        const start = await fingerprint();
        const admin = await t.db.selectFrom('users').select(['id', 'first_name']).where('email', '=', ADMIN).executeTakeFirstOrThrow();
        await t.db.updateTable('users').set({ first_name: 'Cambiada' }).where('id', '=', admin.id).execute();
        const changed = await fingerprint();
        expect(changed).not.toBe(start);
        expect(changedTables(start, changed)).toEqual(['users']);
        await t.db.updateTable('users').set({ first_name: admin.first_name }).where('id', '=', admin.id).execute();
        expect(await fingerprint()).toBe(start);
        await t.db.insertInto('rate_limits').values({ key: 'fuzz:probe', hits: 1, window_start: new Date() }).execute();
        expect(await fingerprint()).toBe(start);
      });
    }

    it.each(mine)(
      '$method $path',
      async (operation) => {
        // Fresh tokens per operation: whatever an earlier operation did to a session cannot leak in.
        const tokens = {
          admin: (await tokenFor(t.db, ADMIN)).token,
          investor: (await tokenFor(t.db, INVESTOR)).token,
          otherTenantInvestor: (await tokenFor(t.db, OTHER_TENANT_INVESTOR)).token,
        };
        const authorization = (caller: TCaller): Record<string, string> => {
          if (caller === 'nobody') return {};
          if (typeof caller === 'object') return { authorization: caller.malformed };
          return { authorization: `Bearer ${tokens[caller]}` };
        };
        const isSafe = operation.method === 'GET' || operation.method === 'HEAD';
        let stored = await fingerprint();
        const statuses = new Map<number, number>();
        const reasons = new Map<string, number>();
        const isEventStream = EVENT_STREAMS.includes(`${operation.method} ${operation.path}`);
        const send = async (request: TFuzzRequest): Promise<TAnswer> => {
          const answer = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            remoteAddress: request.remoteAddress,
            headers: { ...request.headers, ...authorization(request.caller) },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
            // An event stream that opens never ends: read its answer as a stream.
            ...(isEventStream ? { payloadAsStream: true } : {}),
          });
          if (!isEventStream) return answer;
          return { statusCode: answer.statusCode, headers: answer.headers, body: await readEventStream(answer.stream(), answer.statusCode) };
        };
        // A GET may never store anything: its fingerprint is compared once per batch, and a batch
        // that changed something is replayed one request at a time to name the culprit. Any other
        // method is compared request by request (its successes may store; its rejections may not).
        let batch: TFuzzRequest[] = [];
        let culprit: { request: TFuzzRequest; error: string } | undefined;
        const verifyBatch = async () => {
          const before = stored;
          stored = await fingerprint();
          const requests = batch;
          batch = [];
          if (stored === before) return;
          for (const request of requests) {
            const previous = stored;
            const answer = await send(request);
            stored = await fingerprint();
            if (stored !== previous) {
              culprit = { request, error: `a ${answer.statusCode} answer to a GET changed what is stored (tables ${changedTables(previous, stored).join(', ')})` };
              throw new Error(culprit.error);
            }
          }
          throw new Error(`a batch of GET requests changed what is stored (tables ${changedTables(before, stored).join(', ')}), and no single one of them does again`);
        };

        const property = fc.asyncProperty(requestArbitrary(operation, known), async (request) => {
          if (culprit) throw new Error(culprit.error);
          const before = stored;
          const answer = await send(request);
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          const wrong = checkAnswer(request, answer);
          if (wrong) throw new Error(wrong);
          if (FUZZ_STATS && answer.statusCode === 400) {
            // Why requests were refused: how deep the fuzzing reaches behind validation.
            const problem = JSON.parse(answer.body) as { code?: string; error_description?: string; errors?: { field: string }[] };
            const key = `${problem.code ?? problem.error_description ?? ''} ${problem.errors?.map((e) => e.field).join(',') ?? ''}`;
            reasons.set(key, (reasons.get(key) ?? 0) + 1);
          }
          if (isSafe) {
            batch.push(request);
            if (batch.length >= GET_BATCH) await verifyBatch();
            return;
          }
          stored = await fingerprint();
          if (answer.statusCode >= 400 && stored !== before) {
            throw new Error(`a ${answer.statusCode} answer changed what is stored (tables ${changedTables(before, stored).join(', ')}): ${truncate(answer.body, 200)}`);
          }
        });
        const result = await fc.check(property, {
          numRuns: runsOn(kind),
          ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}),
          ...(FUZZ_PATH ? { path: FUZZ_PATH } : {}),
        });
        let lastBatchError: unknown;
        if (!result.failed && batch.length > 0) await verifyBatch().catch((error: unknown) => (lastBatchError = error));
        if (FUZZ_STATS) {
          const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
          const top = [...reasons].sort(([, a], [, b]) => b - a).slice(0, 6).map(([r, n]) => `${n}× ${r}`);
          console.warn(`${kind} ${operation.method} ${operation.path}: ${counts.join(' ')}\n    400: ${top.join('\n    400: ')}`);
        }
        if (culprit) throw new Error(reproduction(operation, culprit.request, new Error(culprit.error), { seed: result.seed, counterexamplePath: null, numShrinks: 0 }));
        if (lastBatchError) throw new Error(`${operation.method} ${operation.path}: ${String(lastBatchError)}`);
        if (result.failed) {
          const [request] = result.counterexample ?? [];
          throw new Error(request ? reproduction(operation, request, result.errorInstance, result) : `fast-check failed: ${String(result.errorInstance)}`);
        }
        expect(result.numRuns).toBe(FUZZ_PATH ? result.numRuns : runsOn(kind));
      },
      Math.max(120_000, FUZZ_RUNS * 300),
    );
  });
}
