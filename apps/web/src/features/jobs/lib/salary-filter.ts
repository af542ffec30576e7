import { isSalaryRange, parseSalary } from '@kc/domain/jobs/rules.ts';

/** What the list's salary boxes hold, as the URL and the API take it: '30000,5' → '30000.5'. */
export const normaliseSalary = (text: string) => text.trim().replace(/\s/g, '').replace(',', '.');

export type TSalaryError = 'salaryInvalid' | 'salaryRangeInvalid';

/**
 * The salary filter's checks before it goes into the URL (the server's rule: a gross yearly
 * amount in euros above zero with at most two decimals; 'up to' not below 'from'). Empty is no
 * filter. Returns the error key of each box, if any.
 */
export function checkSalaryFilter(from: string, to: string): { salaryFrom?: TSalaryError; salaryTo?: TSalaryError } {
  const valid = (text: string) => /^\d{1,9}(\.\d{1,2})?$/.test(text) && parseSalary(text) !== null;
  const errors: { salaryFrom?: TSalaryError; salaryTo?: TSalaryError } = {};
  if (from && !valid(from)) errors.salaryFrom = 'salaryInvalid';
  if (to && !valid(to)) errors.salaryTo = 'salaryInvalid';
  if (!errors.salaryFrom && !errors.salaryTo && from && to && !isSalaryRange(from, to)) errors.salaryTo = 'salaryRangeInvalid';
  return errors;
}
