import { sql, type Kysely, type Transaction } from 'kysely';
import type { TMarketOfferSort } from '@kc/domain';
import type { Database } from '../../db/schema.ts';

/** The market's SQL (and the only SQL of the module). Every query is scoped by company. */
type TExecutor = Kysely<Database> | Transaction<Database>;

// Reference price -------------------------------------------------------------------------------

/** The last published reference price (by value date), or undefined before the first one. */
export async function findReferencePrice(db: TExecutor, companyId: string): Promise<{ price: string; value_date: string; published_at: Date } | undefined> {
  return db
    .selectFrom('kc_prices')
    .select(['price', 'value_date', 'published_at'])
    .where('company_id', '=', companyId)
    .orderBy('value_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The last `limit` published prices, newest first. */
export async function findRecentPrices(db: TExecutor, companyId: string, limit: number) {
  return db
    .selectFrom('kc_prices')
    .select(['price', 'published_at', 'value_date'])
    .where('company_id', '=', companyId)
    .orderBy('value_date', 'desc')
    .limit(limit)
    .execute();
}

// Summary ---------------------------------------------------------------------------------------

/** The last trades of the company, newest first: price, units and time only. */
export async function findLastTrades(db: TExecutor, companyId: string, limit: number) {
  return db
    .selectFrom('market_trades')
    .select(['price', 'units', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface TBand {
  min: string;
  max: string;
}

/** Open offers still valid at `now` and priced inside the band, grouped by price, cheapest first. */
export async function findDepth(db: TExecutor, companyId: string, now: Date, band: TBand, limit: number) {
  return db
    .selectFrom('market_offers')
    .select(['price', sql<string>`sum(remaining_units)`.as('units'), sql<string>`count(*)`.as('offers')])
    .where('company_id', '=', companyId)
    .where('status', '=', 'OPEN')
    .where('valid_until', '>', now)
    .where('price', '>=', band.min)
    .where('price', '<=', band.max)
    .groupBy('price')
    .orderBy('price', 'asc')
    .limit(limit)
    .execute();
}

// Offers ----------------------------------------------------------------------------------------

const OFFER_VIEW_COLUMNS = [
  'o.id',
  'o.seller_id',
  'o.contract_id',
  'o.units',
  'o.remaining_units',
  'o.price',
  'o.valid_until',
  'o.status',
  'o.created_at',
  'c.product_key',
  'p.name_es',
  'p.name_en',
] as const;

function offerView(db: TExecutor) {
  return db
    .selectFrom('market_offers as o')
    .innerJoin('contracts as c', 'c.id', 'o.contract_id')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(OFFER_VIEW_COLUMNS);
}
export type TOfferViewRow = Awaited<ReturnType<ReturnType<typeof offerView>['executeTakeFirstOrThrow']>>;

export interface TOfferFilter {
  sort: TMarketOfferSort;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  offset: number;
  limit: number;
}

/** One page of the open offers still valid at `now`, priced inside the band, and how many there are. */
export async function findOpenOffers(db: TExecutor, companyId: string, now: Date, band: TBand, filter: TOfferFilter): Promise<{ rows: TOfferViewRow[]; total: number }> {
  let base = db
    .selectFrom('market_offers as o')
    .where('o.company_id', '=', companyId)
    .where('o.status', '=', 'OPEN')
    .where('o.valid_until', '>', now)
    .where('o.price', '>=', band.min)
    .where('o.price', '<=', band.max);
  if (filter.minPrice !== undefined) base = base.where('o.price', '>=', filter.minPrice);
  if (filter.maxPrice !== undefined) base = base.where('o.price', '<=', filter.maxPrice);
  const { total } = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const direction = filter.sort.startsWith('-') ? 'desc' : 'asc';
  let page = base
    .innerJoin('contracts as c', 'c.id', 'o.contract_id')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(OFFER_VIEW_COLUMNS);
  page =
    filter.sort === 'price' || filter.sort === '-price'
      ? page.orderBy('o.price', direction).orderBy('o.created_at', 'asc').orderBy('o.id', 'asc')
      : page.orderBy('o.created_at', direction).orderBy('o.id', direction);
  const rows = await page.offset(filter.offset).limit(filter.limit).execute();
  return { rows, total: Number(total) };
}

export async function findOfferView(db: TExecutor, companyId: string, offerId: string): Promise<TOfferViewRow | undefined> {
  return offerView(db).where('o.company_id', '=', companyId).where('o.id', '=', offerId).executeTakeFirst();
}

/** A seller's offers, newest first (at most 500). */
export async function findSellerOffers(db: TExecutor, companyId: string, sellerId: string): Promise<TOfferViewRow[]> {
  return offerView(db)
    .where('o.company_id', '=', companyId)
    .where('o.seller_id', '=', sellerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(500)
    .execute();
}

/** The fills of some offers, oldest first. */
export async function findOfferFills(db: TExecutor, companyId: string, offerIds: readonly string[]) {
  if (offerIds.length === 0) return [];
  return db
    .selectFrom('market_trades')
    .select(['offer_id', 'units', 'price', 'gross_cents', 'fee_cents', 'net_cents', 'created_at'])
    .where('company_id', '=', companyId)
    .where('offer_id', 'in', offerIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * A contract of the company, locked FOR UPDATE until the transaction ends: offers of one contract
 * are made and changed one at a time (the units reserved are read under this lock), and a
 * transition of the contract (which takes the same lock) waits for them.
 */
export async function lockContract(tx: Transaction<Database>, companyId: string, contractId: string) {
  return tx
    .selectFrom('contracts')
    .select(['id', 'user_id', 'state', 'product_id', 'product_key', 'expiring_date', 'contract_period_type'])
    .where('company_id', '=', companyId)
    .where('id', '=', contractId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findContract(db: TExecutor, companyId: string, contractId: string) {
  return db
    .selectFrom('contracts')
    .select(['id', 'user_id', 'state', 'product_id', 'product_key', 'expiring_date', 'contract_period_type'])
    .where('company_id', '=', companyId)
    .where('id', '=', contractId)
    .executeTakeFirst();
}

/** A contract's units (the sum of its INVESTOR_UNITS lines), as numeric text. */
export async function sumContractUnits(db: TExecutor, contractId: string): Promise<string> {
  const row = await db
    .selectFrom('ledger_lines')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('units'))
    .where('contract_id', '=', contractId)
    .where('account', '=', 'INVESTOR_UNITS')
    .executeTakeFirstOrThrow();
  return row.units;
}

/**
 * A contract's units and the units its OPEN offers reserve, read in ONE statement (one snapshot:
 * a buy committing in between lowers both by the same units, so two statements could see the
 * holding before it and the offers after it).
 */
export async function sumUnitsAndOffers(db: TExecutor, contractId: string, exceptOfferId?: string): Promise<{ held: string; onOffer: string }> {
  const result = await sql<{ held: string; on_offer: string }>`
    SELECT
      (SELECT coalesce(sum(amount), 0) FROM ledger_lines WHERE contract_id = ${contractId} AND account = 'INVESTOR_UNITS')::text AS held,
      (SELECT coalesce(sum(remaining_units), 0) FROM market_offers
        WHERE contract_id = ${contractId} AND status = 'OPEN' AND (${exceptOfferId ?? null}::uuid IS NULL OR id <> ${exceptOfferId ?? null}::uuid))::text AS on_offer
  `.execute(db);
  const row = result.rows[0]!;
  return { held: row.held, onOffer: row.on_offer };
}

export async function insertOffer(
  tx: Transaction<Database>,
  row: { companyId: string; sellerId: string; contractId: string; units: string; price: string; referencePrice: string; validUntil: Date; now: Date },
): Promise<string> {
  const { id } = await tx
    .insertInto('market_offers')
    .values({
      company_id: row.companyId,
      seller_id: row.sellerId,
      contract_id: row.contractId,
      units: row.units,
      remaining_units: row.units,
      price: row.price,
      reference_price: row.referencePrice,
      valid_until: row.validUntil,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The offer row, locked FOR UPDATE until the transaction ends (every change of an offer takes it). */
export async function lockOffer(tx: Transaction<Database>, companyId: string, offerId: string) {
  return tx
    .selectFrom('market_offers')
    .select(['id', 'seller_id', 'contract_id', 'units', 'remaining_units', 'price', 'valid_until', 'status', 'version'])
    .where('company_id', '=', companyId)
    .where('id', '=', offerId)
    .forUpdate()
    .executeTakeFirst();
}

/** The offer for a buy's checks before its transaction (no lock). */
export async function findOfferForBuy(db: TExecutor, companyId: string, offerId: string) {
  return db
    .selectFrom('market_offers')
    .select(['id', 'seller_id', 'contract_id', 'remaining_units', 'price', 'valid_until', 'status', 'version'])
    .where('company_id', '=', companyId)
    .where('id', '=', offerId)
    .executeTakeFirst();
}

/**
 * Everything a buy checks before its transaction, in one statement (one round trip): the offer,
 * its seller's contract and product (names for the mails), the seller and the buyer (who is
 * mailed), and the company's last published reference price. Undefined when the offer is not
 * one of the company's; contract, product, people and price are null when missing.
 */
export async function findBuyContext(db: TExecutor, companyId: string, offerId: string, buyerId: string) {
  const { rows } = await sql<TBuyContextRow>`
    SELECT o.id, o.seller_id, o.contract_id, o.remaining_units::text AS remaining_units, o.price::text AS price,
           o.valid_until, o.status, o.version,
           c.state AS contract_state, c.product_id, c.product_key, to_char(c.expiring_date, 'YYYY-MM-DD') AS expiring_date,
           c.contract_period_type, p.name_es, p.name_en,
           s.email AS seller_email, s.first_name AS seller_first_name, s.language AS seller_language,
           b.email AS buyer_email, b.first_name AS buyer_first_name, b.language AS buyer_language,
           r.price::text AS reference_price, r.published_at AS reference_published_at
      FROM market_offers o
      LEFT JOIN contracts c ON c.id = o.contract_id AND c.company_id = o.company_id
      LEFT JOIN products p ON p.id = c.product_id
      LEFT JOIN users s ON s.id = o.seller_id AND s.company_id = o.company_id
      LEFT JOIN users b ON b.id = ${buyerId} AND b.company_id = o.company_id
      LEFT JOIN LATERAL (
        SELECT k.price, k.published_at FROM kc_prices k WHERE k.company_id = o.company_id ORDER BY k.value_date DESC LIMIT 1
      ) r ON true
     WHERE o.company_id = ${companyId} AND o.id = ${offerId}`.execute(db);
  return rows[0];
}

export interface TBuyContextRow {
  id: string;
  seller_id: string;
  contract_id: string;
  remaining_units: string;
  price: string;
  valid_until: Date;
  status: string;
  version: number;
  contract_state: string | null;
  product_id: string | null;
  product_key: string | null;
  expiring_date: string | null;
  contract_period_type: string | null;
  name_es: string | null;
  name_en: string | null;
  seller_email: string | null;
  seller_first_name: string | null;
  seller_language: string | null;
  buyer_email: string | null;
  buyer_first_name: string | null;
  buyer_language: string | null;
  reference_price: string | null;
  reference_published_at: Date | null;
}

/** The offer without a lock (to learn its contract before locking in contract → offer order). */
export async function findOffer(db: TExecutor, companyId: string, offerId: string) {
  return db
    .selectFrom('market_offers')
    .select(['id', 'seller_id', 'contract_id', 'status'])
    .where('company_id', '=', companyId)
    .where('id', '=', offerId)
    .executeTakeFirst();
}

export async function updateOffer(
  tx: Transaction<Database>,
  offerId: string,
  change: { units: string; remainingUnits: string; price: string; referencePrice?: string; validUntil: Date; now: Date },
): Promise<void> {
  await tx
    .updateTable('market_offers')
    .set((eb) => ({
      units: change.units,
      remaining_units: change.remainingUnits,
      price: change.price,
      ...(change.referencePrice ? { reference_price: change.referencePrice } : {}),
      valid_until: change.validUntil,
      updated_at: change.now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', offerId)
    .execute();
}

/**
 * A buy's fill in one statement, as the last write of its transaction: the offer row is locked by
 * this UPDATE (buys of one offer queue on it, and each holds it only for this statement, the mails
 * and the commit), and written only if it is still OPEN, valid at `now`, at the price the buy
 * checked, with at least `units` remaining and, when `wholeRemainderOnly`, exactly `units` (a part
 * too small to sell alone). Answers the new remainder, or undefined when the offer no longer
 * qualifies (the caller re-reads it to say why). Under READ COMMITTED a waiting buy re-checks these
 * conditions on the row as the buy before it left it, so the units sold never exceed the offer.
 */
export async function fillOfferIfOpen(
  tx: Transaction<Database>,
  fill: { companyId: string; offerId: string; units: string; price: string; now: Date; wholeRemainderOnly: boolean },
): Promise<{ remaining_units: string; seller_id: string } | undefined> {
  const { rows } = await sql<{ remaining_units: string; seller_id: string }>`
    UPDATE market_offers
       SET remaining_units = remaining_units - ${fill.units}::numeric,
           updated_at = ${fill.now},
           version = version + 1,
           status = CASE WHEN remaining_units = ${fill.units}::numeric THEN 'FILLED' ELSE status END,
           close_reason = CASE WHEN remaining_units = ${fill.units}::numeric THEN 'filled' ELSE close_reason END,
           closed_at = CASE WHEN remaining_units = ${fill.units}::numeric THEN ${fill.now} ELSE closed_at END
     WHERE company_id = ${fill.companyId} AND id = ${fill.offerId}
       AND status = 'OPEN' AND valid_until > ${fill.now} AND price = ${fill.price}::numeric
       AND remaining_units >= ${fill.units}::numeric
       AND (NOT ${fill.wholeRemainderOnly}::boolean OR remaining_units = ${fill.units}::numeric)
    RETURNING remaining_units::text AS remaining_units, seller_id`.execute(tx);
  return rows[0];
}

export async function closeOffer(tx: Transaction<Database>, offerId: string, status: 'WITHDRAWN' | 'EXPIRED', reason: 'seller' | 'expired' | 'contractClosed', now: Date) {
  await tx
    .updateTable('market_offers')
    .set((eb) => ({ status, close_reason: reason, closed_at: now, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', offerId)
    .where('status', '=', 'OPEN')
    .execute();
}

/**
 * Withdraws every OPEN offer of a contract (it left ACTIVE): the UPDATE locks them, so a buy in
 * flight finishes first and the offer it filled is withdrawn with what remains.
 */
export async function withdrawContractOffers(tx: Transaction<Database>, contractId: string, now: Date) {
  return tx
    .updateTable('market_offers')
    .set((eb) => ({ status: 'WITHDRAWN' as const, close_reason: 'contractClosed' as const, closed_at: now, updated_at: now, version: eb('version', '+', 1) }))
    .where('contract_id', '=', contractId)
    .where('status', '=', 'OPEN')
    .returning(['id', 'seller_id', 'remaining_units', 'price'])
    .execute();
}

/**
 * Leases up to `limit` OPEN offers past their validity (FOR UPDATE SKIP LOCKED: another runner or
 * a buy holding one skips it) and expires them in the same statement.
 */
export async function expireOffers(tx: Transaction<Database>, now: Date, limit: number) {
  const result = await sql<{ id: string; company_id: string; seller_id: string; contract_id: string; remaining_units: string; price: string }>`
    UPDATE market_offers SET status = 'EXPIRED', close_reason = 'expired', closed_at = ${now}, updated_at = ${now}, version = version + 1
    WHERE id IN (
      SELECT id FROM market_offers
      WHERE status = 'OPEN' AND valid_until <= ${now}
      ORDER BY valid_until, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, company_id, seller_id, contract_id, remaining_units::text, price::text`.execute(tx);
  return result.rows;
}

// People (for mails) ----------------------------------------------------------------------------

export async function findPeople(db: TExecutor, companyId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language'])
    .where('company_id', '=', companyId)
    .where('id', 'in', userIds)
    .execute();
}

export async function findProductNames(db: TExecutor, productId: string) {
  return db.selectFrom('products').select(['name_es', 'name_en', 'product_key']).where('id', '=', productId).executeTakeFirst();
}

// Trades ----------------------------------------------------------------------------------------

/**
 * Inside the buy's transaction: the buyer's key's transaction-scoped advisory lock, or false at
 * once when another live transaction holds it (the same key sent twice at the same time).
 */
export async function tryLockBuyKey(tx: Transaction<Database>, ref: { companyId: string; buyerId: string; key: string }): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(hashtextextended(${JSON.stringify(['market', ref.companyId, ref.buyerId, ref.key])}, 0)) AS locked
  `.execute(tx);
  return rows[0]?.locked === true;
}

const TRADE_COLUMNS = [
  'id',
  'offer_id',
  'seller_id',
  'seller_contract_id',
  'buyer_id',
  'buyer_contract_id',
  'units',
  'price',
  'gross_cents',
  'fee_cents',
  'net_cents',
  'journal_id',
  'request_hash',
  'key_info_version',
  'created_at',
] as const;

export async function findTradeByKey(db: TExecutor, ref: { companyId: string; buyerId: string; key: string }) {
  return db
    .selectFrom('market_trades')
    .select(TRADE_COLUMNS)
    .where('company_id', '=', ref.companyId)
    .where('buyer_id', '=', ref.buyerId)
    .where('idempotency_key', '=', ref.key)
    .executeTakeFirst();
}

export async function findTrade(db: TExecutor, companyId: string, tradeId: string) {
  return db.selectFrom('market_trades').select(TRADE_COLUMNS).where('company_id', '=', companyId).where('id', '=', tradeId).executeTakeFirst();
}
export type TTradeRow = NonNullable<Awaited<ReturnType<typeof findTrade>>>;

/** A person's trades as buyer or seller, newest first (at most 500). */
export async function findUserTrades(db: TExecutor, companyId: string, userId: string): Promise<TTradeRow[]> {
  return db
    .selectFrom('market_trades')
    .select(TRADE_COLUMNS)
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export async function insertTrade(
  tx: Transaction<Database>,
  row: {
    companyId: string;
    offerId: string;
    sellerId: string;
    sellerContractId: string;
    buyerId: string;
    buyerContractId: string;
    units: string;
    price: string;
    grossCents: string;
    feeCents: string;
    netCents: string;
    journalId: string;
    idempotencyKey: string;
    requestHash: string;
    assessmentId: string;
    keyInfoVersion: string;
    now: Date;
  },
): Promise<string> {
  const { id } = await tx
    .insertInto('market_trades')
    .values({
      company_id: row.companyId,
      offer_id: row.offerId,
      seller_id: row.sellerId,
      seller_contract_id: row.sellerContractId,
      buyer_id: row.buyerId,
      buyer_contract_id: row.buyerContractId,
      units: row.units,
      price: row.price,
      gross_cents: row.grossCents,
      fee_cents: row.feeCents,
      net_cents: row.netCents,
      journal_id: row.journalId,
      idempotency_key: row.idempotencyKey,
      request_hash: row.requestHash,
      assessment_id: row.assessmentId,
      key_info_version: row.keyInfoVersion,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

// Personal data export (issue 16, GDPR Art. 15/20) -------------------------------------------------

/** The person's own offers (as seller), oldest first: never another person's name or id. */
export function findOffersForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('market_offers')
    .select(['id', 'contract_id', 'units', 'remaining_units', 'price', 'reference_price', 'valid_until', 'status', 'close_reason', 'created_at', 'closed_at'])
    .where('company_id', '=', companyId)
    .where('seller_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The person's trades on either side, oldest first; the other party is never named. */
export function findTradesForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('market_trades')
    .select(['id', 'offer_id', 'seller_id', 'seller_contract_id', 'buyer_contract_id', 'units', 'price', 'gross_cents', 'fee_cents', 'net_cents', 'key_info_version', 'created_at'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('seller_id', '=', userId), eb('buyer_id', '=', userId)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
