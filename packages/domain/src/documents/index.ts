export * from './schemas.ts';
export * from './csv-format.ts';
export * from './statement.ts';
export * from './api-paths.ts';
