import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractPaymentReference } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';

const INVESTOR = 'investor@kc.example';
const OTHER_INVESTOR = 'investor@other.example';
const ADVISOR = 'advisor@kc.example';
const ADMIN = 'admin@kc.example';
/** Today as a bank writes it (dd/mm/yyyy) and as ISO. */
const isoToday = () => new Date().toISOString().slice(0, 10);
const esToday = () => isoToday().split('-').reverse().join('/');
const tomorrowEs = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');

/**
 * Bank statement imports (issue 15, decision 0019) through the real server: a statement books
 * its lines by reference, importing it twice books nothing twice, the others are listed and
 * resolved, bad files book nothing, and the rights of roles, users and companies.
 */
describe.each(DB_KINDS)('bank statement imports on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, Record<string, string>> = {};
  let ids: Record<string, string>;
  let newContract: string;
  let activeContract: string;
  let otherCompanyContract: string;
  let otherClientContract: string; // a client of another advisor of company 1

  const count = async (table: 'payments' | 'ledger_journals' | 'ledger_lines' | 'audit_log' | 'mail_outbox' | 'bank_statement_lines' | 'bank_statement_imports') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    payments: await count('payments'),
    journals: await count('ledger_journals'),
    lines: await count('ledger_lines'),
    audit: await count('audit_log'),
    mails: await count('mail_outbox'),
    listed: await count('bank_statement_lines'),
    imports: await count('bank_statement_imports'),
  });
  const upload = (headers: Record<string, string>, body: string | Buffer, contentType = 'text/csv', fileName = 'extracto.csv') =>
    t.app.inject({ method: 'POST', url: `/api/bank-statements/imports?fileName=${encodeURIComponent(fileName)}`, headers: { ...headers, 'content-type': contentType }, payload: body });
  const linesOf = (headers: Record<string, string>, status = 'OPEN') => t.app.inject({ url: `/api/bank-statements/lines?status=${status}&size=100`, headers });
  const addUser = async (email: string, company: string, roles: string[], advisorId: string | null = null) => {
    await t.db
      .insertInto('users')
      .values({ company_id: company, email, password_hash: 'x', first_name: 'Test', last_name: 'User', roles, confirmed_at: new Date(), country_id: 'ES', language: 'es', advisor_id: advisorId })
      .execute();
    return authHeaders(t.db, email);
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const email of [ADMIN, 'company.manager@kc.example', ADVISOR, 'agent@kc.example', INVESTOR]) h[email] = await authHeaders(t.db, email);
    h['other.advisor'] = await addUser('other.advisor@kc.example', '1', ['ADVISOR']);
    h['other.admin'] = await addUser('admin@other.example', '2', ['ADMIN']);
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    await addUser('client.of.other@kc.example', '1', ['INVESTOR'], ids['other.advisor@kc.example']!);
    const contracts = await t.db.selectFrom('contracts').select(['id', 'state', 'user_id', 'company_id', 'product_id', 'submission_date']).orderBy('submission_date').orderBy('id').execute();
    const mine = contracts.filter((c) => c.user_id === ids[INVESTOR]);
    newContract = mine.find((c) => c.state === 'NEW')!.id;
    activeContract = mine.find((c) => c.state === 'ACTIVE')!.id;
    otherCompanyContract = contracts.find((c) => c.user_id === ids[OTHER_INVESTOR])!.id;
    // A NEW contract of a client of the other advisor (copied from the demo investor's).
    const template = await t.db.selectFrom('contracts').selectAll().where('id', '=', newContract).executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, updated_at: _u, ...rest } = template as Record<string, unknown>;
    const clientId = (await t.db.selectFrom('users').select('id').where('email', '=', 'client.of.other@kc.example').executeTakeFirstOrThrow()).id;
    otherClientContract = (
      await t.db
        .insertInto('contracts')
        .values({ ...rest, user_id: clientId } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.close());

  const statement = () =>
    [
      '\uFEFFFecha valor;Importe;Referencia;Concepto',
      `${esToday()};1.234,56;${contractPaymentReference(newContract)};Transferencia de Ana Inversora`,
      `${esToday()};150,00;Aportación ${contractPaymentReference(activeContract).toLowerCase()};Ana Inversora`,
      `${esToday()};99,90;SIN REFERENCIA;Pago sin concepto`,
      `${esToday()};-25,00;COMISION;Comisión de mantenimiento`,
      `${esToday()};40,00;${contractPaymentReference('00000000-0000-4000-8000-000000000000')};Contrato que no existe`,
      `${esToday()};41,00;${contractPaymentReference(otherCompanyContract)};Contrato de otra empresa`,
      `${esToday()};42,00;${contractPaymentReference(otherClientContract)};Cliente de otro asesor`,
      '',
    ].join('\r\n');

  let listedForAdvisor: { id: string; reason: string; lineNumber: number; amount: string; contractId: string | null }[] = [];

  it('books each line whose reference names a contract, through the ledger (journal, payment, receipt, audit), and lists the others', async () => {
    const before = await counts();
    const res = await upload(h[ADVISOR]!, statement());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fileName: 'extracto.csv', lines: 6, recorded: 2, alreadyRecorded: 0, unmatched: 4, alreadyListed: 0, ignored: 1, recordedAmount: '1384.56' });
    const payments = await t.db.selectFrom('payments').selectAll().where('reference', 'like', 'BS-%').orderBy('amount').execute();
    expect(payments.map((p) => [p.contract_id, Number(p.amount), p.method, p.recorded_by])).toEqual([
      [activeContract, 150, 'TRANSFER', ids[ADVISOR]],
      [newContract, 1234.56, 'TRANSFER', ids[ADVISOR]],
    ]);
    expect(payments.every((p) => /^BS-[0-9a-f]{40}$/.test(p.reference))).toBe(true);
    // Two journals of 4-5 lines, two receipts, two payment audit entries, one import entry, four listed lines.
    const after = await counts();
    expect(after.payments - before.payments).toBe(2);
    expect(after.journals - before.journals).toBe(2);
    expect(after.mails - before.mails).toBe(2);
    expect(after.audit - before.audit).toBe(3);
    expect(after.listed - before.listed).toBe(4);
    const check = await t.app.inject({ method: 'POST', url: '/api/ledger/check', headers: h[ADMIN] });
    expect(check.json().ok).toBe(true);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'bankStatement.import').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: ids[ADVISOR], entity_type: 'bankStatement' });
    await t.app.mailer.drain();
    expect(t.sentMails.filter((m) => m.to === INVESTOR && m.subject.startsWith('KC: recibo de su aportación')).length).toBeGreaterThanOrEqual(2);
    // The receipts are the contract owner's (user_id): their erasure finds them by that (decision 0027).
    const receipts = await t.db.selectFrom('mail_outbox').select('user_id').where('to_address', '=', INVESTOR).where('subject', 'like', 'KC: recibo de su aportación%').execute();
    expect(receipts.length).toBeGreaterThanOrEqual(2);
    expect(receipts.map((r) => r.user_id)).toEqual(receipts.map(() => ids[INVESTOR]));
    // The schedule of the NEW contract now counts the payment.
    const schedule = await t.app.inject({ url: `/api/ledger/contracts/${newContract}/schedule`, headers: h[INVESTOR] });
    expect(schedule.json().paidIn).toBe('1234.56');

    const listed = await linesOf(h[ADVISOR]!);
    expect(listed.statusCode).toBe(200);
    listedForAdvisor = listed.json().content;
    expect(listedForAdvisor.map((l) => [l.lineNumber, l.reason, l.amount, l.contractId])).toEqual([
      [4, 'NO_REFERENCE', '99.90', null],
      [6, 'UNKNOWN_CONTRACT', '40.00', null],
      [7, 'UNKNOWN_CONTRACT', '41.00', null],
      [8, 'OUT_OF_SCOPE', '42.00', null],
    ]);
  });

  it('books nothing twice when the same file is imported again, and says so', async () => {
    const before = await counts();
    const res = await upload(h['company.manager@kc.example']!, statement());
    expect(res.json()).toMatchObject({ lines: 6, recorded: 0, alreadyRecorded: 2, unmatched: 0, alreadyListed: 4, ignored: 1, recordedAmount: '0.00' });
    const after = await counts();
    expect(after).toEqual({ ...before, audit: before.audit + 1, imports: before.imports + 1 });
  });

  it('reads a comma-separated statement with dot decimals and ISO dates, and books two identical transfers of one day as two payments', async () => {
    const line = `${isoToday()},"1,000.00",${contractPaymentReference(newContract)},"Ana, segunda aportación"`;
    const csv = ['value date,amount,reference,description', line, line].join('\n');
    const res = await upload(h[ADMIN]!, Buffer.from(csv, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lines: 2, recorded: 2, recordedAmount: '2000.00' });
    expect((await upload(h[ADMIN]!, Buffer.from(csv, 'utf8'))).json()).toMatchObject({ recorded: 0, alreadyRecorded: 2 });
  });

  it('treats a transfer already recorded by hand (same contract, value date and amount) as already recorded', async () => {
    const hand = await t.app.inject({
      method: 'POST',
      url: `/api/ledger/contracts/${activeContract}/payments`,
      headers: h[ADVISOR],
      payload: { amount: '321.09', valueDate: isoToday(), method: 'TRANSFER', reference: 'TRF-BY-HAND' },
    });
    expect(hand.statusCode).toBe(201);
    const line = `${esToday()};321,09;${contractPaymentReference(activeContract)};Transferencia ya registrada`;
    const csv = ['Fecha valor;Importe;Referencia;Concepto', line, line].join('\n');
    const before = await counts();
    const res = await upload(h[ADVISOR]!, csv);
    // Two identical transfers in the statement, one recorded by hand: the other is booked.
    expect(res.json()).toMatchObject({ lines: 2, recorded: 1, alreadyRecorded: 1, unmatched: 0 });
    expect((await counts()).payments).toBe(before.payments + 1);
    expect((await upload(h[ADVISOR]!, csv)).json()).toMatchObject({ recorded: 0, alreadyRecorded: 2 });
  });

  it.each([
    ['an empty file', '', 400, 'statementEmpty'],
    ['a header only', 'Fecha valor;Importe;Referencia\n', 400, 'statementEmpty'],
    ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), 400, 'statementNotCsv'],
    ['a file that is not UTF-8', Buffer.from([0x46, 0x65, 0x63, 0x68, 0x61, 0x3b, 0xe9, 0xff, 0xfe, 0x0a]), 400, 'statementNotCsv'],
    ['a text that is not a table', 'hola, esto no es un extracto', 400, 'statementMissingColumn'],
    ['a missing amount column', 'Fecha valor;Referencia;Concepto\n01/01/2020;KC;x\n', 400, 'statementMissingColumn'],
    ['an unclosed quote', 'Fecha valor;Importe;Referencia\n01/01/2020;"10,00;KC\n', 400, 'statementNotCsv'],
  ])('refuses %s with a clear problem and books nothing', async (_name, body, status, code) => {
    const before = await counts();
    const res = await upload({ ...h[ADVISOR]!, 'accept-language': 'en' }, body as string);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(res.json().title).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('refuses a file with bad lines, listing each by its number (Spanish and English), and books none of its good lines', async () => {
    const before = await counts();
    const csv = [
      'Fecha valor;Importe;Referencia;Concepto',
      `${esToday()};10,00;${contractPaymentReference(newContract)};bien`,
      `31/02/2020;10,00;${contractPaymentReference(newContract)};fecha imposible`,
      `${esToday()};10,005;${contractPaymentReference(newContract)};tres decimales`,
      `${esToday()};1.234;${contractPaymentReference(newContract)};ambiguo`,
      `${tomorrowEs()};10,00;${contractPaymentReference(newContract)};mañana`,
    ].join('\n');
    const es = await upload({ ...h[ADVISOR]!, 'accept-language': 'es' }, csv);
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({ code: 'statementBadLines', title: 'Extracto con errores' });
    expect(es.json().detail).toContain('Hay 4 movimientos');
    expect(es.json().errors).toEqual([
      { field: 'line3', message: 'Línea 3: la fecha valor no es válida (use dd/mm/aaaa o aaaa-mm-dd)' },
      { field: 'line4', message: 'Línea 4: el importe no es válido (por ejemplo, 1.234,56 o 1234.56; dos decimales como máximo)' },
      { field: 'line5', message: 'Línea 5: el importe no es válido (por ejemplo, 1.234,56 o 1234.56; dos decimales como máximo)' },
      { field: 'line6', message: 'Línea 6: la fecha valor es posterior a hoy' },
    ]);
    const en = await upload({ ...h[ADVISOR]!, 'accept-language': 'en' }, csv);
    expect(en.json().errors[0]).toEqual({ field: 'line3', message: 'Line 3: the value date is not valid (use dd/mm/yyyy or yyyy-mm-dd)' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a JSON body (415) and a file over the size limit (413)', async () => {
    const before = await counts();
    expect((await upload(h[ADVISOR]!, JSON.stringify({ csv: 'x' }), 'application/json')).statusCode).toBe(415);
    const huge = Buffer.alloc(8 * 1024 * 1024 + 10, 0x61);
    expect((await upload(h[ADVISOR]!, huge)).statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('refuses other roles, and shows each advisor only the lines of their own imports; another company sees none', async () => {
    for (const email of [INVESTOR, 'agent@kc.example']) {
      expect((await upload(h[email]!, statement())).statusCode, email).toBe(403);
      expect((await linesOf(h[email]!)).statusCode, email).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/bank-statements/imports', headers: { 'company-id': '1', 'content-type': 'text/csv' }, payload: 'x' })).statusCode).toBe(401);
    expect((await linesOf(h['other.advisor']!)).json().content).toEqual([]);
    expect((await linesOf(h['other.admin']!)).json().content).toEqual([]);
    const admin = (await linesOf(h[ADMIN]!)).json();
    expect(admin.totalElements).toBe(4);
    const lineId = listedForAdvisor[0]!.id;
    for (const who of ['other.advisor', 'other.admin']) {
      const assign = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${lineId}/assign`, headers: h[who], payload: { contractId: newContract } });
      expect(assign.statusCode, who).toBe(404);
      const dismiss = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${lineId}/dismiss`, headers: h[who], payload: { reason: 'no es nuestro' } });
      expect(dismiss.statusCode, who).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/bank-statements/lines/not-a-uuid/dismiss', headers: h[ADMIN], payload: { reason: 'xxx' } })).statusCode).toBe(404);
  });

  it('resolves a line by assigning it to a contract (a payment through the ledger, audited), once', async () => {
    const line = listedForAdvisor.find((l) => l.reason === 'NO_REFERENCE')!;
    const before = await counts();
    // The advisor cannot book it to a contract of another advisor's client.
    const outOfReach = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${line.id}/assign`, headers: h[ADVISOR], payload: { contractId: otherClientContract } });
    expect(outOfReach.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${line.id}/assign`, headers: h[ADVISOR], payload: { contractId: 'KC123' } });
    expect(bad.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    const res = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${line.id}/assign`, headers: h[ADVISOR], payload: { contractId: newContract } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: line.id, status: 'ASSIGNED', amount: '99.90' });
    const payment = await t.db.selectFrom('payments').selectAll().where('id', '=', res.json().paymentId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ contract_id: newContract, method: 'TRANSFER' });
    expect(Number(payment.amount)).toBe(99.9);
    const after = await counts();
    expect(after.payments).toBe(before.payments + 1);
    expect(after.audit).toBe(before.audit + 2); // payment.record + bankStatementLine.assign
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'bankStatementLine.assign').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity_id: line.id, actor_id: ids[ADVISOR] });
    const again = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${line.id}/assign`, headers: h[ADVISOR], payload: { contractId: newContract } });
    expect(again.statusCode).toBe(409);
    expect((await counts()).payments).toBe(after.payments);
    expect((await linesOf(h[ADVISOR]!, 'ASSIGNED')).json().content.map((l: { id: string }) => l.id)).toEqual([line.id]);
    // Imported again, the assigned line is a booked payment: already recorded, not listed again.
    const again2 = await upload(h[ADVISOR]!, statement());
    expect(again2.json()).toMatchObject({ recorded: 0, alreadyRecorded: 3, unmatched: 0, alreadyListed: 3 });
  });

  it('resolves a line by dismissing it with a reason (audited); a reason is required', async () => {
    const line = listedForAdvisor.find((l) => l.reason === 'UNKNOWN_CONTRACT')!;
    const before = await counts();
    const missing = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${line.id}/dismiss`, headers: { ...h[ADVISOR], 'accept-language': 'en' }, payload: { reason: ' ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'reason', message: 'Explain why the transaction is dismissed (3 to 500 characters)' }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${line.id}/dismiss`, headers: h[ADVISOR], payload: { reason: 'Devolución de una comisión' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DISMISSED', resolutionNote: 'Devolución de una comisión', paymentId: null });
    expect((await counts()).payments).toBe(before.payments);
    expect((await counts()).audit).toBe(before.audit + 1);
    const twice = await t.app.inject({ method: 'POST', url: `/api/bank-statements/lines/${line.id}/dismiss`, headers: h[ADVISOR], payload: { reason: 'otra vez' } });
    expect(twice.statusCode).toBe(409);
    expect((await linesOf(h[ADVISOR]!)).json().content.map((l: { id: string }) => l.id)).not.toContain(line.id);
  });

  it('lists past imports newest first with what each booked and what is still open: staff see all, an advisor their own, others are refused', async () => {
    const importsOf = (headers: Record<string, string>, query = 'size=100') => t.app.inject({ url: `/api/bank-statements/imports?${query}`, headers });
    const all = await importsOf(h[ADMIN]!);
    expect(all.statusCode, all.body).toBe(200);
    const rows = await t.db.selectFrom('bank_statement_imports').selectAll().where('company_id', '=', '1').orderBy('imported_at', 'desc').orderBy('id', 'desc').execute();
    expect(rows.length).toBeGreaterThan(1);
    const body = all.json();
    expect(body.totalElements).toBe(rows.length);
    expect(body.content.map((i: { importId: string }) => i.importId)).toEqual(rows.map((r) => r.id));
    const first = rows[0]!;
    const open = await t.db.selectFrom('bank_statement_lines').select((eb) => eb.fn.countAll<string>().as('n')).where('import_id', '=', first.id).where('status', '=', 'OPEN').executeTakeFirstOrThrow();
    expect(body.content[0]).toMatchObject({
      fileName: first.file_name,
      lines: first.lines,
      recorded: first.recorded,
      alreadyRecorded: first.already_recorded,
      unmatched: first.unmatched,
      alreadyListed: first.already_listed,
      ignored: first.ignored,
      open: Number(open.n),
      importedAt: first.imported_at.toISOString(),
    });
    expect(body.content[0].importedBy).toMatch(/\S/);
    // Paging: one per page, the second page is the second newest.
    const second = (await importsOf(h[ADMIN]!, 'size=1&page=1')).json();
    expect(second).toMatchObject({ totalElements: rows.length, size: 1, number: 1 });
    expect(second.content.map((i: { importId: string }) => i.importId)).toEqual([rows[1]!.id]);
    // The company manager sees the same; an advisor only their own; another advisor and another company none.
    expect((await importsOf(h['company.manager@kc.example']!)).json().totalElements).toBe(rows.length);
    const advisor = (await importsOf(h[ADVISOR]!)).json();
    expect(advisor.totalElements).toBe(rows.filter((r) => r.imported_by === ids[ADVISOR]).length);
    expect((await importsOf(h['other.advisor']!)).json()).toMatchObject({ totalElements: 0, content: [] });
    expect((await importsOf(h['other.admin']!)).json()).toMatchObject({ totalElements: 0, content: [] });
    for (const email of [INVESTOR, 'agent@kc.example']) expect((await importsOf(h[email]!)).statusCode, email).toBe(403);
    expect((await t.app.inject({ url: '/api/bank-statements/imports', headers: { 'company-id': '1' } })).statusCode).toBe(401);
    const bad = await importsOf({ ...h[ADMIN]!, 'accept-language': 'en' }, 'page=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('page');
  });
});
