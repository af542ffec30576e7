import type { FastifyInstance } from 'fastify';
import {
  EUR_SCALE,
  WEB_BASE,
  encodeMessage,
  formatEur,
  formatPrice,
  formatUnits,
  paths,
  parsePrice,
  parseScaled,
  type TDeclareDistributionRequest,
  type TIncomeDistribution,
  type TDistributionPreview,
  type TValueHistory,
} from '@kc/domain';
import { allowLongWork } from '../../db/timeouts.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { resolveCustomerId } from '../contracts/access.ts';
import { lockLedgerKey, todayUtc } from '../ledger/service.ts';
import { distributionMailTemplates } from './mail.ts';
import {
  allowLargeAggregate,
  creditHoldings,
  enqueueDistributionMails,
  findDistributions,
  findOverlappingDistribution,
  findValueHistory,
  insertCompanyLines,
  insertDistribution,
  insertDistributionJournal,
  previewFigures,
  type TDistributionRow,
  type TFiguresRow,
} from './repository.ts';

const ikey = (key: string) => encodeMessage(`income.errors.${key}`);

/** Reads a numeric's text at a scale, whatever trailing decimals the driver gives. */
function scaled(text: string, scale: number): bigint {
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  const value = parseScaled(trimmed, scale);
  if (value === null) throw new RangeError(`Not an amount at scale ${scale}: ${text}`);
  return value;
}

const figuresOf = (row: TFiguresRow) => {
  const total = scaled(row.total, EUR_SCALE);
  const credited = scaled(row.credited, EUR_SCALE);
  return { contracts: row.contracts, totalUnits: formatUnits(scaled(row.total_units, 6)), total, credited, remainder: total - credited };
};

const toDistribution = (row: TDistributionRow): TIncomeDistribution => ({
  id: row.id,
  periodFrom: row.period_from,
  periodTo: row.period_to,
  recordDate: row.record_date,
  amountPerUnit: formatPrice(scaled(row.amount_per_unit, 6)),
  description: row.description,
  contracts: row.contracts,
  totalUnits: formatUnits(scaled(row.total_units, 6)),
  total: formatEur(scaled(row.total, EUR_SCALE)),
  credited: formatEur(scaled(row.credited, EUR_SCALE)),
  remainder: formatEur(scaled(row.remainder, EUR_SCALE)),
  journalId: row.journal_id,
  declaredAt: row.declared_at.toISOString(),
});

function checkRecordDate(body: TDeclareDistributionRequest) {
  if (body.recordDate > todayUtc()) throw validationFailed([{ field: 'recordDate', message: ikey('futureRecordDate') }]);
}

/** What a distribution would credit on its record date (ADMIN's confirmation): nothing is recorded. */
export async function previewDistribution(app: FastifyInstance, caller: TAuthUser, body: TDeclareDistributionRequest): Promise<TDistributionPreview> {
  checkRecordDate(body);
  const perUnit = formatPrice(parsePrice(body.amountPerUnit));
  const figures = figuresOf(
    await app.db.transaction().execute(async (tx) => {
      await allowLongWork(tx);
      await allowLargeAggregate(tx);
      return previewFigures(tx, { companyId: caller.companyId, recordDate: body.recordDate, perUnit });
    }),
  );
  return {
    recordDate: body.recordDate,
    amountPerUnit: perUnit,
    contracts: figures.contracts,
    totalUnits: figures.totalUnits,
    total: formatEur(figures.total),
    credited: formatEur(figures.credited),
    remainder: formatEur(figures.remainder),
  };
}

/**
 * Declares a distribution (decision 0020): in one transaction, under the company's
 * distribution lock, a DISTRIBUTION journal crediting every contract ACTIVE and holding units
 * on the record date with ⌊units × amount per unit⌋ (one INSERT … SELECT), INCOME_SOURCE
 * debited with ⌊all units × amount per unit⌋, the remainder to ROUNDING, the distribution's
 * row, one mail per investor (one INSERT … SELECT into the outbox) and the audit entry.
 */
export async function declareDistribution(
  app: FastifyInstance,
  caller: TAuthUser,
  body: TDeclareDistributionRequest,
  audit: TAuditContext,
): Promise<TIncomeDistribution> {
  checkRecordDate(body);
  const perUnit = formatPrice(parsePrice(body.amountPerUnit));
  const companyId = caller.companyId;
  const dashboardUrl = `${app.config.PUBLIC_URL.replace(/\/$/, '')}${WEB_BASE}${paths.dashboard.href()}`;
  const row = await app.db.transaction().execute(async (tx) => {
    // One statement credits every contract (40 s for a million), after waiting for another
    // distribution of the company to end: longer than the pool's limits allow a request.
    await allowLongWork(tx);
    await lockLedgerKey(tx, companyId, 'distribution');
    await allowLargeAggregate(tx);
    const overlapping = await findOverlappingDistribution(tx, companyId, body.periodFrom, body.periodTo);
    if (overlapping) throw new AppError(409, 'distributionPeriodTaken', { from: overlapping.period_from, to: overlapping.period_to });
    const journalId = await insertDistributionJournal(tx, {
      companyId,
      occurredOn: body.recordDate,
      description: `Distribution ${body.periodFrom}..${body.periodTo}, ${perUnit} EUR/unit on ${body.recordDate}: ${body.description}`.slice(0, 1000),
      createdBy: caller.id,
    });
    const figures = figuresOf(await creditHoldings(tx, { companyId, recordDate: body.recordDate, perUnit, journalId }));
    if (figures.contracts === 0) throw new AppError(409, 'nothingToDistribute', { date: body.recordDate });
    if (figures.total === 0n) throw new AppError(409, 'distributionTooSmall', { amount: perUnit });
    await insertCompanyLines(tx, { journalId, companyId, total: formatEur(figures.total), remainder: figures.remainder > 0n ? formatEur(figures.remainder) : null });
    const distribution = await insertDistribution(tx, {
      companyId,
      periodFrom: body.periodFrom,
      periodTo: body.periodTo,
      recordDate: body.recordDate,
      amountPerUnit: perUnit,
      description: body.description,
      contracts: figures.contracts,
      totalUnits: figures.totalUnits,
      total: formatEur(figures.total),
      credited: formatEur(figures.credited),
      remainder: formatEur(figures.remainder),
      journalId,
      declaredBy: caller.id,
    });
    const mails = await enqueueDistributionMails(tx, { journalId, companyId, templates: distributionMailTemplates({ ...body, amountPerUnit: perUnit }, dashboardUrl) });
    await recordAudit(tx, audit, {
      entityType: 'distribution',
      entityId: distribution.id,
      action: 'distribution.declare',
      after: {
        periodFrom: body.periodFrom,
        periodTo: body.periodTo,
        recordDate: body.recordDate,
        amountPerUnit: perUnit,
        description: body.description,
        contracts: figures.contracts,
        totalUnits: figures.totalUnits,
        total: formatEur(figures.total),
        credited: formatEur(figures.credited),
        remainder: formatEur(figures.remainder),
        journalId,
        mails,
      },
    });
    return distribution;
  });
  return toDistribution(row);
}

export async function listDistributions(app: FastifyInstance, caller: TAuthUser): Promise<{ distributions: TIncomeDistribution[] }> {
  return { distributions: (await findDistributions(app.db, caller.companyId)).map(toDistribution) };
}

/**
 * A customer's value over time: at each published price date from their first movement on, the
 * units held then, their value at that price (Σ per contract ⌊units × price⌋, as the holdings)
 * and what they had paid in.
 */
export async function getValueHistory(app: FastifyInstance, caller: TAuthUser, customerId: string): Promise<TValueHistory> {
  const customerIdChecked = await resolveCustomerId(app.db, caller, customerId);
  const rows = await findValueHistory(app.db, caller.companyId, customerIdChecked);
  return {
    points: rows.map((r) => ({
      date: r.value_date,
      price: formatPrice(scaled(r.price, 6)),
      units: formatUnits(scaled(r.units, 6)),
      value: formatEur(scaled(r.value, EUR_SCALE)),
      paidIn: formatEur(scaled(r.paid_in, EUR_SCALE)),
    })),
  };
}
