// `npm run bench:bank-statements -w @kc/bench`: the bank statement import's budget of issue 15 on
// PostgreSQL: a 50,000-line statement imported in ≤ 30 s.
//
// One database on 127.0.0.1:5432, kc_bench_statements, rebuilt on every run with the app's own
// migrations and demo seed (createRuntime). The statement (';', Spanish amounts, dd/mm/yyyy) has
// 50,000 incoming lines: 45,000 naming the demo investor's payable contracts by their payment
// reference (each line different), 5,000 naming nothing (listed as unmatched). It is imported by
// ADMIN through the API (in process, `inject`), then imported again (everything already there).
import { contractPaymentReference } from '@kc/domain';
import { createRuntime } from '../apps/api/src/runtime.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { benchTotpSecretOf } from './staff-factor.ts';
import pg from 'pg';
import { apiConfig, urlOf } from './api-config.ts';

const DATABASE = 'kc_bench_statements';
const LINES = 50_000;
const BUDGET_MS = 30_000;

async function main() {
  const admin = new pg.Client({ connectionString: urlOf('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const { app } = await createRuntime(apiConfig(DATABASE));
  try {
    const user = await app.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'admin@kc.example').executeTakeFirstOrThrow();
    // Staff need a second factor before the back office (issue 18).
    await app.db
      .insertInto('user_totp')
      .values({ user_id: user.id, company_id: user.company_id, secret_encrypted: benchTotpSecretOf(user.id), enrolled_at: new Date() })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const token = newToken();
    await app.db
      .insertInto('access_tokens')
      .values({ token_hash: hashToken(token), user_id: user.id, company_id: user.company_id, client_id: 'kc-mobile', expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    const contracts = await app.db
      .selectFrom('contracts as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select('c.id')
      .where('u.email', '=', 'investor@kc.example')
      .where('c.state', 'in', ['NEW', 'ACTIVE', 'STANDBY'])
      .execute();
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    const rows = ['Fecha valor;Importe;Referencia;Concepto'];
    for (let i = 0; i < LINES; i += 1) {
      const amount = `${100 + (i % 900)},${String(i % 100).padStart(2, '0')}`;
      const reference = i % 10 === 9 ? `SIN REFERENCIA ${i}` : contractPaymentReference(contracts[i % contracts.length]!.id);
      rows.push(`${today};${amount};${reference};Transferencia ${i}`);
    }
    const body = Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8');
    const headers = { authorization: `Bearer ${token}`, 'company-id': '1', 'content-type': 'text/csv' };
    for (const run of ['first import', 'same file again']) {
      const start = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/bank-statements/imports?fileName=bench.csv', headers, payload: body });
      const ms = performance.now() - start;
      console.log(`${run.padEnd(20)} ${res.statusCode} ${(ms / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s) ${res.body.slice(0, 200)}`);
      if (res.statusCode !== 200 || ms > BUDGET_MS) process.exitCode = 1;
    }
    const check = await app.inject({ method: 'POST', url: '/api/ledger/check', headers: { authorization: headers.authorization, 'company-id': '1' } });
    console.log(`ledger check ok: ${check.json().ok}`);
    if (!check.json().ok) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

await main();
