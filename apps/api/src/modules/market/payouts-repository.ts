import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The SQL of the sellers' payouts (decision 0036); every query is scoped by company. */
type TExecutor = Kysely<Database> | Transaction<Database>;

const PAYOUT_COLUMNS = ['id', 'contract_id', 'seller_id', 'amount_cents', 'value_date', 'bank_reference', 'journal_id', 'request_hash', 'created_at'] as const;
export interface TPayoutRow {
  id: string;
  contract_id: string;
  seller_id: string;
  amount_cents: string;
  value_date: string;
  bank_reference: string;
  journal_id: string;
  request_hash: string;
  created_at: Date;
}

/**
 * The seller's contract, locked for the payout: `FOR NO KEY UPDATE`, so two payouts of one
 * contract queue (each reads what is owed after the other's commit) while a buy, whose trade
 * only takes KEY SHARE on it through its foreign key, is not blocked.
 */
export async function lockContractForPayout(tx: Transaction<Database>, companyId: string, contractId: string) {
  return tx
    .selectFrom('contracts')
    .select(['id', 'user_id', 'product_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', contractId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function findPayoutByKey(db: TExecutor, companyId: string, key: string): Promise<TPayoutRow | undefined> {
  return db.selectFrom('market_payouts').select(PAYOUT_COLUMNS).where('company_id', '=', companyId).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function insertPayout(
  tx: Transaction<Database>,
  row: {
    companyId: string;
    contractId: string;
    sellerId: string;
    amountCents: string;
    valueDate: string;
    bankReference: string;
    journalId: string;
    idempotencyKey: string;
    requestHash: string;
    createdBy: string;
  },
): Promise<TPayoutRow> {
  return tx
    .insertInto('market_payouts')
    .values({
      company_id: row.companyId,
      contract_id: row.contractId,
      seller_id: row.sellerId,
      amount_cents: row.amountCents,
      value_date: row.valueDate,
      bank_reference: row.bankReference,
      journal_id: row.journalId,
      idempotency_key: row.idempotencyKey,
      request_hash: row.requestHash,
      created_by: row.createdBy,
    })
    .returning(PAYOUT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The payouts of a set of contracts, oldest first. */
export async function findContractsPayouts(db: TExecutor, companyId: string, contractIds: readonly string[]): Promise<TPayoutRow[]> {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('market_payouts')
    .select(PAYOUT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('contract_id', 'in', contractIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The payouts a seller received, oldest first (their own view and their data export). */
export async function findSellerPayouts(db: TExecutor, companyId: string, sellerId: string): Promise<TPayoutRow[]> {
  return db
    .selectFrom('market_payouts')
    .select(PAYOUT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('seller_id', '=', sellerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The sales of a set of seller contracts, oldest first (what MARKET_PAYABLE was credited with). */
export async function findContractsSales(db: TExecutor, companyId: string, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('market_trades')
    .select(['id', 'seller_contract_id', 'units', 'price', 'net_cents', 'created_at'])
    .where('company_id', '=', companyId)
    .where('seller_contract_id', 'in', contractIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The contracts with their owner (name, e-mail, language, whether their data is blocked) and product names. */
export async function findPayoutContracts(db: TExecutor, companyId: string, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('contracts')
    .innerJoin('users', 'users.id', 'contracts.user_id')
    .innerJoin('products', 'products.id', 'contracts.product_id')
    .select([
      'contracts.id as contract_id',
      'users.id as user_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.language',
      'users.blocked_at',
      'products.name_es',
      'products.name_en',
    ])
    .where('contracts.company_id', '=', companyId)
    .where('contracts.id', 'in', contractIds)
    .execute();
}

/** The contracts a seller sold units from. */
export async function findSellerContractIds(db: TExecutor, companyId: string, sellerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('market_trades')
    .select('seller_contract_id')
    .distinct()
    .where('company_id', '=', companyId)
    .where('seller_id', '=', sellerId)
    .execute();
  return rows.map((r) => r.seller_contract_id);
}
