/**
 * The seven calculators (specification, section 2), in the order of the list page. Kept free of
 * zod so that the URL table can use it without pulling schemas into every page.
 */
export const PLAN_IDS = [
  'jubilacion',
  'fideicomiso',
  'padrinazgo',
  'cerocupones',
  'emprendedor',
  'sostenibilidad',
  'personalizado',
] as const;
