import type { Kysely } from 'kysely';
import { PLAN_IDS, PLANS, type TContractState, type TPlanId } from '@kc/domain';
import type { Database } from '../schema.ts';
import type { TSeedOptions } from './demo.ts';

/** The catalogue's product names, in both languages, one per calculator plan. */
export const PRODUCT_NAMES: Readonly<Record<TPlanId, { es: string; en: string }>> = {
  jubilacion: { es: 'Plan Jubilación Digna', en: 'Dignified Retirement Plan' },
  fideicomiso: { es: 'Plan Estudios (fideicomiso)', en: 'University Trust Plan' },
  padrinazgo: { es: 'Plan Padrinazgo', en: 'Godparent Plan' },
  cerocupones: { es: 'Plan Cero Cupones', en: 'Zero Coupon Plan' },
  emprendedor: { es: 'Plan Emprendedor', en: 'Entrepreneur Plan' },
  sostenibilidad: { es: 'Plan Compromiso Sostenible', en: 'Sustainability Commitment Plan' },
  personalizado: { es: 'Plan de Ahorro Personalizado', en: 'Custom Savings Plan' },
};

type TDemoContract = { plan: TPlanId; state: TContractState; initial: number; monthly: number; years: number };

/** The demo investor's contracts: every state, and more NEW ones than one dashboard page holds. */
const INVESTOR_CONTRACTS: TDemoContract[] = [
  ...Array.from({ length: 13 }, (_, i): TDemoContract => {
    const plan = PLAN_IDS[i % PLAN_IDS.length]!;
    const fixed = PLANS[plan].fixedValues;
    return { plan, state: 'NEW', initial: fixed.capitalInicial ?? 1000 * (i + 1), monthly: fixed.aportacionMensual ?? 50 + 25 * i, years: 10 + i };
  }),
  { plan: 'jubilacion', state: 'ACTIVE', initial: 5000, monthly: 200, years: 25 },
  { plan: 'padrinazgo', state: 'ACTIVE', initial: 6000, monthly: 0, years: 18 },
  { plan: 'sostenibilidad', state: 'ACTIVE', initial: 2500, monthly: 100, years: 20 },
  { plan: 'emprendedor', state: 'STANDBY', initial: 20000, monthly: 300, years: 8 },
  { plan: 'cerocupones', state: 'ARCHIVED', initial: 1500, monthly: 75, years: 15 },
  { plan: 'fideicomiso', state: 'ARCHIVED', initial: 10000, monthly: 150, years: 12 },
  { plan: 'personalizado', state: 'DELETED', initial: 300, monthly: 30, years: 5 },
];

const OTHER_CONTRACTS: TDemoContract[] = [
  { plan: 'jubilacion', state: 'NEW', initial: 3000, monthly: 120, years: 22 },
  { plan: 'emprendedor', state: 'ACTIVE', initial: 8000, monthly: 250, years: 10 },
];

const HIRED_AGO_MS = (5 * 24 + 2) * 3_600_000;

/** The states a contract went through to reach `state`, and whether staff made each step. */
function pathTo(state: TContractState, index: number): { to: TContractState; byStaff: boolean }[] {
  switch (state) {
    case 'NEW':
      return [{ to: 'NEW', byStaff: false }];
    case 'ACTIVE':
      return [{ to: 'NEW', byStaff: false }, { to: 'ACTIVE', byStaff: true }];
    case 'STANDBY':
      return [{ to: 'NEW', byStaff: false }, { to: 'ACTIVE', byStaff: true }, { to: 'STANDBY', byStaff: true }];
    case 'ARCHIVED':
      return index % 2 === 0
        ? [{ to: 'NEW', byStaff: false }, { to: 'ARCHIVED', byStaff: false }]
        : [{ to: 'NEW', byStaff: false }, { to: 'ACTIVE', byStaff: true }, { to: 'ARCHIVED', byStaff: false }];
    case 'DELETED':
      return [{ to: 'NEW', byStaff: false }, { to: 'DELETED', byStaff: false }];
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

async function seedContracts(
  db: Kysely<Database>,
  user: { id: string; company_id: string },
  staffId: string | null,
  contracts: TDemoContract[],
  baseYear: number,
  paymentPreferenceId: string | null,
): Promise<void> {
  const existing = await db.selectFrom('contracts').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
  if (existing) return;
  const products = await db
    .selectFrom('products')
    .select(['id', 'product_key'])
    .where('company_id', '=', user.company_id)
    .execute();
  const productId = new Map(products.map((p) => [p.product_key, p.id]));
  for (const [index, contract] of contracts.entries()) {
    // Start dates spread over the first months of the base year, newest first in the list.
    const month = 1 + (index % 4);
    const day = 1 + ((index * 3) % 27);
    const submission = `${baseYear - 1}-${pad(month + 8)}-${pad(day)}`;
    const expiring = `${baseYear - 1 + contract.years}-${pad(month + 8)}-${pad(day)}`;
    const row = await db
      .insertInto('contracts')
      .values({
        company_id: user.company_id,
        user_id: user.id,
        product_id: productId.get(contract.plan)!,
        product_key: contract.plan,
        state: contract.state,
        initial_investment: contract.initial.toFixed(2),
        recurring_amount: contract.monthly.toFixed(2),
        submission_date: submission,
        expiring_date: expiring,
        payment_preference_id: paymentPreferenceId,
        // Hired five days and two hours ago (a minute apart): past any reflection period (at most 121 h,
        // decision 0026), so the demo's NEW contracts can be activated, and newer than the advisor
        // seed's oldest waiting hires, which head the queue.
        created_at: new Date(Date.now() - HIRED_AGO_MS - index * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let from: TContractState | null = null;
    const events = pathTo(contract.state, index).map((step, i) => {
      const event = {
        contract_id: row.id,
        from_state: from,
        to_state: step.to,
        actor_id: step.byStaff ? staffId : user.id,
        at: new Date(`${submission}T${pad(9 + i)}:00:00Z`),
      };
      from = step.to;
      return event;
    });
    await db.insertInto('contract_events').values(events).execute();
  }
}

/** Products (the seven plans) for every company, and the demo investors' contracts. Idempotent. */
export async function seedCatalogue(db: Kysely<Database>, options: TSeedOptions): Promise<void> {
  const companies = await db.selectFrom('companies').select('id').execute();
  for (const company of companies) {
    await db
      .insertInto('products')
      .values(
        PLAN_IDS.map((planId) => ({
          company_id: company.id,
          product_key: planId,
          product_type: PLANS[planId].productType,
          name_es: PRODUCT_NAMES[planId].es,
          name_en: PRODUCT_NAMES[planId].en,
          kc_rate: PLANS[planId].kcInteres,
          fixed_values: JSON.stringify(PLANS[planId].fixedValues),
        })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'product_key']).doNothing())
      .execute();
  }

  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'company_id', 'advisor_id'])
    .where('email', 'in', ['investor@kc.example', 'investor@other.example', 'advisor@kc.example'])
    .execute();
  const byEmail = new Map(users.map((u) => [u.email, u]));
  const investor = byEmail.get('investor@kc.example');
  const advisor = byEmail.get('advisor@kc.example');
  const other = byEmail.get('investor@other.example');

  if (investor) {
    if (advisor && !investor.advisor_id) {
      await db.updateTable('users').set({ advisor_id: advisor.id }).where('id', '=', investor.id).execute();
    }
    let card = await db
      .selectFrom('payment_preferences')
      .select('id')
      .where('user_id', '=', investor.id)
      .where('kind', '=', 'CARD')
      .executeTakeFirst();
    if (!card) {
      card = await db
        .insertInto('payment_preferences')
        .values({ company_id: investor.company_id, user_id: investor.id, kind: 'CARD', card_brand: 'visa', card_last4: '4242', card_expiry: `12/${pad((options.baseYear + 10) % 100)}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('payment_preferences')
        .values({ company_id: investor.company_id, user_id: investor.id, kind: 'BANK_TRANSFER', iban_last4: '0189' })
        .execute();
    }
    await seedContracts(db, investor, advisor?.id ?? null, INVESTOR_CONTRACTS, options.baseYear, card.id);
  }
  if (other) {
    let card = await db.selectFrom('payment_preferences').select('id').where('user_id', '=', other.id).executeTakeFirst();
    if (!card) {
      card = await db
        .insertInto('payment_preferences')
        .values({ company_id: other.company_id, user_id: other.id, kind: 'CARD', card_brand: 'mastercard', card_last4: '4444', card_expiry: `06/${pad((options.baseYear + 8) % 100)}` })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    await seedContracts(db, other, null, OTHER_CONTRACTS, options.baseYear, card.id);
  }
}
