import { type Kysely, sql } from 'kysely';

// Every catalog change also announces the new version on the `catalog_changed` channel, so a server
// can keep the current version in memory instead of reading it before each search. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function bump_catalog_version() returns trigger language plpgsql as $$
    declare
      next_version bigint;
    begin
      update catalog_version set version = version + 1 where id = 1 returning version into next_version;
      perform pg_notify('catalog_changed', next_version::text);
      return null;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function bump_catalog_version() returns trigger language plpgsql as $$
    begin
      update catalog_version set version = version + 1 where id = 1;
      return null;
    end
  $$`.execute(db);
}
