import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type TDatabase } from '../src/db/database.ts';
import { statementName } from '../src/db/preparing-client.ts';

describe('statementName', () => {
  it('names one text the same way every time, and different texts differently', () => {
    expect(statementName('select $1')).toBe(statementName('select $1'));
    expect(statementName('select $1')).not.toBe(statementName('select $1 + 1'));
    expect(statementName('select $1')).toMatch(/^kc_[\w-]+$/);
  });
});

const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openDatabase({ url: url!, poolSize: 1 });
  });
  afterAll(async () => database.close());

  it('prepares a parameterised statement once per connection and reuses it', async () => {
    const query = (n: number) => sql<{ v: number }>`SELECT ${n}::int + 1 AS v`.execute(database.db);
    expect((await query(1)).rows).toEqual([{ v: 2 }]);
    expect((await query(41)).rows).toEqual([{ v: 42 }]);
    const name = statementName('SELECT $1::int + 1 AS v');
    const prepared = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements WHERE name = ${name}`.execute(database.db);
    expect(prepared.rows).toEqual([{ name }]);
  });

  it('keeps the simple protocol for texts without parameters (several statements in one)', async () => {
    const result = await sql`CREATE TEMP TABLE kc_prep_probe (n int); INSERT INTO kc_prep_probe VALUES (1); DROP TABLE kc_prep_probe`.execute(database.db);
    expect(result.rows).toEqual([]);
  });
});
