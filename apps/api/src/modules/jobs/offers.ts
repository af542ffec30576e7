import type { FastifyInstance } from 'fastify';
import {
  CITY_TYPEAHEAD_MAX,
  canChangeOfferStatus,
  encodeMessage,
  isOfferOpen,
  toPage,
  type TJobCityList,
  type TJobOffer,
  type TJobOfferInput,
  type TJobOfferManaged,
  type TJobOfferManagedPage,
  type TJobSearchPage,
  type TJobSearchQuery,
  type TManagedOfferQuery,
  type TOfferStatus,
  type TOfferStatusChange,
} from '@kc/domain';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import {
  countApplications,
  findOffer,
  insertOffer,
  insertOfferHistory,
  listManagedOffers,
  listOfferHistory,
  openOfferCities,
  searchOffers,
  setOfferStatus,
  updateOffer,
  type TOfferRow,
  type TOfferValues,
} from './repository.ts';

/** Offers of the jobs board (issue 17): the public search and detail, and the recruiter's side. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
const iso = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const day = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const jkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`jobs.errors.${key}`, params);
const money = (value: unknown) => {
  const text = String(value);
  return /\./.test(text) ? text : `${text}.00`;
};

export const offerNotFound = () => new AppError(404, 'jobOfferNotFound');

function closedReason(row: Pick<TOfferRow, 'status' | 'closes_on'>, today: string): TJobOffer['closedReason'] {
  if (row.status === 'CLOSED') return 'CLOSED';
  const closesOn = day(row.closes_on);
  if (row.status === 'PUBLISHED' && closesOn !== null && closesOn < today) return 'EXPIRED';
  return null;
}

type TOfferListRow = Omit<TOfferRow, 'description' | 'conditions'> & Partial<Pick<TOfferRow, 'description' | 'conditions'>>;

function toOffer(row: TOfferListRow, today: string) {
  const closesOn = day(row.closes_on);
  return {
    id: row.id,
    title: row.title,
    companyName: row.company_name,
    countryId: row.country_id,
    cityId: row.city_id,
    cityName: row.city_name,
    contractType: row.contract_type,
    salaryMin: money(row.salary_min),
    salaryMax: money(row.salary_max),
    currency: 'EUR' as const,
    description: row.description ?? '',
    conditions: row.conditions ?? '',
    language: row.language,
    status: row.status,
    publishedAt: iso(row.published_at),
    closesOn,
    open: isOfferOpen({ status: row.status, closesOn }, today),
    closedReason: closedReason(row, today),
  };
}

export async function searchJobs(app: FastifyInstance, companyId: string, query: TJobSearchQuery, today = todayUtc()): Promise<TJobSearchPage> {
  const { rows, total } = await searchOffers(app.db, companyId, query, today);
  const content = rows.map((r) => ({
    id: r.id,
    title: r.title,
    companyName: r.company_name,
    countryId: r.country_id,
    cityId: r.city_id,
    cityName: r.city_name,
    contractType: r.contract_type,
    salaryMin: money(r.salary_min),
    salaryMax: money(r.salary_max),
    currency: 'EUR' as const,
    language: r.language,
    publishedAt: iso(r.published_at),
    closesOn: day(r.closes_on),
    excerpt: r.excerpt,
  }));
  return toPage(content, query.page, query.size, total, true);
}

/** The public detail: a draft is not found; a closed or expired offer answers 200 with `open: false`. */
export async function getPublicOffer(app: FastifyInstance, companyId: string, offerId: string, today = todayUtc()): Promise<TJobOffer> {
  const row = await findOffer(app.db, companyId, offerId);
  if (!row || row.status === 'DRAFT') throw offerNotFound();
  return toOffer(row, today);
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
/** The folded names of a country's cities, once per list (the lookups keep the lists themselves). */
const foldedNames = new WeakMap<readonly { name: string }[], string[]>();
function foldedNamesOf(cities: readonly { name: string }[]): string[] {
  let names = foldedNames.get(cities);
  if (!names) {
    names = cities.map((c) => fold(c.name));
    foldedNames.set(cities, names);
  }
  return names;
}

/**
 * The city typeahead (minimum length 0, at most 100): the lookups' cities of a country whose
 * folded name starts with (then contains) the folded text; cities with open offers first.
 */
export async function jobCities(app: FastifyInstance, companyId: string, query: { q: string; countryId: string }, today = todayUtc()): Promise<TJobCityList> {
  const counts = new Map((await openOfferCities(app.db, companyId, query.countryId, today)).map((r) => [r.city_id, Number(r.n)]));
  const cities = await app.cities.listCities(query.countryId).catch(() => []);
  const text = fold(query.q);
  const names = foldedNamesOf(cities);
  const rank = (name: string) => (text === '' ? 0 : name.startsWith(text) ? 0 : name.includes(text) ? 1 : -1);
  const matches: { id: string; name: string; openOffers: number; rank: number }[] = [];
  for (const [i, city] of cities.entries()) {
    const r = rank(names[i]!);
    const openOffers = counts.get(city.id) ?? 0;
    if (r < 0 || (text === '' && openOffers === 0)) continue;
    matches.push({ ...city, openOffers, rank: r });
  }
  // With no text: only the cities with open offers (the rest of the country would be noise).
  matches.sort((a, b) => (b.openOffers > 0 ? 1 : 0) - (a.openOffers > 0 ? 1 : 0) || a.rank - b.rank || b.openOffers - a.openOffers);
  return { content: matches.slice(0, CITY_TYPEAHEAD_MAX).map(({ rank: _, ...c }) => c) };
}

// The recruiter's side -------------------------------------------------------------------------------

async function offerValues(app: FastifyInstance, body: TJobOfferInput, today: string): Promise<TOfferValues> {
  const fieldErrors = [];
  const cityName = await app.cities.cityName(body.cityId, body.countryId).catch(() => undefined);
  if (!cityName) fieldErrors.push({ field: 'cityId', message: jkey('city') });
  if (body.closesOn !== null && body.closesOn < today) fieldErrors.push({ field: 'closesOn', message: jkey('closesOnPast') });
  if (fieldErrors.length > 0) throw validationFailed(fieldErrors);
  return {
    title: body.title,
    company_name: body.companyName,
    country_id: body.countryId,
    city_id: body.cityId,
    city_name: cityName!,
    contract_type: body.contractType,
    salary_min: body.salaryMin,
    salary_max: body.salaryMax,
    description: body.description,
    conditions: body.conditions,
    language: body.language,
    closes_on: body.closesOn,
  };
}

const auditFields = (v: TOfferValues | TOfferRow) => ({
  title: v.title,
  companyName: v.company_name,
  cityId: v.city_id,
  contractType: v.contract_type,
  salaryMin: money(v.salary_min),
  salaryMax: money(v.salary_max),
  language: v.language,
  closesOn: day(v.closes_on),
});

export async function getManagedOffer(app: FastifyInstance, caller: TAuthUser, offerId: string, today = todayUtc()): Promise<TJobOfferManaged> {
  const row = await findOffer(app.db, caller.companyId, offerId);
  if (!row) throw offerNotFound();
  const [history, applications] = await Promise.all([listOfferHistory(app.db, caller.companyId, offerId), countApplications(app.db, offerId)]);
  return {
    ...toOffer(row, today),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    applications,
    history: history.map((h) => ({
      fromStatus: (h.from_status as TOfferStatus | null) ?? null,
      toStatus: h.to_status as TOfferStatus,
      at: iso(h.changed_at)!,
      byUserId: h.changed_by,
      note: h.note,
    })),
  };
}

export async function listOffersForStaff(app: FastifyInstance, caller: TAuthUser, query: TManagedOfferQuery, today = todayUtc()): Promise<TJobOfferManagedPage> {
  const { rows, total } = await listManagedOffers(app.db, caller.companyId, query);
  const content = rows.map(({ total: _, applications, ...row }) => {
    const { description: _d, conditions: _c, ...offer } = toOffer(row, today);
    return { ...offer, createdAt: iso(row.created_at)!, updatedAt: iso(row.updated_at)!, applications: Number(applications ?? 0) };
  });
  return toPage(content, query.page, query.size, total, true);
}

export async function createOffer(app: FastifyInstance, caller: TAuthUser, body: TJobOfferInput, audit: TAuditContext) {
  const today = todayUtc();
  const values = await offerValues(app, body, today);
  const id = await app.db.transaction().execute(async (tx) => {
    const offerId = await insertOffer(tx, caller.companyId, caller.id, values);
    await insertOfferHistory(tx, [{ companyId: caller.companyId, offerId, from: null, to: 'DRAFT', by: caller.id }]);
    await recordAudit(tx, audit, { entityType: 'jobOffer', entityId: offerId, action: 'jobOffer.create', after: { ...auditFields(values), status: 'DRAFT' } });
    return offerId;
  });
  return getManagedOffer(app, caller, id, today);
}

export async function editOffer(app: FastifyInstance, caller: TAuthUser, offerId: string, body: TJobOfferInput, audit: TAuditContext) {
  const today = todayUtc();
  const values = await offerValues(app, body, today);
  await app.db.transaction().execute(async (tx) => {
    const before = await findOffer(tx, caller.companyId, offerId, true);
    if (!before) throw offerNotFound();
    await updateOffer(tx, caller.companyId, offerId, values);
    await recordAudit(tx, audit, { entityType: 'jobOffer', entityId: offerId, action: 'jobOffer.update', before: auditFields(before), after: auditFields(values) });
  });
  return getManagedOffer(app, caller, offerId, today);
}

/** Publish (or reopen) and close: draft → published → closed → published. */
export async function changeOfferStatus(app: FastifyInstance, caller: TAuthUser, offerId: string, body: TOfferStatusChange, audit: TAuditContext) {
  const now = new Date();
  const today = todayUtc(now);
  await app.db.transaction().execute(async (tx) => {
    const row = await findOffer(tx, caller.companyId, offerId, true);
    if (!row) throw offerNotFound();
    if (!canChangeOfferStatus(row.status, body.status)) throw new AppError(409, 'jobOfferStatusChange', { from: row.status, to: body.status });
    const closesOn = day(row.closes_on);
    if (body.status === 'PUBLISHED' && closesOn !== null && closesOn < today) throw new AppError(409, 'jobOfferPastClosingDate', { date: closesOn });
    await setOfferStatus(tx, caller.companyId, offerId, body.status, now);
    await insertOfferHistory(tx, [{ companyId: caller.companyId, offerId, from: row.status, to: body.status, by: caller.id, note: body.note ?? null, at: now }]);
    await recordAudit(tx, audit, {
      entityType: 'jobOffer',
      entityId: offerId,
      action: 'jobOffer.changeStatus',
      before: { status: row.status },
      after: { status: body.status, note: body.note ?? null },
    });
  });
  return getManagedOffer(app, caller, offerId, today);
}
