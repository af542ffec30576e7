export * from './rules.ts';
export * from './schemas.ts';
export * from './passkeys.ts';
