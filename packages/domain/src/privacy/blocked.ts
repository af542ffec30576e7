/**
 * Blocked personal data (issue 16; specification section 9; docs/decisions/0027): once a person's
 * data is blocked (erasure confirmed, or the retention job at the end of the relationship), only
 * ADMIN sees them; every other role gets 404, as for another company's ids.
 */
export const seesBlockedPeople = (roles: readonly string[]): boolean => roles.includes('ADMIN');
