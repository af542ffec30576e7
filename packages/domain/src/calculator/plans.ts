import type { TCalculatorDraft, TCalculatorField, TCalculatorInputs } from './fields.ts';
import type { PLAN_IDS } from './plan-ids.ts';

export type TPlanId = (typeof PLAN_IDS)[number];

/** The fields a plan may fix to a value the user cannot change (decisions.md, "Plans"). */
export type TFixedValues = Readonly<Partial<Pick<TCalculatorInputs, 'capitalInicial' | 'aportacionMensual'>>>;

export type TPlanDefinition = {
  readonly id: TPlanId;
  /** The catalogue's product type; the product key is the plan id. */
  readonly productType: 'SAVINGS_PLAN';
  /** The plan's own image (its card, and its status image when it shows no monthly income). */
  readonly imageKey: `plan-${TPlanId}`;
  /** The coin's annual interest percentage for this plan. */
  readonly kcInteres: number;
  readonly fixedValues: TFixedValues;
  /** Whether the current and retirement ages are inputs (otherwise `numAnyos` is the input). */
  readonly showsAges: boolean;
  /** Whether the three monthly-income result lines (and the income status image) are shown. */
  readonly showsMonthlyIncome: boolean;
  /** Whether the trees funded and family members made CO2 neutral are shown. */
  readonly showsSustainability: boolean;
  /** Input fields shown on the form, in form order. */
  readonly visibleFields: readonly TCalculatorField[];
  /** Shown fields the user cannot edit (a fixed value, or a value derived from fixed ones). */
  readonly readOnlyFields: readonly TCalculatorField[];
};

export const DEFAULT_KC_INTERES = 10;

type TPlanOptions = {
  showsAges: boolean;
  showsYear: boolean;
  fixedValues?: TFixedValues;
  showsSustainability?: boolean;
};

/**
 * Field visibility follows the specification (section 2): the ages only where the plan shows
 * them, the retirement year everywhere but personalizado, the monthly contribution unless the
 * plan fixes it, the bank interest always. The fund and coin interests are catalogue figures,
 * not form fields. A fixed initial capital is shown read-only; when the monthly contribution is
 * fixed, the amount at the end follows from fixed values and is read-only too.
 */
function definePlan(id: TPlanId, options: TPlanOptions): TPlanDefinition {
  const fixedValues = options.fixedValues ?? {};
  const isMonthlyFixed = fixedValues.aportacionMensual !== undefined;
  const visibleFields: TCalculatorField[] = [
    ...(options.showsAges ? (['edadActual', 'edadJubilacion'] as const) : []),
    ...(options.showsYear ? (['anyoJubilacion'] as const) : []),
    'numAnyos',
    'capitalInicial',
    ...(isMonthlyFixed ? [] : (['aportacionMensual'] as const)),
    'disponibleAlFinal',
    'bancoInteres',
  ];
  const readOnlyFields: TCalculatorField[] = [
    ...(fixedValues.capitalInicial !== undefined ? (['capitalInicial'] as const) : []),
    ...(isMonthlyFixed ? (['disponibleAlFinal'] as const) : []),
  ];
  return {
    id,
    productType: 'SAVINGS_PLAN',
    imageKey: `plan-${id}`,
    kcInteres: DEFAULT_KC_INTERES,
    fixedValues,
    showsAges: options.showsAges,
    showsMonthlyIncome: options.showsAges,
    showsSustainability: options.showsSustainability ?? false,
    visibleFields,
    readOnlyFields,
  };
}

export const PLANS: Readonly<Record<TPlanId, TPlanDefinition>> = {
  jubilacion: definePlan('jubilacion', { showsAges: true, showsYear: true }),
  fideicomiso: definePlan('fideicomiso', {
    showsAges: false,
    showsYear: true,
    fixedValues: { capitalInicial: 10_000 },
  }),
  padrinazgo: definePlan('padrinazgo', {
    showsAges: false,
    showsYear: true,
    fixedValues: { capitalInicial: 6_000, aportacionMensual: 0 },
  }),
  cerocupones: definePlan('cerocupones', { showsAges: true, showsYear: true }),
  emprendedor: definePlan('emprendedor', { showsAges: false, showsYear: true }),
  sostenibilidad: definePlan('sostenibilidad', {
    showsAges: true,
    showsYear: true,
    showsSustainability: true,
  }),
  personalizado: definePlan('personalizado', { showsAges: false, showsYear: false }),
};

export function getPlan(planId: TPlanId): TPlanDefinition {
  return PLANS[planId];
}

export function isFieldVisible(planId: TPlanId, field: TCalculatorField): boolean {
  return PLANS[planId].visibleFields.includes(field);
}

export function isFieldReadOnly(planId: TPlanId, field: TCalculatorField): boolean {
  return PLANS[planId].readOnlyFields.includes(field);
}

/** The inputs with the plan's fixed values written over them (fixed values always win). */
export function applyFixedValues<T extends TCalculatorDraft>(inputs: T, planId: TPlanId): T {
  return { ...inputs, ...PLANS[planId].fixedValues };
}

/** CO2 neutrality of one person, from the sustainability text (specification, section 1). */
export const TREES_PER_FAMILY_MEMBER = 19;

/**
 * Catalogue figure: euros that plant one paulownia and keep it until it is felled (sapling,
 * planting, irrigation and care over its 6 to 8 years). A product figure, not a market price;
 * change it here when the catalogue changes.
 */
export const EUROS_PER_PAULOWNIA_TREE = 50;

export type TSustainability = {
  /** Whole trees the contributions pay for. */
  treesFunded: number;
  /** Whole family members those trees make CO2 neutral. */
  familyMembersCo2Neutral: number;
};

/** Trees funded by what the saver contributes (`totalAportado`, whole euros), and whom they offset. */
export function calculateSustainability(totalAportado: number): TSustainability {
  const treesFunded = Math.max(0, Math.floor(totalAportado / EUROS_PER_PAULOWNIA_TREE));
  return { treesFunded, familyMembersCo2Neutral: Math.floor(treesFunded / TREES_PER_FAMILY_MEMBER) };
}
