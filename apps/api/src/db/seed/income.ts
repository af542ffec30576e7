import type { Kysely } from 'kysely';
import { EUR_SCALE, formatEur, formatUnits, parseScaled } from '@kc/domain';
import type { Database } from '../schema.ts';
import { creditHoldings, insertCompanyLines, insertDistribution, insertDistributionJournal } from '../../modules/income/repository.ts';

/** The demo distribution: the rent and timber income of the base year's first half, 0.125 € per unit. */
export const DEMO_DISTRIBUTION = (baseYear: number) => ({
  periodFrom: `${baseYear}-01-01`,
  periodTo: `${baseYear}-06-30`,
  recordDate: `${baseYear}-07-01`,
  amountPerUnit: '0.125000',
  description: `Rentas de alquiler y venta de madera del primer semestre de ${baseYear} (informe semestral de activos)`,
});

const cents = (text: unknown) => parseScaled(String(text).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''), EUR_SCALE)!;
const units = (text: unknown) => parseScaled(String(text).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''), 6)!;

/**
 * Income demo data (idempotent): company 1's distribution of the base year's first half,
 * declared by its ADMIN, so the demo investor sees income received. Queues no mail (the demo
 * payments mail no receipt either). Skipped when its record date is after today.
 */
export async function seedIncome(db: Kysely<Database>, baseYear: number): Promise<void> {
  const demo = DEMO_DISTRIBUTION(baseYear);
  if (demo.recordDate > new Date().toISOString().slice(0, 10)) return;
  const admin = await db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'admin@kc.example').executeTakeFirst();
  if (!admin) return;
  const companyId = admin.company_id;
  const done = await db.selectFrom('distributions').select('id').where('company_id', '=', companyId).where('period_from', '=', demo.periodFrom).executeTakeFirst();
  if (done) return;
  await db.transaction().execute(async (tx) => {
    const journalId = await insertDistributionJournal(tx, {
      companyId,
      occurredOn: demo.recordDate,
      description: `Distribution ${demo.periodFrom}..${demo.periodTo}, ${demo.amountPerUnit} EUR/unit on ${demo.recordDate}: ${demo.description}`,
      createdBy: admin.id,
    });
    const figures = await creditHoldings(tx, { companyId, recordDate: demo.recordDate, perUnit: demo.amountPerUnit, journalId: String(journalId) });
    const total = cents(figures.total);
    const credited = cents(figures.credited);
    // Nobody held units then (a fresh database without the demo payments): nothing to record.
    if (Number(figures.contracts) === 0 || total === 0n) throw new NothingToSeed();
    await insertCompanyLines(tx, { journalId: String(journalId), companyId, total: formatEur(total), remainder: total > credited ? formatEur(total - credited) : null });
    await insertDistribution(tx, {
      companyId,
      ...demo,
      contracts: Number(figures.contracts),
      totalUnits: formatUnits(units(figures.total_units)),
      total: formatEur(total),
      credited: formatEur(credited),
      remainder: formatEur(total - credited),
      journalId: String(journalId),
      declaredBy: admin.id,
    });
  }).catch((error: unknown) => {
    if (!(error instanceof NothingToSeed)) throw error;
  });
}

class NothingToSeed extends Error {}
