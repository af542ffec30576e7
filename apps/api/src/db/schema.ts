import type { ColumnType, Generated, Selectable, Insertable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Money is `numeric` in the database and a decimal string here
 * (never a float); calendar dates are 'YYYY-MM-DD' strings; instants are Date.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Money = ColumnType<string, string | number, string | number>;
type DateOnly = ColumnType<string, string, string>;

export interface CompaniesTable {
  id: string;
  name: string;
  contact_email: string;
  created_at: Generated<Date>;
}

export interface OAuthClientsTable {
  id: string;
  secret_hash: string;
  client_type: string;
  created_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  company_id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  dni: string | null;
  date_of_birth: DateOnly | null;
  country_id: string | null;
  city_id: string | null;
  postal_code: string | null;
  investor_type: Generated<string>;
  company_name: string | null;
  company_tax_id: string | null;
  billing_address_line1: string | null;
  billing_address_line2: string | null;
  billing_country: string | null;
  billing_state: string | null;
  billing_city: string | null;
  billing_postal_code: string | null;
  ethereum_wallet: string | null;
  language: Generated<string>;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  is_active: Generated<boolean>;
  is_deleted: Generated<boolean>;
  is_temporal_password: Generated<boolean>;
  confirmed_at: Timestamp | null;
  advisor_id: string | null;
  created_at: Generated<Date>;
  last_modified_at: Generated<Date>;
  last_logon_at: Timestamp | null;
  /** Kept by a trigger (kc_fold of names, e-mail and DNI); never written by the API. */
  search_text: Generated<string>;
  /** Kept by triggers on user_totp and passkeys (migration 0040): a confirmed app or a passkey. Never written by the API. */
  has_second_factor: Generated<boolean>;
  /** Issue 16, migration 0026: blocked (only ADMIN sees the person), erased, relationship ended. */
  blocked_at: Timestamp | null;
  erased_at: Timestamp | null;
  relationship_ended_at: Timestamp | null;
}

export interface ProductsTable {
  id: Generated<string>;
  company_id: string;
  product_key: string;
  product_type: string;
  name_es: string;
  name_en: string;
  kc_rate: Money;
  fixed_values: ColumnType<Record<string, number>, string, string>;
  created_at: Generated<Date>;
}

export interface ContractsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  product_id: string;
  product_key: string;
  state: string;
  initial_investment: Money;
  recurring_amount: Money;
  submission_date: DateOnly;
  expiring_date: DateOnly;
  contract_period_type: Generated<string>;
  payment_preference_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ContractEventsTable {
  id: Generated<string>;
  contract_id: string;
  from_state: string | null;
  to_state: string;
  actor_id: string | null;
  at: Generated<Date>;
  /** Why a contract was suspended or resumed (issue 14). */
  reason: string | null;
  /** The payment reference an activation was based on (issue 14). */
  payment_reference: string | null;
}

export interface PaymentPreferencesTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  kind: string;
  card_brand: string | null;
  card_last4: string | null;
  card_expiry: string | null;
  ethereum_address: string | null;
  iban_last4: string | null;
  created_at: Generated<Date>;
  removed_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: Generated<string>;
  company_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  locked_until: Timestamp | null;
  sent_at: Timestamp | null;
  last_error: string | null;
  created_at: Generated<Date>;
  /** The user the mail was addressed to, when the address was theirs when it was queued (migration 0042). */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The lower-cased e-mail of the person whose data a mail to someone else carries (migration 0042). */
  about_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the bodies lost their links' secrets (SENT/FAILED only; NULL until then, migration 0042). */
  scrubbed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: Timestamp;
}

export interface AccessTokensTable {
  token_hash: string;
  user_id: string;
  company_id: string;
  client_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Generated<Date>;
  /** When this session last proved a second factor (issue 18, step-up); null: never. */
  second_factor_at: Generated<Date | null>;
}

// Strong authentication (issue 18, helper sa-server).
export interface UserTotpTable {
  user_id: string;
  company_id: string;
  /** AES-256-GCM ciphertext of the confirmed secret (lib/secret-box.ts); never the secret itself. */
  secret_encrypted: string | null;
  enrolled_at: Timestamp | null;
  /** The last accepted TOTP time step (a replayed code is refused). */
  last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  last_used_at: Timestamp | null;
  pending_secret_encrypted: string | null;
  pending_created_at: Timestamp | null;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  created_at: Generated<Date>;
  used_at: Timestamp | null;
}

/** A (device, network) a person has signed in from (migration 0047): a keyed hash, and coarse families only. */
export interface KnownDevicesTable {
  user_id: string;
  company_id: string;
  fingerprint: string;
  browser: string | null;
  os: string | null;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

export interface MfaTokensTable {
  token_hash: string;
  user_id: string;
  company_id: string;
  client_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  company_id: string;
  form_kind: string;
  language: string;
  name: string;
  surname: string;
  email: string;
  phone: string | null;
  message: string;
  accepted_privacy_at: Timestamp;
  created_at: Generated<Date>;
}

export interface SignUpConfirmationsTable {
  token_hash: string;
  user_id: string;
  company_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface ContractIdempotencyKeysTable {
  company_id: string;
  user_id: string;
  idempotency_key: string;
  request_hash: string;
  contract_id: string;
  created_at: Generated<Date>;
}

export interface NotificationsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  kind: string;
  severity: string;
  message_key: string;
  params: ColumnType<Record<string, unknown>, string, string>;
  links: ColumnType<Array<Record<string, unknown>>, string, string>;
  subject_type: string | null;
  subject_id: string | null;
  task_type: string | null;
  task_state: string | null;
  completed_at: Timestamp | null;
  completed_by: string | null;
  read_at: Timestamp | null;
  dismissed_at: Timestamp | null;
  created_at: Generated<Date>;
  created_seq: ColumnType<string, string | number, string | number>;
}

export interface NotificationInboxesTable {
  user_id: string;
  company_id: string;
  /** bigint: a decimal string on both drivers. */
  last_seq: ColumnType<string, string | number | undefined, string | number>;
  unread: Generated<number>;
}

export interface NotificationEventsTable {
  user_id: string;
  seq: ColumnType<string, string | number, string | number>;
  company_id: string;
  type: string;
  notification_id: string | null;
  unread: number;
  created_at: Generated<Date>;
}

export interface NotificationStreamTicketsTable {
  ticket_hash: string;
  token_hash: string;
  user_id: string;
  company_id: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface PasswordTokensTable {
  token_hash: string;
  user_id: string;
  company_id: string;
  /** SET: a first password for a user created by staff; RESET: a forgotten or reset password. */
  purpose: 'SET' | 'RESET';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: Generated<string>;
  company_id: string;
  actor_id: string | null;
  ip_address: string | null;
  at: Generated<Date>;
  entity_type: string;
  entity_id: string;
  action: string;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
}

/** Sales network (migration 0010). */
type NetworkState = 'OPERATIVE' | 'CLOSED';
interface NetworkNodeColumns {
  id: Generated<string>;
  company_id: string;
  title: string;
  state: ColumnType<NetworkState, NetworkState | undefined, NetworkState>;
  start_since: DateOnly;
  country_id: string | null;
  city_id: string | null;
  phone: string | null;
  email: string | null;
  closed_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface CompanyGroupsTable extends NetworkNodeColumns {
  manager_id: string | null;
}
export interface TeamsTable extends NetworkNodeColumns {
  group_id: string;
  manager_id: string | null;
}
export interface ZonesTable extends NetworkNodeColumns {
  group_id: string;
}
export interface TeamMembershipsTable {
  id: Generated<string>;
  company_id: string;
  team_id: string;
  agent_id: string;
  joined_at: Generated<Date>;
  left_at: Timestamp | null;
  joined_by: string | null;
  left_by: string | null;
}
export interface MembershipTypesTable {
  company_id: string;
  type: string;
  stars: number;
  monthly_price: Money;
  max_seats: number;
}
export interface ZoneSeatsTable {
  id: Generated<string>;
  company_id: string;
  zone_id: string;
  membership_type: string;
  agent_id: string;
  taken_at: Generated<Date>;
  released_at: Timestamp | null;
}
export type TLeadState = 'RESERVED' | 'EXTENDED' | 'EXPIRED' | 'CONVERTED' | 'DISCARDED';
export interface LeadsTable {
  id: Generated<string>;
  company_id: string;
  agent_id: string;
  zone_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  /** The folded e-mail that identifies the person (one live reservation per company). */
  email_key: string;
  phone: string | null;
  note: string | null;
  state: TLeadState;
  reserved_at: Generated<Date>;
  reserved_until: Timestamp;
  extended_at: Timestamp | null;
  expiry_warned_at: Timestamp | null;
  expired_at: Timestamp | null;
  discarded_at: Timestamp | null;
  discard_kind: 'CLIENT' | 'OFFERING' | null;
  discard_reason: string | null;
  converted_at: Timestamp | null;
  converted_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface CustomerAgentAssignmentsTable {
  id: Generated<string>;
  company_id: string;
  customer_id: string;
  agent_id: string;
  lead_id: string | null;
  assigned_at: Generated<Date>;
  assigned_by: string | null;
  ended_at: Timestamp | null;
}
/** One row per agent, kept by the triggers of migration 0015 (figures from rows, never typed in). */
export interface AgentFiguresTable {
  agent_id: string;
  company_id: string;
  customers: number;
  active_contracts: number;
  investment: string;
  active_leads: number;
  discarded_clients: number;
  discarded_offerings: number;
}
export interface ClientNotesTable {
  id: Generated<string>;
  company_id: string;
  client_id: string;
  author_id: string;
  body: string;
  created_at: Generated<Date>;
}

/** Money ledger (migration 0014). Amounts are numeric strings; ids of journals and lines are int8 strings. */
export interface KcPricesTable {
  company_id: string;
  value_date: DateOnly;
  price: Money;
  asset_report: string;
  published_by: string | null;
  published_at: Generated<Date>;
}

export interface LedgerJournalsTable {
  id: Generated<string>;
  company_id: string;
  kind: 'PAYMENT' | 'DISTRIBUTION' | 'REVERSAL' | 'TRADE' | 'PAYOUT';
  occurred_on: DateOnly;
  description: string;
  reverses_journal_id: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface LedgerLinesTable {
  id: Generated<string>;
  journal_id: string;
  company_id: string;
  account: string;
  currency: 'EUR' | 'KCU';
  amount: Money;
  contract_id: string | null;
  user_id: string | null;
}

export interface PaymentsTable {
  id: Generated<string>;
  company_id: string;
  contract_id: string;
  user_id: string;
  amount: Money;
  value_date: DateOnly;
  method: 'TRANSFER' | 'DIRECT_DEBIT' | 'CARD';
  reference: string;
  price: Money;
  price_date: DateOnly;
  units: Money;
  journal_id: string;
  recorded_by: string | null;
  recorded_at: Generated<Date>;
}

/** The KC market (issue 18, migration 0034): offers and their fills. */
export interface MarketOffersTable {
  id: Generated<string>;
  company_id: string;
  seller_id: string;
  contract_id: string;
  units: Money;
  remaining_units: Money;
  price: Money;
  reference_price: Money;
  valid_until: Date;
  status: Generated<'OPEN' | 'FILLED' | 'WITHDRAWN' | 'EXPIRED'>;
  close_reason: 'filled' | 'seller' | 'expired' | 'contractClosed' | null;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  closed_at: Date | null;
}

export interface MarketTradesTable {
  id: Generated<string>;
  company_id: string;
  offer_id: string;
  seller_id: string;
  seller_contract_id: string;
  buyer_id: string;
  buyer_contract_id: string;
  units: Money;
  price: Money;
  /** bigint columns come back as strings. */
  gross_cents: string;
  fee_cents: string;
  net_cents: string;
  journal_id: string;
  idempotency_key: string;
  request_hash: string;
  assessment_id: string;
  key_info_version: string;
  created_at: Generated<Date>;
}

/** Seller payouts (issue 18, migration 0036): append-only, one per PAYOUT journal. */
export interface MarketPayoutsTable {
  id: Generated<string>;
  company_id: string;
  contract_id: string;
  seller_id: string;
  /** bigint comes back as a string. */
  amount_cents: string;
  value_date: DateOnly;
  bank_reference: string;
  journal_id: string;
  idempotency_key: string;
  request_hash: string;
  created_by: string;
  created_at: Generated<Date>;
}

/** Customer documents (issue 15, part "documents", migration 0018): generated PDFs, stored once. */
export interface CustomerDocumentsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  document_id: string;
  kind: 'CONTRACT' | 'RECEIPT' | 'CONTRACT_STATEMENT' | 'INVESTOR_STATEMENT' | 'TRADE';
  contract_id: string | null;
  payment_id: string | null;
  year: number | null;
  language: 'es' | 'en';
  data_digest: string;
  file_name: string;
  content: Uint8Array;
  sha256: string;
  byte_size: number;
  created_by: string | null;
  created_at: Generated<Date>;
}

// Income (issue 15, part income): declared distributions (migration 0017).
export interface DistributionsTable {
  id: Generated<string>;
  company_id: string;
  period_from: DateOnly;
  period_to: DateOnly;
  record_date: DateOnly;
  amount_per_unit: Money;
  description: string;
  contracts: number;
  total_units: Money;
  total: Money;
  credited: Money;
  remainder: Money;
  journal_id: string;
  declared_by: string | null;
  declared_at: Generated<Date>;
}

// --- Jobs board (issue 17, slice jobs; migration 0020) ---
export interface JobOffersTable {
  id: Generated<string>;
  company_id: string;
  title: string;
  company_name: string;
  country_id: string;
  city_id: string;
  city_name: string;
  contract_type: 'PERMANENT' | 'FIXED_TERM' | 'PART_TIME' | 'INTERNSHIP' | 'FREELANCE';
  salary_min: Money;
  salary_max: Money;
  description: string;
  conditions: Generated<string>;
  language: 'es' | 'en';
  status: Generated<'DRAFT' | 'PUBLISHED' | 'CLOSED'>;
  published_at: Date | null;
  closes_on: DateOnly | null;
  closed_at: Date | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Generated by the database (never written). */
  search_vector: ColumnType<string, never, never>;
}

export interface JobOfferStatusHistoryTable {
  id: Generated<string>;
  company_id: string;
  offer_id: string;
  from_status: string | null;
  to_status: string;
  changed_by: string | null;
  changed_at: Generated<Date>;
  note: string | null;
}

export interface JobApplicationsTable {
  id: Generated<string>;
  company_id: string;
  offer_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  email_key: string | null;
  phone: string | null;
  language: 'es' | 'en';
  status: Generated<'NEW' | 'REVIEWED' | 'INTERVIEW' | 'REJECTED' | 'HIRED' | 'WITHDRAWN'>;
  note: string | null;
  consent_at: Date | null;
  cv: Buffer | null;
  cv_file_name: string | null;
  cv_size: number | null;
  submissions: Generated<number>;
  withdraw_token_hash: string | null;
  withdraw_token_expires_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  anonymised_at: Date | null;
}

/** A repeat application's data, pending the confirmation link mailed to the address on file (migration 0043). */
export interface JobApplicationUpdatesTable {
  id: Generated<string>;
  company_id: string;
  application_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  language: 'es' | 'en';
  cv: Buffer | null;
  cv_file_name: string | null;
  cv_size: number | null;
  token_hash: string;
  expires_at: Date;
  created_at: Generated<Date>;
}

export interface JobApplicationStatusHistoryTable {
  id: Generated<string>;
  company_id: string;
  application_id: string;
  from_status: string | null;
  to_status: string;
  changed_by: string | null;
  changed_at: Generated<Date>;
  note: string | null;
}

// --- Properties and plantations behind KC (issue 15, part assets; migration 0019) ---
export interface AssetsTable {
  id: Generated<string>;
  company_id: string;
  kind: 'HOME' | 'PLANTATION';
  status: Generated<'DRAFT' | 'PUBLISHED' | 'WITHDRAWN'>;
  title: string;
  description: string;
  city: string;
  province: string;
  country: string;
  acquisition_date: DateOnly;
  acquisition_price: Money;
  valuation: Money;
  valuation_date: DateOnly;
  /** JSON text of [{url, altEs, altEn, caption}] on write; parsed (or text, on a bare PGlite) on read. */
  photos: ColumnType<unknown, string, string>;
  address: string | null;
  built_area: ColumnType<string | null, string | null, string | null>;
  rooms: number | null;
  bathrooms: number | null;
  monthly_rent: ColumnType<string | null, string | null, string | null>;
  occupancy: string | null;
  energy_rating: string | null;
  location: string | null;
  hectares: ColumnType<string | null, string | null, string | null>;
  trees_planted: number | null;
  planting_date: ColumnType<string | null, string | null, string | null>;
  expected_harvest_year: number | null;
  expected_timber_volume: ColumnType<string | null, string | null, string | null>;
  certification: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_by: string | null;
  updated_at: Generated<Date>;
  published_at: Date | null;
  withdrawn_at: Date | null;
}

/** Photos uploaded by ADMIN (part assets, migration 0019): immutable bytes. */
export interface AssetImagesTable {
  id: Generated<string>;
  company_id: string;
  content_type: string;
  bytes: Uint8Array;
  sha256: string;
  uploaded_by: string | null;
  created_at: Generated<Date>;
}

// Bank statement imports (issue 15, helper imports; migration 0016).
export interface BankStatementImportsTable {
  id: Generated<string>;
  company_id: string;
  file_name: string | null;
  file_sha256: string;
  lines: number;
  recorded: number;
  already_recorded: number;
  unmatched: number;
  already_listed: number;
  ignored: number;
  recorded_amount: Money;
  imported_by: string;
  imported_at: Generated<Date>;
}
export interface BankStatementLinesTable {
  id: Generated<string>;
  company_id: string;
  import_id: string;
  line_number: number;
  line_key: string;
  value_date: DateOnly;
  amount: Money;
  reference: string;
  description: string;
  reason: 'NO_REFERENCE' | 'UNKNOWN_CONTRACT' | 'NOT_PAYABLE' | 'BEFORE_CONTRACT' | 'NO_PRICE' | 'OUT_OF_SCOPE';
  contract_id: string | null;
  status: Generated<'OPEN' | 'ASSIGNED' | 'DISMISSED'>;
  resolved_by: string | null;
  resolved_at: Date | null;
  resolution_note: string | null;
  payment_id: string | null;
}

// Investor protection (issue 16, helper kis).
export interface AppropriatenessAssessmentsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  version: string;
  answers: ColumnType<Record<string, string>, string, string>;
  score: number;
  max_score: number;
  passed: boolean;
  net_worth: string;
  yearly_income: string;
  commitments: string;
  loss_capacity: string;
  taken_by: string | null;
  taken_at: Generated<Date>;
}
export interface ContractInvestorProtectionTable {
  contract_id: string;
  company_id: string;
  key_info_version: string;
  key_info_accepted_at: Date;
  assessment_id: string;
  warnings: ColumnType<string[], string, string>;
  acknowledged_at: Date | null;
}

// The reflection period's waiver (issue 16, part "reflection period").
/** Each owner's first dashboard page, written by the database (migration 0038; never by the API). */
export interface ContractBoardsTable {
  company_id: string;
  user_id: string;
  /** The JSON text of the owner's first dashboard page (migrations 0039 and 0041: kept in the row, uncompressed). */
  answer: string;
}

export interface ContractReflectionWaiversTable {
  contract_id: string;
  company_id: string;
  waived_by: string;
  waived_at: Date;
  text_key: string;
  text_version: string;
}

// Consent records (issue 16, part consents).
export interface ConsentRecordsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string | null;
  contact_message_id: string | null;
  job_application_id: string | null;
  purpose: string;
  choice: string;
  text_version: string;
  source: string;
  recorded_at: Generated<Date>;
}

// Personal data: erasure and retention (issue 16, helper erasure; migration 0026).
export interface PrivacyRequestsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  kind: 'EXPORT' | 'ERASURE';
  state: Generated<'PENDING' | 'CONFIRMED' | 'SUPERSEDED'>;
  token_hash: string | null;
  expires_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** E-mail changes (issue 18, migration 0037): one per request, confirmed once from the new mailbox. */
export interface EmailChangesTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  state: Generated<'PENDING' | 'CONFIRMED' | 'SUPERSEDED'>;
  expires_at: Timestamp;
  confirmed_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Passkeys (issue 18, migration 0033): a person's WebAuthn credentials. */
export interface PasskeysTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  /** base64url, as the browser gives it. */
  credential_id: string;
  /** The COSE public key sent at registration. */
  public_key: Uint8Array;
  /** bigint in the database, read as a decimal string. */
  counter: ColumnType<string, string | number | undefined, string | number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  name: string;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
}

/** E-mail changes (issue 18, migration 0037): one per request, confirmed once from the new mailbox. */
export interface EmailChangesTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  state: Generated<'PENDING' | 'CONFIRMED' | 'SUPERSEDED'>;
  expires_at: Timestamp;
  confirmed_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Passkeys (issue 18, migration 0033): challenges handed out, single use, 5 minutes. */
export interface WebauthnChallengesTable {
  id: Generated<string>;
  company_id: string;
  user_id: string | null;
  purpose: 'registration' | 'authentication' | 'mfa' | 'stepup';
  challenge: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface Database {
  company_groups: CompanyGroupsTable;
  teams: TeamsTable;
  team_memberships: TeamMembershipsTable;
  membership_types: MembershipTypesTable;
  zones: ZonesTable;
  zone_seats: ZoneSeatsTable;
  leads: LeadsTable;
  customer_agent_assignments: CustomerAgentAssignmentsTable;
  agent_figures: AgentFiguresTable;
  client_notes: ClientNotesTable;
  notifications: NotificationsTable;
  notification_inboxes: NotificationInboxesTable;
  notification_events: NotificationEventsTable;
  notification_stream_tickets: NotificationStreamTicketsTable;
  password_tokens: PasswordTokensTable;
  audit_log: AuditLogTable;
  contract_idempotency_keys: ContractIdempotencyKeysTable;
  sign_up_confirmations: SignUpConfirmationsTable;
  contact_messages: ContactMessagesTable;
  access_tokens: AccessTokensTable;
  companies: CompaniesTable;
  oauth_clients: OAuthClientsTable;
  users: UsersTable;
  products: ProductsTable;
  contracts: ContractsTable;
  contract_events: ContractEventsTable;
  payment_preferences: PaymentPreferencesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  kc_prices: KcPricesTable;
  // Part assets (issue 15).
  assets: AssetsTable;
  asset_images: AssetImagesTable;
  ledger_journals: LedgerJournalsTable;
  ledger_lines: LedgerLinesTable;
  payments: PaymentsTable;
  // The KC market (issue 18, helper market-api).
  market_offers: MarketOffersTable;
  market_trades: MarketTradesTable;
  market_payouts: MarketPayoutsTable;
  // Documents and exports (issue 15, part "documents").
  customer_documents: CustomerDocumentsTable;
  // Income (issue 15, part income).
  distributions: DistributionsTable;
  // Jobs board (issue 17, slice jobs).
  job_offers: JobOffersTable;
  job_offer_status_history: JobOfferStatusHistoryTable;
  job_applications: JobApplicationsTable;
  job_application_status_history: JobApplicationStatusHistoryTable;
  job_application_updates: JobApplicationUpdatesTable;
  // Bank statement imports (helper imports).
  bank_statement_imports: BankStatementImportsTable;
  bank_statement_lines: BankStatementLinesTable;
  // Investor protection (issue 16, helper kis).
  appropriateness_assessments: AppropriatenessAssessmentsTable;
  contract_investor_protection: ContractInvestorProtectionTable;
  // Consent records (issue 16, part consents).
  consent_records: ConsentRecordsTable;
  // Personal data: erasure and retention (issue 16, helper erasure).
  privacy_requests: PrivacyRequestsTable;
  email_changes: EmailChangesTable;
  // The reflection period's waiver (issue 16, part "reflection period").
  contract_reflection_waivers: ContractReflectionWaiversTable;
  contract_boards: ContractBoardsTable;
  // Strong authentication (issue 18, helper sa-server).
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  mfa_tokens: MfaTokensTable;
  // Passkeys (issue 18, strong authentication).
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  // The devices a person signs in from (decision 0045).
  known_devices: KnownDevicesTable;
}

export type TUserRow = Selectable<UsersTable>;
export type TNewUser = Insertable<UsersTable>;
export type TUserUpdate = Updateable<UsersTable>;
export type TContractRow = Selectable<ContractsTable>;
export type TMailRow = Selectable<MailOutboxTable>;
