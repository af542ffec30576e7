import { toDecimalString } from './exact-math.ts';
import type { TCalculatorField } from './fields.ts';

export type TFieldBounds = {
  readonly min: number;
  readonly max: number;
  /** The slider's step. */
  readonly step: number;
  /** Decimal places accepted when the value is typed (0: whole numbers only). */
  readonly decimals: number;
};

/** A numeric field's slider when the table gives it none (specification, section 5). */
export const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const;

/** Years of saving: the retirement year runs from the base year to base + this. */
export const MAX_NUM_ANYOS = 35;

const WHOLE = { step: 1, decimals: 0 } as const;
const MONEY = { step: 1, decimals: 2 } as const;
const RATE = { min: 0, max: 20, step: 0.1, decimals: 2 } as const;

/**
 * The calculator's bounds table (specification, section 5) for every field but the retirement
 * year, whose range moves with the base year (see `getCalculatorBounds`). The table has no row
 * for the fund and coin interests or the life expectancy; they get the bank interest's range
 * and the ages' range. Money accepts cents; rates accept two decimals (2,75 %) though the
 * slider steps by 0,1.
 */
export const FIELD_BOUNDS: Readonly<Record<Exclude<TCalculatorField, 'anyoJubilacion'>, TFieldBounds>> = {
  edadActual: { min: 0, max: 120, ...WHOLE },
  edadJubilacion: { min: 0, max: 120, ...WHOLE },
  numAnyos: { min: 0, max: MAX_NUM_ANYOS, ...WHOLE },
  capitalInicial: { min: 0, max: 10_000_000, ...MONEY },
  aportacionMensual: { min: 0, max: 10_000, ...MONEY },
  disponibleAlFinal: { min: 0, max: 10_000_000, ...MONEY },
  bancoInteres: RATE,
  fondoInversionInteres: RATE,
  kcInteres: RATE,
  esperanzaDeVida: { min: 0, max: 120, ...WHOLE },
};

/** The whole bounds table; the retirement year runs over [base, base + 35] (decisions.md). */
export function getCalculatorBounds(baseYear: number): Readonly<Record<TCalculatorField, TFieldBounds>> {
  return {
    ...FIELD_BOUNDS,
    anyoJubilacion: { min: baseYear, max: baseYear + MAX_NUM_ANYOS, ...WHOLE },
  };
}

/** Decimal places of a finite number as it prints (0.1 has 1, 1e-7 has 7). */
export function countDecimals(value: number): number {
  return Number.isInteger(value) ? 0 : (toDecimalString(value).split('.')[1]?.length ?? 0);
}

/** The table's range rule: min ≤ value ≤ max (a finite number). */
export function isInRange(value: number, bounds: TFieldBounds): boolean {
  return value >= bounds.min && value <= bounds.max;
}

/** The table's decimals rule: no more decimal places than the field accepts (a finite number). */
export function hasAllowedDecimals(value: number, bounds: TFieldBounds): boolean {
  return countDecimals(value) <= bounds.decimals;
}

/**
 * Whether a value is a finite number inside the bounds with no more decimals than allowed: the
 * rules `checkCalculatorValue` (validate.ts) reports on, as one yes or no.
 */
export function isWithinBounds(value: number | undefined, bounds: TFieldBounds): value is number {
  return typeof value === 'number' && Number.isFinite(value) && isInRange(value, bounds) && hasAllowedDecimals(value, bounds);
}
