/** Notifications and tasks inbox: shapes, message catalogue and rendering. */
export * from './messages.ts';
export * from './schemas.ts';
export * from './render.ts';
