import type { Kysely } from 'kysely';
import type { TContractState } from '@kc/domain';
import type { Database } from '../schema.ts';
import { hashSecret } from '../../lib/password.ts';

/**
 * The advisor's workspace demo (issue 14): the demo advisor (advisor@kc.example) gets several
 * clients besides the demo investor, with contracts in every state, a queue of NEW contracts of
 * different ages (days old, so they come before the demo investor's in the queue), and notes.
 * Idempotent: a client that exists is left as it is. The clients log in with the demo password.
 */
const CLIENTS = [
  {
    email: 'lucia.martinez@kc.example',
    first: 'Lucía',
    last: 'Martínez Peña',
    dni: '12345678Z',
    phone: '+34 600 111 222',
    contracts: [
      { plan: 'jubilacion', state: 'NEW', initial: 3000, monthly: 150, daysAgo: 12 },
      { plan: 'emprendedor', state: 'ACTIVE', initial: 15000, monthly: 250, daysAgo: 200 },
      { plan: 'sostenibilidad', state: 'STANDBY', initial: 2000, monthly: 80, daysAgo: 150 },
    ],
    notes: ['Prefiere que la llamemos por la tarde.', 'Ha preguntado por ampliar la aportación mensual en enero.'],
  },
  {
    email: 'jorge.ibanez@kc.example',
    first: 'Jorge',
    last: 'Ibáñez Ruiz',
    dni: 'X1234567L',
    phone: '+34 600 333 444',
    contracts: [
      { plan: 'jubilacion', state: 'NEW', initial: 5000, monthly: 200, daysAgo: 6 },
      { plan: 'cerocupones', state: 'ARCHIVED', initial: 1500, monthly: 75, daysAgo: 400 },
      { plan: 'fideicomiso', state: 'DELETED', initial: 10000, monthly: 100, daysAgo: 90 },
    ],
    notes: ['Transferencia anunciada para esta semana.'],
  },
  {
    email: 'marta.gomez@kc.example',
    first: 'Marta',
    last: 'Gómez Sáez',
    dni: '87654321X',
    phone: null,
    contracts: [
      { plan: 'emprendedor', state: 'NEW', initial: 8000, monthly: 300, daysAgo: 2 },
      { plan: 'jubilacion', state: 'ACTIVE', initial: 4000, monthly: 120, daysAgo: 60 },
    ],
    notes: [],
  },
] as const;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function pathTo(state: TContractState): TContractState[] {
  switch (state) {
    case 'NEW':
      return ['NEW'];
    case 'ACTIVE':
      return ['NEW', 'ACTIVE'];
    case 'STANDBY':
      return ['NEW', 'ACTIVE', 'STANDBY'];
    case 'ARCHIVED':
      return ['NEW', 'ACTIVE', 'ARCHIVED'];
    case 'DELETED':
      return ['NEW', 'DELETED'];
  }
}

export async function seedAdvisorDemo(db: Kysely<Database>, options: { password: string; now?: Date }): Promise<void> {
  const advisor = await db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'advisor@kc.example').executeTakeFirst();
  if (!advisor) return;
  const have = new Set((await db.selectFrom('users').select('email').where('email', 'in', CLIENTS.map((c) => c.email)).execute()).map((u) => u.email));
  const missing = CLIENTS.filter((c) => !have.has(c.email));
  if (missing.length === 0) return;
  const now = options.now ?? new Date();
  const passwordHash = await hashSecret(options.password);
  const products = await db.selectFrom('products').select(['id', 'product_key']).where('company_id', '=', advisor.company_id).execute();
  const productId = new Map(products.map((p) => [p.product_key, p.id]));
  for (const client of missing) {
    await db.transaction().execute(async (tx) => {
      const user = await tx
        .insertInto('users')
        .values({
          company_id: advisor.company_id,
          email: client.email,
          password_hash: passwordHash,
          first_name: client.first,
          last_name: client.last,
          dni: client.dni,
          phone: client.phone,
          roles: ['INVESTOR'],
          confirmed_at: new Date(now.getTime() - 500 * DAY_MS),
          country_id: 'ES',
          language: 'es',
          advisor_id: advisor.id,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!user) return;
      const card = await tx
        .insertInto('payment_preferences')
        .values({ company_id: advisor.company_id, user_id: user.id, kind: 'CARD', card_brand: 'mastercard', card_last4: '4444', card_expiry: `11/${pad((now.getUTCFullYear() + 3) % 100)}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('payment_preferences').values({ company_id: advisor.company_id, user_id: user.id, kind: 'BANK_TRANSFER', iban_last4: '7788' }).execute();
      for (const contract of client.contracts) {
        const created = new Date(now.getTime() - contract.daysAgo * DAY_MS);
        const start = new Date(created.getTime() + DAY_MS);
        const end = new Date(start);
        end.setUTCFullYear(start.getUTCFullYear() + 10);
        const row = await tx
          .insertInto('contracts')
          .values({
            company_id: advisor.company_id,
            user_id: user.id,
            product_id: productId.get(contract.plan)!,
            product_key: contract.plan,
            state: contract.state,
            initial_investment: contract.initial.toFixed(2),
            recurring_amount: contract.monthly.toFixed(2),
            submission_date: isoDay(start),
            expiring_date: isoDay(end),
            payment_preference_id: card.id,
            created_at: created,
            updated_at: created,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        let from: TContractState | null = null;
        const steps = pathTo(contract.state);
        const events = steps.map((to, i) => {
          const byAdvisor = to === 'ACTIVE' || to === 'STANDBY';
          const event = {
            contract_id: row.id,
            from_state: from,
            to_state: to,
            actor_id: byAdvisor ? advisor.id : user.id,
            at: new Date(created.getTime() + i * 2 * DAY_MS),
            reason: to === 'STANDBY' ? 'Recibo devuelto por el banco; pendiente de nueva domiciliación.' : null,
            payment_reference: from === 'NEW' && to === 'ACTIVE' ? `TRF-${isoDay(created).replace(/-/g, '')}-${client.dni.slice(0, 4)}` : null,
          };
          from = to;
          return event;
        });
        await tx.insertInto('contract_events').values(events).execute();
      }
      for (const [i, body] of client.notes.entries()) {
        await tx
          .insertInto('client_notes')
          .values({ company_id: advisor.company_id, client_id: user.id, author_id: advisor.id, body, created_at: new Date(now.getTime() - (10 - i) * DAY_MS) })
          .execute();
      }
    });
  }
}
