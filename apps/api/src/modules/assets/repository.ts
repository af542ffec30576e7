import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { TAdminAssetQuery, TAssetStatus } from '@kc/domain';
import type { AssetsTable, Database } from '../../db/schema.ts';

/** The assets' SQL (and the only SQL of the module). Every query is scoped by company. */
type TExecutor = Kysely<Database> | Transaction<Database>;

export type TAssetRow = Selectable<AssetsTable>;

/** The columns an ADMIN writes (create and edit): everything but id, company, status and stamps. */
export type TAssetColumns = Required<
  Omit<Insertable<AssetsTable>, 'id' | 'company_id' | 'status' | 'created_by' | 'created_at' | 'updated_by' | 'updated_at' | 'published_at' | 'withdrawn_at'>
>;

/** At most this many rows in a list (a company holds tens of assets, not thousands). */
export const LIST_LIMIT = 500;

export async function insertAsset(tx: TExecutor, companyId: string, createdBy: string | null, columns: TAssetColumns): Promise<TAssetRow> {
  return tx
    .insertInto('assets')
    .values({ ...columns, company_id: companyId, created_by: createdBy, updated_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One asset of the company, locked for a change when `forUpdate`. */
export async function findAsset(db: TExecutor, companyId: string, assetId: string, options: { forUpdate?: boolean; status?: TAssetStatus } = {}) {
  let query = db.selectFrom('assets').selectAll().where('company_id', '=', companyId).where('id', '=', assetId);
  if (options.status) query = query.where('status', '=', options.status);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateAsset(tx: TExecutor, companyId: string, assetId: string, updatedBy: string, columns: TAssetColumns): Promise<TAssetRow> {
  return tx
    .updateTable('assets')
    .set({ ...columns, updated_by: updatedBy, updated_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', assetId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setAssetStatus(tx: TExecutor, companyId: string, assetId: string, updatedBy: string, status: TAssetStatus): Promise<TAssetRow> {
  return tx
    .updateTable('assets')
    .set({
      status,
      updated_by: updatedBy,
      updated_at: sql<Date>`now()`,
      ...(status === 'PUBLISHED' ? { published_at: sql<Date>`now()`, withdrawn_at: null } : {}),
      ...(status === 'WITHDRAWN' ? { withdrawn_at: sql<Date>`now()` } : {}),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', assetId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The published assets of a company, homes and plantations, oldest acquisition first (the same order on every database's collation). */
export async function findPublishedAssets(db: TExecutor, companyId: string): Promise<TAssetRow[]> {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', '=', 'PUBLISHED')
    .orderBy('acquisition_date')
    .orderBy('id')
    .limit(LIST_LIMIT)
    .execute();
}

/** Every asset of a company for ADMIN, filtered by status, kind and a fragment of title or city. */
export async function findAdminAssets(db: TExecutor, companyId: string, query: TAdminAssetQuery): Promise<{ rows: TAssetRow[]; total: number }> {
  let base = db.selectFrom('assets').where('company_id', '=', companyId);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('city', 'ilike', pattern), eb('province', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(LIST_LIMIT).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// Images ----------------------------------------------------------------------------------------

export async function insertImage(tx: TExecutor, row: { companyId: string; contentType: string; bytes: Uint8Array; sha256: string; uploadedBy: string }) {
  return tx
    .insertInto('asset_images')
    .values({ company_id: row.companyId, content_type: row.contentType, bytes: row.bytes, sha256: row.sha256, uploaded_by: row.uploadedBy })
    .returning(['id', 'content_type'])
    .executeTakeFirstOrThrow();
}

export async function findImage(db: TExecutor, companyId: string, imageId: string) {
  return db.selectFrom('asset_images').select(['content_type', 'bytes']).where('company_id', '=', companyId).where('id', '=', imageId).executeTakeFirst();
}
