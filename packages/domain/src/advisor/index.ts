/** The advisor's workspace: clients, a client's page, the queue, notes and reassignment. */
export * from './schemas.ts';
export * from './api.ts';
