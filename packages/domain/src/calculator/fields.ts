/**
 * The calculator's fields, named as in the specification (section 3). Every field is a number;
 * `esperanzaDeVida` is an input too (default 86) so that the monthly-income lines are a pure
 * function of the inputs.
 */
export const CALCULATOR_FIELDS = [
  'edadActual',
  'edadJubilacion',
  'anyoJubilacion',
  'numAnyos',
  'capitalInicial',
  'aportacionMensual',
  'disponibleAlFinal',
  'bancoInteres',
  'fondoInversionInteres',
  'kcInteres',
  'esperanzaDeVida',
] as const;

export type TCalculatorField = (typeof CALCULATOR_FIELDS)[number];

export type TCalculatorInputs = {
  /** Current age, whole years. */
  edadActual: number;
  /** Target (retirement) age, whole years. */
  edadJubilacion: number;
  /** Target (retirement) calendar year: base year + numAnyos. */
  anyoJubilacion: number;
  /** Years of saving: the `n` of every formula. */
  numAnyos: number;
  /** Initial capital in euros. */
  capitalInicial: number;
  /** Monthly contribution in euros (paid as 12 × this at the end of each year). */
  aportacionMensual: number;
  /** Amount available at the end, in euros (linked to the contribution). */
  disponibleAlFinal: number;
  /** Annual interest percentages (3 means 3 %). */
  bancoInteres: number;
  fondoInversionInteres: number;
  kcInteres: number;
  /** Life expectancy in whole years; the monthly-income lines run until it. */
  esperanzaDeVida: number;
};

/**
 * The calculator form while the user types: any field may be empty (`undefined`) or not a
 * number (`NaN`, from `parseDecimal`). The linked-input functions accept and return drafts.
 */
export type TCalculatorDraft = { [K in TCalculatorField]?: number | undefined };
