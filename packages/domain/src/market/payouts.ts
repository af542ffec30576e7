import { z } from 'zod';
import { parseIsoDate } from '../accounts/calendar-date.ts';
import { formatMoney } from '../format/format.ts';
import { encodeMessage } from '../i18n/message-key.ts';
import { EUR_SCALE, formatEur, parseScaled, type TScaled } from '../ledger/decimal.ts';
import type { TJournalLine } from '../ledger/journal.ts';
import { MARKET_IDEMPOTENCY_KEY_PATTERN } from './rules.ts';

/**
 * Paying out what the platform owes a seller after market trades (issue 18, decision 0036). A
 * trade credits the seller's net to MARKET_PAYABLE on the seller's contract (decision 0034);
 * staff pay it to the seller's bank and record the payout, which debits MARKET_PAYABLE and
 * credits BANK. What is owed is always the contract's MARKET_PAYABLE balance, read from the
 * ledger; a payout is never more than that.
 */
const mkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`market.errors.${key}`, params);

/** The bank reference of a payout: 1 to 64 characters (the transfer's reference in the bank). */
export const PAYOUT_MAX_REFERENCE_LENGTH = 64;
/** A typo guard, not a business limit (the owed balance is the real one). */
export const PAYOUT_MAX_AMOUNT = '10000000.00';
export const PAYOUT_MAX_PAGE_SIZE = 50;
export const PAYOUT_DEFAULT_PAGE_SIZE = 10;

// Rules -----------------------------------------------------------------------------------------

export type TPayoutProblem = 'amountNotPositive' | 'moreThanOwed' | 'futureValueDate';

/**
 * Why a payout cannot be recorded, or null: the amount is above zero and at most what is owed
 * (the MARKET_PAYABLE balance, as a positive amount in cents), and the value date (YYYY-MM-DD) is
 * not after today (Europe/Madrid, passed by the caller).
 */
export function payoutProblem(input: { amount: TScaled; owed: TScaled; valueDate: string; today: string }): TPayoutProblem | null {
  if (input.amount <= 0n) return 'amountNotPositive';
  if (input.valueDate > input.today) return 'futureValueDate';
  if (input.amount > input.owed) return 'moreThanOwed';
  return null;
}

/**
 * What a contract owes its seller, in cents, from its MARKET_PAYABLE balance (a credit, so
 * negative while something is owed): never below zero.
 */
export const owedFromBalance = (balance: TScaled): TScaled => (balance < 0n ? -balance : 0n);

/**
 * The journal of a payout to a seller:
 *   MARKET_PAYABLE  EUR  +amount  (the seller's contract and its owner: the debt falls)
 *   BANK            EUR  −amount  (the money leaves the company's bank; no contract, so it is
 *                                  not counted as money paid into any contract)
 */
export function payoutJournal(input: { amount: TScaled; contractId: string; userId: string }): TJournalLine[] {
  if (input.amount <= 0n) throw new RangeError('payoutJournal needs a positive amount');
  return [
    { account: 'MARKET_PAYABLE', currency: 'EUR', amount: input.amount, contractId: input.contractId, userId: input.userId },
    { account: 'BANK', currency: 'EUR', amount: -input.amount, contractId: null, userId: null },
  ];
}

export type TTradePayoutStatus = 'PENDING' | 'PARTLY_PAID' | 'PAID';

/**
 * Which of a contract's sales the payouts have paid: what was paid out (in cents) covers the
 * sales' nets oldest first, as payments cover a schedule. Each sale is PAID when fully covered,
 * PARTLY_PAID when in part, PENDING otherwise; `paid` says how much of it is covered. The sum of
 * the `paid` never exceeds the paid amount nor the sum of the nets.
 */
export function payoutCoverage<T extends { id: string; net: TScaled }>(salesOldestFirst: readonly T[], paid: TScaled): { id: string; paid: TScaled; status: TTradePayoutStatus }[] {
  let left = paid > 0n ? paid : 0n;
  return salesOldestFirst.map((sale) => {
    const covered = sale.net <= 0n ? 0n : left >= sale.net ? sale.net : left;
    left -= covered;
    const status: TTradePayoutStatus = sale.net <= 0n || covered === sale.net ? 'PAID' : covered > 0n ? 'PARTLY_PAID' : 'PENDING';
    return { id: sale.id, paid: covered, status };
  });
}

// Schemas ---------------------------------------------------------------------------------------

export const ZPayoutAmount = z
  .string({ error: mkey('payoutAmount') })
  .trim()
  .refine((text) => {
    const value = parseScaled(text, EUR_SCALE);
    return value !== null && value > 0n && value <= parseScaled(PAYOUT_MAX_AMOUNT, EUR_SCALE)!;
  }, mkey('payoutAmount'));

export const ZPayoutValueDate = z.string({ error: mkey('payoutValueDate') }).refine((text) => parseIsoDate(text) !== null, mkey('payoutValueDate'));

export const ZPayoutBankReference = z
  .string({ error: mkey('payoutReference', { max: PAYOUT_MAX_REFERENCE_LENGTH }) })
  .trim()
  .min(1, mkey('payoutReference', { max: PAYOUT_MAX_REFERENCE_LENGTH }))
  .max(PAYOUT_MAX_REFERENCE_LENGTH, mkey('payoutReference', { max: PAYOUT_MAX_REFERENCE_LENGTH }))
  .regex(/^[^\p{Cc}]*$/u, mkey('payoutReference', { max: PAYOUT_MAX_REFERENCE_LENGTH }));

export const ZRecordPayoutRequest = z.object({
  /** Euros with at most two decimals ('250.00'), above zero and at most what is owed. */
  amount: ZPayoutAmount,
  /** The day the transfer left the bank (YYYY-MM-DD), not after today. */
  valueDate: ZPayoutValueDate,
  bankReference: ZPayoutBankReference,
});
export type TRecordPayoutRequest = z.infer<typeof ZRecordPayoutRequest>;

export const ZPayoutHeaders = z.object({
  'idempotency-key': z.string({ error: mkey('payoutIdempotencyKey') }).regex(MARKET_IDEMPOTENCY_KEY_PATTERN, mkey('payoutIdempotencyKey')),
});

export const ZPayoutContractParams = z.object({ contractId: z.string().min(1).max(64) });

export const PAYOUT_LIST_FILTERS = ['owed', 'all'] as const;
export const ZSellerPayablesQuery = z.object({
  /** `owed`: only contracts with something still owed; `all`: every contract that ever sold. */
  filter: z.enum(PAYOUT_LIST_FILTERS, { error: mkey('payoutFilter') }).default('owed'),
  page: z.coerce.number({ error: mkey('page') }).int(mkey('page')).min(1, mkey('page')).max(1_000_000, mkey('page')).default(1),
  size: z.coerce
    .number({ error: mkey('size', { max: PAYOUT_MAX_PAGE_SIZE }) })
    .int(mkey('size', { max: PAYOUT_MAX_PAGE_SIZE }))
    .min(1, mkey('size', { max: PAYOUT_MAX_PAGE_SIZE }))
    .max(PAYOUT_MAX_PAGE_SIZE, mkey('size', { max: PAYOUT_MAX_PAGE_SIZE }))
    .default(PAYOUT_DEFAULT_PAGE_SIZE),
});
export type TSellerPayablesQuery = z.infer<typeof ZSellerPayablesQuery>;

export const ZPayout = z.object({
  id: z.string(),
  contractId: z.string(),
  /** Cents, as an exact integer string ('25000'). */
  amountCents: z.string(),
  valueDate: z.string(),
  bankReference: z.string(),
  journalId: z.string(),
  recordedAt: z.string(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZTradePayoutStatus = z.enum(['PENDING', 'PARTLY_PAID', 'PAID']);

/** A seller's payment method as the product holds it: never a full card number or IBAN. */
export const ZPayoutMethod = z.object({
  kind: z.string(),
  /** '•••• 4242' for a card, '•••• 1234' for an IBAN, the address for an Ethereum wallet. */
  masked: z.string(),
  cardBrand: z.string().nullable(),
});

export const ZSellerPayable = z.object({
  contractId: z.string(),
  productName: z.string(),
  /**
   * The seller. `blocked`: their personal data is blocked (issue 16, decision 0027); a caller whose
   * roles do not see blocked people (`seesBlockedPeople`) then gets the row's money only: id, name,
   * e-mail and language empty, no payment methods (decision 0036).
   */
  seller: z.object({ id: z.string(), name: z.string(), email: z.string(), language: z.string(), blocked: z.boolean() }),
  paymentMethods: z.array(ZPayoutMethod),
  /** What is still owed (the MARKET_PAYABLE balance), sold (sum of nets) and paid out, in cents. */
  owedCents: z.string(),
  soldNetCents: z.string(),
  paidCents: z.string(),
  /** The sales behind it, oldest first, with what the payouts cover of each. */
  trades: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      units: z.string(),
      price: z.string(),
      netCents: z.string(),
      paidCents: z.string(),
      status: ZTradePayoutStatus,
    }),
  ),
  payouts: z.array(ZPayout),
});
export type TSellerPayable = z.infer<typeof ZSellerPayable>;

export const ZSellerPayables = z.object({
  items: z.array(ZSellerPayable),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TSellerPayables = z.infer<typeof ZSellerPayables>;

/** What is owed as the messages say it, the same in both languages (decisions.md: de-style money, '1.234,56 €'). */
export const payoutOwedText = (owed: TScaled): string => formatMoney(formatEur(owed));

/** What is owed as the payout form's amount starts: the figure with a decimal comma ('1234,56'), as a person types it and the form accepts it. */
export const payoutAmountInput = (owed: TScaled): string => formatEur(owed).replace('.', ',');

export const PAYOUT_PROBLEM_CODES = ['payoutMoreThanOwed', 'payoutFutureDate', 'payoutKeyReused', 'payoutContractNotFound'] as const;

/**
 * The payout form's schema (the back office's dialog): the request's rules, the amount written
 * with a comma or a point ('250,5' is '250.5'), at most what is owed, the value date not after
 * `today` (YYYY-MM-DD, Europe/Madrid). The server checks the same again under its lock.
 */
export function makePayoutFormSchema(owed: TScaled, today: string) {
  const owedText = payoutOwedText(owed);
  return z.object({
    amount: z
      .string({ error: mkey('payoutAmount') })
      .transform((text) => text.trim().replace(',', '.'))
      .pipe(ZPayoutAmount)
      .refine((text) => (parseScaled(text, EUR_SCALE) ?? 0n) <= owed, mkey('payoutMoreThanOwed', { owed: owedText })),
    valueDate: ZPayoutValueDate.refine((text) => text <= today, mkey('payoutFutureDate')),
    bankReference: ZPayoutBankReference,
  });
}
