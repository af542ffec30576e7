/** Notifications and tasks inbox: shapes, message catalogue and rendering. */
export * from './api-paths.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './render.ts';
