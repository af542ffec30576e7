import { sql, type Kysely } from 'kysely';

/**
 * Each agent's figures kept as a row (issue 14 budget: a team's figures in one indexed read per
 * agent), still computed from real rows, never typed in: triggers move them in the same
 * transaction as the change.
 * - `customer_agent_assignments`: opening (closing) an assignment adds (takes away) the client,
 *   and the client's ACTIVE contracts with their initial investment.
 * - `contracts`: a contract entering (leaving) ACTIVE, or changing its amount while ACTIVE, for a
 *   client with an open assignment moves that agent's count and investment. A contract that is
 *   not ACTIVE before nor after (a hire: NEW) costs nothing; otherwise one indexed lookup of the
 *   open assignment.
 * - `leads`: live (RESERVED/EXTENDED) counts in active_leads; DISCARDED by kind.
 * One row per agent, changed with `INSERT … ON CONFLICT DO UPDATE` (the row lock serialises the
 * writers of one agent). An assignment and a contract change of the same client serialise on the
 * client's user row (FOR NO KEY UPDATE), so neither misses the other's uncommitted row.
 * The migration fills the table from the existing rows.
 */
/** Fills `agent_figures` from the rows (the migration's last step; a test reruns it). */
export const FILL =
`INSERT INTO agent_figures (agent_id, company_id, customers, active_contracts, investment, active_leads, discarded_clients, discarded_offerings)
   SELECT x.agent_id, min(x.company_id), sum(x.customers), sum(x.contracts), sum(x.investment), sum(x.active_leads), sum(x.discarded_clients), sum(x.discarded_offerings)
     FROM (
       SELECT a.agent_id, a.company_id, count(*) AS customers, coalesce(sum(k.n), 0) AS contracts, coalesce(sum(k.s), 0) AS investment,
              0 AS active_leads, 0 AS discarded_clients, 0 AS discarded_offerings
         FROM customer_agent_assignments a
         CROSS JOIN LATERAL (
           SELECT count(*) AS n, coalesce(sum(c.initial_investment), 0) AS s
             FROM contracts c WHERE c.company_id = a.company_id AND c.user_id = a.customer_id AND c.state = 'ACTIVE'
         ) k
        WHERE a.ended_at IS NULL
        GROUP BY a.agent_id, a.company_id
       UNION ALL
       SELECT l.agent_id, l.company_id, 0, 0, 0,
              count(*) FILTER (WHERE l.state IN ('RESERVED', 'EXTENDED')),
              count(*) FILTER (WHERE l.state = 'DISCARDED' AND l.discard_kind = 'CLIENT'),
              count(*) FILTER (WHERE l.state = 'DISCARDED' AND l.discard_kind = 'OFFERING')
         FROM leads l
        GROUP BY l.agent_id, l.company_id
     ) x
    GROUP BY x.agent_id`;

const STATEMENTS = [
  `CREATE TABLE agent_figures (
     agent_id uuid PRIMARY KEY REFERENCES users(id),
     company_id text NOT NULL REFERENCES companies(id),
     customers integer NOT NULL DEFAULT 0,
     active_contracts integer NOT NULL DEFAULT 0,
     investment numeric(16,2) NOT NULL DEFAULT 0,
     active_leads integer NOT NULL DEFAULT 0,
     discarded_clients integer NOT NULL DEFAULT 0,
     discarded_offerings integer NOT NULL DEFAULT 0
   )`,
  // Every function resolves tables in the schema it was created in (`SET search_path FROM
  // CURRENT`), whatever the search path of the session whose change fires it.
  `CREATE FUNCTION agent_figures_add(p_company text, p_agent uuid, p_customers integer, p_contracts integer, p_investment numeric,
                                     p_leads integer, p_discarded_clients integer, p_discarded_offerings integer) RETURNS void
   LANGUAGE sql SET search_path FROM CURRENT AS $$
     INSERT INTO agent_figures AS f (agent_id, company_id, customers, active_contracts, investment, active_leads, discarded_clients, discarded_offerings)
     VALUES (p_agent, p_company, p_customers, p_contracts, p_investment, p_leads, p_discarded_clients, p_discarded_offerings)
     ON CONFLICT (agent_id) DO UPDATE SET
       customers = f.customers + EXCLUDED.customers,
       active_contracts = f.active_contracts + EXCLUDED.active_contracts,
       investment = f.investment + EXCLUDED.investment,
       active_leads = f.active_leads + EXCLUDED.active_leads,
       discarded_clients = f.discarded_clients + EXCLUDED.discarded_clients,
       discarded_offerings = f.discarded_offerings + EXCLUDED.discarded_offerings
   $$`,
  `CREATE FUNCTION agent_figures_assignment() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   DECLARE
     old_open boolean := TG_OP <> 'INSERT' AND OLD.ended_at IS NULL;
     new_open boolean := TG_OP <> 'DELETE' AND NEW.ended_at IS NULL;
     n integer;
     s numeric;
   BEGIN
     IF old_open AND new_open AND OLD.agent_id = NEW.agent_id AND OLD.customer_id = NEW.customer_id AND OLD.company_id = NEW.company_id THEN
       RETURN NULL;
     END IF;
     IF old_open THEN
       PERFORM 1 FROM users WHERE id = OLD.customer_id FOR NO KEY UPDATE;
       SELECT count(*), coalesce(sum(initial_investment), 0) INTO n, s
         FROM contracts WHERE company_id = OLD.company_id AND user_id = OLD.customer_id AND state = 'ACTIVE';
       PERFORM agent_figures_add(OLD.company_id, OLD.agent_id, -1, -n, -s, 0, 0, 0);
     END IF;
     IF new_open THEN
       PERFORM 1 FROM users WHERE id = NEW.customer_id FOR NO KEY UPDATE;
       SELECT count(*), coalesce(sum(initial_investment), 0) INTO n, s
         FROM contracts WHERE company_id = NEW.company_id AND user_id = NEW.customer_id AND state = 'ACTIVE';
       PERFORM agent_figures_add(NEW.company_id, NEW.agent_id, 1, n, s, 0, 0, 0);
     END IF;
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER agent_figures_assignment AFTER INSERT OR UPDATE OR DELETE ON customer_agent_assignments
     FOR EACH ROW EXECUTE FUNCTION agent_figures_assignment()`,
  `CREATE FUNCTION agent_figures_contract() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   DECLARE
     old_active boolean := TG_OP <> 'INSERT' AND OLD.state = 'ACTIVE';
     new_active boolean := TG_OP <> 'DELETE' AND NEW.state = 'ACTIVE';
     agent uuid;
   BEGIN
     IF NOT old_active AND NOT new_active THEN
       RETURN NULL;
     END IF;
     IF old_active AND new_active AND OLD.user_id = NEW.user_id AND OLD.company_id = NEW.company_id AND OLD.initial_investment = NEW.initial_investment THEN
       RETURN NULL;
     END IF;
     IF old_active THEN
       PERFORM 1 FROM users WHERE id = OLD.user_id FOR NO KEY UPDATE;
       SELECT a.agent_id INTO agent FROM customer_agent_assignments a WHERE a.customer_id = OLD.user_id AND a.ended_at IS NULL AND a.company_id = OLD.company_id;
       IF agent IS NOT NULL THEN
         PERFORM agent_figures_add(OLD.company_id, agent, 0, -1, -OLD.initial_investment, 0, 0, 0);
       END IF;
     END IF;
     IF new_active THEN
       PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
       agent := NULL;
       SELECT a.agent_id INTO agent FROM customer_agent_assignments a WHERE a.customer_id = NEW.user_id AND a.ended_at IS NULL AND a.company_id = NEW.company_id;
       IF agent IS NOT NULL THEN
         PERFORM agent_figures_add(NEW.company_id, agent, 0, 1, NEW.initial_investment, 0, 0, 0);
       END IF;
     END IF;
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER agent_figures_contract AFTER INSERT OR UPDATE OF state, initial_investment, user_id, company_id OR DELETE ON contracts
     FOR EACH ROW EXECUTE FUNCTION agent_figures_contract()`,
  `CREATE FUNCTION agent_figures_lead() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   DECLARE
     o_live integer := 0; o_client integer := 0; o_offer integer := 0;
     n_live integer := 0; n_client integer := 0; n_offer integer := 0;
   BEGIN
     IF TG_OP <> 'INSERT' THEN
       o_live := CASE WHEN OLD.state IN ('RESERVED', 'EXTENDED') THEN 1 ELSE 0 END;
       o_client := CASE WHEN OLD.state = 'DISCARDED' AND OLD.discard_kind = 'CLIENT' THEN 1 ELSE 0 END;
       o_offer := CASE WHEN OLD.state = 'DISCARDED' AND OLD.discard_kind = 'OFFERING' THEN 1 ELSE 0 END;
     END IF;
     IF TG_OP <> 'DELETE' THEN
       n_live := CASE WHEN NEW.state IN ('RESERVED', 'EXTENDED') THEN 1 ELSE 0 END;
       n_client := CASE WHEN NEW.state = 'DISCARDED' AND NEW.discard_kind = 'CLIENT' THEN 1 ELSE 0 END;
       n_offer := CASE WHEN NEW.state = 'DISCARDED' AND NEW.discard_kind = 'OFFERING' THEN 1 ELSE 0 END;
     END IF;
     IF TG_OP = 'UPDATE' AND OLD.agent_id = NEW.agent_id AND OLD.company_id = NEW.company_id THEN
       IF o_live <> n_live OR o_client <> n_client OR o_offer <> n_offer THEN
         PERFORM agent_figures_add(NEW.company_id, NEW.agent_id, 0, 0, 0, n_live - o_live, n_client - o_client, n_offer - o_offer);
       END IF;
       RETURN NULL;
     END IF;
     IF TG_OP <> 'INSERT' AND (o_live + o_client + o_offer) > 0 THEN
       PERFORM agent_figures_add(OLD.company_id, OLD.agent_id, 0, 0, 0, -o_live, -o_client, -o_offer);
     END IF;
     IF TG_OP <> 'DELETE' AND (n_live + n_client + n_offer) > 0 THEN
       PERFORM agent_figures_add(NEW.company_id, NEW.agent_id, 0, 0, 0, n_live, n_client, n_offer);
     END IF;
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER agent_figures_lead AFTER INSERT OR UPDATE OF state, discard_kind, agent_id, company_id OR DELETE ON leads
     FOR EACH ROW EXECUTE FUNCTION agent_figures_lead()`,
  FILL,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
