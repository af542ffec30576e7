/** The calculator engine: pure, no clock, no I/O; the caller passes the base year. */
export { CALCULATOR_FIELDS, type TCalculatorDraft, type TCalculatorField, type TCalculatorInputs } from './fields.ts';
export {
  applyFixedValues,
  calculateSustainability,
  DEFAULT_KC_INTERES,
  EUROS_PER_PAULOWNIA_TREE,
  getPlan,
  isFieldReadOnly,
  isFieldVisible,
  PLANS,
  TREES_PER_FAMILY_MEMBER,
  ZPlanId,
  type TFixedValues,
  type TPlanDefinition,
  type TPlanId,
  type TSustainability,
} from './plans.ts';
export { PLAN_IDS } from './plan-ids.ts';
export {
  countDecimals,
  FIELD_BOUNDS,
  getCalculatorBounds,
  isWithinBounds,
  MAX_NUM_ANYOS,
  SLIDER_DEFAULTS,
  type TFieldBounds,
} from './bounds.ts';
export { DEFAULT_VALUES, defaultInputs } from './defaults.ts';
export { makeCalculatorSchema, parseDecimal, type TCalculatorSchema } from './schema.ts';
export { calculatorMessages, ckey, type TCalculatorErrorKey } from './messages.ts';
export {
  calculate,
  CHART_COLORS,
  CHART_ITEM_IDS,
  INCOME_STATUS_IMAGES,
  STATUS_IMAGE_THRESHOLDS,
  statusImage,
  type TCalculatorResult,
  type TChartItem,
  type TChartItemId,
  type TGrowthPoint,
  type TIncomeStatusImage,
  type TStatusImageKey,
} from './engine.ts';
export { onAgesChange, onContributionChange, onTargetChange, onYearChange, onYearsChange } from './linked.ts';
