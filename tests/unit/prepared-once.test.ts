import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PREPARE, preparedOnce } from '../../src/server/db/prepared-statements.ts';

interface Tables {
  people: { id: string; name: string; team: string | null };
}

/** A Kysely that runs nothing and keeps what it was asked to run. */
function recordingDb() {
  const ran: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      ran.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  return { db, ran };
}

describe('a query prepared once', () => {
  it('is built once, and each call puts its own arguments where the stand-ins were', async () => {
    const { db, ran } = recordingDb();
    let built = 0;
    const lookup = preparedOnce((kysely: Kysely<Tables>, id: string, team: string | null) => {
      built++;
      return kysely
        .selectFrom('people')
        .select(['id', 'name'])
        .select(sql<boolean>`team = ${team}`.as('in_team'))
        .where('id', '=', id)
        .where('name', '<>', 'nobody')
        .where(sql<boolean>`coalesce(team, ${team}) is not null`);
    });

    await lookup(db, 'a', 'red');
    await lookup(db, 'b', null);
    await lookup(db, 'c', 'blue');

    expect(built).toBe(1);
    expect(ran.map((query) => query.parameters)).toEqual([
      ['red', 'a', 'nobody', 'red'],
      [null, 'b', 'nobody', null],
      ['blue', 'c', 'nobody', 'blue'],
    ]);
    expect(new Set(ran.map((query) => query.sql)).size).toBe(1);
    expect(ran[0]!.sql.startsWith(`${PREPARE} select`)).toBe(true);
  });

  it('is built again for another database', async () => {
    const first = recordingDb();
    const second = recordingDb();
    let built = 0;
    const lookup = preparedOnce((kysely: Kysely<Tables>, id: string) => {
      built++;
      return kysely.selectFrom('people').select('name').where('id', '=', id);
    });

    await lookup(first.db, 'a');
    await lookup(second.db, 'b');
    await lookup(first.db, 'c');

    expect(built).toBe(2);
    expect(second.ran.map((query) => query.parameters)).toEqual([['b']]);
    expect(first.ran.map((query) => query.parameters)).toEqual([['a'], ['c']]);
  });

  it('refuses an argument that shapes the query instead of being one of its values', async () => {
    const { db } = recordingDb();
    const byColumn = preparedOnce((kysely: Kysely<Tables>, column: string) =>
      kysely
        .selectFrom('people')
        .select('id')
        .where(column === 'team' ? 'team' : 'name', '=', 'x'),
    );

    await expect(byColumn(db, 'team')).rejects.toThrow('every argument must be a value of the query');
  });
});
