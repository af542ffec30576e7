import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { formatEur, formatPrice, formatUnits, parseEur, parsePrice, parseUnits, valueAt, type TDocumentList } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { insertJournal } from '../src/modules/ledger/repository.ts';
import { formatDateText, formatMoneyText, formatDecimal } from '../src/modules/documents/format.ts';

const INVESTOR = 'investor@kc.example';
const OTHER_INVESTOR = 'investor@other.example';
const YEAR = 2020; // the seeded payments run monthly from late 2019 through 2020 (TEST_BASE_YEAR 2020)
const INCOME_TEXT = 'Rentas "Finca; Sur" 1S';

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * Documents and exports (issue 15): each PDF read back with unpdf (amounts, dates, language),
 * generated once (same sha256), who may download, and the CSV exports' Excel-friendly format.
 */
describe.each(DB_KINDS)('documents and exports on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, Record<string, string>> = {};
  let ids: Record<string, string>;
  let activeContract: string;
  let list: TDocumentList;
  /** The active contract's income of YEAR: this test's 12.34 plus what the demo distribution credited (seed/income.ts). */
  let income: bigint;

  const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
  const download = (headers: Record<string, string>, documentId: string, lang?: string) =>
    get(headers, `/api/documents/files/${documentId}${lang ? `?lang=${lang}` : ''}`);
  const stored = async () => Number((await t.db.selectFrom('customer_documents').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const addUser = async (email: string, company: string, roles: string[]) => {
    await t.db
      .insertInto('users')
      .values({ company_id: company, email, password_hash: 'x', first_name: 'Test', last_name: 'User', roles, confirmed_at: new Date(), country_id: 'ES', language: 'es' })
      .execute();
    return authHeaders(t.db, email);
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const email of ['admin@kc.example', 'company.manager@kc.example', 'advisor@kc.example', INVESTOR, OTHER_INVESTOR]) h[email] = await authHeaders(t.db, email);
    h['other.advisor'] = await addUser('other.advisor@kc.example', '1', ['ADVISOR']);
    h['other.admin'] = await addUser('admin@other.example', '2', ['ADMIN']);
    h['other.investor.same.company'] = await addUser('second.investor@kc.example', '1', ['INVESTOR']);
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    const contracts = await t.db.selectFrom('contracts').select(['id', 'state', 'user_id']).where('user_id', '=', ids[INVESTOR]!).orderBy('submission_date').orderBy('id').execute();
    activeContract = contracts.find((c) => c.state === 'ACTIVE')!.id;
    // Income of YEAR credited to the active contract (a distribution's lines, as the income part books them).
    await t.db.transaction().execute(async (tx) => {
      await insertJournal(
        tx,
        { companyId: '1', kind: 'DISTRIBUTION', occurredOn: `${YEAR}-06-30`, description: INCOME_TEXT, createdBy: ids['admin@kc.example']! },
        [
          { account: 'INCOME_SOURCE', currency: 'EUR', amount: 1234n },
          { account: 'INCOME_PAYABLE', currency: 'EUR', amount: -1234n, contractId: activeContract, userId: ids[INVESTOR]! },
        ],
      );
    });
    const credited = await t.db
      .selectFrom('ledger_lines as l')
      .innerJoin('ledger_journals as j', 'j.id', 'l.journal_id')
      .select(sql<string>`coalesce(round(-sum(l.amount), 2), 0.00)::text`.as('total'))
      .where('l.contract_id', '=', activeContract)
      .where('l.account', '=', 'INCOME_PAYABLE')
      .where('j.occurred_on', '>=', `${YEAR}-01-01`)
      .where('j.occurred_on', '<=', `${YEAR}-12-31`)
      .executeTakeFirstOrThrow();
    income = parseEur(credited.total);
    expect(income).toBeGreaterThanOrEqual(1234n);
    const res = await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}`);
    expect(res.statusCode).toBe(200);
    list = res.json();
  });
  afterAll(async () => t?.close());

  it('lists the contract documents, a receipt per payment and the statements of closed years only', async () => {
    const thisYear = new Date().getUTCFullYear();
    expect(list.lastClosedYear).toBe(thisYear - 1);
    const contracts = await t.db.selectFrom('contracts').select('id').where('user_id', '=', ids[INVESTOR]!).where('state', '<>', 'DELETED').execute();
    const payments = await t.db.selectFrom('payments').select('id').where('user_id', '=', ids[INVESTOR]!).execute();
    expect(list.documents.filter((d) => d.kind === 'CONTRACT').map((d) => d.contractId).sort()).toEqual(contracts.map((c) => c.id).sort());
    expect(list.documents.filter((d) => d.kind === 'RECEIPT').map((d) => d.paymentId).sort()).toEqual(payments.map((p) => p.id).sort());
    const statements = list.documents.filter((d) => d.kind === 'CONTRACT_STATEMENT' && d.contractId === activeContract).map((d) => d.year);
    expect(statements).toContain(YEAR);
    expect(Math.max(...(statements as number[]))).toBe(thisYear - 1);
    expect(list.documents.some((d) => d.kind === 'INVESTOR_STATEMENT' && d.year === YEAR)).toBe(true);
    expect(list.documents.some((d) => d.year === thisYear)).toBe(false);
    const one = await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}?contractId=${activeContract}`);
    expect(one.statusCode).toBe(200);
    expect(new Set(one.json().documents.map((d: { contractId: string }) => d.contractId))).toEqual(new Set([activeContract]));
    expect(one.json().documents.some((d: { kind: string }) => d.kind === 'INVESTOR_STATEMENT')).toBe(false);
    expect(await stored()).toBe(0); // listing generates nothing
  });

  it('generates the contract document once, in Spanish or English, with the plan, amounts, dates and parties', async () => {
    const contract = await t.db.selectFrom('contracts').selectAll().where('id', '=', activeContract).executeTakeFirstOrThrow();
    const id = `contract.${activeContract}`;
    const first = await download(h[INVESTOR]!, id, 'es');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="kc-contrato-${activeContract.slice(0, 8)}-es.pdf"; filename*=UTF-8''kc-contrato-${activeContract.slice(0, 8)}-es.pdf`);
    const sha = createHash('sha256').update(first.rawPayload).digest('hex');
    expect(first.headers['x-content-sha256']).toBe(sha);
    const text = await pdfText(first.rawPayload);
    expect(text).toContain('Contrato de inversión');
    expect(text).toContain(formatMoneyText(formatEur(parseEur(String(contract.initial_investment))), 'es'));
    expect(text).toContain(formatMoneyText(formatEur(parseEur(String(contract.recurring_amount))), 'es'));
    expect(text).toContain(formatDateText(String(contract.submission_date), 'es'));
    expect(text).toContain(formatDateText(String(contract.expiring_date), 'es'));
    expect(text).toMatch(/ de [a-z]+ de \d{4}/);
    expect(text).toContain('€');
    expect(text).toContain('Advertencia de riesgo');
    expect(text).not.toContain('Documento de datos fundamentales'); // not recorded yet: the line is left out

    const again = await download(h[INVESTOR]!, id, 'es');
    expect(createHash('sha256').update(again.rawPayload).digest('hex')).toBe(sha);
    expect(await stored()).toBe(1);
    const row = await t.db.selectFrom('customer_documents').select(['sha256', 'byte_size', 'kind', 'user_id']).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sha256: sha, byte_size: first.rawPayload.length, kind: 'CONTRACT', user_id: ids[INVESTOR] });
    await expect(sql`UPDATE customer_documents SET file_name = 'x.pdf'`.execute(t.db)).rejects.toThrow(/final/);

    const en = await download(h[INVESTOR]!, id, 'en');
    const enText = await pdfText(en.rawPayload);
    expect(enText).toContain('Investment contract');
    expect(enText).toContain(formatMoneyText(formatEur(parseEur(String(contract.initial_investment))), 'en'));
    expect(enText).toContain(formatDateText(String(contract.submission_date), 'en'));
    expect(enText).not.toContain('Contrato de inversión');
    expect(await stored()).toBe(2);
    // Without ?lang=: the caller's own language (the demo investor's is Spanish).
    const own = await download(h[INVESTOR]!, id);
    expect(createHash('sha256').update(own.rawPayload).digest('hex')).toBe(sha);
  });

  it('generates a receipt with the amount, value date, reference, price and units', async () => {
    const payment = await t.db.selectFrom('payments').selectAll().where('contract_id', '=', activeContract).orderBy('value_date').executeTakeFirstOrThrow();
    const res = await download(h[INVESTOR]!, `receipt.${payment.id}`, 'es');
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Justificante de aportación');
    expect(text).toContain(formatMoneyText(formatEur(parseEur(String(payment.amount))), 'es'));
    expect(text).toContain(formatDateText(String(payment.value_date), 'es'));
    expect(text).toContain(payment.reference);
    expect(text).toContain(formatDecimal(formatPrice(parsePrice(String(payment.price))), 'es'));
    expect(text).toContain(formatDecimal(formatUnits(parseUnits(String(payment.units))), 'es'));
    const en = await pdfText((await download(h[INVESTOR]!, `receipt.${payment.id}`, 'en')).rawPayload);
    expect(en).toContain('Payment receipt');
    expect(en).toContain(formatDateText(String(payment.value_date), 'en'));
  });

  it("states the year's opening and closing value at the last price on or before 1 Jan / 31 Dec, the payments and the income", async () => {
    const units = async (until: string) =>
      (
        await sql<{ total: string | null }>`SELECT sum(l.amount)::text AS total FROM ledger_lines l JOIN ledger_journals j ON j.id = l.journal_id
          WHERE l.contract_id = ${activeContract} AND l.account = 'INVESTOR_UNITS' AND j.occurred_on <= ${until}`.execute(t.db)
      ).rows[0]!.total ?? '0';
    const priceOn = async (date: string) =>
      String((await t.db.selectFrom('kc_prices').select('price').where('company_id', '=', '1').where('value_date', '<=', date).orderBy('value_date', 'desc').executeTakeFirstOrThrow()).price);
    const opening = valueAt(parseUnits(await units(`${YEAR - 1}-12-31`)), parsePrice(await priceOn(`${YEAR}-01-01`)));
    const closing = valueAt(parseUnits(await units(`${YEAR}-12-31`)), parsePrice(await priceOn(`${YEAR}-12-31`)));
    const paidRows = await t.db.selectFrom('payments').select('amount').where('contract_id', '=', activeContract).where('value_date', '>=', `${YEAR}-01-01`).where('value_date', '<=', `${YEAR}-12-31`).execute();
    const paid = paidRows.reduce((a, p) => a + parseEur(String(p.amount)), 0n);
    expect(paid).toBeGreaterThan(0n);
    expect(opening).toBeGreaterThan(0n);
    expect(closing).toBeGreaterThan(opening);

    const res = await download(h[INVESTOR]!, `statement.${activeContract}.${YEAR}`, 'es');
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Extracto anual ${YEAR}`);
    expect(text).toContain(`Saldo inicial a 1 de enero de ${YEAR}`);
    expect(text).toContain(`Valoración ${formatMoneyText(formatEur(opening), 'es')}`);
    expect(text).toContain(`Valoración ${formatMoneyText(formatEur(closing), 'es')}`);
    expect(text).toContain(`Aportaciones del año ${formatMoneyText(formatEur(paid), 'es')}`);
    expect(text).toContain(`Rendimientos abonados en el año ${formatMoneyText(formatEur(income), 'es')}`);
    expect(text).toContain(INCOME_TEXT);
    expect(text).toContain('declaración de la renta');

    const en = await pdfText((await download(h[INVESTOR]!, `statement.${activeContract}.${YEAR}`, 'en')).rawPayload);
    expect(en).toContain(`Annual statement ${YEAR}`);
    expect(en).toContain(`Opening balance on 1 January ${YEAR}`);
    expect(en).toContain(`Income credited in the year ${formatMoneyText(formatEur(income), 'en')}`);

    const investor = await download(h[INVESTOR]!, `annual.${ids[INVESTOR]}.${YEAR}`, 'es');
    expect(investor.statusCode).toBe(200);
    expect(investor.headers['content-disposition']).toContain(`kc-extracto-anual-${ids[INVESTOR]!.slice(0, 8)}-${YEAR}-es.pdf`);
    const investorText = await pdfText(investor.rawPayload);
    expect(investorText).toContain('Todos sus contratos');
    expect(investorText).toContain('Resumen por contrato');
    expect(investorText).toContain(formatMoneyText(formatEur(income), 'es'));

    // The current year is not final: no statement for it.
    const thisYear = new Date().getUTCFullYear();
    expect((await download(h[INVESTOR]!, `statement.${activeContract}.${thisYear}`)).statusCode).toBe(404);
  });

  it('lets the owner, their advisor and ADMIN download; another investor, advisor, company manager or company get 404', async () => {
    const id = `statement.${activeContract}.${YEAR}`;
    const owner = await download(h[INVESTOR]!, id, 'es');
    const before = await stored();
    for (const who of ['advisor@kc.example', 'admin@kc.example']) {
      const res = await download(h[who]!, id, 'es');
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['x-content-sha256']).toBe(owner.headers['x-content-sha256']);
    }
    expect(await stored()).toBe(before);
    const audits = await t.db.selectFrom('audit_log').select(['actor_id', 'entity_id']).where('action', '=', 'document.download').execute();
    expect(audits.map((a) => a.actor_id).sort()).toEqual([ids['advisor@kc.example'], ids['admin@kc.example']].sort());
    expect(audits.every((a) => a.entity_id === id)).toBe(true);
    for (const who of ['other.advisor', 'company.manager@kc.example', 'other.investor.same.company', OTHER_INVESTOR, 'other.admin']) {
      const res = await download(h[who]!, id, 'es');
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe('documentNotFound');
      const listed = await get(h[who]!, `/api/documents/customers/${ids[INVESTOR]}`);
      expect(listed.statusCode, who).toBe(404);
      const csv = await get(h[who]!, `/api/documents/customers/${ids[INVESTOR]}/exports/payments`);
      expect(csv.statusCode, who).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/documents/files/${id}`, headers: { 'company-id': '1' } })).statusCode).toBe(401);
    expect(await stored()).toBe(before);
  });

  it.each([
    ['nonsense', 404],
    ['contract.00000000-0000-4000-8000-000000000000', 404],
    ['statement.00000000-0000-4000-8000-000000000000.2019', 404],
    ['receipt.not-a-uuid', 404],
  ])('answers %s with %i and stores nothing', async (documentId, status) => {
    const before = await stored();
    const res = await download(h['admin@kc.example']!, documentId);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(await stored()).toBe(before);
  });

  it('refuses a bad language or dataset with a clear error', async () => {
    const lang = await t.app.inject({ url: `/api/documents/files/contract.${activeContract}?lang=fr`, headers: { ...h[INVESTOR]!, 'accept-language': 'en' } });
    expect(lang.statusCode).toBe(400);
    expect(lang.json().code).toBeTruthy();
    const dataset = await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}/exports/secrets`);
    expect(dataset.statusCode).toBe(400);
    expect((await get(h[INVESTOR]!, `/api/documents/customers/not-a-user`)).statusCode).toBe(404);
    expect((await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}?contractId=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('exports CSV for Excel: BOM, `;` and decimal comma in Spanish, `,` and a point in English, headers translated, fields escaped', async () => {
    const es = await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}/exports/income?lang=es`);
    expect(es.statusCode).toBe(200);
    expect(es.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(es.headers['content-disposition']).toMatch(/^attachment; filename="kc-rendimientos-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(es.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const esLines = es.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(esLines[0]).toBe('Contrato;Fecha;Concepto;Importe (€)');
    expect(esLines[1]).toBe(`${activeContract};${YEAR}-06-30;"Rentas ""Finca; Sur"" 1S";12,34`);

    const en = await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}/exports/income?lang=en`);
    const enLines = en.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(enLines[0]).toBe('Contract,Date,Description,Amount (€)');
    expect(enLines[1]).toBe(`${activeContract},${YEAR}-06-30,"Rentas ""Finca; Sur"" 1S",12.34`);

    const payments = await get(h['advisor@kc.example']!, `/api/documents/customers/${ids[INVESTOR]}/exports/payments?lang=es`);
    const rows = payments.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('Contrato;Fecha valor;Referencia;Medio de pago;Importe (€);Valor liquidativo (€);Fecha del valor liquidativo;Participaciones;Anulada el');
    const count = await t.db.selectFrom('payments').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', ids[INVESTOR]!).executeTakeFirstOrThrow();
    expect(rows.length - 1).toBe(Number(count.n));
    expect(rows[1]).toMatch(/^[0-9a-f-]{36};\d{4}-\d{2}-\d{2};DEMO-[^;]+;Transferencia;\d+,\d{2};\d+,\d{6};\d{4}-\d{2}-\d{2};\d+,\d{6};$/);

    const contracts = await get(h['admin@kc.example']!, `/api/documents/customers/${ids[INVESTOR]}/exports/contracts?lang=en`);
    const cRows = contracts.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(cRows[0]).toBe('Contract,Product,State,Start date,End date,Initial payment (€),Monthly payment (€),Total paid in (€),Units,Income credited (€)');
    const active = cRows.find((r) => r.startsWith(activeContract))!;
    expect(active).toMatch(/,Active,/);
    expect(active.endsWith(`,${formatEur(income)}`)).toBe(true);
    // Without ?lang=: the caller's language (the demo investor's is Spanish).
    const own = await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}/exports/contracts`);
    expect(own.body.replace(/^\uFEFF/, '').split('\r\n')[0]!.startsWith('Contrato;Producto;Estado')).toBe(true);
  });

  it('keeps the stored statement and stores a new version when a late payment changes a closed year', async () => {
    const id = `statement.${activeContract}.${YEAR}`;
    const first = await download(h[INVESTOR]!, id, 'es');
    const before = await stored();
    await t.db.transaction().execute(async (tx) => {
      await insertJournal(
        tx,
        { companyId: '1', kind: 'DISTRIBUTION', occurredOn: `${YEAR}-12-15`, description: 'Rentas tardías', createdBy: ids['admin@kc.example']! },
        [
          { account: 'INCOME_SOURCE', currency: 'EUR', amount: 100n },
          { account: 'INCOME_PAYABLE', currency: 'EUR', amount: -100n, contractId: activeContract, userId: ids[INVESTOR]! },
        ],
      );
    });
    const second = await download(h[INVESTOR]!, id, 'es');
    expect(second.headers['x-content-sha256']).not.toBe(first.headers['x-content-sha256']);
    expect(await pdfText(second.rawPayload)).toContain(formatMoneyText(formatEur(income + 100n), 'es'));
    expect(await stored()).toBe(before + 1);
  });

  it('names the product once in every document, in Spanish and English (never "Plan Plan …" nor "… Plan plan")', async () => {
    const product = await t.db
      .selectFrom('contracts as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .select(['p.name_es', 'p.name_en'])
      .where('c.id', '=', activeContract)
      .executeTakeFirstOrThrow();
    // The demo's names carry the word themselves: 'Plan Jubilación Digna', 'Dignified Retirement Plan'.
    expect(product.name_es).toMatch(/^Plan /);
    expect(product.name_en).toMatch(/ Plan$/);
    const payment = await t.db.selectFrom('payments').select('id').where('contract_id', '=', activeContract).orderBy('value_date').executeTakeFirstOrThrow();
    const documents = [`contract.${activeContract}`, `receipt.${payment.id}`, `statement.${activeContract}.${YEAR}`, `annual.${ids[INVESTOR]}.${YEAR}`];
    for (const lang of ['es', 'en'] as const) {
      const name = lang === 'es' ? product.name_es : product.name_en;
      for (const id of documents) {
        const res = await download(h[INVESTOR]!, id, lang);
        expect(res.statusCode, `${id} ${lang}`).toBe(200);
        const text = await pdfText(res.rawPayload);
        expect(text, `${id} ${lang}`).toContain(name);
        expect(text, `${id} ${lang}`).not.toMatch(/\bplan\s+plan\b/i);
      }
    }
    const es = await pdfText((await download(h[INVESTOR]!, `contract.${activeContract}`, 'es')).rawPayload);
    expect(es).toContain(`${product.name_es} · contrato ${activeContract}`);
    const en = await pdfText((await download(h[INVESTOR]!, `contract.${activeContract}`, 'en')).rawPayload);
    expect(en).toContain(`${product.name_en} · contract ${activeContract}`);
  });
});
