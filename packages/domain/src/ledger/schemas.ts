import { z } from 'zod';
import { parseIsoDate } from '../accounts/calendar-date.ts';
import { encodeMessage } from '../i18n/message-key.ts';
import { CURRENCIES, LEDGER_ACCOUNT_NAMES } from './accounts.ts';
import { EUR_SCALE, PRICE_SCALE, parseScaled } from './decimal.ts';

/**
 * Requests and answers of the money ledger (issue 15): published prices, a contract's payment
 * schedule, recorded payments, holdings and the ledger check. Amounts travel as decimal
 * strings with their scale (EUR '150.00', units '12.345678', price '10.254300').
 */
const lkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`ledger.errors.${key}`, params);

/** The largest single payment accepted (a typo guard, not a business limit). */
export const MAX_PAYMENT = '10000000.00';
export const MAX_REFERENCE_LENGTH = 64;
export const MAX_ASSET_REPORT_LENGTH = 500;
export const MAX_REASON_LENGTH = 500;

const positiveScaled = (scale: number, key: string) =>
  z
    .string({ error: lkey(key) })
    .trim()
    .refine((text) => {
      const value = parseScaled(text, scale);
      return value !== null && value > 0n;
    }, lkey(key));

export const ZLedgerDate = z
  .string({ error: lkey('date') })
  .refine((text) => parseIsoDate(text) !== null, lkey('date'));

export const ZEurAmount = positiveScaled(EUR_SCALE, 'amount').refine(
  (text) => (parseScaled(text, EUR_SCALE) ?? 0n) <= parseScaled(MAX_PAYMENT, EUR_SCALE)!,
  lkey('amountTooLarge', { max: MAX_PAYMENT }),
);
export const ZUnitPrice = positiveScaled(PRICE_SCALE, 'price');

// Prices ----------------------------------------------------------------------------------------

export const ZPublishPriceRequest = z.object({
  valueDate: ZLedgerDate,
  price: ZUnitPrice,
  assetReport: z
    .string({ error: lkey('assetReport', { max: MAX_ASSET_REPORT_LENGTH }) })
    .trim()
    .min(3, lkey('assetReport', { max: MAX_ASSET_REPORT_LENGTH }))
    .max(MAX_ASSET_REPORT_LENGTH, lkey('assetReport', { max: MAX_ASSET_REPORT_LENGTH })),
});
export type TPublishPriceRequest = z.infer<typeof ZPublishPriceRequest>;

export const ZPrice = z.object({
  valueDate: z.string(),
  /** EUR per KC unit, six decimals. */
  price: z.string(),
  assetReport: z.string(),
  publishedAt: z.string(),
});
export type TPrice = z.infer<typeof ZPrice>;

export const ZPriceHistoryQuery = z.object({
  from: ZLedgerDate.optional(),
  to: ZLedgerDate.optional(),
});
export type TPriceHistoryQuery = z.infer<typeof ZPriceHistoryQuery>;
export const ZPriceHistory = z.object({ prices: z.array(ZPrice) });
export type TPriceHistory = z.infer<typeof ZPriceHistory>;

// Payments --------------------------------------------------------------------------------------

export const PAYMENT_METHODS = ['TRANSFER', 'DIRECT_DEBIT', 'CARD'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ZRecordPaymentRequest = z.object({
  amount: ZEurAmount,
  valueDate: ZLedgerDate,
  method: z.enum(PAYMENT_METHODS, { error: lkey('method') }),
  reference: z
    .string({ error: lkey('reference', { max: MAX_REFERENCE_LENGTH }) })
    .trim()
    .min(1, lkey('reference', { max: MAX_REFERENCE_LENGTH }))
    .max(MAX_REFERENCE_LENGTH, lkey('reference', { max: MAX_REFERENCE_LENGTH })),
});
export type TRecordPaymentRequest = z.infer<typeof ZRecordPaymentRequest>;

export const ZPayment = z.object({
  id: z.string(),
  contractId: z.string(),
  amount: z.string(),
  valueDate: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  journalId: z.string(),
  /** The price the units were bought at, and the units. */
  price: z.string(),
  units: z.string(),
  recordedAt: z.string(),
  /** Set when the payment's journal was reversed. */
  reversedAt: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;
export const ZPaymentList = z.object({ payments: z.array(ZPayment) });
export type TPaymentList = z.infer<typeof ZPaymentList>;

export const ZLedgerContractParams = z.object({ contractId: z.string().min(1).max(64) });
export const ZLedgerCustomerParams = z.object({ customerId: z.string().min(1).max(64) });
export const ZLedgerJournalParams = z.object({ journalId: z.string().min(1).max(64) });

// Schedule --------------------------------------------------------------------------------------

export const ZScheduleItem = z.object({
  number: z.number().int(),
  kind: z.enum(['INITIAL', 'MONTHLY']),
  dueDate: z.string(),
  amount: z.string(),
  paid: z.string(),
  status: z.enum(['PAID', 'DUE', 'OVERDUE']),
});
export const ZSchedule = z.object({
  contractId: z.string(),
  periodType: z.string(),
  items: z.array(ZScheduleItem),
  /** Sums: due so far (items dated on or before today), paid in (net of reversals), overdue. */
  dueToDate: z.string(),
  paidIn: z.string(),
  overdue: z.string(),
  /** Paid beyond every item of the schedule. */
  ahead: z.string(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

// Holdings --------------------------------------------------------------------------------------

export const ZHolding = z.object({
  contractId: z.string(),
  productKey: z.string(),
  state: z.string(),
  units: z.string(),
  paidIn: z.string(),
  income: z.string(),
  /** Value of the units at the last published price, rounded down to the cent; null before any price. */
  value: z.string().nullable(),
  price: z.string().nullable(),
  priceDate: z.string().nullable(),
});
export type THolding = z.infer<typeof ZHolding>;
export const ZHoldings = z.object({
  holdings: z.array(ZHolding),
  totals: z.object({ units: z.string(), paidIn: z.string(), income: z.string(), value: z.string().nullable() }),
  price: z.string().nullable(),
  priceDate: z.string().nullable(),
});
export type THoldings = z.infer<typeof ZHoldings>;

// Reversal and check ----------------------------------------------------------------------------

export const ZReverseJournalRequest = z.object({
  reason: z
    .string({ error: lkey('reason', { max: MAX_REASON_LENGTH }) })
    .trim()
    .min(3, lkey('reason', { max: MAX_REASON_LENGTH }))
    .max(MAX_REASON_LENGTH, lkey('reason', { max: MAX_REASON_LENGTH })),
});
export type TReverseJournalRequest = z.infer<typeof ZReverseJournalRequest>;

export const ZJournalLineOut = z.object({
  account: z.enum(LEDGER_ACCOUNT_NAMES as [string, ...string[]]),
  currency: z.enum(CURRENCIES),
  amount: z.string(),
  contractId: z.string().nullable(),
  userId: z.string().nullable(),
});
export const ZJournal = z.object({
  id: z.string(),
  kind: z.string(),
  occurredOn: z.string(),
  description: z.string(),
  reversesJournalId: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(ZJournalLineOut),
});
export type TJournal = z.infer<typeof ZJournal>;

export const ZLedgerCheck = z.object({
  ok: z.boolean(),
  journals: z.number().int(),
  lines: z.number().int(),
  /** Journals whose lines do not sum to zero in a currency (should be none: the database refuses them). */
  unbalancedJournals: z.array(z.object({ journalId: z.string(), currency: z.string(), total: z.string() })),
  /**
   * Lines whose journal is missing or of another company, whose contract is missing, of another
   * company or of another owner, or that name a user without a contract (should be none: the
   * database refuses them, migration 0030). At most 1,000.
   */
  misattributedLines: z.array(z.object({ lineId: z.string(), journalId: z.string(), problem: z.enum(['journal', 'contract', 'user']) })),
  /** Each currency's total over every line: zero when the whole ledger balances. */
  currencyTotals: z.array(z.object({ currency: z.string(), total: z.string() })),
  /** Each account's balance, recomputed from its lines. */
  accounts: z.array(z.object({ account: z.string(), currency: z.string(), balance: z.string() })),
  /** Holdings recomputed per contract versus units issued: they must be opposite. */
  unitsHeld: z.string(),
  unitsIssued: z.string(),
  checkedAt: z.string(),
});
export type TLedgerCheck = z.infer<typeof ZLedgerCheck>;
