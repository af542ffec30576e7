import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { companyExists as companyRowExists, findCompany } from './repository.ts';

/** The tenant's public profile; 404 when the id names no company. */
export async function companyProfile(db: Kysely<Database>, companyId: string): Promise<{ id: string; name: string }> {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound();
  return company;
}

/** Whether the company named by a request's company-id exists (the tenancy plugin). */
export function companyExists(db: Kysely<Database>, companyId: string): Promise<boolean> {
  return companyRowExists(db, companyId);
}
