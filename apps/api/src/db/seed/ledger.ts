import type { Kysely } from 'kysely';
import { formatPrice, formatUnits, formatEur, parseEur, parsePrice, paymentJournal, paymentSchedule } from '@kc/domain';
import type { Database } from '../schema.ts';
import type { TSeedOptions } from './demo.ts';
import { findPriceOn, insertJournal, insertPayment } from '../../modules/ledger/repository.ts';
// Income (issue 15, part income): one past distribution, so the demo investor sees income.
import { seedIncome } from './income.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * The seed also runs on a bare PGlite (the tests' template) whose driver returns dates as Date
 * and numerics as numbers: read both back as the text the API's drivers give.
 */
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
const text = (value: unknown) => String(value);

/**
 * The demo price history: the first of every month from January two years before the base year,
 * up to December of the base year but never after today (a price is published for a past date),
 * from 10.000000 € with a gentle rise and small ups and downs (a month can lose value).
 */
export function demoPrices(baseYear: number, today: string): { valueDate: string; price: bigint }[] {
  const out: { valueDate: string; price: bigint }[] = [];
  for (let m = 0; m < 36; m += 1) {
    const year = baseYear - 2 + Math.floor(m / 12);
    const month = (m % 12) + 1;
    const valueDate = `${year}-${pad(month)}-01`;
    if (valueDate > today) break;
    const wiggle = BigInt(((m * 7919) % 60_001) - 30_000);
    out.push({ valueDate, price: 10_000_000n + BigInt(m) * 42_500n + wiggle });
  }
  return out;
}

/**
 * Ledger demo data (idempotent: nothing is added twice): company 1's price history, published by
 * its ADMIN, and, for the demo investor's ACTIVE contracts that have no payment yet, the payments
 * of every schedule item due up to the last price's date, recorded by the advisor, each with its
 * journal (so later items show as overdue).
 */
export async function seedLedger(db: Kysely<Database>, options: TSeedOptions): Promise<void> {
  const admin = await db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'admin@kc.example').executeTakeFirst();
  const investor = await db.selectFrom('users').select(['id', 'advisor_id']).where('email', '=', 'investor@kc.example').executeTakeFirst();
  if (!admin || !investor) return;
  const companyId = admin.company_id;
  const prices = demoPrices(options.baseYear, new Date().toISOString().slice(0, 10));
  if (prices.length === 0) return;
  await db
    .insertInto('kc_prices')
    .values(
      prices.map((p) => ({
        company_id: companyId,
        value_date: p.valueDate,
        price: formatPrice(p.price),
        asset_report: `Informe trimestral de activos (inmuebles y plantaciones), ${p.valueDate.slice(0, 7)}`,
        published_by: admin.id,
      })),
    )
    .onConflict((oc) => oc.columns(['company_id', 'value_date']).doNothing())
    .execute();
  const until = prices[prices.length - 1]!.valueDate;
  const contracts = await db
    .selectFrom('contracts')
    .select(['id', 'user_id', 'submission_date', 'expiring_date', 'initial_investment', 'recurring_amount', 'contract_period_type'])
    .where('user_id', '=', investor.id)
    .where('state', '=', 'ACTIVE')
    .orderBy('submission_date')
    .execute();
  const recorder = investor.advisor_id ?? admin.id;
  for (const contract of contracts) {
    const paid = await db.selectFrom('payments').select('id').where('contract_id', '=', contract.id).limit(1).executeTakeFirst();
    if (paid) continue;
    const items = paymentSchedule({
      submissionDate: day(contract.submission_date),
      expiringDate: day(contract.expiring_date),
      initialAmount: parseEur(text(contract.initial_investment)),
      monthlyAmount: parseEur(text(contract.recurring_amount)),
      periodType: contract.contract_period_type,
    }).filter((item) => item.dueDate <= until);
    await db.transaction().execute(async (tx) => {
      for (const item of items) {
        const price = await findPriceOn(tx, companyId, item.dueDate);
        if (!price) continue;
        const reference = `DEMO-${contract.id.slice(0, 8)}-${item.number}`;
        const { lines, purchase } = paymentJournal({ amount: item.amount, price: parsePrice(text(price.price)), contractId: contract.id, userId: contract.user_id });
        const journalId = await insertJournal(
          tx,
          { companyId, kind: 'PAYMENT', occurredOn: item.dueDate, description: `Payment ${reference} (TRANSFER) of ${formatEur(item.amount)} EUR`, createdBy: recorder },
          lines,
        );
        await insertPayment(tx, {
          companyId,
          contractId: contract.id,
          userId: contract.user_id,
          amount: formatEur(item.amount),
          valueDate: item.dueDate,
          method: 'TRANSFER',
          reference,
          price: formatPrice(parsePrice(text(price.price))),
          priceDate: day(price.value_date),
          units: formatUnits(purchase.units),
          journalId,
          recordedBy: recorder,
        });
      }
    });
  }
  // Income (issue 15, part income): after the payments it credits.
  await seedIncome(db, options.baseYear);
}
