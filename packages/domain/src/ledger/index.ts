export * from './accounts.ts';
export * from './decimal.ts';
export * from './journal.ts';
export * from './schedule.ts';
export * from './schemas.ts';
export * from './messages.ts';
export * from './api-paths.ts';
