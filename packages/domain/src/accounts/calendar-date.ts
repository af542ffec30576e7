/**
 * Calendar dates without a clock or a time zone: 'YYYY-MM-DD' strings and the `today` that
 * callers pass in. Nothing here reads the current time.
 */
export interface TCalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
}

/**
 * What a function that needs "today" accepts: a Date (its calendar date is read in UTC) or an
 * ISO string whose first ten characters are the date ('2026-05-01' or '2026-05-01T00:30:00+02:00',
 * read as written, so a browser can pass its local date).
 */
export type TToday = Date | string;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function getDaysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a strict 'YYYY-MM-DD' that names a real day (no 2023-02-29); null otherwise. */
export function parseIsoDate(value: string): TCalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > getDaysInMonth(year, month)) return null;
  return { year, month, day };
}

/** The calendar date of `today`; throws RangeError for an invalid Date or string. */
export function toCalendarDate(today: TToday): TCalendarDate {
  if (typeof today === 'string') {
    const datePart = /^\d{4}-\d{2}-\d{2}(?:$|T)/.test(today) ? today.slice(0, 10) : '';
    const parsed = parseIsoDate(datePart);
    if (!parsed) throw new RangeError(`Not an ISO date: ${today}`);
    return parsed;
  }
  if (Number.isNaN(today.getTime())) throw new RangeError('Invalid Date');
  return { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() };
}

/** Negative when a is before b, 0 when equal, positive when after. */
export function compareCalendarDates(a: TCalendarDate, b: TCalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** 'YYYY-MM-DD'. */
export function formatIsoDate(date: TCalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}
