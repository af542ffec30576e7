import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { changedRows, type TErasureCounts } from '../../lib/erasure.ts';

type TDbOrTx = Kysely<Database> | Transaction<Database>;

/** The only SQL of investor protection (issue 16, helper kis). */

export type TAssessmentRow = {
  id: string;
  version: string;
  answers: Record<string, string>;
  score: number;
  max_score: number;
  passed: boolean;
  net_worth: string;
  yearly_income: string;
  commitments: string;
  loss_capacity: string;
  taken_at: Date;
};

const ASSESSMENT_COLUMNS = [
  'id',
  'version',
  'answers',
  'score',
  'max_score',
  'passed',
  'net_worth',
  'yearly_income',
  'commitments',
  'loss_capacity',
  'taken_at',
] as const;

export async function findLatestAssessment(db: TDbOrTx, companyId: string, userId: string): Promise<TAssessmentRow | undefined> {
  return db
    .selectFrom('appropriateness_assessments')
    .select(ASSESSMENT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertAssessment(
  db: TDbOrTx,
  row: {
    companyId: string;
    userId: string;
    takenBy: string;
    version: string;
    answers: Record<string, string>;
    score: number;
    maxScore: number;
    passed: boolean;
    netWorth: string;
    yearlyIncome: string;
    commitments: string;
    lossCapacity: string;
  },
): Promise<TAssessmentRow> {
  return db
    .insertInto('appropriateness_assessments')
    .values({
      company_id: row.companyId,
      user_id: row.userId,
      taken_by: row.takenBy,
      version: row.version,
      answers: JSON.stringify(row.answers),
      score: row.score,
      max_score: row.maxScore,
      passed: row.passed,
      net_worth: row.netWorth,
      yearly_income: row.yearlyIncome,
      commitments: row.commitments,
      loss_capacity: row.lossCapacity,
    })
    .returning(ASSESSMENT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function insertContractProtection(
  db: TDbOrTx,
  row: { contractId: string; companyId: string; keyInfoVersion: string; assessmentId: string; warnings: string[]; acknowledged: boolean },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('contract_investor_protection')
    .values({
      contract_id: row.contractId,
      company_id: row.companyId,
      key_info_version: row.keyInfoVersion,
      key_info_accepted_at: now,
      assessment_id: row.assessmentId,
      warnings: JSON.stringify(row.warnings),
      acknowledged_at: row.warnings.length > 0 && row.acknowledged ? now : null,
    })
    .execute();
}

export async function findContractProtection(db: TDbOrTx, companyId: string, contractId: string) {
  return db
    .selectFrom('contract_investor_protection')
    .select(['key_info_version', 'key_info_accepted_at', 'assessment_id', 'warnings', 'acknowledged_at'])
    .where('company_id', '=', companyId)
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
}

/** Personal data export (issue 16): every test a person took, oldest first, and whether they took it themselves. */
export async function findAssessmentsForExport(db: TDbOrTx, companyId: string, userId: string) {
  return db
    .selectFrom('appropriateness_assessments')
    .select(['id', 'version', 'answers', 'score', 'max_score', 'passed', 'net_worth', 'yearly_income', 'commitments', 'loss_capacity', 'taken_by', 'taken_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('taken_at')
    .orderBy('id')
    .execute();
}

/** Personal data export (issue 16): what each of a person's hires accepted and was shown (sheet version, warnings, acknowledgement). */
export async function findContractProtectionsForExport(db: TDbOrTx, companyId: string, userId: string) {
  return db
    .selectFrom('contract_investor_protection as p')
    .innerJoin('contracts as c', 'c.id', 'p.contract_id')
    .select(['p.contract_id', 'p.key_info_version', 'p.key_info_accepted_at', 'p.assessment_id', 'p.warnings', 'p.acknowledged_at'])
    .where('p.company_id', '=', companyId)
    .where('c.user_id', '=', userId)
    .execute();
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** At the end of the kept period: the contracts' suitability records and the person's test answers go. */
export async function eraseInvestorProtectionRecords(tx: Transaction<Database>, userId: string): Promise<TErasureCounts> {
  await tx.deleteFrom('contract_investor_protection').where('contract_id', 'in', (eb) => eb.selectFrom('contracts').select('id').where('user_id', '=', userId)).execute();
  const assessments = await tx.deleteFrom('appropriateness_assessments').where('user_id', '=', userId).executeTakeFirst();
  return { assessments: changedRows(assessments) };
}
