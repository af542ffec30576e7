import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  allowedActions,
  archivedFromOf,
  calculate,
  checkTransitionDetails,
  detailsFor,
  CONTRACT_STATES,
  decideTransition,
  defaultInputs,
  encodeMessage,
  FIELD_BOUNDS,
  notificationContractStates,
  madridDate,
  parseIsoDate,
  readHistoryReason,
  reflectionPeriodEnd,
  reflectionStatus,
  REFLECTION_WAIVER_TEXT,
  REVOCATION_REASON_KEY,
  paths,
  TASK_TYPES,
  toPage,
  vkey,
  WEB_BASE,
  type TContractAction,
  type TContractDetail,
  type TContractFilter,
  type TContractPage,
  type TContractSearchFilters,
  type TContractSortField,
  type TContractState,
  type TContractSummary,
  type TCreateContractRequest,
  type TDashboardFacets,
  type TDashboardResponse,
  type TFieldError,
  type TPlanId,
  type TReflectionInfo,
  type TReflectionWaiverRequest,
  type TTransitionDetails,
  type TTransitionRefusal,
} from '@kc/domain';
import { AppError, notFound } from '../../lib/app-error.ts';
import { ownerKey } from '../dashboard/dashboard-cache.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { toPaymentPreference } from '../payment-preferences/mapper.ts';
import { paymentPreferenceById } from '../payment-preferences/service.ts';
import { isStaffFor, isUuid, resolveCustomer, resolveCustomerId } from './access.ts';
import { contractCreatedMail, contractStateMail } from './mail.ts';
import { completeTasks, notify } from '../notifications/service.ts';
import {
  findContract,
  findIdempotencyKey,
  findLastContractEvent,
  findPaymentPreferenceOf,
  findProductForContract,
  insertContract,
  insertActiveContract,
  insertContractEvent,
  listContractEvents,
  listContracts,
  insertIdempotencyKey,
  insertReflectionWaiver,
  tryLockIdempotencyKey,
  readDashboard,
  readBoardAnswer,
  BOARD_PAGE_SIZE,
  updateContractState,
  type TContractRowWithOwner,
  type TSummaryRow,
  // Issue 15 (helper imports): activation needs the first payment.
  findUnreversedPaymentReferences,
} from './repository.ts';
import './activation-messages.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
// Investor protection (issue 16, helper kis): the sheet, the test and the warning before a hire.
import { checkHireProtection, contractProtection, recordHireProtection } from '../investor-protection/service.ts';
import { findContractEventsForExport, findContractsForExport } from './repository.ts';
import type { TDb } from '../../db/database.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
// The KC market (issue 18): a contract leaving ACTIVE withdraws its open offers.
import { withdrawOffersOfContract } from '../market/service.ts';

const toIso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

const toSummary = (row: TSummaryRow): TContractSummary => ({
  id: row.id,
  productKey: row.product_key,
  userContractState: row.state as TContractState,
  initialInvestment: row.initial_investment,
  recurringAmmount: row.recurring_amount,
  submissionDate: row.submission_date,
  expiringDate: row.expiring_date,
  contractPeriodType: row.contract_period_type,
  // The dashboard row's countdown (decision 0026): only a NEW contract has a period that matters.
  ...(row.state === 'NEW' ? { reflection: reflectionInfo(row.created_at, row.waived_at) } : {}),
});

/** The reflection period of a hire made at `createdAt`, waived at `waivedAt` (or not). */
export function reflectionInfo(createdAt: Date | string, waivedAt: Date | string | null): TReflectionInfo {
  return { endsAt: reflectionPeriodEnd(new Date(createdAt)).toISOString(), waivedAt: waivedAt === null ? null : toIso(waivedAt) };
}

const statesOf = (filter: TContractFilter): TContractState[] | undefined => (filter === 'ALL' ? undefined : [filter]);

/** The caller's board: one page of their contracts in a state (or all) and the counters of every state. */
export async function getDashboard(app: FastifyInstance, caller: TAuthUser, filter: TContractFilter, page: number, size: number): Promise<TDashboardResponse> {
  // One statement: the page's total is the counter of its state (or of all), read from the same
  // per-state counts (bench/README.md, dashboard budget).
  const { counts, rows } = await readDashboard(app.db, {
    companyId: caller.companyId,
    userId: caller.id,
    state: filter === 'ALL' ? undefined : filter,
    limit: size,
    offset: page * size,
  });
  const facets = Object.fromEntries(CONTRACT_STATES.map((s) => [s, counts[s] ?? 0])) as Record<TContractState, number>;
  const all = CONTRACT_STATES.reduce((sum, s) => sum + facets[s], 0);
  const total = filter === 'ALL' ? all : facets[filter];
  return { contracts: toPage(rows.map(toSummary), page, size, total, false), facets: { ...facets, ALL: all } };
}

/** Whether a dashboard page is the one the database keeps for every owner (all states, page 0, its size). */
export const isKeptPage = (filter: TContractFilter, page: number, size: number): boolean => filter === 'ALL' && page === 0 && size === BOARD_PAGE_SIZE;

/**
 * The kept page's answer as JSON text, as the database wrote it (migration 0039): `alongside` when
 * it came with the session's statement (null: no contract yet), else read by its key. An owner
 * without contracts has no kept answer: undefined, and the caller writes the empty board.
 */
export async function keptDashboardAnswer(app: FastifyInstance, caller: TAuthUser, alongside?: unknown): Promise<string | undefined> {
  const answer = alongside === undefined ? await readBoardAnswer(app.db, { companyId: caller.companyId, userId: caller.id }) : alongside;
  return typeof answer === 'string' && answer !== '' ? answer : undefined;
}

/** The kept answer as a column of the session's statement (the dashboard route). */
export { boardAlongside as dashboardAlongside } from './repository.ts';

/** A customer's contracts, filtered, sorted (whitelisted fields) and paged. */
export async function searchContracts(
  app: FastifyInstance,
  caller: TAuthUser,
  userId: string,
  query: { page: number; size: number; sort?: { field: TContractSortField; direction: 'asc' | 'desc' } | undefined; contractState: TContractFilter },
  filters: TContractSearchFilters,
): Promise<TContractPage> {
  const customerId = await resolveCustomerId(app.db, caller, userId, 'userNotFound');
  const list = await listContracts(app.db, {
    companyId: caller.companyId,
    userId: customerId,
    states: statesOf(query.contractState),
    filters,
    sort: query.sort,
    limit: query.size,
    offset: query.page * query.size,
  });
  return toPage(list.rows.map(toSummary), query.page, query.size, list.total, query.sort !== undefined);
}

/** The contract if the caller may see it (owner, their advisor, an administrator); 404 otherwise. */
async function reachableContract(app: FastifyInstance, caller: TAuthUser, id: string): Promise<TContractRowWithOwner> {
  if (!isUuid(id)) throw notFound('contractNotFound');
  const contract = await findContract(app.db, caller.companyId, id);
  if (!contract || !(contract.user_id === caller.id || isStaffFor(caller, { id: contract.user_id, advisor_id: contract.owner_advisor_id, blocked_at: contract.owner_blocked_at }))) {
    throw notFound('contractNotFound');
  }
  return contract;
}

/** 404 `contractNotFound` unless the caller may see the contract (the path-reach gate's check). */
export async function assertContractReachable(app: FastifyInstance, caller: TAuthUser, id: string): Promise<void> {
  await reachableContract(app, caller, id);
}

/** 404 (`code`) unless the caller may act for the customer (the path-reach gate's check). */
export async function assertCustomerReachable(app: FastifyInstance, caller: TAuthUser, customerId: string, code: string): Promise<void> {
  await resolveCustomerId(app.db, caller, customerId, code);
}

export async function getContractDetail(app: FastifyInstance, caller: TAuthUser, id: string): Promise<TContractDetail> {
  const contract = await reachableContract(app, caller, id);
  const [product, events, preference, protection] = await Promise.all([
    findProductForContract(app.db, caller.companyId, contract.product_id),
    listContractEvents(app.db, contract.id),
    contract.payment_preference_id ? paymentPreferenceById(app.db, contract.payment_preference_id) : Promise.resolve(undefined),
    contractProtection(app, caller.companyId, contract.id),
  ]);
  const isStaff = isStaffFor(caller, { id: contract.user_id, advisor_id: contract.owner_advisor_id, blocked_at: contract.owner_blocked_at });
  const isOwner = contract.user_id === caller.id;
  const waivedAt = contract.waived_at === null ? null : new Date(contract.waived_at);
  const reflectionOpen = contract.state === 'NEW' && reflectionStatus(new Date(contract.created_at), new Date(), waivedAt).open;
  const history = events.map((e) => ({
    fromState: (e.from_state as TContractState | null) ?? null,
    toState: e.to_state as TContractState,
    at: toIso(e.at),
    actor: e.actor_id ? { id: e.actor_id, name: `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() } : null,
    // A revocation's reason is a message key (rows of the first version held a fixed text: read as the key).
    reason: readHistoryReason(e.reason),
    paymentReference: e.payment_reference,
  }));
  // An ARCHIVED contract is offered recovery only back to the state its history says it left.
  const context = { archivedFrom: contract.state === 'ARCHIVED' ? archivedFromOf(history) : null };
  return {
    ...toSummary(contract),
    productId: contract.product_id,
    productType: product?.product_type ?? '',
    productNameEs: product?.name_es ?? contract.product_key,
    productNameEn: product?.name_en ?? contract.product_key,
    customer: { id: contract.user_id, firstName: contract.owner_first_name, lastName: contract.owner_last_name, email: contract.owner_email },
    paymentPreference: preference ? toPaymentPreference(preference) : null,
    projection: product ? project(app, contract, Number(product.kc_rate)) : null,
    createdAt: toIso(contract.created_at),
    updatedAt: toIso(contract.updated_at),
    history,
    // Revoke is offered to the owner only, and only while the reflection period is open (decision 0026).
    allowedActions: allowedActions(contract.state as TContractState, isStaff, isOwner, context).filter((action) => action !== 'revoke' || reflectionOpen),
    investorProtection: protection,
    reflection: {
      ...reflectionInfo(contract.created_at, contract.waived_at),
      waivedBy: contract.waived_by ? { id: contract.waived_by, name: `${contract.waived_by_first_name ?? ''} ${contract.waived_by_last_name ?? ''}`.trim() } : null,
      waiverTextVersion: contract.waiver_text_version,
      canWaive: isOwner && reflectionOpen,
    },
  };
}

/** Whole years from start to end when end is the same day N years later (29 Feb → 28 Feb allowed). */
export function wholeYearsBetween(start: string, end: string): number | null {
  const a = parseIsoDate(start);
  const b = parseIsoDate(end);
  if (!a || !b) return null;
  const years = b.year - a.year;
  const sameDay = a.month === b.month && (a.day === b.day || (a.month === 2 && a.day === 29 && b.day === 28));
  return sameDay ? years : null;
}

function project(app: FastifyInstance, contract: { product_key: string; submission_date: string; expiring_date: string; initial_investment: string; recurring_amount: string }, kcInteres: number) {
  const years = wholeYearsBetween(contract.submission_date, contract.expiring_date);
  if (years === null) return null;
  try {
    const result = runEngine(app, contract.product_key as TPlanId, years, Number(contract.initial_investment), Number(contract.recurring_amount), kcInteres);
    return { numAnyos: years, kcInteres, totalAportado: result.totalAportado, resultadoKc: result.resultadoKc };
  } catch {
    return null;
  }
}

function runEngine(app: FastifyInstance, planId: TPlanId, years: number, initial: number, monthly: number, kcInteres: number) {
  const baseYear = app.config.CALCULATOR_BASE_YEAR ?? new Date().getUTCFullYear();
  const defaults = defaultInputs(planId, baseYear);
  return calculate(
    {
      ...defaults,
      numAnyos: years,
      anyoJubilacion: baseYear + years,
      edadJubilacion: Math.min(FIELD_BOUNDS.edadJubilacion.max, defaults.edadActual + years),
      capitalInicial: initial,
      aportacionMensual: monthly,
      kcInteres,
    },
    planId,
  );
}

const DAY_MS = 86_400_000;
const MAX_START_DAYS_AHEAD = 366;

/** The checks the shared engine and the catalogue make on a hire; throws 400 with field errors. */
async function checkHire(app: FastifyInstance, companyId: string, customerId: string, body: TCreateContractRequest) {
  const product = await (isUuid(body.productId) ? findProductForContract(app.db, companyId, body.productId) : Promise.resolve(undefined));
  if (!product || product.product_key !== body.productKey || product.product_type !== body.productType) {
    throw new AppError(400, 'productUnknown', {}, [{ field: 'productId', message: vkey('invalid') }]);
  }
  const fields: TFieldError[] = [];
  const fixed = product.fixed_values;
  const exactly = (value: number) => encodeMessage(vkey('between'), { min: value, max: value });
  if (fixed.capitalInicial !== undefined && body.initialAmount !== fixed.capitalInicial) {
    fields.push({ field: 'initialAmount', message: exactly(fixed.capitalInicial) });
  }
  if (fixed.aportacionMensual !== undefined && body.recurringAmount !== fixed.aportacionMensual) {
    fields.push({ field: 'recurringAmount', message: exactly(fixed.aportacionMensual) });
  }
  if (fields.length > 0) throw new AppError(400, 'contractFixedValues', {}, fields);

  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const start = Date.parse(`${body.submissionDate}T00:00:00Z`);
  // One day of tolerance for the browser's time zone.
  if (start < today - DAY_MS || start > today + MAX_START_DAYS_AHEAD * DAY_MS) {
    throw new AppError(400, 'contractStartInvalid', {}, [{ field: 'submissionDate', message: vkey('invalid') }]);
  }
  const years = wholeYearsBetween(body.submissionDate, body.expiringDate);
  if (years === null || years < 1 || years > FIELD_BOUNDS.numAnyos.max) {
    throw new AppError(400, 'contractTermInvalid', { max: FIELD_BOUNDS.numAnyos.max }, [{ field: 'expiringDate', message: vkey('invalid') }]);
  }
  try {
    runEngine(app, body.productKey, years, body.initialAmount, body.recurringAmount, Number(product.kc_rate));
  } catch {
    throw new AppError(400, 'contractOutOfBounds');
  }
  const preference = isUuid(body.paymentPreferenceId)
    ? await findPaymentPreferenceOf(app.db, companyId, customerId, body.paymentPreferenceId)
    : undefined;
  if (!preference) {
    throw new AppError(400, 'paymentPreferenceUnknown', {}, [{ field: 'paymentPreferenceId', message: vkey('invalid') }]);
  }
  return { product };
}

const dashboardUrl = (app: FastifyInstance) => `${app.config.PUBLIC_URL.replace(/\/$/, '')}${WEB_BASE}${paths.dashboard.href()}`;

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fingerprint of a hire request, kept with its idempotency key. */
export const hashContractRequest = (customerId: string, body: TCreateContractRequest): string =>
  createHash('sha256').update(canonicalJson({ customerId, body })).digest('hex');

/**
 * Hires a product for a customer. With an Idempotency-Key, the key is recorded in the contract's
 * own transaction, under a transaction-scoped lock of that key: a retry with the same body gets
 * the same contract (200), with another body 422, and while the first request's transaction is
 * still open 409. A request that fails or dies (even with its process, `kill -9`) leaves no trace:
 * its transaction rolls back and PostgreSQL frees the lock, so the key is never stuck.
 */
export async function createContract(
  app: FastifyInstance,
  caller: TAuthUser,
  customerId: string,
  body: TCreateContractRequest,
  idempotencyKey: string | undefined,
): Promise<{ status: 200 | 201; contract: TContractDetail }> {
  const customer = await resolveCustomer(app.db, caller, customerId);
  const ref = idempotencyKey ? { companyId: caller.companyId, userId: caller.id, key: idempotencyKey } : undefined;
  const requestHash = hashContractRequest(customer.id, body);
  // A retry of a finished request is answered without checking the body against today's rules.
  if (ref) {
    const done = await findIdempotencyKey(app.db, ref);
    if (done) return replayed(app, caller, done, requestHash);
  }
  const { product } = await checkHire(app, caller.companyId, customer.id, body);
  const protection = await checkHireProtection(app, caller.companyId, customer.id, body);
  type TOutcome = { replay: { request_hash: string; contract_id: string } } | { created: string };
  const outcome = await app.db.transaction().execute(async (tx): Promise<TOutcome> => {
    if (ref) {
      if (!(await tryLockIdempotencyKey(tx, ref))) throw new AppError(409, 'idempotencyInProgress');
      // Under the lock, a row can only come from a transaction that has committed.
      const done = await findIdempotencyKey(tx, ref);
      if (done) return { replay: done };
    }
    const id = await insertContract(tx, {
      companyId: caller.companyId,
      userId: customer.id,
      productId: product.id,
      productKey: product.product_key,
      initialInvestment: body.initialAmount.toFixed(2),
      recurringAmount: body.recurringAmount.toFixed(2),
      submissionDate: body.submissionDate,
      expiringDate: body.expiringDate,
      paymentPreferenceId: body.paymentPreferenceId,
    });
    await insertContractEvent(tx, { contractId: id, fromState: null, toState: 'NEW', actorId: caller.id });
    await recordHireProtection(tx, caller.companyId, id, protection);
    if (ref) await insertIdempotencyKey(tx, ref, requestHash, id);
    const productName = customer.language === 'en' ? product.name_en : product.name_es;
    await app.mailer.enqueue(
      tx,
      contractCreatedMail(
        { id, productName, companyId: caller.companyId, owner: { email: customer.email, firstName: customer.first_name, language: customer.language } },
        dashboardUrl(app),
      ),
    );
    if (customer.advisor_id) {
      // The customer's advisor confirms the first payment; the task closes when the contract leaves NEW.
      await notify(tx, {
        companyId: caller.companyId,
        userId: customer.advisor_id,
        kind: 'task',
        severity: 'HIGH',
        key: 'contractHired',
        params: { customerName: `${customer.first_name} ${customer.last_name}`, productName: { es: product.name_es, en: product.name_en } },
        links: [{ label: 'viewContract', link: paths.contracts.href(id) }],
        subject: { type: 'contract', id },
        taskType: TASK_TYPES.confirmFirstPayment,
      });
    }
    return { created: id };
  });
  if ('replay' in outcome) return replayed(app, caller, outcome.replay, requestHash);
  contractsChanged(app, caller.companyId, customer.id);
  return { status: 201, contract: await getContractDetail(app, caller, outcome.created) };
}

/** The answer to a retried key: its contract when the body is the same, 422 otherwise. */
async function replayed(
  app: FastifyInstance,
  caller: TAuthUser,
  done: { request_hash: string; contract_id: string },
  requestHash: string,
): Promise<{ status: 200; contract: TContractDetail }> {
  if (done.request_hash !== requestHash) throw new AppError(422, 'idempotencyKeyReused');
  return { status: 200, contract: await getContractDetail(app, caller, done.contract_id) };
}

/**
 * After a change to an owner's contracts has committed: this process's dashboard answers for
 * them go at once (other processes hear the database's notification; decision 0009).
 */
function contractsChanged(app: FastifyInstance, companyId: string, userId: string): void {
  app.dashboardCache.forget(ownerKey(companyId, userId));
}

/**
 * Moves a contract by one action of the state machine, records who and when (and the payment
 * reference of an activation, the reason of a suspension or resumption: required, see
 * `checkTransitionDetails`), and mails the investor. The one implementation of the transition
 * rules: the contract page and the advisor's workspace both come here.
 */
export async function transitionContract(
  app: FastifyInstance,
  caller: TAuthUser,
  id: string,
  action: TContractAction,
  audit?: TAuditContext,
  details?: TTransitionDetails,
): Promise<TContractDetail> {
  await reachableContract(app, caller, id);
  const ownerId = await app.db.transaction().execute(async (tx) => {
    const contract = await findContract(tx, caller.companyId, id, { forUpdate: true });
    if (!contract) throw notFound('contractNotFound');
    const isStaff = isStaffFor(caller, { id: contract.user_id, advisor_id: contract.owner_advisor_id, blocked_at: contract.owner_blocked_at });
    // Recovery returns a contract to the state it was archived from (decision 0043): its last event says which.
    const archivedFrom = contract.state === 'ARCHIVED' ? archivedFromOf(await lastEvents(tx, contract.id)) : null;
    const decision = decideTransition(contract.state as TContractState, action, isStaff, contract.user_id === caller.id, { archivedFrom });
    if (!decision.ok) throw transitionRefused(decision.reason, contract.state, action);
    const waivedAt = contract.waived_at === null ? null : new Date(contract.waived_at);
    if (action === 'revoke') assertRevocable(new Date(contract.created_at), new Date(), waivedAt);
    const missing = checkTransitionDetails(action, details);
    if (missing.length > 0) throw new AppError(400, action === 'activate' ? 'paymentReferenceRequired' : 'transitionReasonRequired', {}, missing);
    // Staff do not activate a contract inside its reflection period unless the investor waived it (decision 0026).
    if (action === 'activate') assertActivatable(new Date(contract.created_at), new Date(), waivedAt);
    const recorded = detailsFor(action, details);
    // The history tells a revocation from a cancellation (both go NEW → DELETED): a message key,
    // rendered in the reader's language.
    if (action === 'revoke') recorded.reason = REVOCATION_REASON_KEY;
    // Issue 15 (helper imports): the first recorded payment is what lets a NEW contract be activated,
    // and the activation names it by its reference (decision 0019).
    if (action === 'activate') {
      const references = await findUnreversedPaymentReferences(tx, caller.companyId, contract.id);
      if (references.length === 0) throw new AppError(409, 'firstPaymentMissing');
      if (!references.includes(recorded.paymentReference ?? '')) throw new AppError(409, 'paymentReferenceNotRecorded', { reference: recorded.paymentReference ?? '' });
    }
    if (!(await updateContractState(tx, contract.id, decision.from, decision.to))) throw new AppError(409, 'transitionNotAllowed', { state: contract.state, action });
    // The KC market (issue 18, decision 0034): units on offer never leave with the contract; its open offers are withdrawn.
    if (decision.from === 'ACTIVE') await withdrawOffersOfContract(app, tx, caller.companyId, contract.id);
    await insertContractEvent(tx, {
      contractId: contract.id,
      fromState: decision.from,
      toState: decision.to,
      actorId: caller.id,
      reason: recorded.reason,
      paymentReference: recorded.paymentReference,
    });
    // A change made by staff (not by the customer) goes to the audit log, in this transaction.
    if (isStaff && contract.user_id !== caller.id) {
      await recordAudit(tx, audit ?? { companyId: caller.companyId, actorId: caller.id, ipAddress: null }, {
        entityType: 'contract',
        entityId: contract.id,
        action: `contract.${action}`,
        before: { state: decision.from, userId: contract.user_id },
        after: {
          state: decision.to,
          userId: contract.user_id,
          // The reason is typed about the customer: it stays in the contract's history, which the erasure reaches.
          ...(recorded.reason ? { reasonGiven: true } : {}),
          ...(recorded.paymentReference ? { paymentReference: recorded.paymentReference } : {}),
        },
      });
    }
    const product = await findProductForContract(tx, caller.companyId, contract.product_id);
    const productName = (contract.owner_language === 'en' ? product?.name_en : product?.name_es) ?? contract.product_key;
    await app.mailer.enqueue(
      tx,
      contractStateMail(
        {
          id: contract.id,
          productName,
          companyId: caller.companyId,
          owner: { email: contract.owner_email, firstName: contract.owner_first_name, language: contract.owner_language },
        },
        action,
        decision.to,
        dashboardUrl(app),
        recorded,
      ),
    );
    await notify(tx, {
      companyId: caller.companyId,
      userId: contract.user_id,
      kind: 'notification',
      key: 'contractStateChanged',
      params: {
        productName: product ? { es: product.name_es, en: product.name_en } : contract.product_key,
        state: notificationContractStates[decision.to] ?? decision.to,
      },
      links: [{ label: 'viewContract', link: paths.contracts.href(contract.id) }],
      subject: { type: 'contract', id: contract.id },
    });
    // The first-payment task closes when the contract leaves NEW for good (activated or deleted); an
    // archived NEW contract may come back NEW, still waiting for its first payment.
    if (decision.from === 'NEW' && decision.to !== 'ARCHIVED') {
      await completeTasks(tx, {
        companyId: caller.companyId,
        subjectType: 'contract',
        subjectId: contract.id,
        taskType: TASK_TYPES.confirmFirstPayment,
        completedBy: caller.id,
      });
    }
    return contract.user_id;
  });
  contractsChanged(app, caller.companyId, ownerId);
  return getContractDetail(app, caller, id);
}

/** A contract's latest event as the history `archivedFromOf` reads (none: an empty history). */
async function lastEvents(tx: Transaction<Database>, contractId: string) {
  const last = await findLastContractEvent(tx, contractId);
  return last ? [{ fromState: last.from_state, toState: last.to_state }] : [];
}

/** The problem a refused transition answers with. */
function transitionRefused(reason: TTransitionRefusal, state: string, action: TContractAction): AppError {
  switch (reason) {
    case 'staffOnly':
      return new AppError(403, 'transitionStaffOnly');
    case 'ownerOnly':
      return new AppError(403, 'revokeOwnerOnly');
    // Neither the owner nor staff: the same answer as for a contract that does not exist.
    case 'notOwnerOrStaff':
      return notFound('contractNotFound');
    case 'archivedFromUnknown':
      return new AppError(409, 'recoverOriginUnknown');
    case 'notAllowedInState':
      return new AppError(409, 'transitionNotAllowed', { state, action });
  }
}

/** The last Madrid calendar day of a hire's reflection period (YYYY-MM-DD), as the problems name it. */
const lastReflectionDay = (hiredAt: Date) => madridDate(new Date(reflectionPeriodEnd(hiredAt).getTime() - 1));

/**
 * The reflection period's revocation (Regulation (EU) 2020/1503 Art. 22, decision 0026): the owner
 * (checked by the state machine) only before the period's end (`reflectionPeriodEnd`, Europe/Madrid)
 * and not after waiving it. `now` is the server's clock (tests pin `Date`).
 */
function assertRevocable(hiredAt: Date, now: Date, waivedAt: Date | null): void {
  const status = reflectionStatus(hiredAt, now, waivedAt);
  if (status.open) return;
  if (status.reason === 'waived') throw new AppError(409, 'reflectionPeriodWaived');
  throw new AppError(409, 'reflectionPeriodOver', { lastDay: lastReflectionDay(hiredAt) });
}

/** Activation waits for the period's end, unless the investor waived it (decision 0026). */
function assertActivatable(hiredAt: Date, now: Date, waivedAt: Date | null): void {
  if (reflectionStatus(hiredAt, now, waivedAt).open) {
    throw new AppError(409, 'reflectionPeriodOpen', { lastDay: lastReflectionDay(hiredAt) });
  }
}

/**
 * The investor waives the reflection period of a NEW contract of theirs (decision 0026): the owner
 * only (staff acting for them: 403; others' ids: 404), inside the period (after it, or once waived:
 * 409), confirming the current text (an older version: 400). Recorded with who, when (the server's
 * clock) and the text's key and version; from then on the advisor may activate it and it can no
 * longer be revoked.
 */
export async function waiveReflection(app: FastifyInstance, caller: TAuthUser, id: string, body: TReflectionWaiverRequest): Promise<TContractDetail> {
  await reachableContract(app, caller, id);
  const ownerId = await app.db.transaction().execute(async (tx) => {
    const contract = await findContract(tx, caller.companyId, id, { forUpdate: true });
    if (!contract) throw notFound('contractNotFound');
    if (contract.user_id !== caller.id) throw new AppError(403, 'reflectionWaiverOwnerOnly');
    if (body.textVersion !== REFLECTION_WAIVER_TEXT.version) {
      throw new AppError(400, 'reflectionWaiverTextOutdated', {}, [{ field: 'textVersion', message: vkey('invalid') }]);
    }
    if (contract.waived_at !== null) throw new AppError(409, 'reflectionPeriodWaived');
    if (contract.state !== 'NEW') throw new AppError(409, 'reflectionWaiverNotNew', { state: contract.state });
    const now = new Date();
    const hiredAt = new Date(contract.created_at);
    if (!reflectionStatus(hiredAt, now).open) throw new AppError(409, 'reflectionPeriodOver', { lastDay: lastReflectionDay(hiredAt) });
    const inserted = await insertReflectionWaiver(tx, {
      contractId: contract.id,
      companyId: caller.companyId,
      waivedBy: caller.id,
      waivedAt: now,
      textKey: REFLECTION_WAIVER_TEXT.key,
      textVersion: REFLECTION_WAIVER_TEXT.version,
    });
    if (!inserted) throw new AppError(409, 'reflectionPeriodWaived');
    return contract.user_id;
  });
  contractsChanged(app, caller.companyId, ownerId);
  return getContractDetail(app, caller, id);
}

/**
 * How many contracts a customer has, by state and ALL (the back office's user page). The caller
 * (users service) has already checked that the customer is within its scope.
 */
export async function countCustomerContracts(app: FastifyInstance, companyId: string, userId: string): Promise<TDashboardFacets> {
  const { counts } = await readDashboard(app.db, { companyId, userId, limit: 0, offset: 0 });
  const facets = Object.fromEntries(CONTRACT_STATES.map((s) => [s, counts[s] ?? 0])) as Record<TContractState, number>;
  return { ...facets, ALL: CONTRACT_STATES.reduce((sum, s) => sum + facets[s], 0) };
}

/** Personal data export (issue 16): a person's contracts and the state changes of each, for themselves only. */
export async function listContractsForExport(db: TDb, companyId: string, userId: string) {
  const [contracts, events] = await Promise.all([findContractsForExport(db, companyId, userId), findContractEventsForExport(db, companyId, userId)]);
  return { contracts, events };
}

/**
 * The KC market (issue 18, decision 0034): the buyer's holding of a trade is a new contract of the
 * seller's product, ACTIVE from the trade (the history says who opened it), written in the trade's
 * transaction. Answers its id.
 */
export async function openContractForTrade(
  tx: Transaction<Database>,
  values: { companyId: string; buyerId: string; productId: string; productKey: string; amount: string; submissionDate: string; expiringDate: string; periodType: string; at: Date },
): Promise<string> {
  const id = await insertActiveContract(tx, {
    companyId: values.companyId,
    userId: values.buyerId,
    productId: values.productId,
    productKey: values.productKey,
    initialInvestment: values.amount,
    submissionDate: values.submissionDate,
    expiringDate: values.expiringDate,
    periodType: values.periodType,
    at: values.at,
  });
  return id;
}

/** After a trade has committed: both owners' dashboard answers go at once. */
export function contractsChangedByTrade(app: FastifyInstance, companyId: string, userIds: readonly string[]): void {
  for (const userId of userIds) contractsChanged(app, companyId, userId);
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseContractEventReasons } from './repository.ts';
