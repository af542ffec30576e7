export * from './sheets.ts';
export * from './appropriateness.ts';
export * from './schemas.ts';
export * from './messages.ts';
export * from './reflection.ts';
