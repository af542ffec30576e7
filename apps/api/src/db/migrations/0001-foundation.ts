import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Companies, OAuth clients, users, products, contracts, payment preferences, mail, limits. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE companies (
      id text PRIMARY KEY,
      name text NOT NULL,
      contact_email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE oauth_clients (
      id text PRIMARY KEY,
      secret_hash text NOT NULL,
      client_type text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      email text NOT NULL,
      password_hash text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      phone text,
      dni text,
      date_of_birth date,
      country_id text,
      city_id text,
      postal_code text,
      investor_type text NOT NULL DEFAULT 'PERSON',
      company_name text,
      company_tax_id text,
      billing_address_line1 text,
      billing_address_line2 text,
      billing_country text,
      billing_state text,
      billing_city text,
      billing_postal_code text,
      ethereum_wallet text,
      language text NOT NULL DEFAULT 'es',
      roles text[] NOT NULL DEFAULT '{}',
      is_active boolean NOT NULL DEFAULT true,
      is_deleted boolean NOT NULL DEFAULT false,
      is_temporal_password boolean NOT NULL DEFAULT false,
      confirmed_at timestamptz,
      advisor_id uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_modified_at timestamptz NOT NULL DEFAULT now(),
      last_logon_at timestamptz
    );
    CREATE UNIQUE INDEX users_company_email ON users (company_id, lower(email));
    CREATE INDEX users_advisor ON users (advisor_id) WHERE advisor_id IS NOT NULL;
    CREATE TABLE products (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      product_key text NOT NULL,
      product_type text NOT NULL,
      name_es text NOT NULL,
      name_en text NOT NULL,
      kc_rate numeric(6,3) NOT NULL,
      fixed_values jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, product_key)
    );
    CREATE TABLE payment_preferences (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('CARD', 'BANK_TRANSFER', 'ETHEREUM')),
      card_brand text,
      card_last4 text CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
      card_expiry text,
      ethereum_address text,
      iban_last4 text,
      created_at timestamptz NOT NULL DEFAULT now(),
      removed_at timestamptz
    );
    CREATE INDEX payment_preferences_user ON payment_preferences (user_id) WHERE removed_at IS NULL;
    CREATE TABLE contracts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id),
      product_id uuid NOT NULL REFERENCES products(id),
      product_key text NOT NULL,
      state text NOT NULL CHECK (state IN ('NEW', 'ACTIVE', 'STANDBY', 'ARCHIVED', 'DELETED')),
      initial_investment numeric(14,2) NOT NULL,
      recurring_amount numeric(14,2) NOT NULL,
      submission_date date NOT NULL,
      expiring_date date NOT NULL,
      contract_period_type text NOT NULL DEFAULT 'M1',
      payment_preference_id uuid REFERENCES payment_preferences(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contracts_owner_state ON contracts (company_id, user_id, state, submission_date DESC, id);
    CREATE INDEX contracts_owner_date ON contracts (company_id, user_id, submission_date DESC, id);
    CREATE TABLE contract_events (
      id bigserial PRIMARY KEY,
      contract_id uuid NOT NULL REFERENCES contracts(id),
      from_state text,
      to_state text NOT NULL,
      actor_id uuid REFERENCES users(id),
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contract_events_contract ON contract_events (contract_id, at);
    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      company_id text REFERENCES companies(id),
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      sent_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mail_outbox_pending ON mail_outbox (next_attempt_at) WHERE status = 'PENDING';
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_start timestamptz NOT NULL
    );
  `);
}
