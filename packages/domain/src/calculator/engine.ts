import { encodeMessage } from '../i18n/message-key.ts';
import { FIELD_BOUNDS, isWithinBounds } from './bounds.ts';
import {
  add,
  addOneYear,
  div,
  fromBigInt,
  fromNumber,
  futureValue,
  levelPayment,
  mul,
  percentToRate,
  toSafeNumber,
  trunc,
  type TFraction,
} from './exact-math.ts';
import type { TCalculatorInputs } from './fields.ts';
import {
  applyFixedValues,
  calculateSustainability,
  PLANS,
  type TPlanDefinition,
  type TPlanId,
  type TSustainability,
} from './plans.ts';

export const CHART_ITEM_IDS = ['banca', 'fondoInversion', 'kc'] as const;
export type TChartItemId = (typeof CHART_ITEM_IDS)[number];

/** Bar colours (dark enough for text on white and for WCAG non-text contrast). */
export const CHART_COLORS: Readonly<Record<TChartItemId, string>> = {
  banca: '#495057',
  fondoInversion: '#1864ab',
  kc: '#2b8a3e',
};

export type TChartItem = {
  id: TChartItemId;
  color: string;
  /** The whole-euro result shown by the bar. */
  value: number;
  /** Translation key of the series name: `calculator.chart.<id>.name` (see messages.ts). */
  name: string;
  /** Translation key with the rate: `calculator.chart.<id>.itemLabel|rate=3` (see messages.ts). */
  itemLabel: string;
};

/** The three future values after `year` years (0 … numAnyos), whole euros. */
export type TGrowthPoint = { year: number; banca: number; fondoInversion: number; kc: number };

export type TCalculatorResult = {
  resultadoBanca: number;
  resultadoFondoInversion: number;
  resultadoKc: number;
  totalAportado: number;
  beneficioBrutoKc: number;
  rentaMensualKc: number;
  complementoMensualKc: number;
  rendimientoCuponCero: number;
  esperanzaDeVida: number;
  /** For the sustainability plan; null for the others. */
  sustainability: TSustainability | null;
  chart: TChartItem[];
  growth: TGrowthPoint[];
};

/** The inputs the engine reads (the ages and the retirement year are only linked fields). */
const COMPUTED_FIELDS = [
  'numAnyos',
  'capitalInicial',
  'aportacionMensual',
  'bancoInteres',
  'fondoInversionInteres',
  'kcInteres',
  'edadJubilacion',
  'esperanzaDeVida',
] as const satisfies readonly (keyof typeof FIELD_BOUNDS)[];

const TWELVE = fromBigInt(12n);

type TSavings = { capital: TFraction; yearly: TFraction; years: number };

function readSavings(inputs: Pick<TCalculatorInputs, 'capitalInicial' | 'aportacionMensual' | 'numAnyos'>): TSavings {
  return {
    capital: fromNumber(inputs.capitalInicial),
    yearly: mul(fromNumber(inputs.aportacionMensual), TWELVE),
    years: inputs.numAnyos,
  };
}

function readRate(percent: number): TFraction {
  return percentToRate(fromNumber(percent));
}

function toWholeEuros(value: TFraction): number {
  return toSafeNumber(trunc(value));
}

/**
 * `resultadoKc` alone, or undefined when the fields it needs are not valid numbers within their
 * bounds (the linked inputs use it while the user is typing).
 */
export function tryCalculateResultadoKc(
  inputs: Partial<Pick<TCalculatorInputs, 'capitalInicial' | 'aportacionMensual' | 'numAnyos' | 'kcInteres'>>,
): number | undefined {
  const { capitalInicial, aportacionMensual, numAnyos, kcInteres } = inputs;
  if (
    !isWithinBounds(capitalInicial, FIELD_BOUNDS.capitalInicial) ||
    !isWithinBounds(aportacionMensual, FIELD_BOUNDS.aportacionMensual) ||
    !isWithinBounds(numAnyos, FIELD_BOUNDS.numAnyos) ||
    !isWithinBounds(kcInteres, FIELD_BOUNDS.kcInteres)
  ) {
    return undefined;
  }
  const savings = readSavings({ capitalInicial, aportacionMensual, numAnyos });
  return toWholeEuros(futureValue(savings.capital, savings.yearly, readRate(kcInteres), savings.years));
}

function makeChartItem(id: TChartItemId, value: number, ratePercent: number): TChartItem {
  return {
    id,
    color: CHART_COLORS[id],
    value,
    name: `calculator.chart.${id}.name`,
    itemLabel: encodeMessage(`calculator.chart.${id}.itemLabel`, { rate: ratePercent }),
  };
}

/**
 * The calculator's results (decisions.md, "Calculators"), every figure the truncation toward
 * zero of its exact value:
 * - the three future values at the bank, fund and coin rates over `numAnyos` years;
 * - `totalAportado = capitalInicial + 12·aportacionMensual·numAnyos`;
 * - `beneficioBrutoKc = resultadoKc − totalAportado` (of the two shown figures, so the three
 *   add up on screen);
 * - over m = (esperanzaDeVida − edadJubilacion)·12 months and from the shown `resultadoKc`:
 *   `rentaMensualKc = resultadoKc / m`, `complementoMensualKc = PMT(kc/100/12, m, −resultadoKc)`
 *   (both 0 when m ≤ 0) and `rendimientoCuponCero = resultadoKc·kc/100/12`.
 *
 * The plan's fixed values replace the inputs' (padrinazgo always starts with 6000). For plans
 * without ages `numAnyos` is the input the user sets; the monthly-income lines are computed for
 * every plan from whatever ages the inputs hold, and only the plans with `showsMonthlyIncome`
 * show them.
 *
 * Precondition: the inputs pass `validateCalculatorInputs` (the engine checks the fields it reads
 * against the bounds table and throws a RangeError naming the first that is not).
 */
export function calculate(inputs: TCalculatorInputs, planId: TPlanId): TCalculatorResult {
  const plan = PLANS[planId];
  const values = applyFixedValues(inputs, planId);
  for (const field of COMPUTED_FIELDS) {
    if (!isWithinBounds(values[field], FIELD_BOUNDS[field])) {
      throw new RangeError(`calculate: ${field} = ${values[field]} is outside the calculator's bounds`);
    }
  }

  const savings = readSavings(values);
  const rates = {
    banca: readRate(values.bancoInteres),
    fondoInversion: readRate(values.fondoInversionInteres),
    kc: readRate(values.kcInteres),
  };
  const valueAfter = (rate: TFraction) =>
    toWholeEuros(futureValue(savings.capital, savings.yearly, rate, savings.years));
  const resultadoBanca = valueAfter(rates.banca);
  const resultadoFondoInversion = valueAfter(rates.fondoInversion);
  const resultadoKc = valueAfter(rates.kc);
  const growth: TGrowthPoint[] = [];
  let exact = { banca: savings.capital, fondoInversion: savings.capital, kc: savings.capital };
  for (let year = 0; year <= savings.years; year++) {
    if (year > 0) {
      exact = {
        banca: addOneYear(exact.banca, savings.yearly, rates.banca),
        fondoInversion: addOneYear(exact.fondoInversion, savings.yearly, rates.fondoInversion),
        kc: addOneYear(exact.kc, savings.yearly, rates.kc),
      };
    }
    growth.push({
      year,
      banca: toWholeEuros(exact.banca),
      fondoInversion: toWholeEuros(exact.fondoInversion),
      kc: toWholeEuros(exact.kc),
    });
  }
  const totalAportado = toWholeEuros(add(savings.capital, mul(savings.yearly, fromBigInt(BigInt(savings.years)))));

  const months = (values.esperanzaDeVida - values.edadJubilacion) * 12;
  const amount = fromBigInt(BigInt(resultadoKc));
  const monthlyKcRate = div(rates.kc, TWELVE);

  return {
    resultadoBanca,
    resultadoFondoInversion,
    resultadoKc,
    totalAportado,
    beneficioBrutoKc: resultadoKc - totalAportado,
    rentaMensualKc: months > 0 ? toWholeEuros(div(amount, fromBigInt(BigInt(months)))) : 0,
    complementoMensualKc: months > 0 ? toWholeEuros(levelPayment(amount, monthlyKcRate, months)) : 0,
    rendimientoCuponCero: toWholeEuros(mul(amount, monthlyKcRate)),
    esperanzaDeVida: values.esperanzaDeVida,
    sustainability: plan.showsSustainability ? calculateSustainability(totalAportado) : null,
    chart: [
      makeChartItem('banca', resultadoBanca, values.bancoInteres),
      makeChartItem('fondoInversion', resultadoFondoInversion, values.fondoInversionInteres),
      makeChartItem('kc', resultadoKc, values.kcInteres),
    ],
    growth,
  };
}

/** Monthly-income thresholds of the status image (specification, section 9). */
export const STATUS_IMAGE_THRESHOLDS = [1000, 2000, 3000, 4000, 5000] as const;

/** One image per band: [0, 1000), [1000, 2000), …, [4000, 5000), and 5000 or more. */
export const INCOME_STATUS_IMAGES = [
  'income-under-1000',
  'income-under-2000',
  'income-under-3000',
  'income-under-4000',
  'income-under-5000',
  'income-from-5000',
] as const;

export type TIncomeStatusImage = (typeof INCOME_STATUS_IMAGES)[number];
export type TStatusImageKey = TIncomeStatusImage | TPlanDefinition['imageKey'];

/**
 * The result's status image: plans that show the monthly income pick it from `rentaMensualKc`
 * (a value equal to a threshold belongs to the band above it); the others show their own image.
 */
export function statusImage(result: Pick<TCalculatorResult, 'rentaMensualKc'>, planId: TPlanId): TStatusImageKey {
  const plan = PLANS[planId];
  if (!plan.showsMonthlyIncome) return plan.imageKey;
  const band = STATUS_IMAGE_THRESHOLDS.filter((threshold) => result.rentaMensualKc >= threshold).length;
  return INCOME_STATUS_IMAGES[band] ?? 'income-from-5000';
}
