import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  APPROPRIATENESS_VERSION,
  EUR_SCALE,
  MAX_SCORE,
  formatEur,
  hireAmount,
  isCurrentKeyInfoVersion,
  isTestCurrent,
  lossCapacity,
  parseEur,
  riskWarnings,
  scoreTest,
  TEST_VALIDITY_YEARS,
  KEY_INFO_SHEET_VERSION,
  formatScaled,
  parseScaled,
  type TAppropriatenessRequest,
  type TAppropriatenessResult,
  type TAppropriatenessStatus,
  type TContractProtection,
  type TRiskCheck,
  type TRiskWarning,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { resolveCustomer } from '../contracts/access.ts';
import { findContractProtection, findLatestAssessment, insertAssessment, insertContractProtection, type TAssessmentRow } from './repository.ts';
import './messages.ts';
import { findAssessmentsForExport, findContractProtectionsForExport } from './repository.ts';
import type { TDb } from '../../db/database.ts';

const validUntil = (takenAt: Date): Date => {
  const until = new Date(takenAt.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + TEST_VALIDITY_YEARS);
  return until;
};

const eur = (text: string) => formatEur(parseEur(String(text)));

function toResult(row: TAssessmentRow, now = new Date()): TAppropriatenessResult {
  const takenAt = new Date(row.taken_at);
  return {
    id: row.id,
    version: row.version,
    takenAt: takenAt.toISOString(),
    validUntil: validUntil(takenAt).toISOString(),
    current: isTestCurrent(takenAt, now),
    score: row.score,
    maxScore: row.max_score,
    passed: row.passed,
    answers: row.answers,
    netWorth: eur(row.net_worth),
    yearlyIncome: eur(row.yearly_income),
    commitments: eur(row.commitments),
    lossCapacity: eur(row.loss_capacity),
  };
}

/** The customer's latest test, if any (the customer, their advisor or an administrator). */
export async function getAppropriateness(app: FastifyInstance, caller: TAuthUser, customerId: string): Promise<TAppropriatenessStatus> {
  const customer = await resolveCustomer(app.db, caller, customerId);
  const row = await findLatestAssessment(app.db, caller.companyId, customer.id);
  return { latest: row ? toResult(row) : null };
}

/**
 * Records a test. Only the investor takes their own test (an advisor or an administrator can
 * read it, not answer it for them): 403 appropriatenessSelfOnly.
 */
export async function submitAppropriateness(
  app: FastifyInstance,
  caller: TAuthUser,
  customerId: string,
  body: TAppropriatenessRequest,
): Promise<TAppropriatenessResult> {
  const customer = await resolveCustomer(app.db, caller, customerId);
  if (customer.id !== caller.id) throw new AppError(403, 'appropriatenessSelfOnly');
  const { score, passed } = scoreTest(body.answers);
  const netWorth = parseScaled(body.netWorth, EUR_SCALE)!;
  const row = await insertAssessment(app.db, {
    companyId: caller.companyId,
    userId: customer.id,
    takenBy: caller.id,
    version: APPROPRIATENESS_VERSION,
    answers: body.answers,
    score,
    maxScore: MAX_SCORE,
    passed,
    netWorth: formatScaled(netWorth, EUR_SCALE),
    yearlyIncome: formatScaled(parseScaled(body.yearlyIncome, EUR_SCALE)!, EUR_SCALE),
    commitments: formatScaled(parseScaled(body.commitments, EUR_SCALE)!, EUR_SCALE),
    lossCapacity: formatScaled(lossCapacity(netWorth), EUR_SCALE),
  });
  return toResult(row);
}

const cents = (amount: number) => parseEur(amount.toFixed(2));

function warningsFor(row: TAssessmentRow, initialAmount: number, recurringAmount: number) {
  const amount = hireAmount(cents(initialAmount), cents(recurringAmount));
  return { amount, warnings: riskWarnings({ passed: row.passed, amount, netWorth: parseEur(String(row.net_worth)) }) };
}

/** The warnings a prospective hire would show, for the hiring screen. */
export async function checkRisk(
  app: FastifyInstance,
  caller: TAuthUser,
  customerId: string,
  body: { initialAmount: number; recurringAmount: number },
): Promise<TRiskCheck> {
  const customer = await resolveCustomer(app.db, caller, customerId);
  const row = await findLatestAssessment(app.db, caller.companyId, customer.id);
  const amount = hireAmount(cents(body.initialAmount), cents(body.recurringAmount));
  if (!row) return { assessment: null, warnings: [], hireAmount: formatEur(amount) };
  return { assessment: toResult(row), warnings: warningsFor(row, body.initialAmount, body.recurringAmount).warnings, hireAmount: formatEur(amount) };
}

export type THireProtection = { assessmentId: string; warnings: TRiskWarning[]; keyInfoVersion: string; acknowledged: boolean };

/**
 * The checks before a hire (issue 16): the current key information sheet was accepted; the
 * customer has a test younger than two years; any warning this hire shows was acknowledged.
 * Each failure is its own problem code, in this order.
 */
export async function checkHireProtection(
  app: FastifyInstance,
  companyId: string,
  customerId: string,
  body: { keyInfoVersion?: string | undefined; riskAcknowledged?: boolean | undefined; initialAmount: number; recurringAmount: number },
): Promise<THireProtection> {
  if (!body.keyInfoVersion) throw new AppError(400, 'keyInfoSheetRequired', { version: KEY_INFO_SHEET_VERSION });
  if (!isCurrentKeyInfoVersion(body.keyInfoVersion)) throw new AppError(400, 'keyInfoSheetUnknown', { version: KEY_INFO_SHEET_VERSION });
  const row = await findLatestAssessment(app.db, companyId, customerId);
  if (!row) throw new AppError(409, 'appropriatenessRequired');
  if (!isTestCurrent(new Date(row.taken_at), new Date())) {
    throw new AppError(409, 'appropriatenessExpired', { years: TEST_VALIDITY_YEARS });
  }
  const { warnings } = warningsFor(row, body.initialAmount, body.recurringAmount);
  if (warnings.length > 0 && body.riskAcknowledged !== true) {
    throw new AppError(409, 'riskWarningNotAcknowledged', { warnings: warnings.join(',') });
  }
  return { assessmentId: row.id, warnings, keyInfoVersion: body.keyInfoVersion, acknowledged: body.riskAcknowledged === true };
}

/** Records, in the hire's transaction, what the investor accepted and acknowledged. */
export async function recordHireProtection(tx: Transaction<Database>, companyId: string, contractId: string, protection: THireProtection) {
  await insertContractProtection(tx, { contractId, companyId, ...protection });
}

/** A contract's investor-protection record (null for contracts hired before issue 16). */
export async function contractProtection(app: FastifyInstance, companyId: string, contractId: string): Promise<TContractProtection | null> {
  const row = await findContractProtection(app.db, companyId, contractId);
  if (!row) return null;
  return {
    keyInfoVersion: row.key_info_version,
    keyInfoAcceptedAt: new Date(row.key_info_accepted_at).toISOString(),
    assessmentId: row.assessment_id,
    warnings: row.warnings as TRiskWarning[],
    acknowledgedAt: row.acknowledged_at ? new Date(row.acknowledged_at).toISOString() : null,
  };
}

/** Personal data export (issue 16): a person's tests, and what each of their hires accepted and was shown. */
export async function listInvestorProtectionForExport(db: TDb, companyId: string, userId: string) {
  const [assessments, hires] = await Promise.all([findAssessmentsForExport(db, companyId, userId), findContractProtectionsForExport(db, companyId, userId)]);
  return { assessments, hires };
}

/**
 * The checks before a market buy (issue 18, decision 0034): the buyer has a current test and
 * passed it (a buyer who did not pass is not offered the secondary market: 409
 * appropriatenessRequired), and acknowledged the key information sheet and the risk warning (the
 * request's schema requires both). Answers what the trade records.
 */
export async function checkMarketBuyProtection(app: FastifyInstance, companyId: string, buyerId: string, now = new Date()): Promise<THireProtection> {
  const row = await findLatestAssessment(app.db, companyId, buyerId);
  if (!row || !row.passed) throw new AppError(409, 'appropriatenessRequired');
  if (!isTestCurrent(new Date(row.taken_at), now)) throw new AppError(409, 'appropriatenessExpired', { years: TEST_VALIDITY_YEARS });
  return { assessmentId: row.id, warnings: [], keyInfoVersion: KEY_INFO_SHEET_VERSION, acknowledged: true };
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseInvestorProtectionRecords } from './repository.ts';
