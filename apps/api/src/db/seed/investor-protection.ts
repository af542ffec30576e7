import type { Kysely } from 'kysely';
import { APPROPRIATENESS_QUESTIONS, APPROPRIATENESS_VERSION, MAX_SCORE } from '@kc/domain';
import type { Database } from '../schema.ts';

/**
 * Investor protection's demo data (issue 16, helper kis): every demo investor has a passed
 * appropriateness test taken today (answered right, net worth EUR 250,000), so the demo hire
 * still works; a new investor signs up with none and is led through the test. Idempotent.
 */
export async function seedInvestorProtection(db: Kysely<Database>, emails: readonly string[]): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'company_id']).where('email', 'in', [...emails]).execute();
  if (users.length === 0) return;
  const answered = new Set(
    (await db.selectFrom('appropriateness_assessments').select('user_id').where('user_id', 'in', users.map((u) => u.id)).execute()).map((r) => r.user_id),
  );
  const answers = Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct === '*' ? q.options[1]!.id : q.correct]));
  const missing = users.filter((u) => !answered.has(u.id));
  if (missing.length === 0) return;
  await db
    .insertInto('appropriateness_assessments')
    .values(
      missing.map((u) => ({
        company_id: u.company_id,
        user_id: u.id,
        taken_by: u.id,
        version: APPROPRIATENESS_VERSION,
        answers: JSON.stringify(answers),
        score: MAX_SCORE,
        max_score: MAX_SCORE,
        passed: true,
        net_worth: '250000.00',
        yearly_income: '40000.00',
        commitments: '6000.00',
        loss_capacity: '25000.00',
      })),
    )
    .execute();
}
