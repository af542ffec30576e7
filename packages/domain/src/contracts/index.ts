/** The investor area: contract states and transitions, and the schemas of its API. */
export * from './states.ts';
export * from './schemas.ts';
export * from './api.ts';
