import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The sales network (issue 14), every table tenant-scoped by `company_id`:
 * - `company_groups` → `teams` → agents, through `team_memberships` (history: an agent is in at
 *   most one team at a time, the open row; a move closes it and opens another). A group is run
 *   by a GROUP_MANAGER (`manager_id`), a team by a TEAM_MANAGER. `state` is OPERATIVE or CLOSED
 *   (the specification's 'Operativo' is the label of OPERATIVE).
 * - `zones` (territories of a group) and `membership_types` (data: GOLD, PLATINUM, DELUXE with
 *   stars, monthly price and maximum seats per zone); `zone_seats`: an agent's seat of a type in
 *   a zone (history; the open row counts). Maxima are enforced under a lock on the zone's row.
 * - `leads`: a person registered by an agent, and the reservation that comes with it
 *   (`reserved_until`, one extension). At most one live reservation (RESERVED or EXTENDED) per
 *   person (`email_key`, the folded e-mail) in a company: a unique index, so no race lets two
 *   agents hold the same person. The expiry job leases due rows with FOR UPDATE SKIP LOCKED;
 *   `expiry_warned_at` marks the task sent 15 days before.
 * - `customer_agent_assignments`: which agent a client (investor) belongs to (history; the open
 *   row counts; at most one per client).
 * - `client_notes`: the advisor's notes about a client.
 * - `contract_events` gains the reason of a suspension or resumption and the payment reference
 *   of an activation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE company_groups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      title text NOT NULL,
      manager_id uuid REFERENCES users(id),
      state text NOT NULL DEFAULT 'OPERATIVE' CHECK (state IN ('OPERATIVE', 'CLOSED')),
      start_since date NOT NULL,
      country_id text,
      city_id text,
      phone text,
      email text,
      closed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX company_groups_company ON company_groups (company_id, title);
    CREATE INDEX company_groups_manager ON company_groups (manager_id) WHERE manager_id IS NOT NULL;

    CREATE TABLE teams (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      group_id uuid NOT NULL REFERENCES company_groups(id),
      title text NOT NULL,
      manager_id uuid REFERENCES users(id),
      state text NOT NULL DEFAULT 'OPERATIVE' CHECK (state IN ('OPERATIVE', 'CLOSED')),
      start_since date NOT NULL,
      country_id text,
      city_id text,
      phone text,
      email text,
      closed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX teams_group ON teams (company_id, group_id, title);
    CREATE INDEX teams_manager ON teams (manager_id) WHERE manager_id IS NOT NULL;

    CREATE TABLE team_memberships (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies(id),
      team_id uuid NOT NULL REFERENCES teams(id),
      agent_id uuid NOT NULL REFERENCES users(id),
      joined_at timestamptz NOT NULL DEFAULT now(),
      left_at timestamptz,
      joined_by uuid REFERENCES users(id),
      left_by uuid REFERENCES users(id)
    );
    CREATE UNIQUE INDEX team_memberships_open_agent ON team_memberships (agent_id) WHERE left_at IS NULL;
    CREATE INDEX team_memberships_team_open ON team_memberships (team_id, agent_id) WHERE left_at IS NULL;
    CREATE INDEX team_memberships_agent ON team_memberships (agent_id, joined_at);

    CREATE TABLE membership_types (
      company_id text NOT NULL REFERENCES companies(id),
      type text NOT NULL,
      stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
      monthly_price numeric(10,2) NOT NULL CHECK (monthly_price >= 0),
      max_seats integer NOT NULL CHECK (max_seats >= 0),
      PRIMARY KEY (company_id, type)
    );

    CREATE TABLE zones (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      group_id uuid NOT NULL REFERENCES company_groups(id),
      title text NOT NULL,
      state text NOT NULL DEFAULT 'OPERATIVE' CHECK (state IN ('OPERATIVE', 'CLOSED')),
      start_since date NOT NULL,
      country_id text,
      city_id text,
      phone text,
      email text,
      closed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX zones_group ON zones (company_id, group_id, title);

    CREATE TABLE zone_seats (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies(id),
      zone_id uuid NOT NULL REFERENCES zones(id),
      membership_type text NOT NULL,
      agent_id uuid NOT NULL REFERENCES users(id),
      taken_at timestamptz NOT NULL DEFAULT now(),
      released_at timestamptz,
      FOREIGN KEY (company_id, membership_type) REFERENCES membership_types (company_id, type)
    );
    CREATE UNIQUE INDEX zone_seats_open_agent ON zone_seats (zone_id, agent_id) WHERE released_at IS NULL;
    CREATE INDEX zone_seats_zone_open ON zone_seats (zone_id, membership_type) WHERE released_at IS NULL;

    CREATE TABLE leads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      agent_id uuid NOT NULL REFERENCES users(id),
      zone_id uuid REFERENCES zones(id),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      email_key text NOT NULL,
      phone text,
      note text,
      state text NOT NULL CHECK (state IN ('RESERVED', 'EXTENDED', 'EXPIRED', 'CONVERTED', 'DISCARDED')),
      reserved_at timestamptz NOT NULL DEFAULT now(),
      reserved_until timestamptz NOT NULL,
      extended_at timestamptz,
      expiry_warned_at timestamptz,
      expired_at timestamptz,
      discarded_at timestamptz,
      discard_kind text CHECK (discard_kind IN ('CLIENT', 'OFFERING')),
      discard_reason text,
      converted_at timestamptz,
      converted_user_id uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX leads_live_person ON leads (company_id, email_key) WHERE state IN ('RESERVED', 'EXTENDED');
    CREATE INDEX leads_agent_state ON leads (agent_id, state, reserved_until);
    CREATE INDEX leads_due ON leads (reserved_until) WHERE state IN ('RESERVED', 'EXTENDED');
    CREATE INDEX leads_email ON leads (company_id, email_key);

    CREATE TABLE customer_agent_assignments (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies(id),
      customer_id uuid NOT NULL REFERENCES users(id),
      agent_id uuid NOT NULL REFERENCES users(id),
      lead_id uuid REFERENCES leads(id),
      assigned_at timestamptz NOT NULL DEFAULT now(),
      assigned_by uuid REFERENCES users(id),
      ended_at timestamptz
    );
    CREATE UNIQUE INDEX customer_agent_assignments_open ON customer_agent_assignments (customer_id) WHERE ended_at IS NULL;
    CREATE INDEX customer_agent_assignments_agent_open ON customer_agent_assignments (agent_id, customer_id) WHERE ended_at IS NULL;

    CREATE TABLE client_notes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies(id),
      client_id uuid NOT NULL REFERENCES users(id),
      author_id uuid NOT NULL REFERENCES users(id),
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX client_notes_client ON client_notes (client_id, created_at DESC);

    ALTER TABLE contract_events ADD COLUMN reason text;
    ALTER TABLE contract_events ADD COLUMN payment_reference text;
    CREATE INDEX contracts_company_state_created ON contracts (company_id, state, created_at, id);
  `);
}
