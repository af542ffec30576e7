export * from './rules.ts';
export * from './export-sections.ts';
// Erasure (issue 16, helper erasure).
export * from './erasure-schemas.ts';
export * from './blocked.ts';
