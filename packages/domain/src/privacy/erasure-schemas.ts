import { z } from 'zod';
import { ZProblem } from '../errors/problem.ts';
import { vkey } from '../i18n/validation-messages.ts';

/**
 * The erasure's requests and answers (issue 16, "Erasure (Art. 17)"; docs/decisions/0027).
 * The person asks from /account (`POST /api/privacy/erasure`), gets a one-time link by e-mail and
 * confirms with its token while signed in (`POST /api/privacy/erasure/confirm`).
 */

/** Where the mail's link opens: the token travels in the fragment (it reaches no server log). */
export const ERASURE_CONFIRM_WEB_PATH = '/web/privacy/erasure/confirm';

/** The API's erasure endpoints. */
export const erasureApi = {
  request: '/api/privacy/erasure',
  confirm: '/api/privacy/erasure/confirm',
} as const;

export const ZErasureRequested = z.object({
  /** Until when the link sent by e-mail works. */
  expiresAt: z.string(),
});
export type TErasureRequested = z.infer<typeof ZErasureRequested>;

export const ZErasureConfirmRequest = z
  .object({ token: z.string({ error: vkey('required') }).regex(/^[A-Za-z0-9_-]{16,200}$/, vkey('invalid')) })
  .strict();
export type TErasureConfirmRequest = z.infer<typeof ZErasureConfirmRequest>;

/** What is kept after the erasure and until when (retentionPlan), blocked from everyone but ADMIN. */
export const ZErasureKept = z.object({
  /** Contracts kept (with their history) for anti-money-laundering. */
  contracts: z.number().int(),
  /** Payment records (and their ledger entries) kept for anti-money-laundering. */
  payments: z.number().int(),
  /** When the kept records are erased for good; null when nothing is kept. */
  until: z.string().nullable(),
});
export type TErasureKept = z.infer<typeof ZErasureKept>;

export const ZErasureConfirmed = z.object({
  erasedAt: z.string(),
  kept: ZErasureKept,
});
export type TErasureConfirmed = z.infer<typeof ZErasureConfirmed>;

/** A contract that stops the erasure (NEW, ACTIVE or STANDBY). */
export const ZErasureLiveContract = z.object({
  id: z.string(),
  productKey: z.string(),
  state: z.string(),
  submissionDate: z.string(),
});
export type TErasureLiveContract = z.infer<typeof ZErasureLiveContract>;

/** 409 erasureLiveContracts: the problem lists the live contracts. */
export const ZErasureLiveContractsProblem = ZProblem.extend({ contracts: z.array(ZErasureLiveContract) });
export type TErasureLiveContractsProblem = z.infer<typeof ZErasureLiveContractsProblem>;
