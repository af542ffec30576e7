/** Leads (reservations), the agent's clients and figures, and pending assignments (issue 14). */
export * from './rules.ts';
export * from './schemas.ts';
export * from './api.ts';
