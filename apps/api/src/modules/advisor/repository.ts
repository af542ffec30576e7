import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/** `%`, `_` and `\` match themselves in the search. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const CLIENT_COLUMNS = ['c.id', 'c.email', 'c.first_name', 'c.last_name', 'c.phone', 'c.dni', 'c.is_active', 'c.created_at'] as const;

/**
 * One page of clients with the total: an advisor's (`advisorId`), or every investor and every
 * user with an advisor of the company. Search: a fragment of names, e-mail or DNI folded by
 * kc_fold on both sides (users.search_text). Newest client first.
 */
export async function listClients(
  db: Kysely<Database>,
  input: { companyId: string; advisorId?: string | undefined; q?: string | undefined; limit: number; offset: number; includeBlocked?: boolean },
) {
  let base = db
    .selectFrom('users as c')
    .leftJoin('users as a', (join) => join.onRef('a.id', '=', 'c.advisor_id').on('a.company_id', '=', input.companyId))
    .where('c.company_id', '=', input.companyId)
    .where('c.is_deleted', '=', false);
  // Blocked people (issue 16): ADMIN only.
  if (!input.includeBlocked) base = base.where('c.blocked_at', 'is', null);
  base = input.advisorId
    ? base.where('c.advisor_id', '=', input.advisorId)
    : base.where((eb) => eb.or([eb('c.advisor_id', 'is not', null), eb('c.roles', '@>', sql<string[]>`ARRAY['INVESTOR']::text[]`)]));
  if (input.q) base = base.where(sql<boolean>`c.search_text LIKE '%' || kc_fold(${escapeLike(input.q)}) || '%'`);
  const [rows, count] = await Promise.all([
    base
      .select([...CLIENT_COLUMNS, 'a.id as advisor_id', 'a.first_name as advisor_first_name', 'a.last_name as advisor_last_name', 'a.email as advisor_email'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many contracts each of these clients has in each state. */
export async function countContractsByClient(db: TExecutor, companyId: string, clientIds: string[]) {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom('contracts')
    .select(['user_id', 'state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', clientIds)
    .groupBy(['user_id', 'state'])
    .execute();
}

/** A user of the company with their advisor (undefined when not of this company or deleted). */
export function findClient(db: TExecutor, companyId: string, clientId: string, options: { forUpdate?: boolean; includeBlocked?: boolean } = {}) {
  let query = db
    .selectFrom('users as c')
    .select([
      ...CLIENT_COLUMNS,
      'c.country_id',
      'c.city_id',
      'c.postal_code',
      'c.language',
      'c.confirmed_at',
      'c.advisor_id',
    ])
    .where('c.id', '=', clientId)
    .where('c.company_id', '=', companyId)
    .where('c.is_deleted', '=', false);
  // Blocked people (issue 16): ADMIN only.
  if (!options.includeBlocked) query = query.where('c.blocked_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Someone of the company by id (name and e-mail), e.g. the client's advisor. */
export function findPerson(db: TExecutor, companyId: string, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'language', 'roles', 'is_active', 'is_deleted'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The client's agent: the open assignment (customerAgentAssignment). */
export function findOpenAgent(db: TExecutor, companyId: string, clientId: string) {
  return db
    .selectFrom('customer_agent_assignments as x')
    .innerJoin('users as g', 'g.id', 'x.agent_id')
    .select(['g.id', 'g.email', 'g.first_name', 'g.last_name', 'x.assigned_at'])
    .where('x.company_id', '=', companyId)
    .where('x.customer_id', '=', clientId)
    .where('x.ended_at', 'is', null)
    .executeTakeFirst();
}

/** Every contract of a client (newest first, at most 200) with its product's names. */
export function listClientContracts(db: TExecutor, companyId: string, clientId: string) {
  return db
    .selectFrom('contracts as k')
    .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'k.product_id').on('p.company_id', '=', companyId))
    .select([
      'k.id',
      'k.product_key',
      'k.state',
      'k.initial_investment',
      'k.recurring_amount',
      'k.submission_date',
      'k.expiring_date',
      'k.created_at',
      'p.name_es',
      'p.name_en',
      // The reflection period's waiver (decision 0026).
      (eb) => eb.selectFrom('contract_reflection_waivers as w').select('w.waived_at').whereRef('w.contract_id', '=', 'k.id').as('waived_at'),
    ])
    .where('k.company_id', '=', companyId)
    .where('k.user_id', '=', clientId)
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc')
    .limit(200)
    .execute();
}

/** The history of these contracts, oldest first, with who did each step. */
export function listEventsOf(db: TExecutor, contractIds: string[]) {
  if (contractIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contract_events as e')
    .leftJoin('users as a', 'a.id', 'e.actor_id')
    .select(['e.contract_id', 'e.from_state', 'e.to_state', 'e.at', 'e.actor_id', 'e.reason', 'e.payment_reference', 'a.first_name', 'a.last_name'])
    .where('e.contract_id', 'in', contractIds)
    .orderBy('e.at', 'asc')
    .orderBy('e.id', 'asc')
    .execute();
}

/** The client's payment methods as stored (masked columns only). */
export function listPaymentMethods(db: TExecutor, companyId: string, clientId: string) {
  return db
    .selectFrom('payment_preferences')
    .select(['id', 'kind', 'card_brand', 'card_last4', 'card_expiry', 'iban_last4', 'ethereum_address'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', clientId)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'asc')
    .execute();
}

/** The notes about a client, newest first (at most 200), with their authors. */
export function listNotes(db: TExecutor, companyId: string, clientId: string) {
  return db
    .selectFrom('client_notes as n')
    .innerJoin('users as a', 'a.id', 'n.author_id')
    .select(['n.id', 'n.body', 'n.created_at', 'n.author_id', 'a.first_name', 'a.last_name'])
    .where('n.company_id', '=', companyId)
    .where('n.client_id', '=', clientId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(200)
    .execute();
}

export async function insertNote(tx: TExecutor, note: { companyId: string; clientId: string; authorId: string; body: string }): Promise<string> {
  const row = await tx
    .insertInto('client_notes')
    .values({ company_id: note.companyId, client_id: note.clientId, author_id: note.authorId, body: note.body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * One page of NEW contracts waiting for the first payment, oldest first: an advisor's clients'
 * (`advisorId`) or the company's. Served by contracts_company_state_created.
 */
export async function listQueue(
  db: Kysely<Database>,
  input: { companyId: string; advisorId?: string | undefined; limit: number; offset: number; includeBlocked?: boolean },
) {
  let base = db
    .selectFrom('contracts as k')
    .innerJoin('users as c', 'c.id', 'k.user_id')
    .where('k.company_id', '=', input.companyId)
    .where('k.state', '=', 'NEW');
  // Blocked people (issue 16): ADMIN only.
  if (!input.includeBlocked) base = base.where('c.blocked_at', 'is', null);
  if (input.advisorId) base = base.where('c.advisor_id', '=', input.advisorId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'k.product_id').on('p.company_id', '=', input.companyId))
      .leftJoin('users as a', (join) => join.onRef('a.id', '=', 'c.advisor_id').on('a.company_id', '=', input.companyId))
      .select([
        'k.id',
        'k.product_key',
        'k.initial_investment',
        'k.recurring_amount',
        'k.created_at',
        'p.name_es',
        'p.name_en',
        'c.id as client_id',
        'c.email as client_email',
        'c.first_name as client_first_name',
        'c.last_name as client_last_name',
        'a.id as advisor_id',
        'a.email as advisor_email',
        'a.first_name as advisor_first_name',
        'a.last_name as advisor_last_name',
        // The reflection period's waiver (decision 0026).
        (eb) => eb.selectFrom('contract_reflection_waivers as w').select('w.waived_at').whereRef('w.contract_id', '=', 'k.id').as('waived_at'),
      ])
      .orderBy('k.created_at', 'asc')
      .orderBy('k.id', 'asc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The company's active advisors with their count of active clients (the reassignment's choices). */
export function listAdvisors(db: TExecutor, companyId: string) {
  return db
    .selectFrom('users as a')
    .select(['a.id', 'a.email', 'a.first_name', 'a.last_name'])
    .select((eb) =>
      eb
        .selectFrom('users as c')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('c.advisor_id', '=', 'a.id')
        .where('c.is_active', '=', true)
        .where('c.is_deleted', '=', false)
        .as('clients'),
    )
    .where('a.company_id', '=', companyId)
    .where(sql<boolean>`'ADVISOR' = ANY(a.roles)`)
    .where('a.is_active', '=', true)
    .where('a.is_deleted', '=', false)
    .orderBy('a.last_name')
    .orderBy('a.first_name')
    .orderBy('a.id')
    .limit(500)
    .execute();
}

export async function setClientAdvisor(tx: TExecutor, clientId: string, advisorId: string): Promise<void> {
  await tx.updateTable('users').set({ advisor_id: advisorId, last_modified_at: new Date() }).where('id', '=', clientId).execute();
}

/** The client's contracts still waiting for the first payment (their tasks move with the client). */
export function listNewContracts(tx: TExecutor, companyId: string, clientId: string) {
  return tx
    .selectFrom('contracts as k')
    .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'k.product_id').on('p.company_id', '=', companyId))
    .select(['k.id', 'k.product_key', 'p.name_es', 'p.name_en'])
    .where('k.company_id', '=', companyId)
    .where('k.user_id', '=', clientId)
    .where('k.state', '=', 'NEW')
    .orderBy('k.created_at', 'asc')
    .execute();
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** Advisors' notes about the person: their text replaced (the notes' dates stay). */
export async function eraseClientNotes(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const result = await tx.updateTable('client_notes').set({ body: person.anon }).where('client_id', '=', person.id).executeTakeFirst();
  return { notes: changedRows(result) };
}
