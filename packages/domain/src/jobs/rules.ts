import { EUR_SCALE, parseScaled } from '../ledger/decimal.ts';

/**
 * Pure rules of the jobs board (issue 17): offer and application states, salary ranges, the CV
 * check and the retention period. No clock and no I/O: callers pass "today".
 */
export const OFFER_STATUSES = ['DRAFT', 'PUBLISHED', 'CLOSED'] as const;
export type TOfferStatus = (typeof OFFER_STATUSES)[number];

/** draft → published → closed, and a closed offer may be reopened (published again). */
const OFFER_TRANSITIONS: Record<TOfferStatus, readonly TOfferStatus[]> = {
  DRAFT: ['PUBLISHED', 'CLOSED'],
  PUBLISHED: ['CLOSED'],
  CLOSED: ['PUBLISHED'],
};
export function canChangeOfferStatus(from: TOfferStatus, to: TOfferStatus): boolean {
  return OFFER_TRANSITIONS[from].includes(to);
}

/**
 * The public search's sorts and page size, and the city typeahead's limit (specification 5: at
 * most 100 results). Here, not beside the zod schemas, so the light jobs pages (docs/decisions/0025)
 * can import them without zod.
 */
export const JOB_SORTS = ['relevance', 'date', 'salary'] as const;
export const JOB_PAGE_SIZE = 20;
export const CITY_TYPEAHEAD_MAX = 100;

export const CONTRACT_TYPES = ['PERMANENT', 'FIXED_TERM', 'PART_TIME', 'INTERNSHIP', 'FREELANCE'] as const;
export type TContractType = (typeof CONTRACT_TYPES)[number];

export const APPLICATION_STATUSES = ['NEW', 'REVIEWED', 'INTERVIEW', 'REJECTED', 'HIRED', 'WITHDRAWN'] as const;
export type TApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** The states a recruiter may set (WITHDRAWN is the candidate's, through their link). */
export const RECRUITER_APPLICATION_STATUSES = ['NEW', 'REVIEWED', 'INTERVIEW', 'REJECTED', 'HIRED'] as const;
export type TRecruiterApplicationStatus = (typeof RECRUITER_APPLICATION_STATUSES)[number];

/** new → reviewed → interview → rejected/hired (rejection possible at any open step); final states stay. */
const APPLICATION_TRANSITIONS: Record<TApplicationStatus, readonly TApplicationStatus[]> = {
  NEW: ['REVIEWED', 'REJECTED'],
  REVIEWED: ['INTERVIEW', 'REJECTED'],
  INTERVIEW: ['HIRED', 'REJECTED'],
  REJECTED: [],
  HIRED: [],
  WITHDRAWN: [],
};
export function canChangeApplicationStatus(from: TApplicationStatus, to: TApplicationStatus): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to);
}
/** The changes the candidate is mailed about (a review is internal). */
export function concernsCandidate(to: TApplicationStatus): boolean {
  return to === 'INTERVIEW' || to === 'REJECTED' || to === 'HIRED';
}

/** The largest salary accepted (EUR a year; a typo guard). */
export const MAX_SALARY = '10000000.00';

/** A salary in EUR a year: a decimal string above zero with at most 2 decimals, up to MAX_SALARY. */
export function parseSalary(text: string): bigint | null {
  const value = parseScaled(text, EUR_SCALE);
  if (value === null || value <= 0n || value > parseScaled(MAX_SALARY, EUR_SCALE)!) return null;
  return value;
}

/** A valid range: both salaries valid and min ≤ max. */
export function isSalaryRange(min: string, max: string): boolean {
  const a = parseSalary(min);
  const b = parseSalary(max);
  return a !== null && b !== null && a <= b;
}

/**
 * Whether an offer's range [min, max] meets a search range [from, to] (either end may be open):
 * the ranges overlap. An offer paying 30,000–40,000 is found by "from 35,000" and by "up to 32,000".
 */
export function salaryOverlaps(offer: { min: bigint; max: bigint }, from: bigint | null, to: bigint | null): boolean {
  return (from === null || offer.max >= from) && (to === null || offer.min <= to);
}

/** An offer is listed (and takes applications) while PUBLISHED and not past its closing date. */
export function isOfferOpen(offer: { status: TOfferStatus; closesOn: string | null }, today: string): boolean {
  return offer.status === 'PUBLISHED' && (offer.closesOn === null || offer.closesOn >= today);
}

/** CV: a PDF (checked by its content: the `%PDF-` signature, never the file name) of at most 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_MAX_MB = 5;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export type TCvProblem = 'cvTooLarge' | 'cvNotPdf';
export function checkCv(bytes: Uint8Array): TCvProblem | null {
  if (bytes.length > CV_MAX_BYTES) return 'cvTooLarge';
  if (bytes.length < PDF_MAGIC.length || PDF_MAGIC.some((b, i) => bytes[i] !== b)) return 'cvNotPdf';
  return null;
}

/**
 * Retention (docs/decisions/0023-jobs-board.md): an application is kept 12 months after its last
 * change (sent, updated by a second application or moved by the recruiter), then anonymised.
 */
export const APPLICATION_RETENTION_DAYS = 365;
/** The withdrawal link of an application works once, for this many days after it was mailed. */
export const WITHDRAWAL_LINK_DAYS = 30;
/**
 * A repeat application for a live one is kept pending until the address on file confirms it: the
 * confirmation link works once, for this many hours after it was mailed.
 */
export const UPDATE_CONFIRMATION_HOURS = 24;
/** Applications per client address in the rate-limit window. */
export const APPLY_RATE_LIMIT = { limit: 10, windowSeconds: 10 * 60 } as const;
