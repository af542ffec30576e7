import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Jobs board demo data (issue 17): company 1's offers for its sales consultants, agronomists,
 * foresters, vets and landowners, in Spanish and English, in several cities (GeoNames ids of the
 * lookups) and contract types; most published, one draft, two closed and one past its closing
 * date (not listed until the retention job closes it). Dates are relative to the day the seed
 * runs. Idempotent: nothing is added when the company has offers already.
 */
const DAY_MS = 86_400_000;

type TDemoOffer = {
  title: string;
  city: [string, string];
  type: 'PERMANENT' | 'FIXED_TERM' | 'PART_TIME' | 'INTERNSHIP' | 'FREELANCE';
  salary: [string, string];
  language: 'es' | 'en';
  description: string;
  conditions: string;
  status: 'DRAFT' | 'PUBLISHED' | 'CLOSED';
  /** Days since publication. */
  age: number;
  /** Closing date in days from today (negative: past). */
  closesIn?: number;
};

const MADRID: [string, string] = ['3117735', 'Madrid'];
const SEVILLA: [string, string] = ['2510911', 'Sevilla'];
const VALENCIA: [string, string] = ['2509954', 'Valencia'];
const ZARAGOZA: [string, string] = ['3104324', 'Zaragoza'];
const SALAMANCA: [string, string] = ['3111108', 'Salamanca'];
const LUGO: [string, string] = ['3117814', 'Lugo'];
const SORIA: [string, string] = ['3108681', 'Soria'];
const CACERES: [string, string] = ['2520611', 'Cáceres'];
const BARCELONA: [string, string] = ['3128760', 'Barcelona'];

export const DEMO_OFFERS: TDemoOffer[] = [
  {
    title: 'Consultor comercial de inversión forestal',
    city: MADRID,
    type: 'PERMANENT',
    salary: ['28000.00', '42000.00'],
    language: 'es',
    description: 'Buscamos consultores comerciales que asesoren a inversores particulares en planes de ahorro respaldados por plantaciones forestales. Creará su propia cartera de clientes con el apoyo de un equipo de asesores.',
    conditions: 'Contrato indefinido, salario fijo más comisiones, formación inicial de cuatro semanas y teletrabajo parcial.',
    status: 'PUBLISHED',
    age: 2,
    closesIn: 60,
  },
  {
    title: 'Ingeniero agrónomo de plantaciones',
    city: SEVILLA,
    type: 'PERMANENT',
    salary: ['32000.00', '45000.00'],
    language: 'es',
    description: 'Planificará y supervisará plantaciones de chopo y paulownia en fincas de Andalucía: análisis de suelos, riego, pH y nivel freático, y seguimiento del crecimiento con los propietarios.',
    conditions: 'Vehículo de empresa, jornada completa, seguro médico privado.',
    status: 'PUBLISHED',
    age: 5,
    closesIn: 45,
  },
  {
    title: 'Técnico forestal de campo',
    city: SORIA,
    type: 'FIXED_TERM',
    salary: ['24000.00', '29000.00'],
    language: 'es',
    description: 'Inventario forestal, marcación de pies para la corta y control de la reposición de árboles en montes de Castilla y León. Trabajo mayoritariamente en el monte.',
    conditions: 'Contrato de doce meses con posibilidad de continuidad, dietas y kilometraje.',
    status: 'PUBLISHED',
    age: 9,
    closesIn: 30,
  },
  {
    title: 'Veterinario de explotaciones ganaderas',
    city: CACERES,
    type: 'PERMANENT',
    salary: ['35000.00', '48000.00'],
    language: 'es',
    description: 'Atenderá la sanidad del ganado de las fincas ganaderas asociadas en Extremadura: programas sanitarios, bienestar animal y asesoramiento a los propietarios.',
    conditions: 'Guardias retribuidas, vehículo de empresa y formación continua.',
    status: 'PUBLISHED',
    age: 12,
  },
  {
    title: 'Responsable de relación con propietarios de fincas',
    city: SALAMANCA,
    type: 'PART_TIME',
    salary: ['18000.00', '22000.00'],
    language: 'es',
    description: 'Captará y acompañará a propietarios de fincas agrícolas y ganaderas que quieran ceder tierras para plantaciones: visitas, estudio de la finca y seguimiento de los contratos.',
    conditions: 'Media jornada flexible, comisiones por finca incorporada.',
    status: 'PUBLISHED',
    age: 15,
    closesIn: 20,
  },
  {
    title: 'Becario de análisis de datos forestales',
    city: VALENCIA,
    type: 'INTERNSHIP',
    salary: ['9000.00', '12000.00'],
    language: 'es',
    description: 'Prácticas en el equipo de datos: modelos de crecimiento de arbolado, cálculo de biomasa y madera, e informes para inversores.',
    conditions: 'Seis meses, convenio con la universidad, horario de mañana.',
    status: 'PUBLISHED',
    age: 20,
  },
  {
    title: 'Sales consultant for forestry investment',
    city: BARCELONA,
    type: 'PERMANENT',
    salary: ['30000.00', '44000.00'],
    language: 'en',
    description: 'We are looking for sales consultants to advise private investors on savings plans backed by tree plantations. You will build your own client portfolio, supported by our advisors.',
    conditions: 'Permanent contract, base salary plus commission, four weeks of onboarding, hybrid working.',
    status: 'PUBLISHED',
    age: 3,
    closesIn: 90,
  },
  {
    title: 'Agronomist for irrigated plantations',
    city: ZARAGOZA,
    type: 'FIXED_TERM',
    salary: ['30000.00', '38000.00'],
    language: 'en',
    description: 'Design irrigation and soil management for new plantations in the Ebro valley, running soil tests and working with landowners on planting schedules.',
    conditions: 'Eighteen-month contract, company car, relocation support.',
    status: 'PUBLISHED',
    age: 7,
  },
  {
    title: 'Freelance forestry surveyor',
    city: LUGO,
    type: 'FREELANCE',
    salary: ['20000.00', '35000.00'],
    language: 'en',
    description: 'Survey forests and count standing trees for our plantation partners in Galicia, reporting growth and replanting needs each season.',
    conditions: 'Paid per survey, flexible calendar, own vehicle needed.',
    status: 'PUBLISHED',
    age: 11,
    closesIn: 40,
  },
  {
    title: 'Livestock vet (large animals)',
    city: SALAMANCA,
    type: 'PART_TIME',
    salary: ['22000.00', '27000.00'],
    language: 'en',
    description: 'Look after the health of cattle on partner farms: vaccination plans, animal welfare audits and advice to farm owners.',
    conditions: 'Three days a week, on-call allowance.',
    status: 'PUBLISHED',
    age: 18,
  },
  {
    title: 'Coordinador de equipos comerciales',
    city: MADRID,
    type: 'PERMANENT',
    salary: ['45000.00', '60000.00'],
    language: 'es',
    description: 'Dirigirá un equipo de consultores comerciales: objetivos, seguimiento de reservas de clientes y formación del equipo en asesoramiento a inversores.',
    conditions: 'Incorporación inmediata, bonus anual por objetivos.',
    status: 'CLOSED',
    age: 40,
  },
  {
    title: 'Tree nursery technician',
    city: VALENCIA,
    type: 'FIXED_TERM',
    salary: ['21000.00', '25000.00'],
    language: 'en',
    description: 'Grow and prepare young trees for planting: propagation, watering schedules and quality checks before each planting season.',
    conditions: 'Nine-month seasonal contract.',
    status: 'CLOSED',
    age: 60,
  },
  {
    title: 'Técnico de biomasa (campaña)',
    city: SORIA,
    type: 'FIXED_TERM',
    salary: ['23000.00', '26000.00'],
    language: 'es',
    description: 'Campaña de aprovechamiento de biomasa tras la corta: control de astillado, pesaje y envío a las plantas de generación.',
    conditions: 'Contrato de campaña de cuatro meses.',
    status: 'PUBLISHED',
    age: 50,
    closesIn: -3,
  },
  {
    title: 'Consultor comercial en Andalucía occidental',
    city: SEVILLA,
    type: 'PERMANENT',
    salary: ['27000.00', '40000.00'],
    language: 'es',
    description: 'Nuevo puesto de consultor comercial para la zona de Sevilla y Huelva, con cartera inicial de clientes interesados en planes de ahorro forestales.',
    conditions: 'Pendiente de aprobar por dirección.',
    status: 'DRAFT',
    age: 0,
  },
];

export async function seedJobs(db: Kysely<Database>, now = new Date()): Promise<void> {
  const company = await db.selectFrom('companies').select('id').where('id', '=', '1').executeTakeFirst();
  if (!company) return;
  const existing = await db.selectFrom('job_offers').select('id').where('company_id', '=', '1').limit(1).executeTakeFirst();
  if (existing) return;
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@kc.example').executeTakeFirst();
  const by = admin?.id ?? null;
  for (const o of DEMO_OFFERS) {
    const published = new Date(now.getTime() - o.age * DAY_MS);
    const created = new Date(published.getTime() - DAY_MS);
    const row = await db
      .insertInto('job_offers')
      .values({
        company_id: '1',
        title: o.title,
        company_name: 'KC Forestal',
        country_id: 'ES',
        city_id: o.city[0],
        city_name: o.city[1],
        contract_type: o.type,
        salary_min: o.salary[0],
        salary_max: o.salary[1],
        description: o.description,
        conditions: o.conditions,
        language: o.language,
        status: o.status,
        published_at: o.status === 'DRAFT' ? null : published,
        closes_on: o.closesIn === undefined ? null : new Date(now.getTime() + o.closesIn * DAY_MS).toISOString().slice(0, 10),
        closed_at: o.status === 'CLOSED' ? new Date(published.getTime() + 20 * DAY_MS) : null,
        created_by: by,
        created_at: created,
        updated_at: published,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const history = [{ from_status: null, to_status: 'DRAFT', changed_at: created }];
    if (o.status !== 'DRAFT') history.push({ from_status: 'DRAFT' as never, to_status: 'PUBLISHED', changed_at: published });
    if (o.status === 'CLOSED') history.push({ from_status: 'PUBLISHED' as never, to_status: 'CLOSED', changed_at: new Date(published.getTime() + 20 * DAY_MS) });
    await db
      .insertInto('job_offer_status_history')
      .values(history.map((h) => ({ company_id: '1', offer_id: row.id, changed_by: by, note: null, ...h })))
      .execute();
  }
}
