/** The sales network: groups, teams, agents, zones and seats (issue 14). */
export * from './rules.ts';
export * from './schemas.ts';
export * from './api.ts';
