import { parseIsoDate, getDaysInMonth, toCalendarDate, type TToday } from './calendar-date.ts';

/** The minimum age to register (specification 9; enforced on the server from dateOfBirth). */
export const MINIMUM_AGE = 18;

/**
 * Completed years on `today` of someone born on `dateOfBirth` ('YYYY-MM-DD'). The birthday
 * itself counts in full. Someone born on 29 February has their birthday on 28 February in
 * common years (Spanish Civil Code, art. 5.1: a term ending on a day the month lacks ends on
 * its last day). Negative for a birth date after today. Throws RangeError for an invalid date.
 */
export function ageOn(dateOfBirth: string, today: TToday): number {
  const birth = parseIsoDate(dateOfBirth);
  if (!birth) throw new RangeError(`Not a valid date of birth: ${dateOfBirth}`);
  const on = toCalendarDate(today);
  const birthdayDay = Math.min(birth.day, getDaysInMonth(on.year, birth.month));
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birthdayDay);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

/** True when the person is at least `minimumAge` (18 by default) on `today`. */
export function hasMinimumAge(dateOfBirth: string, today: TToday, minimumAge: number = MINIMUM_AGE): boolean {
  return ageOn(dateOfBirth, today) >= minimumAge;
}
