/** The audit log: its entries and the query of the audit page. */
export * from './schemas.ts';
