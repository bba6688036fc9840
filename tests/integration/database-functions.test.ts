import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, readFunctionFiles } from '../../src/server/db/migrate.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// migrations/functions/*.sql hold the current definition of every database function (ADR 0015).
// tahaleel_normalize stays a numbered migration's (0014): stored generated columns hold its results.
const DEFINED_BY_A_MIGRATION = ['tahaleel_normalize(input text)'];

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Each function of a schema (ours, not an extension's) by name and argument types, as PostgreSQL prints its definition. */
async function definitionsIn(db: Kysely<Database>, schema: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ signature: string; definition: string }>`
    select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature,
           pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = ${schema}
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     order by 1`.execute(db);
  // The same definition in another schema differs only in the schema before the function's name.
  return new Map(rows.map((row) => [row.signature, row.definition.replace(`FUNCTION ${schema}.`, 'FUNCTION ')]));
}

/** What the function files define, read by PostgreSQL itself in a schema of their own that is then rolled back. */
async function definitionsInTheFiles(db: Kysely<Database>): Promise<Map<string, string>> {
  const files = await readFunctionFiles();
  const transaction = await db.startTransaction().execute();
  try {
    await sql`create schema function_files`.execute(transaction);
    await sql`set local search_path = function_files, public`.execute(transaction);
    for (const file of files) for (const statement of file.statements) await sql.raw(statement).execute(transaction);
    return await definitionsIn(transaction, 'function_files');
  } finally {
    await transaction.rollback().execute();
  }
}

async function definitionsInTheDatabase(db: Kysely<Database>): Promise<Map<string, string>> {
  const definitions = await definitionsIn(db, 'public');
  for (const signature of DEFINED_BY_A_MIGRATION) definitions.delete(signature);
  return definitions;
}

describe('database functions', () => {
  it('are, on a migrated database, exactly what migrations/functions defines, and nothing else', async () => {
    const files = await definitionsInTheFiles(database.db);
    const names = [...files.keys()].map((signature) => signature.slice(0, signature.indexOf('(')));
    expect(names).toEqual(
      expect.arrayContaining([
        'bump_catalog_version',
        'nearest_offers',
        'lock_free_seat',
        'hold_seats',
        'claim_checkout',
        'complete_checkout',
      ]),
    );
    // Equal maps: no function the files lack (an old signature left behind), none they define missing or different.
    expect(await definitionsInTheDatabase(database.db)).toEqual(files);
  });

  it('keeps tahaleel_normalize out of the files: its stored results need a migration to change', async () => {
    const files = await definitionsInTheFiles(database.db);
    expect([...files.keys()].filter((signature) => signature.startsWith('tahaleel_normalize('))).toEqual([]);
    expect((await definitionsIn(database.db, 'public')).has(DEFINED_BY_A_MIGRATION[0]!)).toBe(true);
  });

  it('are the same after migrating again, which runs no migration', async () => {
    const before = await definitionsInTheDatabase(database.db);
    const { results } = await migrateToLatest(database.db);
    expect(results).toEqual([]);
    expect(await definitionsInTheDatabase(database.db)).toEqual(before);
  });

  it('are put back by the next migration when changed by hand', async () => {
    await sql`create or replace function bump_catalog_version() returns trigger language plpgsql as $$ begin return null; end $$`.execute(
      database.db,
    );
    expect(await definitionsInTheDatabase(database.db)).not.toEqual(await definitionsInTheFiles(database.db));
    await migrateToLatest(database.db);
    expect(await definitionsInTheDatabase(database.db)).toEqual(await definitionsInTheFiles(database.db));
  });
});
