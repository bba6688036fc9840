import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from '../../src/server/db/migrate.ts';

describe('a function file split into statements', () => {
  it('splits at each semicolon outside bodies, quotes and comments', () => {
    const file = `-- Header; with a semicolon.
create or replace function a() returns void language plpgsql as $$
    begin
      perform 1; perform ';';
    end
  $$;

/* between; the two */
create or replace function "b;c"() returns text language sql as $body$ select 'x;y' $body$;
-- a last comment; nothing after it
`;
    expect(splitSqlStatements(file)).toEqual([
      `-- Header; with a semicolon.
create or replace function a() returns void language plpgsql as $$
    begin
      perform 1; perform ';';
    end
  $$`,
      `/* between; the two */
create or replace function "b;c"() returns text language sql as $body$ select 'x;y' $body$`,
    ]);
  });

  it('keeps a last statement without a semicolon and drops empty ones', () => {
    expect(splitSqlStatements(';;\nselect 1 - 2 / 3;\n\nselect $$a$$')).toEqual(['select 1 - 2 / 3', 'select $$a$$']);
  });
});
