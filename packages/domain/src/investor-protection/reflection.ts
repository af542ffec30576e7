import type { TLanguage } from '../i18n/language.ts';

/**
 * The reflection period (Regulation (EU) 2020/1503 Art. 22; decisions.md: "A hire can be revoked
 * without reason for 4 calendar days (Europe/Madrid)"), as pure functions of the hire's instant and
 * "now" (decision 0026).
 *
 * The rule: the period covers the rest of the hire's calendar day in Europe/Madrid and the four
 * following calendar days; it ends at 00:00 Europe/Madrid of the fifth day after the hire's date.
 * That end is exclusive: at `end - 1 ms` the investor may still revoke, at `end` not. A calendar day
 * is a Madrid date, so a day of 23 or 25 hours (the DST changes, which Spain makes at 02:00/03:00,
 * never at midnight) counts as one day.
 */
export const REFLECTION_DAYS = 4;
export const REFLECTION_TIME_ZONE = 'Europe/Madrid';

const madridParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: REFLECTION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface TLocal {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function intlParts(instant: Date): TLocal {
  const out: Record<string, number> = {};
  for (const part of madridParts.formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour!,
    minute: out.minute!,
    second: out.second!,
  };
}

const HOUR_MS = 3_600_000;
/** Madrid's offset of each UTC hour asked about (Madrid changes its offset only on a whole UTC hour). */
const offsetOfHour = new Map<number, number>();
const MAX_HOURS_KEPT = 50_000;

/**
 * Madrid's offset from UTC at `instant`, in milliseconds, read from the time-zone database (Intl)
 * once per UTC hour: a board of ten contracts asked it thirty times a request (bench/README.md,
 * dashboard).
 */
export function madridOffsetMs(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetOfHour.get(hour);
  if (offset === undefined) {
    const p = intlParts(new Date(hour * HOUR_MS));
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - hour * HOUR_MS;
    if (offsetOfHour.size >= MAX_HOURS_KEPT) offsetOfHour.clear();
    offsetOfHour.set(hour, offset);
  }
  return offset;
}

function localParts(instant: Date): TLocal {
  const local = new Date(instant.getTime() + madridOffsetMs(instant));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The Madrid calendar date of `instant`, as YYYY-MM-DD. */
export function madridDate(instant: Date): string {
  const p = localParts(instant);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant of 00:00 Europe/Madrid on the given calendar date (month 1–12; overflowing days roll over). */
export function madridMidnight(year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  // Midnight always exists once in Madrid (the changes happen at 02:00/03:00 local time), so the
  // offset in force one hour after a first guess is the offset of that midnight.
  let guess = wall - madridOffsetMs(new Date(wall));
  guess = wall - madridOffsetMs(new Date(guess));
  return new Date(guess);
}

/** The first instant at which the hire made at `hiredAt` can no longer be revoked. */
export function reflectionPeriodEnd(hiredAt: Date): Date {
  const p = localParts(hiredAt);
  return madridMidnight(p.year, p.month, p.day + REFLECTION_DAYS + 1);
}

export type TReflectionStatus =
  | { open: true; endsAt: Date; remainingMs: number }
  | { open: false; endsAt: Date; reason: 'ended' | 'waived' };

/** Whether the period of a hire is still open at `now`; a waiver (its instant, or null) closes it. */
export function reflectionStatus(hiredAt: Date, now: Date, waivedAt: Date | null = null): TReflectionStatus {
  const endsAt = reflectionPeriodEnd(hiredAt);
  if (waivedAt !== null && waivedAt.getTime() <= now.getTime()) return { open: false, endsAt, reason: 'waived' };
  const remainingMs = endsAt.getTime() - now.getTime();
  if (remainingMs <= 0) return { open: false, endsAt, reason: 'ended' };
  return { open: true, endsAt, remainingMs };
}

/**
 * How long is left, in words, for people and screen readers alike: days and hours while a day or
 * more is left, hours and minutes under a day, minutes under an hour ("less than a minute" at the end).
 * Whole units are rounded down, so the words never promise more time than is left.
 */
export function describeRemaining(remainingMs: number, language: TLanguage): string {
  const totalMinutes = Math.max(0, Math.floor(remainingMs / 60_000));
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  const words =
    language === 'es'
      ? { day: ['día', 'días'], hour: ['hora', 'horas'], minute: ['minuto', 'minutos'], and: 'y', lt: 'menos de un minuto' }
      : { day: ['day', 'days'], hour: ['hour', 'hours'], minute: ['minute', 'minutes'], and: 'and', lt: 'less than a minute' };
  const unit = (n: number, names: readonly string[]) => `${n} ${n === 1 ? names[0] : names[1]}`;
  const pair = (a: string, b: string | null) => (b === null ? a : `${a} ${words.and} ${b}`);
  if (days > 0) return pair(unit(days, words.day), hours > 0 ? unit(hours, words.hour) : null);
  if (hours > 0) return pair(unit(hours, words.hour), minutes > 0 ? unit(minutes, words.minute) : null);
  if (minutes > 0) return unit(minutes, words.minute);
  return words.lt;
}

// The waiver ----------------------------------------------------------------------------------

/**
 * The confirmation an investor accepts to waive the reflection period of one NEW contract of theirs
 * (decision 0026). Its key and version are stored with the waiver, so a changed wording is a new
 * version and the record always names the words that were shown.
 */
export const REFLECTION_WAIVER_TEXT = {
  key: 'reflectionWaiver',
  version: '2026-11-27',
  es: 'Renuncio al periodo de reflexión de este contrato. Entiendo que, al renunciar, pierdo el derecho a revocarlo sin dar motivos y sin penalización, y que mi asesor podrá activarlo en cuanto confirme mi primer pago.',
  en: 'I waive the reflection period of this contract. I understand that by waiving it I lose the right to revoke it without giving a reason and without penalty, and that my advisor may activate it as soon as my first payment is confirmed.',
} as const;

// The revocation's reason in the history -------------------------------------------------------

/** The history's reason of a revocation: a message key, rendered in the reader's language. */
export const REVOCATION_REASON_KEY = 'contracts.history.revokedInReflection';

/** What revocations recorded before the key (decision 0026's first version) hold in the history. */
export const LEGACY_REVOCATION_REASON = 'Desistimiento en el periodo de reflexión / Revoked within the reflection period';

/** The reason as it is read: the key for revocations, old or new; any other reason unchanged. */
export function readHistoryReason(reason: string | null): string | null {
  return reason === LEGACY_REVOCATION_REASON ? REVOCATION_REASON_KEY : reason;
}

/** Whether a history reason is a message key (to translate) rather than words typed by a person. */
export const isHistoryReasonKey = (reason: string | null): boolean => reason === REVOCATION_REASON_KEY;
