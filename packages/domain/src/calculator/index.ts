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
  type TFixedValues,
  type TPlanDefinition,
  type TPlanId,
  type TSustainability,
} from './plans.ts';
export { PLAN_IDS } from './plan-ids.ts';
export { ZPlanId } from './plan-id-schema.ts';
export {
  countDecimals,
  FIELD_BOUNDS,
  getCalculatorBounds,
  hasAllowedDecimals,
  isInRange,
  isWithinBounds,
  MAX_NUM_ANYOS,
  SLIDER_DEFAULTS,
  type TFieldBounds,
} from './bounds.ts';
export { DEFAULT_VALUES, defaultInputs } from './defaults.ts';
export { makeCalculatorSchema, type TCalculatorSchema } from './schema.ts';
export { parseDecimal } from './parse-decimal.ts';
export {
  calculatorCrossIssues,
  calculatorFieldIssues,
  checkCalculatorValue,
  completeCalculatorInputs,
  validateCalculatorInputs,
  type TCalculatorCheck,
  type TCalculatorDraftInput,
  type TCalculatorIssue,
} from './validate.ts';
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
