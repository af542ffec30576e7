import { sql, type Kysely } from 'kysely';
import { addMonths, emailKeyOf, extendedEnd, reservationEnd } from '@kc/domain';
import type { Database, TLeadState } from '../schema.ts';
import { hashSecret } from '../../lib/password.ts';

/**
 * Demo leads (issue 14), run after the sales network's seed. Dates are relative to the day the
 * seed runs, so "expiring within 15 days" is true on a fresh database. agent@kc.example gets a
 * lead in every state (reserved, extended, expiring within 15 days, expired, converted with an
 * investor client who has contracts, discarded of both kinds); the company's other agents a
 * few reserved ones; and two confirmed investors have no agent (pending assignments).
 * Idempotent: a lead is added only when its agent has none for that person; users and
 * contracts only when missing.
 */
const DAY_MS = 86_400_000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

type TDemoLead = {
  first: string;
  last: string;
  email: string;
  phone: string | null;
  note: string | null;
  state: TLeadState;
  reservedAt: Date;
  extended?: boolean;
  discard?: { kind: 'CLIENT' | 'OFFERING'; reason: string };
  convertedEmail?: string;
};

export const DEMO_CLIENT_EMAIL = 'cliente.agente@kc.example';
export const DEMO_PENDING_INVESTORS = [
  { email: 'pendiente.uno@kc.example', first: 'Pablo', last: 'Pendiente' },
  { email: 'pendiente.dos@kc.example', first: 'Paula', last: 'Sinagente' },
] as const;

function agentLeads(now: Date): TDemoLead[] {
  // The reservation made so that it ends 10 days from now.
  const expiringStart = addMonths(new Date(now.getTime() + 10 * DAY_MS), -6);
  return [
    { first: 'Lucía', last: 'Reservada', email: 'lucia.reservada@example.com', phone: '+34 611 111 111', note: 'Conocida en la feria de Zaragoza', state: 'RESERVED', reservedAt: daysAgo(now, 30) },
    { first: 'Marcos', last: 'Interesado', email: 'marcos.interesado@example.com', phone: '+34 622 222 222', note: 'Pide información del plan Jubilación', state: 'RESERVED', reservedAt: daysAgo(now, 5) },
    { first: 'Elena', last: 'Ampliada', email: 'elena.ampliada@example.com', phone: null, note: 'Segunda reunión pendiente', state: 'EXTENDED', reservedAt: addMonths(daysAgo(now, 20), -6), extended: true },
    { first: 'Jorge', last: 'Porvencer', email: 'jorge.porvencer@example.com', phone: '+34 633 333 333', note: 'Llamar antes de que venza la reserva', state: 'RESERVED', reservedAt: expiringStart },
    { first: 'Rosa', last: 'Caducada', email: 'rosa.caducada@example.com', phone: null, note: null, state: 'EXPIRED', reservedAt: addMonths(daysAgo(now, 60), -6) },
    { first: 'Clara', last: 'Convertida', email: DEMO_CLIENT_EMAIL, phone: '+34 644 444 444', note: 'Se dio de alta tras la presentación', state: 'CONVERTED', reservedAt: daysAgo(now, 90), convertedEmail: DEMO_CLIENT_EMAIL },
    { first: 'Diego', last: 'Desinteresado', email: 'diego.desinteresado@example.com', phone: null, note: null, state: 'DISCARDED', reservedAt: daysAgo(now, 50), discard: { kind: 'CLIENT', reason: 'No le interesa invertir por ahora' } },
    { first: 'Sonia', last: 'Declinada', email: 'sonia.declinada@example.com', phone: null, note: null, state: 'DISCARDED', reservedAt: daysAgo(now, 40), discard: { kind: 'OFFERING', reason: 'Rechazó la oferta: prefiere un plazo más corto' } },
  ];
}

export async function seedLeads(db: Kysely<Database>, options: { password: string }): Promise<void> {
  const now = new Date();
  const agents = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('company_id', '=', '1')
    .where(sql<boolean>`'AGENT' = ANY(roles)`)
    .where('is_active', '=', true)
    .where('is_deleted', '=', false)
    .orderBy('email')
    .execute();
  const main = agents.find((a) => a.email === 'agent@kc.example');
  if (!main) return;
  const zones = await db.selectFrom('zones').select('id').where('company_id', '=', '1').where('state', '=', 'OPERATIVE').orderBy('title').execute();
  const advisor = await db.selectFrom('users').select('id').where('company_id', '=', '1').where('email', '=', 'advisor@kc.example').executeTakeFirst();

  // The investors: the converted client and the two without an agent.
  const investors = [{ email: DEMO_CLIENT_EMAIL, first: 'Clara', last: 'Convertida' }, ...DEMO_PENDING_INVESTORS];
  const existing = new Set((await db.selectFrom('users').select('email').where('email', 'in', investors.map((i) => i.email)).execute()).map((u) => u.email));
  const missing = investors.filter((i) => !existing.has(i.email));
  if (missing.length > 0) {
    const passwordHash = await hashSecret(options.password);
    await db
      .insertInto('users')
      .values(
        missing.map((i, index) => ({
          company_id: '1',
          email: i.email,
          password_hash: passwordHash,
          first_name: i.first,
          last_name: i.last,
          roles: ['INVESTOR'],
          confirmed_at: daysAgo(now, 80 - index * 10),
          country_id: 'ES',
          language: 'es',
          // The client with contracts has the demo advisor; the pending ones keep the advisors' balance as it was.
          advisor_id: i.email === DEMO_CLIENT_EMAIL ? (advisor?.id ?? null) : null,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const client = await db.selectFrom('users').select(['id', 'company_id']).where('email', '=', DEMO_CLIENT_EMAIL).executeTakeFirstOrThrow();
  await seedClientContracts(db, client, advisor?.id ?? null, now);

  const plan = agentLeads(now).map((lead) => ({ agentId: main.id, lead }));
  // A few reserved leads for the company's other agents.
  for (const [index, other] of agents.filter((a) => a.id !== main.id).slice(0, 6).entries()) {
    plan.push({
      agentId: other.id,
      lead: {
        first: ['Nuria', 'Óscar', 'Irene', 'Hugo', 'Marta', 'Raúl'][index]!,
        last: 'Prospecto',
        email: `prospecto.${index + 1}@example.com`,
        phone: null,
        note: null,
        state: 'RESERVED',
        reservedAt: daysAgo(now, 10 + index * 7),
      },
    });
  }

  for (const [index, { agentId, lead }] of plan.entries()) {
    const emailKey = emailKeyOf(lead.email);
    const have = await db.selectFrom('leads').select('id').where('agent_id', '=', agentId).where('email_key', '=', emailKey).executeTakeFirst();
    if (have) continue;
    // Never a second live reservation of a person (the unique index would refuse it).
    if (lead.state === 'RESERVED' || lead.state === 'EXTENDED') {
      const live = await db.selectFrom('leads').select('id').where('company_id', '=', '1').where('email_key', '=', emailKey).where('state', 'in', ['RESERVED', 'EXTENDED']).executeTakeFirst();
      if (live) continue;
    }
    const firstEnd = reservationEnd(lead.reservedAt);
    const until = lead.extended ? extendedEnd(firstEnd) : firstEnd;
    const row = await db
      .insertInto('leads')
      .values({
        company_id: '1',
        agent_id: agentId,
        zone_id: zones.length > 0 ? zones[index % zones.length]!.id : null,
        first_name: lead.first,
        last_name: lead.last,
        email: lead.email,
        email_key: emailKey,
        phone: lead.phone,
        note: lead.note,
        state: lead.state,
        reserved_at: lead.reservedAt,
        reserved_until: until,
        extended_at: lead.extended ? daysAgo(now, 20) : null,
        expired_at: lead.state === 'EXPIRED' ? until : null,
        discarded_at: lead.discard ? daysAgo(now, 3) : null,
        discard_kind: lead.discard?.kind ?? null,
        discard_reason: lead.discard?.reason ?? null,
        converted_at: lead.convertedEmail ? daysAgo(now, 80) : null,
        converted_user_id: lead.convertedEmail ? client.id : null,
        created_at: lead.reservedAt,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (lead.convertedEmail) {
      const open = await db.selectFrom('customer_agent_assignments').select('id').where('customer_id', '=', client.id).where('ended_at', 'is', null).executeTakeFirst();
      if (!open) {
        await db
          .insertInto('customer_agent_assignments')
          .values({ company_id: '1', customer_id: client.id, agent_id: agentId, lead_id: row.id, assigned_at: daysAgo(now, 80) })
          .execute();
      }
    }
  }
}

/** The converted client's contracts: one ACTIVE, one NEW (once). */
async function seedClientContracts(db: Kysely<Database>, client: { id: string; company_id: string }, advisorId: string | null, now: Date) {
  const has = await db.selectFrom('contracts').select('id').where('user_id', '=', client.id).limit(1).executeTakeFirst();
  if (has) return;
  const products = await db.selectFrom('products').select(['id', 'product_key']).where('company_id', '=', client.company_id).execute();
  const byKey = new Map(products.map((p) => [p.product_key, p.id]));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const start = daysAgo(now, 70);
  for (const [key, state, initial, monthly] of [
    ['jubilacion', 'ACTIVE', '3000.00', '150.00'],
    ['padrinazgo', 'NEW', '6000.00', '0.00'],
  ] as const) {
    const productId = byKey.get(key);
    if (!productId) continue;
    const contract = await db
      .insertInto('contracts')
      .values({
        company_id: client.company_id,
        user_id: client.id,
        product_id: productId,
        product_key: key,
        state,
        initial_investment: initial,
        recurring_amount: monthly,
        submission_date: day(start),
        expiring_date: day(addMonths(start, 12 * 15)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('contract_events').values({ contract_id: contract.id, from_state: null, to_state: 'NEW', actor_id: client.id, at: start }).execute();
    if (state === 'ACTIVE') {
      await db
        .insertInto('contract_events')
        .values({ contract_id: contract.id, from_state: 'NEW', to_state: 'ACTIVE', actor_id: advisorId, at: new Date(start.getTime() + 3 * DAY_MS) })
        .execute();
    }
  }
}
