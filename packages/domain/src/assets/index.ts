export * from './schemas.ts';
export * from './figures.ts';
export * from './messages.ts';
export * from './api-paths.ts';
export * from './images.ts';
