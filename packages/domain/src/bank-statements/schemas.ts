import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { makePageSchema, pageQueryFields } from '../contracts/schemas.ts';
import { MAX_REASON_LENGTH } from '../ledger/schemas.ts';

/** Requests and answers of the bank statement import (issue 15, decision 0019). */
const bkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`bankStatements.errors.${key}`, params);

/** Why an imported line was not booked: kept for a person to resolve. */
export const UNMATCHED_REASONS = ['NO_REFERENCE', 'UNKNOWN_CONTRACT', 'NOT_PAYABLE', 'BEFORE_CONTRACT', 'NO_PRICE', 'OUT_OF_SCOPE'] as const;
export type TUnmatchedReason = (typeof UNMATCHED_REASONS)[number];
export const LINE_STATUSES = ['OPEN', 'ASSIGNED', 'DISMISSED'] as const;
export type TLineStatus = (typeof LINE_STATUSES)[number];

export const ZStatementImportQuery = z.object({
  /** The file's name, for the history (optional). */
  fileName: z.string().trim().max(200, bkey('fileName')).optional(),
});
export type TStatementImportQuery = z.infer<typeof ZStatementImportQuery>;

export const ZStatementImportResult = z.object({
  importId: z.string(),
  fileName: z.string().nullable(),
  /** Incoming lines read (debits and empty lines are not counted here). */
  lines: z.number().int(),
  /** Payments booked now. */
  recorded: z.number().int(),
  /** Lines whose payment was already booked (the same line imported before). */
  alreadyRecorded: z.number().int(),
  /** Lines listed now for a person to resolve. */
  unmatched: z.number().int(),
  /** Unmatched lines that an earlier import had already listed. */
  alreadyListed: z.number().int(),
  /** Debit lines (money leaving the account): not payments, left out. */
  ignored: z.number().int(),
  /** The total booked now, in EUR. */
  recordedAmount: z.string(),
});
export type TStatementImportResult = z.infer<typeof ZStatementImportResult>;

/** One past import, for the history (newest first). */
export const ZStatementImport = ZStatementImportResult.extend({
  importedAt: z.string(),
  /** Who imported it (name), as the advisor and the company's staff know them. */
  importedBy: z.string(),
  /** Lines of this import still to resolve. */
  open: z.number().int(),
});
export type TStatementImport = z.infer<typeof ZStatementImport>;
export const STATEMENT_IMPORTS_PAGE_SIZE = 10;
export const ZStatementImportsQuery = z.object({ ...pageQueryFields(STATEMENT_IMPORTS_PAGE_SIZE) });
export type TStatementImportsQuery = z.infer<typeof ZStatementImportsQuery>;
export const ZStatementImportsPage = makePageSchema(ZStatementImport);
export type TStatementImportsPage = z.infer<typeof ZStatementImportsPage>;

export const ZStatementLine = z.object({
  id: z.string(),
  importId: z.string(),
  fileName: z.string().nullable(),
  lineNumber: z.number().int(),
  valueDate: z.string(),
  amount: z.string(),
  reference: z.string(),
  description: z.string(),
  reason: z.enum(UNMATCHED_REASONS),
  /** The contract the text named, when it named one (unknown, not payable…). */
  contractId: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  paymentId: z.string().nullable(),
  importedAt: z.string(),
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

export const STATEMENT_LINES_PAGE_SIZE = 20;
export const ZStatementLinesQuery = z.object({
  ...pageQueryFields(STATEMENT_LINES_PAGE_SIZE),
  status: z.enum(LINE_STATUSES, { error: bkey('status') }).default('OPEN'),
});
export type TStatementLinesQuery = z.infer<typeof ZStatementLinesQuery>;
export const ZStatementLinesPage = makePageSchema(ZStatementLine);
export type TStatementLinesPage = z.infer<typeof ZStatementLinesPage>;

export const ZStatementLineParams = z.object({ lineId: z.string().min(1).max(64) });

/** Resolve a line by booking it to a contract (its payment reference is the line's key). */
export const ZAssignLineRequest = z.object({
  contractId: z
    .string({ error: bkey('contractId') })
    .trim()
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, bkey('contractId'))
    .transform((id) => id.toLowerCase()),
});
export type TAssignLineRequest = z.infer<typeof ZAssignLineRequest>;

/** Resolve a line by dismissing it, with the reason (a transfer that is not an investment, a refund…). */
export const ZDismissLineRequest = z.object({
  reason: z
    .string({ error: bkey('reason', { max: MAX_REASON_LENGTH }) })
    .trim()
    .min(3, bkey('reason', { max: MAX_REASON_LENGTH }))
    .max(MAX_REASON_LENGTH, bkey('reason', { max: MAX_REASON_LENGTH })),
});
export type TDismissLineRequest = z.infer<typeof ZDismissLineRequest>;

/** The API's addresses. */
export const bankStatementsApi = {
  imports: (query = '') => `/api/bank-statements/imports${query ? `?${query}` : ''}`,
  lines: (query = '') => `/api/bank-statements/lines${query ? `?${query}` : ''}`,
  assign: (lineId: string) => `/api/bank-statements/lines/${encodeURIComponent(lineId)}/assign`,
  dismiss: (lineId: string) => `/api/bank-statements/lines/${encodeURIComponent(lineId)}/dismiss`,
} as const;
