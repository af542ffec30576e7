// `npm run bench:market -w @kc/bench`: the KC market's budgets of issue 18 on PostgreSQL.
//
// One database on 127.0.0.1:5432, kc_bench_market, rebuilt on every run with the app's own
// migrations and demo seed (createRuntime), then filled in SQL: SELLERS investors each with an
// ACTIVE contract holding 100,000 units (one PAYMENT journal each, balanced), an open offer of
// 50,000 units each at the reference price; BUYERS investors who passed the appropriateness test,
// each with a token. Two API instances in processes of their own (server-process.ts) on it.
//
// 1. Contention: 1,000 concurrent buys of 1 unit of ONE offer of 300 units, split over the two
//    instances, each with its own Idempotency-Key. Budget: exactly 300 units sold (300 × 201,
//    700 × 409), never more: the offer FILLED, its trades sum to 300 units, the ledger balanced.
// 2. No contention: buys of 1 unit at 50 connections, each request a distinct buyer buying from
//    their own offer (distinct offers), on one instance for BENCH_SECONDS. Budget: p99 ≤ 50 ms,
//    with the reference in the same run: a bare Fastify's hello-world and its one-query floor.
import os from 'node:os';
import { KEY_INFO_SHEET_VERSION, formatPrice, parsePrice } from '@kc/domain';
import { createRuntime } from '../apps/api/src/runtime.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { apiConfig, withClient } from './api-config.ts';
import { fmt, load, loadVariants, seconds, settle } from './load.ts';
import { startServer } from './server-process.ts';

const DATABASE = 'kc_bench_market';
const SELLERS = 500;
const BUYERS = 500;
const CONTENDED_UNITS = 300;
const CONTENDED_BUYS = 1000;
const BUDGET_P99_MS = 50;
const loadAvg = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

function line(label: string, value: string) {
  console.log(`${label.padEnd(78)} ${value}`);
}


interface TData {
  buyerTokens: string[];
  /** Offer i belongs to seller i; buyer i buys from offer i (no two buyers share an offer). */
  offers: string[];
  contended: string;
  buyerId: string;
}

async function build(): Promise<TData> {
  await withClient('postgres', async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DATABASE}`);
  });
  const { app } = await createRuntime(apiConfig(DATABASE, { MARKET_JOB_POLL_MS: '0' }));
  await app.close();
  const buyerTokens = Array.from({ length: BUYERS }, () => newToken());
  return withClient(DATABASE, async (c) => {
    const start = performance.now();
    const price = (await c.query<{ price: string }>(`SELECT price::text FROM kc_prices WHERE company_id = '1' ORDER BY value_date DESC LIMIT 1`)).rows[0]!.price;
    const reference = formatPrice(parsePrice(price.replace(/0+$/, '').replace(/\.$/, '')));
    await c.query(`
      INSERT INTO users (company_id, email, password_hash, first_name, last_name, roles, is_active, confirmed_at, language)
      SELECT '1', 'bench-' || kind || '-' || i || '@bench.example', 'x', initcap(kind), 'Bench ' || i, ARRAY['INVESTOR'], true, now(), 'es'
        FROM generate_series(1, ${Math.max(SELLERS, BUYERS)}) AS i, (VALUES ('seller'), ('buyer')) AS k(kind)`);
    // Sellers: an ACTIVE contract of the first product, 100,000 units paid in one balanced journal.
    await c.query('BEGIN');
    await c.query(`
      CREATE TEMP TABLE s AS
      SELECT u.id AS user_id, gen_random_uuid() AS contract_id, row_number() OVER (ORDER BY u.email) AS n
        FROM users u WHERE u.email LIKE 'bench-seller-%@bench.example'`);
    await c.query(`
      INSERT INTO contracts (id, company_id, user_id, product_id, product_key, state, initial_investment, recurring_amount, submission_date, expiring_date)
      SELECT s.contract_id, '1', s.user_id, p.id, p.product_key, 'ACTIVE', 1000000.00, 0, current_date - 30, current_date + 3650
        FROM s, (SELECT id, product_key FROM products WHERE company_id = '1' ORDER BY product_key LIMIT 1) p`);
    await c.query(`
      CREATE TEMP TABLE j AS
      WITH ins AS (
        INSERT INTO ledger_journals (company_id, kind, occurred_on, description)
        SELECT '1', 'PAYMENT', current_date - 30, 'Bench payment ' || s.n FROM s RETURNING id, description
      ) SELECT ins.id AS journal_id, s.* FROM ins JOIN s ON ins.description = 'Bench payment ' || s.n`);
    await c.query(`
      INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount, contract_id, user_id)
      SELECT j.journal_id, '1', l.account, l.currency, l.amount, j.contract_id, j.user_id
        FROM j, (VALUES ('BANK', 'EUR', 1000000.00), ('FUND_CAPITAL', 'EUR', -1000000.00), ('INVESTOR_UNITS', 'KCU', 100000), ('KC_UNITS_ISSUED', 'KCU', -100000)) AS l(account, currency, amount)`);
    const offers = await c.query<{ id: string }>(
      `INSERT INTO market_offers (company_id, seller_id, contract_id, units, remaining_units, price, reference_price, valid_until)
       SELECT '1', s.user_id, s.contract_id, CASE WHEN s.n = 1 THEN ${CONTENDED_UNITS} ELSE 50000 END, CASE WHEN s.n = 1 THEN ${CONTENDED_UNITS} ELSE 50000 END,
              $1::numeric, $1::numeric, now() + interval '30 days'
         FROM s ORDER BY s.n RETURNING id`,
      [reference],
    );
    await c.query('COMMIT');
    // Buyers: a passed, current appropriateness test each, and a token each.
    await c.query(
      `INSERT INTO appropriateness_assessments (company_id, user_id, version, answers, score, max_score, passed, net_worth, yearly_income, commitments, loss_capacity)
       SELECT '1', u.id, $1, '{}'::jsonb, 10, 10, true, 500000, 60000, 0, 50000 FROM users u WHERE u.email LIKE 'bench-buyer-%@bench.example'`,
      [KEY_INFO_SHEET_VERSION],
    );
    await c.query(
      `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at)
       SELECT t.hash, u.id, '1', 'kc-mobile', now() + interval '2 hours'
         FROM unnest($1::text[]) WITH ORDINALITY AS t(hash, i)
         JOIN users u ON u.email = 'bench-buyer-' || t.i || '@bench.example'`,
      [buyerTokens.map(hashToken)],
    );
    const buyerId = (await c.query<{ id: string }>(`SELECT id FROM users WHERE email = 'bench-buyer-1@bench.example'`)).rows[0]!.id;
    await c.query('ANALYZE');
    line(`data set built (${SELLERS} sellers with an offer, ${BUYERS} buyers with a token and a passed test)`, `${((performance.now() - start) / 1000).toFixed(1)} s`);
    const ids = offers.rows.map((r) => r.id);
    return { buyerTokens, offers: ids.slice(1), contended: ids[0]!, buyerId };
  });
}

const buyBody = JSON.stringify({ units: '1', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true });
const buyHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'company-id': '1', 'content-type': 'application/json' });

async function contention(origins: string[], data: TData): Promise<boolean> {
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: CONTENDED_BUYS }, async (_, i) => {
      const res = await fetch(`${origins[i % origins.length]}/api/market/offers/${data.contended}/buy`, {
        method: 'POST',
        headers: { ...buyHeaders(data.buyerTokens[i % data.buyerTokens.length]!), 'idempotency-key': crypto.randomUUID() },
        body: buyBody,
      });
      const json = (await res.json()) as { code?: string };
      return { status: res.status, code: json.code };
    }),
  );
  const ms = performance.now() - start;
  const sold = answers.filter((a) => a.status === 201).length;
  const refused = answers.filter((a) => a.status === 409).length;
  const other = answers.length - sold - refused;
  const byStatus = Object.entries(
    answers.reduce<Record<string, number>>((acc, a) => ({ ...acc, [`${a.status}${a.code ? ` ${a.code}` : ''}`]: (acc[`${a.status}${a.code ? ` ${a.code}` : ''}`] ?? 0) + 1 }), {}),
  )
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  const db = await withClient(DATABASE, async (c) => {
    const trades = (await c.query(`SELECT coalesce(sum(units), 0)::text AS units, count(*) AS n FROM market_trades WHERE offer_id = $1`, [data.contended])).rows[0];
    const offer = (await c.query(`SELECT status, remaining_units::text AS remaining FROM market_offers WHERE id = $1`, [data.contended])).rows[0];
    const unbalanced = Number(
      (await c.query(`SELECT count(*) AS n FROM (SELECT journal_id FROM ledger_lines GROUP BY journal_id, currency HAVING sum(amount) <> 0) x`)).rows[0].n,
    );
    return { units: Number(trades.units), trades: Number(trades.n), status: offer.status as string, remaining: Number(offer.remaining), unbalanced };
  });
  const met = sold === CONTENDED_UNITS && db.units === CONTENDED_UNITS && db.trades === CONTENDED_UNITS && db.status === 'FILLED' && db.remaining === 0 && db.unbalanced === 0 && other === 0;
  line(
    `${CONTENDED_BUYS} concurrent buys of 1 unit of one ${CONTENDED_UNITS}-unit offer, 2 instances (${ms.toFixed(0)} ms)`,
    `${byStatus}; sold ${db.units} units in ${db.trades} trades, offer ${db.status}, remaining ${db.remaining}, unbalanced journals ${db.unbalanced} — ${verdict(met)}`,
  );
  return met;
}

async function noContention(origin: string, data: TData): Promise<boolean> {
  const variants = data.offers.map((offerId, i) => ({
    method: 'POST',
    path: `/api/market/offers/${offerId}/buy`,
    headers: buyHeaders(data.buyerTokens[i % data.buyerTokens.length]!),
    body: buyBody,
    uniqueHeader: 'idempotency-key',
  }));
  const first = await fetch(`${origin}${variants[0]!.path}`, { method: 'POST', headers: { ...variants[0]!.headers, 'idempotency-key': crypto.randomUUID() }, body: buyBody });
  if (first.status !== 201) throw new Error(`a buy answers ${first.status}: ${await first.text()}`);
  await settle();
  const result = await loadVariants(origin, variants);
  const met = result.p99Ms <= BUDGET_P99_MS && result.bad === 0;
  line(`buy, ${variants.length} distinct buyers and offers, 50 connections, ${seconds} s`, `${fmt(result)} — ${verdict(met)} (budget p99 ≤ ${BUDGET_P99_MS} ms)`);
  return met;
}

async function reference(data: TData) {
  const hello = await startServer(['hello', DATABASE, data.buyerId]);
  try {
    await settle();
    line('reference: bare Fastify hello-world, 50 connections', fmt(await load(`${hello.origin}/`)));
    await settle();
    line('reference: bare Fastify + one prepared query (floor), 50 connections', fmt(await load(`${hello.origin}/one-query`)));
  } finally {
    await hello.close();
  }
}

console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
console.log(`Load average before: ${loadAvg()} (other work on the machine skews the figures)`);
const data = await build();
const servers = await Promise.all([0, 1].map(() => startServer(['api', DATABASE, 'MARKET_JOB_POLL_MS=0'])));
let ok = true;
try {
  ok = (await contention(servers.map((s) => s.origin), data)) && ok;
  await settle();
  await reference(data);
  await settle();
  ok = (await noContention(servers[0]!.origin, data)) && ok;
} finally {
  await Promise.all(servers.map((s) => s.close()));
}
console.log(`Load average after: ${loadAvg()}`);
if (!ok) process.exitCode = 1;
