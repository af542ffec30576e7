import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { hashSecret } from '../../lib/password.ts';
import { seedSalesNetwork } from './sales-network.ts';
import { hashClientSecret, isLegacyClientSecretHash } from '../../lib/client-secret.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedLeads } from './leads.ts';
import { seedAdvisorDemo } from './advisor.ts';
import { seedLedger } from './ledger.ts';
// Jobs board (issue 17, slice jobs).
import { seedJobs } from './jobs.ts';
// Properties and plantations (issue 15, part assets).
import { seedAssets } from './assets.ts';
// Investor protection (issue 16, helper kis).
import { seedInvestorProtection } from './investor-protection.ts';

export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_CLIENT = { id: 'kc-mobile', secret: 'kc-mobile-secret', type: 'mobile' } as const;

export const DEMO_COMPANIES = [
  { id: '1', name: 'KC', contact_email: 'contact@kc.example' },
  { id: '2', name: 'Other Savings Co.', contact_email: 'contact@other.example' },
] as const;

/** One account per role (README lists them). */
export const DEMO_ACCOUNTS = [
  { email: 'admin@kc.example', company: '1', roles: ['ADMIN'], first: 'Ana', last: 'Administradora' },
  { email: 'company.manager@kc.example', company: '1', roles: ['COMPANY_MANAGER'], first: 'Carlos', last: 'Gerente' },
  { email: 'group.manager@kc.example', company: '1', roles: ['GROUP_MANAGER'], first: 'Gloria', last: 'Grupo' },
  { email: 'team.manager@kc.example', company: '1', roles: ['TEAM_MANAGER'], first: 'Tomás', last: 'Equipo' },
  { email: 'advisor@kc.example', company: '1', roles: ['ADVISOR'], first: 'Alba', last: 'Asesora' },
  { email: 'agent@kc.example', company: '1', roles: ['AGENT'], first: 'Andrés', last: 'Comercial' },
  { email: 'supplier@kc.example', company: '1', roles: ['SUPPLIER'], first: 'Sara', last: 'Ingeniera' },
  { email: 'owner@kc.example', company: '1', roles: ['OWNER'], first: 'Óscar', last: 'Propietario' },
  { email: 'investor@kc.example', company: '1', roles: ['INVESTOR'], first: 'Inés', last: 'Inversora' },
  { email: 'investor@other.example', company: '2', roles: ['INVESTOR'], first: 'Olivia', last: 'Other' },
] as const;

export interface TSeedOptions {
  baseYear: number;
  /**
   * The workspaces' sample data (issue 14: the advisor's clients, queue and notes). The server
   * seeds it; API tests seed only the accounts and the catalogue, and add what they need.
   */
  workspaces?: boolean;
}

/** Demo data for local use and tests. Idempotent: running it twice changes nothing. */
export async function seedDemo(db: Kysely<Database>, options: TSeedOptions): Promise<void> {
  await db.insertInto('companies').values([...DEMO_COMPANIES]).onConflict((oc) => oc.column('id').doNothing()).execute();
  const existingClient = await db.selectFrom('oauth_clients').select(['id', 'secret_hash']).where('id', '=', DEMO_CLIENT.id).executeTakeFirst();
  if (!existingClient) {
    await db
      .insertInto('oauth_clients')
      .values({ id: DEMO_CLIENT.id, secret_hash: hashClientSecret(DEMO_CLIENT.secret), client_type: DEMO_CLIENT.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  } else if (isLegacyClientSecretHash(existingClient.secret_hash)) {
    // A database seeded before client secrets were stored as SHA-256 (lib/client-secret.ts).
    await db.updateTable('oauth_clients').set({ secret_hash: hashClientSecret(DEMO_CLIENT.secret) }).where('id', '=', DEMO_CLIENT.id).execute();
  }
  const existing = await db.selectFrom('users').select('email').execute();
  const have = new Set(existing.map((u) => u.email));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.email));
  if (missing.length > 0) {
    const passwordHash = await hashSecret(DEMO_PASSWORD);
    await db
      .insertInto('users')
      .values(
        missing.map((a) => ({
          company_id: a.company,
          email: a.email,
          password_hash: passwordHash,
          first_name: a.first,
          last_name: a.last,
          roles: [...a.roles],
          confirmed_at: new Date(),
          country_id: 'ES',
          language: 'es',
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await seedCatalogue(db, options);
  await seedSalesNetwork(db, { password: DEMO_PASSWORD });
  // Leads, clients and pending assignments (issue 14): after the sales network's seed.
  await seedLeads(db, { password: DEMO_PASSWORD });
  if (options.workspaces) await seedAdvisorDemo(db, { password: DEMO_PASSWORD });
  await seedLedger(db, options);
  // Jobs board (issue 17, slice jobs).
  await seedJobs(db);
  // Properties and plantations (issue 15, part assets).
  await seedAssets(db);
  // Investor protection (issue 16, helper kis): the demo investors have a passed test.
  await seedInvestorProtection(db, DEMO_ACCOUNTS.filter((a) => (a.roles as readonly string[]).includes('INVESTOR')).map((a) => a.email));
}
