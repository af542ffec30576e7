import { getDaysInMonth, parseIsoDate } from '../accounts/calendar-date.ts';
import type { TScaled } from './decimal.ts';

/**
 * A contract's payment schedule (contractPeriodType M1): the initial amount on the submission
 * date, then the monthly amount on the same day of every following month while that day is on
 * or before the end date. Month-end rule: a contract started on the 29th, 30th or 31st pays on
 * the last day of the months that have no such day (31 Jan → 28/29 Feb → 31 Mar: always counted
 * from the first day, never from the previous item). Items of zero are left out.
 */
export type TScheduleKind = 'INITIAL' | 'MONTHLY';
export interface TScheduleItem {
  /** 0 for the initial payment, then 1, 2, … */
  number: number;
  kind: TScheduleKind;
  dueDate: string;
  amount: TScaled;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The same day `months` months after a date, clamped to the month's last day. */
export function addMonthsClamped(date: string, months: number): string {
  const start = parseIsoDate(date);
  if (!start) throw new RangeError(`Not a date: ${date}`);
  const index = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(start.day, getDaysInMonth(year, month));
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export interface TScheduleInput {
  submissionDate: string;
  expiringDate: string;
  initialAmount: TScaled;
  monthlyAmount: TScaled;
  periodType: string;
}

/** At most this many monthly items (a 100-year contract); a guard, never reached by a real plan. */
const MAX_MONTHS = 1200;

export function paymentSchedule(input: TScheduleInput): TScheduleItem[] {
  const items: TScheduleItem[] = [];
  if (input.initialAmount > 0n) items.push({ number: 0, kind: 'INITIAL', dueDate: input.submissionDate, amount: input.initialAmount });
  // Only M1 (monthly) exists in the product catalogue; another period pays the initial amount only.
  if (input.periodType !== 'M1' || input.monthlyAmount <= 0n) return items;
  for (let n = 1; n <= MAX_MONTHS; n += 1) {
    const dueDate = addMonthsClamped(input.submissionDate, n);
    if (dueDate > input.expiringDate) break;
    items.push({ number: n, kind: 'MONTHLY', dueDate, amount: input.monthlyAmount });
  }
  return items;
}

export type TScheduleStatus = 'PAID' | 'DUE' | 'OVERDUE';
export interface TScheduleItemStatus extends TScheduleItem {
  /** How much of the item the payments cover (cents). */
  paid: TScaled;
  status: TScheduleStatus;
}

/**
 * The schedule with what is paid: the contract's payments (net of reversals) cover the items
 * oldest first. An item fully covered is PAID; otherwise OVERDUE when its date is before
 * `today`, else DUE (a partly covered item says how much in `paid`). What the payments hold
 * beyond every item is `ahead`.
 */
export function scheduleStatus(items: readonly TScheduleItem[], paidTotal: TScaled, today: string): { items: TScheduleItemStatus[]; ahead: TScaled } {
  let left = paidTotal > 0n ? paidTotal : 0n;
  const out = items.map((item) => {
    const paid = left >= item.amount ? item.amount : left;
    left -= paid;
    const status: TScheduleStatus = paid === item.amount ? 'PAID' : item.dueDate < today ? 'OVERDUE' : 'DUE';
    return { ...item, paid, status };
  });
  return { items: out, ahead: left };
}
