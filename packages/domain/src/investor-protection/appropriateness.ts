import { EUR_SCALE, floorDiv, formatEur, parseScaled, type TScaled } from '../ledger/decimal.ts';
import type { TSheetLanguage } from './sheets.ts';

/**
 * The appropriateness test and the loss-bearing simulation (issue 16; ECSP Art. 21 as the
 * model), defined once: the questions with their answer keys, the score, the 10 % rule, the
 * warning thresholds and how long a test stays valid. Amounts are EUR as BigInt cents.
 */
export const APPROPRIATENESS_VERSION = '1.0';

export interface TQuestion {
  id: string;
  text: Record<TSheetLanguage, string>;
  options: { id: string; text: Record<TSheetLanguage, string> }[];
  /** The option that shows the knowledge asked for. */
  correct: string;
}

export const APPROPRIATENESS_QUESTIONS: readonly TQuestion[] = [
  {
    id: 'capitalLoss',
    text: { es: '¿Puede perder dinero con esta inversión?', en: 'Can you lose money with this investment?' },
    options: [
      { id: 'no', text: { es: 'No, el capital está garantizado', en: 'No, the capital is guaranteed' } },
      { id: 'part', text: { es: 'Sí, una parte o todo lo invertido', en: 'Yes, part or all of what I invest' } },
      { id: 'interest', text: { es: 'Solo los intereses, nunca el capital', en: 'Only the interest, never the capital' } },
    ],
    correct: 'part',
  },
  {
    id: 'liquidity',
    text: { es: '¿Puede recuperar su dinero cuando quiera?', en: 'Can you get your money back whenever you like?' },
    options: [
      { id: 'always', text: { es: 'Sí, en cualquier momento', en: 'Yes, at any time' } },
      { id: 'notAlways', text: { es: 'No siempre: puede no ser posible o tardar', en: 'Not always: it may be impossible or take time' } },
    ],
    correct: 'notAlways',
  },
  {
    id: 'depositGuarantee',
    text: { es: '¿Cubre esta inversión el fondo de garantía de depósitos?', en: 'Is this investment covered by the deposit guarantee scheme?' },
    options: [
      { id: 'yes', text: { es: 'Sí, hasta 100.000 €', en: 'Yes, up to €100,000' } },
      { id: 'no', text: { es: 'No, no está cubierta', en: 'No, it is not covered' } },
    ],
    correct: 'no',
  },
  {
    id: 'simulation',
    text: { es: 'Las rentabilidades de las calculadoras son…', en: "The calculators' returns are…" },
    options: [
      { id: 'promise', text: { es: 'Un compromiso de KC', en: 'A promise by KC' } },
      { id: 'simulation', text: { es: 'Una simulación, no una garantía', en: 'A simulation, not a guarantee' } },
    ],
    correct: 'simulation',
  },
  {
    id: 'diversification',
    text: { es: '¿Qué reduce el riesgo de perder mucho de una vez?', en: 'What lowers the risk of losing a lot at once?' },
    options: [
      { id: 'allIn', text: { es: 'Invertir todos mis ahorros en un solo producto', en: 'Putting all my savings into one product' } },
      { id: 'spread', text: { es: 'Repartir mis ahorros entre productos distintos', en: 'Spreading my savings across different products' } },
    ],
    correct: 'spread',
  },
  {
    id: 'experience',
    text: { es: '¿Ha invertido antes en fondos, acciones u otros productos de riesgo?', en: 'Have you invested before in funds, shares or other risky products?' },
    options: [
      { id: 'never', text: { es: 'Nunca', en: 'Never' } },
      { id: 'some', text: { es: 'Alguna vez', en: 'A few times' } },
      { id: 'often', text: { es: 'Con frecuencia', en: 'Often' } },
    ],
    // Experience is asked for, not scored: any answer is valid; it is kept with the others.
    correct: '*',
  },
];

/** The knowledge questions (the ones with an answer key). */
const SCORED = APPROPRIATENESS_QUESTIONS.filter((q) => q.correct !== '*');
/** The test is passed with every knowledge question right but at most one. */
export const PASS_MARK = SCORED.length - 1;
export const MAX_SCORE = SCORED.length;

export type TAnswers = Record<string, string>;

/** Whether every question has one of its options (nothing missing, nothing extra). */
export function answersComplete(answers: TAnswers): boolean {
  const keys = Object.keys(answers);
  if (keys.length !== APPROPRIATENESS_QUESTIONS.length) return false;
  return APPROPRIATENESS_QUESTIONS.every((q) => q.options.some((o) => o.id === answers[q.id]));
}

/** The number of knowledge questions answered right and whether that passes. */
export function scoreTest(answers: TAnswers): { score: number; passed: boolean } {
  const score = SCORED.filter((q) => answers[q.id] === q.correct).length;
  return { score, passed: score >= PASS_MARK };
}

/** The loss-bearing capacity: 10 % of the net worth (floored to the cent; never below zero). */
export function lossCapacity(netWorth: TScaled): TScaled {
  return netWorth <= 0n ? 0n : floorDiv(netWorth, 10n);
}

/** The hire amount above which a risk warning is shown whatever the net worth: EUR 1,000. */
export const WARNING_AMOUNT = parseScaled('1000', EUR_SCALE)!;

export const RISK_WARNINGS = ['testFailed', 'aboveAmount', 'aboveNetWorthShare'] as const;
export type TRiskWarning = (typeof RISK_WARNINGS)[number];

/**
 * The hire's amount for the thresholds: the initial amount plus the first year's monthly
 * contributions (what the investor commits to in the first twelve months).
 */
export function hireAmount(initialAmount: TScaled, recurringAmount: TScaled): TScaled {
  return initialAmount + 12n * recurringAmount;
}

/**
 * The warnings a hire must show: a failed test; an amount above EUR 1,000; an amount above 5 % of
 * the net worth (with no net worth, any amount is above it). Empty: no warning to acknowledge.
 */
export function riskWarnings(input: { passed: boolean; amount: TScaled; netWorth: TScaled }): TRiskWarning[] {
  const warnings: TRiskWarning[] = [];
  if (!input.passed) warnings.push('testFailed');
  if (input.amount > WARNING_AMOUNT) warnings.push('aboveAmount');
  // amount > 5 % of netWorth  ⇔  20 · amount > netWorth (exact, no division).
  if (input.amount > 0n && 20n * input.amount > input.netWorth) warnings.push('aboveNetWorthShare');
  return warnings;
}

/** A test stays valid for two years from the day it was taken. */
export const TEST_VALIDITY_YEARS = 2;

/** Whether a test taken at `takenAt` is still valid at `now` (calendar years, UTC). */
export function isTestCurrent(takenAt: Date, now: Date): boolean {
  const expires = new Date(takenAt.getTime());
  expires.setUTCFullYear(expires.getUTCFullYear() + TEST_VALIDITY_YEARS);
  return now.getTime() < expires.getTime() && takenAt.getTime() <= now.getTime() + 60_000;
}

export { formatEur };
