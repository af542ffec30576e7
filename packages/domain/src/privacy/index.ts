export * from './rules.ts';
export * from './export-sections.ts';
