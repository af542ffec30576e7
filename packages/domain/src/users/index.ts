/** User administration: the list, a user's page, the actions and the password links. */
export * from './schemas.ts';
export * from './api.ts';
