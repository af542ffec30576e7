import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Indexes for a team's figures (issue 14 budget, bench/sales-network.ts): every part of an
 * agent's figures is read from an index alone (an index-only scan once vacuumed), never from the
 * rows' pages, which lie scattered over the tables:
 * - the agent's open client assignments (with the company, for the tenant predicate);
 * - a client's ACTIVE contracts with their initial investment;
 * - the agent's live leads (RESERVED/EXTENDED, by reserved_until) and discarded ones (by kind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE INDEX customer_agent_assignments_agent_figures ON customer_agent_assignments (agent_id, company_id, customer_id) WHERE ended_at IS NULL;
    CREATE INDEX contracts_active_owner_investment ON contracts (company_id, user_id) INCLUDE (initial_investment) WHERE state = 'ACTIVE';
    CREATE INDEX leads_agent_live ON leads (agent_id, company_id, reserved_until) WHERE state IN ('RESERVED', 'EXTENDED');
    CREATE INDEX leads_agent_discarded ON leads (agent_id, company_id, discard_kind) WHERE state = 'DISCARDED';
  `);
}
