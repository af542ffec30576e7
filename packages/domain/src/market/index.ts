export * from './rules.ts';
export * from './schemas.ts';
export * from './messages.ts';
export * from './api-paths.ts';
export * from './payouts.ts';
