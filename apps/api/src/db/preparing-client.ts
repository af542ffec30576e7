import { createHash } from 'node:crypto';
import pg from 'pg';
import type { CompiledQuery } from 'kysely';

/** Distinct statements named per process; past this, new ones run unnamed (memory bound on both sides). */
const MAX_NAMED = 2000;
const names = new Map<string, string>();

/** The first words of a statement that must be planned with its own values (see `withCustomPlan`). */
const CUSTOM_PLAN = '/* kc:custom-plan */ ';

/**
 * The same statement, run unnamed: PostgreSQL plans an unnamed statement with its values every
 * time, where a named one may get a generic plan that cannot see them (a search fragment, a role).
 */
export function withCustomPlan<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  return { ...query, sql: `${CUSTOM_PLAN}${query.sql}` };
}

/** A stable name for a statement's text, or undefined once the bound is reached (or when it asks for a custom plan). */
export function statementName(text: string): string | undefined {
  if (text.startsWith(CUSTOM_PLAN)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `kc_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * node-postgres client that runs every parameterised statement as a named prepared statement,
 * so PostgreSQL parses and plans it once per connection instead of on every call (the planning
 * of the dashboard's statement cost ≈ 5× its execution; bench/README.md). Statements without
 * parameters (migrations, several statements in one text) keep the simple protocol. Kysely
 * parameterises every value, so one text is one statement shape.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection that dies while checked out (mid-query, or between the statements of a
    // transaction) emits 'error' on its client, and pg-pool listens only while the client is
    // idle: without this listener Node ends the process (issue 12). The query in flight fails
    // with the error (503 for the caller), and the pool discards the client when it comes back
    // (it is no longer queryable).
    this.on('error', () => {});
  }

  // node-postgres overloads `query` many ways; this forwards all of them and only adds a name.
  override query(...args: unknown[]): never {
    const query = super.query.bind(this) as unknown as (...a: unknown[]) => never;
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      const name = statementName(text);
      if (name) return query({ name, text, values });
    }
    return query(...args);
  }
}
