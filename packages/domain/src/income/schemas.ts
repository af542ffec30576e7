import { z } from 'zod';
import { parseIsoDate } from '../accounts/calendar-date.ts';
import { encodeMessage } from '../i18n/message-key.ts';
import { PRICE_SCALE, parseScaled } from '../ledger/decimal.ts';

/**
 * Income (issue 15, part "income"): ADMIN declares a distribution of a period's rent and timber
 * income as an amount per KC unit; it is credited to every contract ACTIVE on the record date
 * that holds units then (decision 0020). Amounts travel as decimal strings with their scale.
 */
const ikey = (key: string, params?: Record<string, string | number>) => encodeMessage(`income.errors.${key}`, params);

/** The largest amount per unit accepted (a typo guard: the price of a unit is about 10 €). */
export const MAX_AMOUNT_PER_UNIT = '1000.000000';
export const MAX_DISTRIBUTION_DESCRIPTION = 500;

const date = (key: string) =>
  z.string({ error: ikey(key) }).refine((text) => parseIsoDate(text) !== null, ikey(key));

export const ZDeclareDistributionRequest = z
  .object({
    periodFrom: date('periodFrom'),
    periodTo: date('periodTo'),
    recordDate: date('recordDate'),
    /** EUR per KC unit, at most six decimals. */
    amountPerUnit: z
      .string({ error: ikey('amountPerUnit', { max: MAX_AMOUNT_PER_UNIT }) })
      .trim()
      .refine((text) => {
        const value = parseScaled(text, PRICE_SCALE);
        return value !== null && value > 0n && value <= parseScaled(MAX_AMOUNT_PER_UNIT, PRICE_SCALE)!;
      }, ikey('amountPerUnit', { max: MAX_AMOUNT_PER_UNIT })),
    description: z
      .string({ error: ikey('description', { max: MAX_DISTRIBUTION_DESCRIPTION }) })
      .trim()
      .min(3, ikey('description', { max: MAX_DISTRIBUTION_DESCRIPTION }))
      .max(MAX_DISTRIBUTION_DESCRIPTION, ikey('description', { max: MAX_DISTRIBUTION_DESCRIPTION })),
  })
  .superRefine((value, ctx) => {
    // Only compared when both dates are valid (each field says its own problem otherwise).
    const valid = (text: string) => parseIsoDate(text) !== null;
    if (valid(value.periodFrom) && valid(value.periodTo) && value.periodTo < value.periodFrom) {
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: ikey('periodOrder') });
    }
    if (valid(value.periodTo) && valid(value.recordDate) && value.recordDate < value.periodTo) {
      ctx.addIssue({ code: 'custom', path: ['recordDate'], message: ikey('recordBeforePeriodEnd') });
    }
  });
export type TDeclareDistributionRequest = z.infer<typeof ZDeclareDistributionRequest>;

/** What a distribution credits (the preview before it is declared, and its record after). */
export const ZDistributionFigures = z.object({
  /** Contracts credited: ACTIVE on the record date, holding units then. */
  contracts: z.number().int(),
  /** Units they hold on the record date (six decimals). */
  totalUnits: z.string(),
  /** ⌊total units × amount per unit⌋: what leaves INCOME_SOURCE (EUR). */
  total: z.string(),
  /** Σ ⌊units × amount per unit⌋ over the contracts: what the investors receive (EUR). */
  credited: z.string(),
  /** total − credited, booked to ROUNDING (EUR, 0 ≤ remainder < contracts cents). */
  remainder: z.string(),
});
export type TDistributionFigures = z.infer<typeof ZDistributionFigures>;

export const ZDistributionPreview = ZDistributionFigures.extend({
  recordDate: z.string(),
  amountPerUnit: z.string(),
});
export type TDistributionPreview = z.infer<typeof ZDistributionPreview>;

export const ZIncomeDistribution = ZDistributionFigures.extend({
  id: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  recordDate: z.string(),
  amountPerUnit: z.string(),
  description: z.string(),
  journalId: z.string(),
  declaredAt: z.string(),
});
export type TIncomeDistribution = z.infer<typeof ZIncomeDistribution>;
export const ZIncomeDistributionList = z.object({ distributions: z.array(ZIncomeDistribution) });
export type TIncomeDistributionList = z.infer<typeof ZIncomeDistributionList>;

// The investor's value over time ------------------------------------------------------------------

export const ZIncomeCustomerParams = z.object({ customerId: z.string().min(1).max(64) });

export const ZValuePoint = z.object({
  /** A published price's value date. */
  date: z.string(),
  price: z.string(),
  /** Units held at the end of that date (every journal occurring on or before it). */
  units: z.string(),
  /** ⌊units × price⌋ (EUR). */
  value: z.string(),
  /** Paid in up to that date (EUR). */
  paidIn: z.string(),
});
export type TValuePoint = z.infer<typeof ZValuePoint>;
export const ZValueHistory = z.object({ points: z.array(ZValuePoint) });
export type TValueHistory = z.infer<typeof ZValueHistory>;
