import { sql, type Kysely } from 'kysely';

/**
 * Runs a migration's SQL one statement at a time: PGlite's query path takes a single
 * statement, PostgreSQL takes either. Statements are separated by a semicolon at a line end;
 * migration SQL keeps no semicolons inside strings or function bodies.
 */
export async function runStatements(db: Kysely<unknown>, text: string): Promise<void> {
  const statements = text
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
