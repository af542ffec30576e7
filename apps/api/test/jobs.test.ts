import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_MAX_BYTES } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { createHash } from 'node:crypto';
import { createJobsRetentionJob } from '../src/modules/jobs/retention-job.ts';
import { applicationPhonesOf, confirmApplicationUpdate, eraseJobApplications } from '../src/modules/jobs/applications.ts';

const DAY = 86_400_000;
let counter = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${(counter += 1)}@example.com`;
/** Each application comes from its own client address, so the rate limit stays out of the way. */
const nextIp = () => `10.17.${Math.floor(counter / 250) % 250}.${(counter += 1) % 250}`;
const today = () => new Date().toISOString().slice(0, 10);
const pdf = (size = 2000) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
};

const CITY = { madrid: '3117735', sevilla: '2510911', caceres: '2520611', salamanca: '3111108', lugo: '3117814' } as const;
const CITY_NAMES: Record<string, string> = { '3117735': 'Madrid', '2510911': 'Sevilla', '2520611': 'Cáceres', '3111108': 'Salamanca', '3117814': 'Lugo' };

/**
 * The jobs board (issue 17) through the real server, on PGlite and PostgreSQL: the public search
 * (stemming in both languages, accents, city 'all', salary, paging totals), applications with and
 * without consent, the repeat kept pending until its mailed link confirms it, the CV checks, the withdrawal link, the recruiter's status
 * changes, roles and tenants refused, and the retention job with its clock pinned. The search runs
 * on company 2, which has no demo offers, so its totals are this file's.
 */
describe.each(DB_KINDS)('jobs board on %s', (kind) => {
  let t: TTestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let advisor: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await authHeaders(t.db, 'admin@kc.example');
    manager = await authHeaders(t.db, 'company.manager@kc.example');
    advisor = await authHeaders(t.db, 'advisor@kc.example');
  });
  afterAll(async () => t?.close());

  /** An offer stored directly (company 2 for the search, or another company's for the tenant checks). */
  async function storeOffer(company: string, o: Partial<{ title: string; description: string; city: string; min: string; max: string; language: 'es' | 'en'; status: 'DRAFT' | 'PUBLISHED' | 'CLOSED'; closesOn: string | null; ageDays: number; type: 'PERMANENT' | 'FIXED_TERM' }>) {
    const city = o.city ?? CITY.madrid;
    const status = o.status ?? 'PUBLISHED';
    const row = await t.db
      .insertInto('job_offers')
      .values({
        company_id: company,
        title: o.title ?? 'Puesto de prueba',
        company_name: 'Otra Empresa',
        country_id: 'ES',
        city_id: city,
        city_name: CITY_NAMES[city]!,
        contract_type: o.type ?? 'PERMANENT',
        salary_min: o.min ?? '20000.00',
        salary_max: o.max ?? '30000.00',
        description: o.description ?? 'Descripción del puesto de prueba con suficiente texto.',
        conditions: '',
        language: o.language ?? 'es',
        status,
        published_at: status === 'DRAFT' ? null : new Date(Date.now() - (o.ageDays ?? 0) * DAY),
        closes_on: o.closesOn ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const search = (query: string, company = '2', language = 'es') =>
    t.app.inject({ url: `/api/jobs/offers?${query}`, headers: { 'company-id': company, 'accept-language': language } });
  const titles = (res: { json(): { content: { title: string }[] } }) => res.json().content.map((o) => o.title).sort();

  const offerInput = (overrides: Record<string, unknown> = {}) => ({
    title: 'Ingeniera de montes',
    companyName: 'KC Forestal',
    cityId: CITY.lugo,
    contractType: 'PERMANENT',
    salaryMin: '30000',
    salaryMax: '40000',
    description: 'Gestión de montes y plantaciones en Galicia, con inventario y planes de corta.',
    conditions: 'Vehículo de empresa',
    language: 'es',
    closesOn: null,
    ...overrides,
  });

  /** A published offer of company 1, made through the recruiter's API. */
  async function publishedOffer(overrides: Record<string, unknown> = {}) {
    const created = await t.app.inject({ method: 'POST', url: '/api/jobs/manage/offers', headers: admin, payload: offerInput(overrides) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const published = await t.app.inject({ method: 'POST', url: `/api/jobs/manage/offers/${id}/status`, headers: admin, payload: { status: 'PUBLISHED' } });
    expect(published.statusCode, published.body).toBe(200);
    return id;
  }

  const candidate = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Lucía',
    lastName: 'Candidata Pérez',
    email: unique('lucia'),
    phone: '+34 600 111 222',
    acceptPrivacy: true,
    ...overrides,
  });
  const apply = (offerId: string, body: Record<string, unknown>, language = 'es', company = '1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/jobs/offers/${offerId}/applications`,
      headers: { 'company-id': company, 'accept-language': language },
      payload: body,
      remoteAddress: nextIp(),
    });
  const applicationsOf = (offerId: string) => t.db.selectFrom('job_applications').selectAll().where('offer_id', '=', offerId).execute();
  async function lastMailTo(email: string) {
    await t.app.mailer.drain();
    const mails = t.sentMails.filter((m) => m.to === email);
    return mails[mails.length - 1];
  }
  const tokenOf = (mail: { text: string } | undefined) => /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  /** The token of the last confirmation link mailed to `email` (mails queued together may be sent in any order). */
  async function confirmationTokenOf(email: string) {
    await t.app.mailer.drain();
    const mails = t.sentMails.filter((m) => m.to === email && m.text.includes('/web/jobs/confirm-changes#token='));
    return tokenOf(mails[mails.length - 1])!;
  }
  /** The live application of an e-mail to an offer (the public receipt names none). */
  const idOf = async (offerId: string, email: string) =>
    (
      await t.db
        .selectFrom('job_applications')
        .select('id')
        .where('offer_id', '=', offerId)
        .where('email_key', '=', email.toLowerCase())
        .where('anonymised_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
  /** Applies (201) and answers the application's id. */
  async function applyForId(offerId: string, body: { email: string }, language = 'es') {
    const res = await apply(offerId, body, language);
    expect(res.statusCode, res.body).toBe(201);
    return idOf(offerId, body.email);
  }
  const confirmUpdate = (token: string, company = '1', language = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/jobs/update-confirmation', headers: { 'company-id': company, 'accept-language': language }, payload: { token } });
  const withdrawWith = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/jobs/withdrawal', headers: { 'company-id': '1', 'accept-language': 'en' }, payload: { token } });
  const pendingOf = (applicationId: string) => t.db.selectFrom('job_application_updates').selectAll().where('application_id', '=', applicationId).execute();
  const consentsOf = (applicationId: string) => t.db.selectFrom('consent_records').select('id').where('job_application_id', '=', applicationId).execute();
  /** What the recruiter sees of an offer's applications. */
  const recruiterView = async (offerId: string) => (await t.app.inject({ url: `/api/jobs/manage/offers/${offerId}/applications`, headers: manager })).json();

  it('seeds at least 12 demo offers in several cities and contract types, some closed, in both languages', async () => {
    const rows = await t.db.selectFrom('job_offers').select(['city_id', 'contract_type', 'language', 'status', 'closes_on']).where('company_id', '=', '1').execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.city_id)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.contract_type)).size).toBe(5);
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(['es', 'en']));
    expect(rows.filter((r) => r.status === 'CLOSED').length).toBeGreaterThanOrEqual(2);
    const listed = (await t.app.inject({ url: '/api/jobs/offers?size=100', headers: { 'company-id': '1' } })).json();
    expect(listed.totalElements).toBe(rows.filter((r) => r.status === 'PUBLISHED' && (r.closes_on === null || String(r.closes_on) >= today())).length);
    expect(listed.totalElements).toBeGreaterThanOrEqual(8);
  });

  describe('public search', () => {
    beforeAll(async () => {
      await storeOffer('2', { title: 'Ingeniero agrónomo de plantaciones', description: 'Supervisión de plantaciones de chopo: análisis de suelos y riego.', city: CITY.sevilla, min: '32000.00', max: '45000.00', ageDays: 5 });
      await storeOffer('2', { title: 'Veterinario de explotaciones ganaderas', description: 'Sanidad del ganado en fincas de Extremadura y bienestar animal.', city: CITY.caceres, min: '35000.00', max: '48000.00', ageDays: 4 });
      await storeOffer('2', { title: 'Freelance forestry surveyor', description: 'Survey forests and count standing trees for plantation partners.', city: CITY.lugo, min: '20000.00', max: '35000.00', language: 'en', ageDays: 3 });
      await storeOffer('2', { title: 'Sales consultant for investors', description: 'Advising private investors on savings plans backed by trees.', city: CITY.madrid, min: '28000.00', max: '42000.00', language: 'en', ageDays: 2 });
      await storeOffer('2', { title: 'Consultora comercial de inversión', description: 'Asesorar a inversores particulares en planes de ahorro forestales.', city: CITY.madrid, min: '26000.00', max: '30000.00', ageDays: 1 });
      // Never listed: closed, past its closing date, a draft.
      await storeOffer('2', { title: 'Ingeniera agrónoma (cerrada)', status: 'CLOSED', city: CITY.sevilla });
      await storeOffer('2', { title: 'Ingeniero agrónomo caducado', closesOn: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10), city: CITY.sevilla });
      await storeOffer('2', { title: 'Ingeniero agrónomo borrador', status: 'DRAFT', city: CITY.sevilla });
    });

    it('stems Spanish and English, ignores accents and case, and ranks the title first', async () => {
      expect(titles(await search('q=ingenieros%20agronomos'))).toEqual(['Ingeniero agrónomo de plantaciones']);
      expect(titles(await search('q=PLANTACIÓN'))).toEqual(['Ingeniero agrónomo de plantaciones']);
      expect(titles(await search('q=plantations'))).toEqual(['Freelance forestry surveyor']);
      expect(titles(await search('q=veterinarios%20c%C3%A1ceres'))).toEqual(['Veterinario de explotaciones ganaderas']);
      expect(titles(await search('q=caceres'))).toEqual(['Veterinario de explotaciones ganaderas']);
      expect(titles(await search('q=surveying%20forest'))).toEqual(['Freelance forestry surveyor']);
      expect(titles(await search('q=inversores'))).toEqual(['Consultora comercial de inversión']);
      expect(titles(await search('q=investor'))).toEqual(['Sales consultant for investors']);
      // Ranking: a title match (weight A) comes before a description match (C).
      const ranked = (await search('q=plantaciones')).json().content.map((o: { title: string }) => o.title);
      expect(ranked[0]).toBe('Ingeniero agrónomo de plantaciones');
      expect((await search('q=astronauta')).json()).toMatchObject({ totalElements: 0, empty: true, content: [] });
      // Web search syntax: a leading minus excludes a word, OR joins alternatives.
      expect(titles(await search('q=plantaciones%20-chopo'))).toEqual([]);
      expect(titles(await search('q=veterinario%20or%20surveyor'))).toEqual(['Freelance forestry surveyor', 'Veterinario de explotaciones ganaderas']);
      // Only stop words, or only punctuation: no lexeme, nothing found (and no error).
      for (const q of ['de%20la%20the', '%22%22', '%26%7C!%3A*']) expect((await search(`q=${q}`)).json().totalElements, q).toBe(0);
    });

    it("filters by city ('all' is every city) and salary range (overlap), sorts by date or salary", async () => {
      const all = await search('cityId=all');
      expect(all.statusCode).toBe(200);
      expect(all.json().totalElements).toBe(5);
      expect(titles(await search(`cityId=${CITY.madrid}`))).toEqual(['Consultora comercial de inversión', 'Sales consultant for investors']);
      expect(titles(await search(`q=consultor&cityId=${CITY.madrid}`))).toEqual(['Consultora comercial de inversión', 'Sales consultant for investors'].filter((x) => x.startsWith('Consultora')));
      // 40,000 or more: offers whose maximum reaches it.
      expect(titles(await search('salaryFrom=40000'))).toEqual(['Ingeniero agrónomo de plantaciones', 'Sales consultant for investors', 'Veterinario de explotaciones ganaderas']);
      // Up to 25,000: offers whose minimum is at most that.
      expect(titles(await search('salaryTo=25000'))).toEqual(['Freelance forestry surveyor']);
      expect(titles(await search('salaryFrom=31000&salaryTo=33000'))).toEqual(['Freelance forestry surveyor', 'Ingeniero agrónomo de plantaciones', 'Sales consultant for investors']);
      const bySalary = (await search('sort=salary')).json().content.map((o: { salaryMax: string }) => o.salaryMax);
      expect(bySalary).toEqual(['48000.00', '45000.00', '42000.00', '35000.00', '30000.00']);
      const byDate = (await search('sort=date')).json().content.map((o: { title: string }) => o.title);
      expect(byDate[0]).toBe('Consultora comercial de inversión');
      const bad = await search('salaryFrom=50000&salaryTo=1000', '2', 'en');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'salaryTo', message: 'The maximum salary cannot be lower than the minimum' }]);
      expect((await search('cityId=Madrid')).statusCode).toBe(400);
    });

    it('pages with the totals of the paged envelope', async () => {
      const first = (await search('size=2&sort=date')).json();
      expect(first).toMatchObject({ totalElements: 5, totalPages: 3, number: 0, size: 2, numberOfElements: 2, first: true, last: false });
      const last = (await search('size=2&page=2&sort=date')).json();
      expect(last).toMatchObject({ totalElements: 5, totalPages: 3, numberOfElements: 1, last: true });
      const past = (await search('size=2&page=7')).json();
      expect(past).toMatchObject({ totalElements: 5, numberOfElements: 0, empty: true });
      const seen = new Set([...first.content, ...(await search('size=2&page=1&sort=date')).json().content, ...last.content].map((o: { id: string }) => o.id));
      expect(seen.size).toBe(5);
    });

    it('shows a closed or expired offer as not open, and hides drafts', async () => {
      const closed = await storeOffer('2', { title: 'Cerrada', status: 'CLOSED' });
      const expired = await storeOffer('2', { title: 'Caducada', closesOn: new Date(Date.now() - DAY).toISOString().slice(0, 10) });
      const draft = await storeOffer('2', { title: 'Borrador', status: 'DRAFT' });
      const detail = (id: string) => t.app.inject({ url: `/api/jobs/offers/${id}`, headers: { 'company-id': '2' } });
      expect((await detail(closed)).json()).toMatchObject({ status: 'CLOSED', open: false, closedReason: 'CLOSED' });
      expect((await detail(expired)).json()).toMatchObject({ status: 'PUBLISHED', open: false, closedReason: 'EXPIRED' });
      expect((await detail(draft)).statusCode).toBe(404);
      expect((await search('q=cerrada%20caducada%20borrador')).json().totalElements).toBe(0);
      // Another company's offer is not found through company 1.
      expect((await t.app.inject({ url: `/api/jobs/offers/${closed}`, headers: { 'company-id': '1' } })).statusCode).toBe(404);
      // A closed offer takes no application.
      const res = await apply(expired, candidate(), 'en', '2');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('jobOfferNotOpen');
    });

    it('offers a city typeahead: minimum length 0, at most 100, accents ignored, cities with offers first', async () => {
      const empty = (await t.app.inject({ url: '/api/jobs/cities', headers: { 'company-id': '2' } })).json().content;
      expect(empty.map((c: { name: string }) => c.name).sort()).toEqual(['Cáceres', 'Lugo', 'Madrid', 'Sevilla']);
      const cace = (await t.app.inject({ url: '/api/jobs/cities?q=cace', headers: { 'company-id': '2' } })).json().content;
      expect(cace[0]).toEqual({ id: CITY.caceres, name: 'Cáceres', openOffers: 1 });
      const many = (await t.app.inject({ url: '/api/jobs/cities?q=a', headers: { 'company-id': '2' } })).json().content;
      expect(many.length).toBe(100);
      const none = (await t.app.inject({ url: '/api/jobs/cities?q=zzzz', headers: { 'company-id': '2' } })).json().content;
      expect(none).toEqual([]);
    });
  });

  describe('applications', () => {
    it('refuses an application without the data-protection consent, in the user language, and stores nothing', async () => {
      const offer = await publishedOffer();
      const en = await apply(offer, candidate({ acceptPrivacy: false }), 'en');
      expect(en.statusCode).toBe(400);
      expect(en.json().errors).toEqual([{ field: 'acceptPrivacy', message: 'You must accept the privacy policy' }]);
      const { acceptPrivacy: _, ...without } = candidate();
      const es = await apply(offer, without, 'es');
      expect(es.json().errors).toEqual([{ field: 'acceptPrivacy', message: 'Debe aceptar la política de privacidad' }]);
      const fields = await apply(offer, candidate({ firstName: '', email: 'nope', phone: 'call me' }), 'en');
      expect(fields.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'firstName', 'phone']);
      expect(await applicationsOf(offer)).toEqual([]);
    });

    it('takes a first application as before: stored, consent recorded, mailed with a withdrawal link', async () => {
      const offer = await publishedOffer({ title: 'Técnico de vivero' });
      const body = candidate();
      const first = await apply(offer, body);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toEqual({ offerId: offer, receivedAt: expect.any(String), hasCv: false });
      const mail = await lastMailTo(body.email);
      expect(mail?.subject).toBe('Candidatura recibida: Técnico de vivero');
      expect(mail?.text).toContain('+34 600 111 222');
      expect(mail?.text).toContain('/web/jobs/withdraw#token=');
      const rows = await applicationsOf(offer);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ phone: '+34 600 111 222', submissions: 1, language: 'es', status: 'NEW' });
      expect(rows[0]!.withdraw_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(await consentsOf(rows[0]!.id)).toHaveLength(1);
      const audit = await t.db.selectFrom('audit_log').select(['action', 'after']).where('entity_id', '=', rows[0]!.id).execute();
      expect(audit.map((a) => a.action)).toEqual(['jobApplication.submit']);
      expect(JSON.stringify(audit)).not.toContain(body.email);
    });

    it('checks the CV by its content: wrong type, renamed executable and too big refused; a PDF kept for the recruiter only', async () => {
      const offer = await publishedOffer();
      const cases: [Buffer, string, string][] = [
        [Buffer.from('Just some text, not a PDF'), 'cv.pdf', 'The CV must be a PDF file'],
        [Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(512)]), 'cv.pdf', 'The CV must be a PDF file'],
        [pdf(CV_MAX_BYTES + 1), 'big.pdf', 'The CV cannot be larger than 5 MB'],
      ];
      for (const [bytes, fileName, message] of cases) {
        const res = await apply(offer, candidate({ cv: { fileName, contentBase64: bytes.toString('base64') } }), 'en');
        expect(res.statusCode, fileName).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'cv', message }]);
      }
      expect(await applicationsOf(offer)).toEqual([]);
      // A real PDF with an odd name is accepted: the content decides.
      const bytes = pdf(3000);
      const ok = await apply(offer, candidate({ cv: { fileName: 'C:\\docs\\mi currículum.PDF', contentBase64: bytes.toString('base64') } }), 'en');
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().hasCv).toBe(true);
      const id = (await applicationsOf(offer))[0]!.id;
      const download = await t.app.inject({ url: `/api/jobs/manage/applications/${id}/cv`, headers: manager });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toContain("filename*=UTF-8''mi%20curr%C3%ADculum.PDF");
      expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
      expect((await t.app.inject({ url: `/api/jobs/manage/applications/${id}/cv`, headers: advisor })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/jobs/manage/applications/${id}/cv`, headers: { 'company-id': '1' } })).statusCode).toBe(401);
      const logged = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).where('action', '=', 'jobApplication.downloadCv').execute();
      expect(logged).toHaveLength(1);
    });

    it('withdraws once through the mailed link (data erased), refuses it again, and refuses an expired link', async () => {
      const offer = await publishedOffer();
      const body = candidate({ cv: { fileName: 'cv.pdf', contentBase64: pdf().toString('base64') } });
      const id = await applyForId(offer, body);
      const token = tokenOf(await lastMailTo(body.email))!;
      expect(token).toBeTruthy();
      const withdraw = (value: string, company = '1') =>
        t.app.inject({ method: 'POST', url: '/api/jobs/withdrawal', headers: { 'company-id': company, 'accept-language': 'en' }, payload: { token: value } });
      expect((await withdraw(token, '2')).statusCode).toBe(404);
      const done = await withdraw(token);
      expect(done.statusCode, done.body).toBe(200);
      const row = await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'WITHDRAWN', first_name: '', last_name: '', email: null, phone: null, cv: null, withdraw_token_hash: null });
      expect(row.anonymised_at).not.toBeNull();
      const again = await withdraw(token);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('jobWithdrawalLinkInvalid');
      // The same person may apply again afterwards (the erased row holds no e-mail).
      const other = candidate({ email: body.email });
      const reapplied = await apply(offer, other);
      expect(reapplied.statusCode).toBe(201);
      const token2 = tokenOf(await lastMailTo(body.email))!;
      await t.db.updateTable('job_applications').set({ withdraw_token_expires_at: new Date(Date.now() - 1000) }).where('id', '=', await idOf(offer, body.email)).execute();
      const expired = await withdraw(token2);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 'jobWithdrawalLinkExpired', title: 'Link expired' });
      expect((await withdraw('x'.repeat(43))).statusCode).toBe(404);
    });
  });

  describe('a repeat application (pending until the address on file confirms it)', () => {
    it('changes nothing the recruiter sees, answers as a first one, and mails the address on file what would change with a link', async () => {
      const offer = await publishedOffer({ title: 'Técnico de vivero' });
      const firstCv = pdf(2000);
      const body = candidate({ cv: { fileName: 'cv.pdf', contentBase64: firstCv.toString('base64') } });
      const first = await apply(offer, body);
      expect(first.statusCode, first.body).toBe(201);
      const id = await idOf(offer, body.email);
      const stored = await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const seen = await recruiterView(offer);
      const receivedMail = await lastMailTo(body.email);
      const newCv = pdf(4000);
      const second = await apply(
        offer,
        { ...body, firstName: 'Lucía María', email: body.email.toUpperCase(), phone: '+34 699 000 000', cv: { fileName: 'nuevo.pdf', contentBase64: newCv.toString('base64') } },
        'en',
      );
      // The same status and the same receipt's fields: nothing says the e-mail had applied.
      expect(second.statusCode, second.body).toBe(201);
      expect(Object.keys(second.json()).sort()).toEqual(Object.keys(first.json()).sort());
      expect(second.json()).toEqual({ offerId: offer, receivedAt: expect.any(String), hasCv: true });
      // Byte for byte: names, phone, e-mail, CV, consent time, withdrawal link's hash, counts.
      expect(await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(stored);
      expect(await recruiterView(offer)).toEqual(seen);
      expect(await consentsOf(id)).toHaveLength(1);
      // The mail goes to the address on file, lists the changes, never the CV's content.
      const mail = await lastMailTo(body.email);
      expect(mail?.subject).toBe('Confirm the changes to your application: Técnico de vivero');
      expect(mail?.text).toContain('Hello Lucía,');
      expect(mail?.text).toContain('“Lucía” would become “Lucía María”');
      expect(mail?.text).toContain('+34 600 111 222 would become +34 699 000 000');
      expect(mail?.text).toContain('cv.pdf (2 KB) would be replaced by nuevo.pdf (4 KB)');
      expect(mail?.text).toContain('/web/jobs/confirm-changes#token=');
      expect(mail?.text).not.toContain(newCv.toString('base64').slice(0, 40));
      const [pending] = await pendingOf(id);
      expect(pending).toMatchObject({ first_name: 'Lucía María', phone: '+34 699 000 000', language: 'en', cv_file_name: 'nuevo.pdf', cv_size: 4000 });
      expect(pending!.token_hash).toBe(createHash('sha256').update(tokenOf(mail)!).digest('hex'));
      expect(JSON.stringify(pending)).not.toContain(tokenOf(mail)!);
      // A repeat with the same data and no CV answers the same too (hasCv is this submission's).
      const third = await apply(offer, { ...body, cv: undefined });
      expect(third.statusCode).toBe(201);
      expect(third.json()).toEqual({ offerId: offer, receivedAt: expect.any(String), hasCv: false });
      const sameMail = await lastMailTo(body.email);
      expect(sameMail?.subject).toBe('Confirme los cambios en su candidatura: Técnico de vivero');
      expect(sameMail?.text).toContain('Los datos son los mismos que ya teníamos');
      // The newer one replaced the older pending update and its link.
      expect(await pendingOf(id)).toHaveLength(1);
      expect((await confirmUpdate(tokenOf(mail)!)).statusCode).toBe(404);
      expect(await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(stored);
      // The recruiter's list never shows pending data; the audit keeps ids only.
      expect(JSON.stringify(await recruiterView(offer))).not.toContain('Lucía María');
      const audit = await t.db.selectFrom('audit_log').select(['action', 'after']).where('entity_id', '=', id).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['jobApplication.submit', 'jobApplication.submit', 'jobApplication.submit']);
      expect(JSON.stringify(audit)).not.toContain(body.email);
      expect(tokenOf(receivedMail)).toBeTruthy();
    });

    it('applies the confirmed changes once, as a second application did (submissions, consent, new withdrawal link mailed)', async () => {
      const offer = await publishedOffer({ title: 'Técnico de vivero' });
      const body = candidate({ cv: { fileName: 'cv.pdf', contentBase64: pdf(2000).toString('base64') } });
      const id = await applyForId(offer, body);
      const oldWithdraw = tokenOf(await lastMailTo(body.email))!;
      const stored = await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const newCv = pdf(4000);
      expect((await apply(offer, { ...body, email: body.email.toUpperCase(), phone: '+34 699 000 000', cv: { fileName: 'nuevo.pdf', contentBase64: newCv.toString('base64') } }, 'en')).statusCode).toBe(201);
      const token = await confirmationTokenOf(body.email);
      const done = await confirmUpdate(token);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ updatedAt: expect.any(String) });
      const row = await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ phone: '+34 699 000 000', email: body.email, language: 'en', submissions: 2, status: 'NEW', cv_file_name: 'nuevo.pdf', cv_size: 4000 });
      expect(Buffer.compare(Buffer.from(row.cv!), newCv)).toBe(0);
      expect(row.consent_at!.getTime()).toBeGreaterThan(stored.consent_at!.getTime());
      expect(row.withdraw_token_hash).not.toBe(stored.withdraw_token_hash);
      expect(await pendingOf(id)).toEqual([]);
      expect(await consentsOf(id)).toHaveLength(2);
      const mail = await lastMailTo(body.email);
      expect(mail?.subject).toBe('Application updated: Técnico de vivero');
      expect(mail?.text).toContain('/web/jobs/withdraw#token=');
      expect((await recruiterView(offer)).content[0]).toMatchObject({ id, phone: '+34 699 000 000', submissions: 2, cv: { fileName: 'nuevo.pdf', size: 4000 } });
      // Once: a second use is 404 and changes nothing; the old withdrawal link is void, the new one works.
      const again = await confirmUpdate(token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ code: 'jobUpdateLinkInvalid', title: 'Invalid link' });
      expect(await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(row);
      expect((await withdrawWith(oldWithdraw)).statusCode).toBe(404);
      expect((await withdrawWith(tokenOf(mail)!)).statusCode).toBe(200);
      const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['jobApplication.submit', 'jobApplication.submit', 'jobApplication.confirmUpdate', 'jobApplication.withdraw']);
    });

    it('refuses a bad, foreign or expired link (404, 410, in the language) and changes nothing', async () => {
      const offer = await publishedOffer();
      const body = candidate();
      const id = await applyForId(offer, body);
      expect((await apply(offer, { ...body, phone: '+34 611 222 333' })).statusCode).toBe(201);
      const token = await confirmationTokenOf(body.email);
      const stored = await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const bad = await confirmUpdate('x'.repeat(43), '1', 'es');
      expect(bad.statusCode).toBe(404);
      expect(bad.json()).toMatchObject({ code: 'jobUpdateLinkInvalid', title: 'Enlace no válido' });
      expect((await confirmUpdate(token, '2')).statusCode).toBe(404);
      expect((await confirmUpdate('')).statusCode).toBe(400);
      // Clock pinned a second past the 24 hours.
      const pinned = new Date(Date.now() + 24 * 3_600_000 + 1000);
      await expect(confirmApplicationUpdate(t.app, '1', token, '10.0.0.1', pinned)).rejects.toMatchObject({ status: 410, code: 'jobUpdateLinkExpired' });
      await t.db.updateTable('job_application_updates').set({ expires_at: new Date(Date.now() - 1000) }).where('application_id', '=', id).execute();
      const expired = await confirmUpdate(token, '1', 'es');
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 'jobUpdateLinkExpired', title: 'Enlace caducado' });
      expect(await t.db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(stored);
      expect(await consentsOf(id)).toHaveLength(1);
    });

    it('a withdrawal deletes the pending update (its link then answers 404)', async () => {
      const offer = await publishedOffer();
      const body = candidate();
      const id = await applyForId(offer, body);
      const withdrawToken = tokenOf(await lastMailTo(body.email))!;
      expect((await apply(offer, { ...body, cv: { fileName: 'cv.pdf', contentBase64: pdf().toString('base64') } })).statusCode).toBe(201);
      const confirmToken = await confirmationTokenOf(body.email);
      expect(await pendingOf(id)).toHaveLength(1);
      expect((await withdrawWith(withdrawToken)).statusCode).toBe(200);
      expect(await pendingOf(id)).toEqual([]);
      expect((await confirmUpdate(confirmToken)).statusCode).toBe(404);
      expect(await t.db.selectFrom('job_applications').select(['status', 'email', 'cv']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'WITHDRAWN', email: null, cv: null });
    });

    it("a person's erasure deletes their pending update and finds its phone", async () => {
      const offer = await publishedOffer();
      const body = candidate();
      const id = await applyForId(offer, body);
      expect((await apply(offer, { ...body, phone: '+34 644 555 666' })).statusCode).toBe(201);
      const person = { id: '00000000-0000-4000-8000-000000000000', companyId: '1', email: body.email, anon: 'anonimizado-x', pattern: null, at: new Date() };
      expect((await applicationPhonesOf(t.db, person)).sort()).toEqual(['+34 600 111 222', '+34 644 555 666']);
      const counts = await t.db.transaction().execute((tx) => eraseJobApplications(tx, person));
      expect(counts).toEqual({ jobApplications: 1 });
      expect(await pendingOf(id)).toEqual([]);
    });
  });

  it('rate-limits applications per client address (429 with Retry-After, nothing stored)', async () => {
    const offer = await publishedOffer();
    const ip = '10.99.0.1';
    await t.db.insertInto('rate_limits').values({ key: `jobs-apply:${ip}`, hits: 10, window_start: new Date() }).execute();
    const res = await t.app.inject({ method: 'POST', url: `/api/jobs/offers/${offer}/applications`, headers: { 'company-id': '1', 'accept-language': 'en' }, payload: candidate(), remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().code).toBe('jobApplyRateLimited');
    expect(await applicationsOf(offer)).toEqual([]);
  });

  describe('the recruiter', () => {
    it('creates, edits, publishes, closes and reopens an offer, with history and audit; bad input stores nothing', async () => {
      const before = Number((await t.db.selectFrom('job_offers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      for (const [body, field] of [
        [offerInput({ salaryMin: '50000', salaryMax: '40000' }), 'salaryMax'],
        [offerInput({ salaryMin: '-1' }), 'salaryMin'],
        [offerInput({ salaryMin: '30000.555' }), 'salaryMin'],
        [offerInput({ cityId: '999999999' }), 'cityId'],
        [offerInput({ closesOn: '2001-01-01' }), 'closesOn'],
        [offerInput({ title: 'x' }), 'title'],
        [offerInput({ contractType: 'SLAVERY' }), 'contractType'],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: '/api/jobs/manage/offers', headers: { ...admin, 'accept-language': 'en' }, payload: body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect(Number((await t.db.selectFrom('job_offers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);

      const created = await t.app.inject({ method: 'POST', url: '/api/jobs/manage/offers', headers: manager, payload: offerInput({ title: 'Guarda forestal nocturno', closesOn: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10) }) });
      expect(created.statusCode, created.body).toBe(201);
      const offer = created.json();
      expect(offer).toMatchObject({ status: 'DRAFT', cityName: 'Lugo', salaryMin: '30000.00', salaryMax: '40000.00', open: false, applications: 0 });
      const find = async () => (await t.app.inject({ url: '/api/jobs/offers?q=guarda%20nocturno', headers: { 'company-id': '1' } })).json().totalElements;
      expect(await find()).toBe(0);
      const status = (s: string) => t.app.inject({ method: 'POST', url: `/api/jobs/manage/offers/${offer.id}/status`, headers: manager, payload: { status: s, note: `to ${s}` } });
      expect((await status('PUBLISHED')).json()).toMatchObject({ status: 'PUBLISHED', open: true });
      expect(await find()).toBe(1);
      expect((await status('PUBLISHED')).statusCode).toBe(409);
      const edited = await t.app.inject({ method: 'PUT', url: `/api/jobs/manage/offers/${offer.id}`, headers: manager, payload: offerInput({ title: 'Guarda forestal nocturno y de fin de semana', cityId: CITY.salamanca }) });
      expect(edited.json()).toMatchObject({ cityName: 'Salamanca', status: 'PUBLISHED' });
      expect((await t.app.inject({ url: `/api/jobs/offers?q=guarda&cityId=${CITY.salamanca}`, headers: { 'company-id': '1' } })).json().totalElements).toBe(1);
      expect((await status('CLOSED')).json()).toMatchObject({ status: 'CLOSED', open: false });
      expect(await find()).toBe(0);
      const reopened = (await status('PUBLISHED')).json();
      expect(reopened.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['DRAFT', 'PUBLISHED', 'CLOSED', 'PUBLISHED']);
      expect(reopened.history[1]).toMatchObject({ fromStatus: 'DRAFT', note: 'to PUBLISHED' });
      const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', offer.id).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['jobOffer.create', 'jobOffer.changeStatus', 'jobOffer.update', 'jobOffer.changeStatus', 'jobOffer.changeStatus']);
      const list = (await t.app.inject({ url: '/api/jobs/manage/offers?status=DRAFT', headers: admin })).json();
      expect(list.content.every((o: { status: string }) => o.status === 'DRAFT')).toBe(true);
      expect(list.content.some((o: { title: string }) => o.title === 'Consultor comercial en Andalucía occidental')).toBe(true);
    });

    it('moves an application new → reviewed → interview → hired, with history, notes and mails; refuses a jump', async () => {
      const offer = await publishedOffer({ title: 'Agrónoma de riego' });
      const body = candidate();
      const id = await applyForId(offer, body, 'en');
      const move = (status: string, note?: string) =>
        t.app.inject({ method: 'POST', url: `/api/jobs/manage/applications/${id}/status`, headers: admin, payload: { status, ...(note ? { note } : {}) } });
      const jump = await move('INTERVIEW');
      expect(jump.statusCode).toBe(409);
      expect(jump.json().code).toBe('jobApplicationStatusChange');
      expect((await move('REVIEWED', 'Buen perfil')).json()).toMatchObject({ status: 'REVIEWED', note: 'Buen perfil' });
      // A review is internal: the candidate is not mailed about it.
      await t.app.mailer.drain();
      expect(t.sentMails.filter((m) => m.to === body.email).map((m) => m.subject)).toEqual(['Application received: Agrónoma de riego']);
      expect((await move('INTERVIEW')).json().status).toBe('INTERVIEW');
      expect((await lastMailTo(body.email))?.subject).toBe('Your application: Agrónoma de riego');
      const hired = (await move('HIRED')).json();
      expect(hired.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['NEW', 'REVIEWED', 'INTERVIEW', 'HIRED']);
      expect((await move('REJECTED')).statusCode).toBe(409);
      const page = (await t.app.inject({ url: `/api/jobs/manage/offers/${offer}/applications?status=HIRED`, headers: manager })).json();
      expect(page).toMatchObject({ totalElements: 1 });
      expect(page.content[0]).toMatchObject({ id, email: body.email, status: 'HIRED', submissions: 1 });
      const byName = (await t.app.inject({ url: `/api/jobs/manage/offers/${offer}/applications?q=candidata%20perez`, headers: manager })).json();
      expect(byName.totalElements).toBe(1);
    });

    it("refuses other roles, no session and another company's offers and applications (404, nothing changed)", async () => {
      const offer = await publishedOffer();
      for (const [method, url, payload] of [
        ['GET', '/api/jobs/manage/offers', undefined],
        ['POST', '/api/jobs/manage/offers', offerInput()],
        ['GET', `/api/jobs/manage/offers/${offer}`, undefined],
        ['POST', `/api/jobs/manage/offers/${offer}/status`, { status: 'CLOSED' }],
        ['GET', `/api/jobs/manage/offers/${offer}/applications`, undefined],
      ] as const) {
        const denied = await t.app.inject({ method, url, headers: advisor, ...(payload ? { payload } : {}) });
        expect(denied.statusCode, `${method} ${url}`).toBe(403);
        const anonymous = await t.app.inject({ method, url, headers: { 'company-id': '1' }, ...(payload ? { payload } : {}) });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      }
      const foreign = await storeOffer('2', { title: 'Oferta ajena', status: 'DRAFT' });
      const foreignApplication = await t.db
        .insertInto('job_applications')
        .values({ company_id: '2', offer_id: foreign, first_name: 'Ajena', last_name: 'Persona', email: 'ajena@example.com', email_key: 'ajena@example.com', phone: '600000000', language: 'es', consent_at: new Date(), cv: pdf(), cv_file_name: 'a.pdf', cv_size: 2000 })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [method, url, payload] of [
        ['GET', `/api/jobs/manage/offers/${foreign}`, undefined],
        ['PUT', `/api/jobs/manage/offers/${foreign}`, offerInput()],
        ['POST', `/api/jobs/manage/offers/${foreign}/status`, { status: 'PUBLISHED' }],
        ['GET', `/api/jobs/manage/offers/${foreign}/applications`, undefined],
        ['POST', `/api/jobs/manage/applications/${foreignApplication.id}/status`, { status: 'REVIEWED' }],
        ['GET', `/api/jobs/manage/applications/${foreignApplication.id}/cv`, undefined],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const offerRow = await t.db.selectFrom('job_offers').select(['status', 'title']).where('id', '=', foreign).executeTakeFirstOrThrow();
      expect(offerRow).toEqual({ status: 'DRAFT', title: 'Oferta ajena' });
      const appRow = await t.db.selectFrom('job_applications').select('status').where('id', '=', foreignApplication.id).executeTakeFirstOrThrow();
      expect(appRow.status).toBe('NEW');
      expect(await t.db.selectFrom('audit_log').select('id').where('entity_id', 'in', [foreign, foreignApplication.id]).execute()).toEqual([]);
    });
  });

  it('the retention job (clock pinned) closes expired offers, anonymises old applications (their pending updates deleted) and deletes expired pending updates, each once, with two runners at once', async () => {
    const offer = await publishedOffer({ closesOn: today() });
    const recent = candidate();
    const recentId = await applyForId(offer, recent);
    const oldIds: string[] = [];
    const olds = [candidate(), candidate(), candidate()];
    for (const old of olds) oldIds.push(await applyForId(offer, old));
    // Pending updates: one of an old application, one expired of the recent one, one still valid.
    expect((await apply(offer, { ...olds[0]!, phone: '+34 622 000 001' })).statusCode).toBe(201);
    expect((await apply(offer, { ...recent, phone: '+34 622 000 002' })).statusCode).toBe(201);
    const kept = candidate();
    const keptId = await applyForId(offer, kept);
    expect((await apply(offer, { ...kept, phone: '+34 622 000 003' })).statusCode).toBe(201);
    const now = new Date(Date.now() + 2 * DAY);
    const pinnedToday = now.toISOString().slice(0, 10);
    // Last changed 366 days before the pinned clock: past the 365-day retention.
    await t.db.updateTable('job_applications').set({ updated_at: new Date(now.getTime() - 366 * DAY) }).where('id', 'in', oldIds).execute();
    const dueOffers = await t.db.selectFrom('job_offers').select('id').where('status', '=', 'PUBLISHED').where('closes_on', '<', pinnedToday).execute();
    const dueApplications = await t.db.selectFrom('job_applications').select('id').where('anonymised_at', 'is', null).where('updated_at', '<', new Date(now.getTime() - 365 * DAY)).execute();
    expect(dueOffers.map((o) => o.id)).toContain(offer);
    expect(dueApplications.map((a) => a.id).sort()).toEqual([...oldIds].sort());
    // Still valid at the pinned clock: the old application's goes with its data, the kept one stays.
    await t.db.updateTable('job_application_updates').set({ expires_at: new Date(now.getTime() + DAY) }).where('application_id', 'in', [oldIds[0]!, keptId]).execute();
    // Two instances' runners, one row per batch, at the same time: every row handled by exactly one.
    const jobs = [0, 1].map(() => createJobsRetentionJob({ db: t.db, pollMs: 0, log: t.app.log, clock: () => now, batchSize: 1 }));
    const [a, b] = await Promise.all(jobs.map((job) => job.runOnce()));
    expect(a!.closed + b!.closed).toBe(dueOffers.length);
    expect(a!.anonymised + b!.anonymised).toBe(3);
    const rows = await t.db.selectFrom('job_applications').select(['id', 'email', 'first_name', 'phone', 'anonymised_at', 'status']).where('id', 'in', [recentId, ...oldIds]).execute();
    expect(await pendingOf(oldIds[0]!)).toEqual([]);
    expect(await pendingOf(recentId)).toEqual([]);
    expect(await pendingOf(keptId)).toHaveLength(1);
    for (const row of rows.filter((r) => r.id !== recentId)) {
      expect(row).toMatchObject({ email: null, first_name: '', phone: null, status: 'NEW' });
      expect(row.anonymised_at).not.toBeNull();
    }
    expect(rows.find((r) => r.id === recentId)).toMatchObject({ email: recent.email, anonymised_at: null });
    const notes = await t.db.selectFrom('job_application_status_history').select('application_id').where('note', '=', 'retention').execute();
    expect(notes.map((n) => n.application_id).sort()).toEqual([...oldIds].sort());
    expect((await t.db.selectFrom('job_offers').select('status').where('id', '=', offer).executeTakeFirstOrThrow()).status).toBe('CLOSED');
    const history = await t.db.selectFrom('job_offer_status_history').select(['offer_id', 'to_status', 'changed_by', 'note']).where('note', '=', 'expired').execute();
    expect(history.map((h) => h.offer_id).sort()).toEqual(dueOffers.map((o) => o.id).sort());
    expect(history.every((h) => h.to_status === 'CLOSED' && h.changed_by === null)).toBe(true);
    // Nothing is left for a later pass at the same instant.
    expect(await jobs[0]!.runOnce()).toEqual({ closed: 0, anonymised: 0 });
    await Promise.all(jobs.map((job) => job.stop()));
  });
});
