/**
 * A json or jsonb column as the driver hands it: node-postgres and PGlite parse it into a value;
 * a driver (or a bare PGlite) that does not hands its text, parsed here.
 */
export const jsonColumn = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
