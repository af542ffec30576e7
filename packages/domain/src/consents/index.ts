export * from './schemas.ts';
export * from './rules.ts';
export * from './messages.ts';
