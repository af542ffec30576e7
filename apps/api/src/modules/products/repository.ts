import type { Kysely, Transaction } from 'kysely';
import { PLAN_IDS } from '@kc/domain';
import type { Database } from '../../db/schema.ts';

/** The company's products in the calculators' order. */
export async function listProducts(db: Kysely<Database> | Transaction<Database>, companyId: string) {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'product_key', 'product_type', 'name_es', 'name_en', 'kc_rate', 'fixed_values'])
    .where('company_id', '=', companyId)
    .execute();
  const order = (key: string) => (PLAN_IDS as readonly string[]).indexOf(key);
  return rows.sort((a, b) => order(a.product_key) - order(b.product_key));
}
