import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { EUR_SCALE, parseScaled } from '../ledger/decimal.ts';
import { RISK_WARNINGS, answersComplete } from './appropriateness.ts';

const ikey = (key: string, params?: Record<string, string | number>) => encodeMessage(`investorProtection.errors.${key}`, params);

/** A typo guard for the simulation's figures, not a business limit. */
export const MAX_WEALTH = '1000000000.00';

const ZWealth = z
  .string({ error: ikey('amount') })
  .trim()
  .refine((text) => {
    const value = parseScaled(text, EUR_SCALE);
    return value !== null && value >= 0n && value <= parseScaled(MAX_WEALTH, EUR_SCALE)!;
  }, ikey('amount', { max: MAX_WEALTH }));

/** The investor's test: one option per question, and the loss-bearing simulation's figures. */
export const ZAppropriatenessRequest = z.object({
  answers: z
    .record(z.string().max(40), z.string().max(40))
    .refine((answers) => answersComplete(answers), ikey('answers')),
  netWorth: ZWealth,
  yearlyIncome: ZWealth,
  commitments: ZWealth,
});
export type TAppropriatenessRequest = z.infer<typeof ZAppropriatenessRequest>;

export const ZRiskWarning = z.enum(RISK_WARNINGS);

export const ZAppropriatenessResult = z.object({
  id: z.string(),
  version: z.string(),
  takenAt: z.string(),
  /** The last day (exclusive, ISO time) the test is valid for a hire. */
  validUntil: z.string(),
  current: z.boolean(),
  score: z.number().int(),
  maxScore: z.number().int(),
  passed: z.boolean(),
  answers: z.record(z.string(), z.string()),
  netWorth: z.string(),
  yearlyIncome: z.string(),
  commitments: z.string(),
  /** 10 % of the net worth: the sum shown as what the investor could lose. */
  lossCapacity: z.string(),
});
export type TAppropriatenessResult = z.infer<typeof ZAppropriatenessResult>;

export const ZAppropriatenessStatus = z.object({ latest: ZAppropriatenessResult.nullable() });
export type TAppropriatenessStatus = z.infer<typeof ZAppropriatenessStatus>;

/** What the hiring screen asks the server before Contratar: the warnings this hire would show. */
export const ZRiskCheckRequest = z.object({
  initialAmount: z.number().min(0).max(100_000_000),
  recurringAmount: z.number().min(0).max(100_000_000),
});
export const ZRiskCheck = z.object({
  assessment: ZAppropriatenessResult.nullable(),
  warnings: z.array(ZRiskWarning),
  hireAmount: z.string(),
});
export type TRiskCheck = z.infer<typeof ZRiskCheck>;

/** The investor-protection record kept with a contract (part of its record). */
export const ZContractProtection = z.object({
  keyInfoVersion: z.string(),
  keyInfoAcceptedAt: z.string(),
  assessmentId: z.string(),
  warnings: z.array(ZRiskWarning),
  acknowledgedAt: z.string().nullable(),
});
export type TContractProtection = z.infer<typeof ZContractProtection>;

export const ZKeyInfoParams = z.object({ planId: z.string().min(1).max(40), language: z.enum(['es', 'en']) });

/**
 * The reflection period of a contract (decision 0026): the first instant it is over (ISO), and when
 * the investor waived it (null when not). Open while the contract is NEW, not waived and before `endsAt`.
 */
export const ZReflectionInfo = z.object({
  endsAt: z.string(),
  waivedAt: z.string().nullable(),
});
export type TReflectionInfo = z.infer<typeof ZReflectionInfo>;

/** The same on a contract's details: who waived, the confirmation's version, and whether the caller may waive now. */
export const ZContractReflection = ZReflectionInfo.extend({
  waivedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  waiverTextVersion: z.string().nullable(),
  canWaive: z.boolean(),
});
export type TContractReflection = z.infer<typeof ZContractReflection>;

/** Waiving: the investor confirms the text they were shown, named by its version. */
export const ZReflectionWaiverRequest = z.object({
  confirmed: z.literal(true, { error: vkey('required') }),
  textVersion: z.string({ error: vkey('required') }).min(1, vkey('required')).max(64, vkey('invalid')),
});
export type TReflectionWaiverRequest = z.infer<typeof ZReflectionWaiverRequest>;
