import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { TSeedOptions } from './demo.ts';

/** Products (the seven plans) for every company, and the demo investors' contracts. */
export async function seedCatalogue(db: Kysely<Database>, options: TSeedOptions): Promise<void> {
  void db;
  void options;
}
