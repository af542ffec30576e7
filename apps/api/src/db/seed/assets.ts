import type { Kysely } from 'kysely';
import type { TAssetInput } from '@kc/domain';
import type { Database } from '../schema.ts';
import { columnsOf } from '../../modules/assets/service.ts';

const photo = (file: string, altEs: string, altEn: string, caption: string) => ({ url: `/web/img/assets/${file}`, altEs, altEn, caption });

/**
 * The demo homes and paulownia plantations behind KC (issue 15, part assets): plausible figures
 * for Spanish cities and land (paulownia at about 700 trees per hectare, felled at 6 to 8 years),
 * five published and one draft. The photos are drawings shipped with the web app.
 */
export const DEMO_ASSETS: (TAssetInput & { status: 'PUBLISHED' | 'DRAFT' })[] = [
  {
    status: 'PUBLISHED',
    kind: 'HOME',
    title: 'Piso en Ruzafa',
    description:
      'Piso exterior de tres dormitorios en el barrio de Ruzafa, reformado en 2019, con ascensor y balcón a la calle. Alquilado a una familia con contrato de larga duración.',
    address: 'Calle de Sueca, 42, 3.º B, 46006',
    city: 'Valencia',
    province: 'Valencia',
    country: 'España',
    builtArea: '84.50',
    rooms: 3,
    bathrooms: 2,
    acquisitionDate: '2019-03-14',
    acquisitionPrice: '198000.00',
    valuation: '236500.00',
    valuationDate: '2025-06-30',
    monthlyRent: '1150.00',
    occupancy: 'RENTED',
    energyRating: 'D',
    photos: [photo('vivienda-valencia.svg', 'Fachada del edificio de la calle de Sueca, en Ruzafa', 'Front of the building on Calle de Sueca, in Ruzafa', 'Fachada principal')],
  },
  {
    status: 'PUBLISHED',
    kind: 'HOME',
    title: 'Casa adosada en Dos Hermanas',
    description:
      'Casa adosada de dos plantas con patio y plaza de garaje, a diez minutos de Sevilla en tren de cercanías. Alquilada desde 2020 con renta actualizada cada año según el índice de referencia.',
    address: 'Calle Real Utrera, 15, 41701',
    city: 'Dos Hermanas',
    province: 'Sevilla',
    country: 'España',
    builtArea: '118.00',
    rooms: 4,
    bathrooms: 2,
    acquisitionDate: '2019-09-02',
    acquisitionPrice: '185000.00',
    valuation: '214000.00',
    valuationDate: '2025-06-30',
    monthlyRent: '980.00',
    occupancy: 'RENTED',
    energyRating: 'C',
    photos: [photo('vivienda-sevilla.svg', 'Casa adosada de dos plantas con tejado de teja', 'Two-storey terraced house with a tiled roof', 'Vista desde la calle')],
  },
  {
    status: 'PUBLISHED',
    kind: 'HOME',
    title: 'Piso en el barrio de Delicias',
    description:
      'Piso de dos dormitorios en un edificio de 1975 con ascensor, cerca del parque Delicias. Vacío desde septiembre mientras se renueva la cocina; se volverá a alquilar al terminar la obra.',
    address: 'Avenida de Madrid, 120, 4.º A, 50010',
    city: 'Zaragoza',
    province: 'Zaragoza',
    country: 'España',
    builtArea: '72.30',
    rooms: 2,
    bathrooms: 1,
    acquisitionDate: '2020-02-20',
    acquisitionPrice: '121500.00',
    valuation: '139800.00',
    valuationDate: '2025-06-30',
    monthlyRent: '0.00',
    occupancy: 'VACANT',
    energyRating: 'E',
    photos: [photo('vivienda-zaragoza.svg', 'Edificio de cinco plantas en la avenida de Madrid', 'Five-storey building on Avenida de Madrid', 'Fachada a la avenida')],
  },
  {
    status: 'DRAFT',
    kind: 'HOME',
    title: 'Apartamento en Teatinos',
    description:
      'Apartamento de dos dormitorios de obra nueva junto al campus universitario de Teatinos, con piscina comunitaria. Pendiente de la primera tasación tras la compra.',
    address: 'Calle Corregidor Nicolás Isidro, 8, 2.º C, 29010',
    city: 'Málaga',
    province: 'Málaga',
    country: 'España',
    builtArea: '65.00',
    rooms: 2,
    bathrooms: 1,
    acquisitionDate: '2025-09-15',
    acquisitionPrice: '189000.00',
    valuation: '189000.00',
    valuationDate: '2025-09-15',
    monthlyRent: '950.00',
    occupancy: 'RENTED',
    energyRating: 'B',
    photos: [photo('vivienda-malaga.svg', 'Bloque de apartamentos de obra nueva en Teatinos', 'New-build apartment block in Teatinos', 'Entrada al edificio')],
  },
  {
    status: 'PUBLISHED',
    kind: 'PLANTATION',
    title: 'Plantación de paulownia en A Pastoriza',
    description:
      'Finca de regadío en la Terra Chá plantada con paulownia en marco de 4 × 3,5 m. Suelo franco con pH 6,2 y nivel freático por debajo de 3 m; a 25 km de Lugo.',
    location: 'Parcela 112, polígono 14, A Pastoriza',
    city: 'A Pastoriza',
    province: 'Lugo',
    country: 'España',
    hectares: '12.5000',
    treesPlanted: 8750,
    plantingDate: '2020-04-15',
    expectedHarvestYear: 2027,
    acquisitionDate: '2020-01-28',
    acquisitionPrice: '96000.00',
    valuation: '131250.00',
    valuationDate: '2025-06-30',
    expectedTimberVolume: '3150.00',
    certification: 'PEFC',
    photos: [photo('paulownia-lugo.svg', 'Hileras de paulownias de cinco años en la finca de A Pastoriza', 'Rows of five-year-old paulownia trees on the A Pastoriza estate', 'Quinto año de crecimiento')],
  },
  {
    status: 'PUBLISHED',
    kind: 'PLANTATION',
    title: 'Plantación de paulownia en Navalmoral de la Mata',
    description:
      'Terreno llano de la vega del Tiétar con riego por goteo, plantado con paulownia híbrida. Un 10 % de árboles de reposición previstos; a 40 km de Plasencia.',
    location: 'Finca Los Arenales, camino de Peraleda',
    city: 'Navalmoral de la Mata',
    province: 'Cáceres',
    country: 'España',
    hectares: '8.2000',
    treesPlanted: 5740,
    plantingDate: '2021-03-20',
    expectedHarvestYear: 2028,
    acquisitionDate: '2020-11-10',
    acquisitionPrice: '61500.00',
    valuation: '78900.00',
    valuationDate: '2025-06-30',
    expectedTimberVolume: '2070.00',
    certification: 'FSC (en trámite)',
    photos: [photo('paulownia-caceres.svg', 'Paulownias jóvenes con riego por goteo en la vega del Tiétar', 'Young paulownia trees with drip irrigation in the Tiétar valley', 'Cuarto año de crecimiento')],
  },
];

/** Seeds company 1's demo assets once (nothing is added when the company already has assets). */
export async function seedAssets(db: Kysely<Database>): Promise<void> {
  const admin = await db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'admin@kc.example').executeTakeFirst();
  if (!admin) return;
  const existing = await db.selectFrom('assets').select('id').where('company_id', '=', admin.company_id).limit(1).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('assets')
    .values(
      DEMO_ASSETS.map(({ status, ...input }) => ({
        ...columnsOf(input),
        company_id: admin.company_id,
        status,
        published_at: status === 'PUBLISHED' ? new Date(`${input.valuationDate}T09:00:00Z`) : null,
        created_by: admin.id,
        updated_by: admin.id,
      })),
    )
    .execute();
}
