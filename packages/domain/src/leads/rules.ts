import type { TLanguage } from '../i18n/language.ts';

/**
 * The reservation rules of a lead (issue 14): a person registered by an agent is reserved for
 * 6 calendar months; one extension of 6 more months, only while the reservation is live; the
 * agent gets a task 15 days before it ends. Pure: the caller passes the instant ("now").
 */
export const RESERVATION_MONTHS = 6;
export const EXTENSION_MONTHS = 6;
export const EXPIRY_WARNING_DAYS = 15;
const DAY_MS = 86_400_000;

export const LEAD_STATES = ['RESERVED', 'EXTENDED', 'EXPIRED', 'CONVERTED', 'DISCARDED'] as const;
export type TLeadState = (typeof LEAD_STATES)[number];
export const LIVE_LEAD_STATES = ['RESERVED', 'EXTENDED'] as const satisfies readonly TLeadState[];
export const DISCARD_KINDS = ['CLIENT', 'OFFERING'] as const;
export type TDiscardKind = (typeof DISCARD_KINDS)[number];

export const isLiveState = (state: string): boolean => (LIVE_LEAD_STATES as readonly string[]).includes(state);

/**
 * `months` calendar months after `from` (UTC), at the same time of day; a day that the target
 * month lacks becomes its last day (31 August + 6 months = 28/29 February).
 */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
}

/** The end of a reservation made at `reservedAt`. */
export const reservationEnd = (reservedAt: Date): Date => addMonths(reservedAt, RESERVATION_MONTHS);

/** A live reservation is one whose state is live and whose end has not come. */
export function isLiveAt(lead: { state: string; reservedUntil: Date }, now: Date): boolean {
  return isLiveState(lead.state) && lead.reservedUntil.getTime() > now.getTime();
}

export type TExtendProblem = 'notLive' | 'alreadyExtended';

/** Whether a lead can be extended now: only once (RESERVED, never EXTENDED) and only while live. */
export function checkExtension(lead: { state: string; reservedUntil: Date; extendedAt: Date | null }, now: Date): TExtendProblem | null {
  if (lead.state === 'EXTENDED' || lead.extendedAt !== null) return 'alreadyExtended';
  if (!isLiveAt(lead, now)) return 'notLive';
  return null;
}

/** The new end after the one extension: 6 months after the current end (not after today). */
export const extendedEnd = (reservedUntil: Date): Date => addMonths(reservedUntil, EXTENSION_MONTHS);

/** When the agent gets the "about to expire" task: 15 days before the end. */
export const expiryWarningAt = (reservedUntil: Date): Date => new Date(reservedUntil.getTime() - EXPIRY_WARNING_DAYS * DAY_MS);

/** Whether a live lead is within its last 15 days at `now` (the task is due, the end not yet). */
export function isExpiringSoon(lead: { state: string; reservedUntil: Date }, now: Date): boolean {
  return isLiveAt(lead, now) && expiryWarningAt(lead.reservedUntil).getTime() <= now.getTime();
}

/** The folded e-mail that names a person: trimmed and lower-cased (as accounts compare e-mails). */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

/** A reservation's end as a reader reads it: 21/05/2027 in Spanish, 21 May 2027 in English (UTC calendar day). */
export function formatReservationDate(language: TLanguage, value: Date | string): string {
  const date = new Date(value);
  if (language === 'en') {
    return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  }
  return new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}
