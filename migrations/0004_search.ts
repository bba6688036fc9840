import { type Kysely, sql } from 'kysely';

// Search: normalized names stored once (so a query never re-normalizes every row), trigram
// indexes over them, a GiST index for nearest-lab ordering, and the lab-test index the result
// query probes per lab. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists cube`.execute(db);
  await sql`create extension if not exists earthdistance`.execute(db);

  await sql`alter table tests
    add column search_ar text generated always as (tahaleel_normalize(name_ar)) stored,
    add column search_en text generated always as (tahaleel_normalize(name_en)) stored`.execute(db);
  await sql`create index tests_search_ar_trgm_idx on tests using gin (search_ar gin_trgm_ops)`.execute(db);
  await sql`create index tests_search_en_trgm_idx on tests using gin (search_en gin_trgm_ops)`.execute(db);

  // Nearest labs first: KNN (<->) over the earth cube of each lab's coordinates.
  await sql`alter table labs add column earth cube generated always as (ll_to_earth(latitude, longitude)) stored`.execute(db);
  await sql`create index labs_earth_idx on labs using gist (earth)`.execute(db);
  await sql`create index labs_rating_idx on labs (rating desc, review_count desc)`.execute(db);

  // One number that changes whenever anything a search result shows changes, so cached results
  // are keyed by it and are never stale, on any server instance.
  await sql`create table catalog_version (
    id smallint primary key default 1 check (id = 1),
    version bigint not null default 0
  )`.execute(db);
  await sql`insert into catalog_version (id, version) values (1, 0)`.execute(db);
  await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
    begin
      update catalog_version set version = version + 1 where id = 1;
      return null;
    end
  $$`.execute(db);
  for (const table of ['tests', 'labs', 'lab_tests', 'user_profiles']) {
    await sql`create trigger ${sql.id(`${table}_bump_catalog_version`)}
      after insert or update or delete on ${sql.table(table)}
      for each statement execute function bump_catalog_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tests', 'labs', 'lab_tests', 'user_profiles']) {
    await sql`drop trigger ${sql.id(`${table}_bump_catalog_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function bump_catalog_version()`.execute(db);
  await sql`drop table catalog_version`.execute(db);
  await sql`drop index labs_rating_idx`.execute(db);
  await sql`drop index labs_earth_idx`.execute(db);
  await sql`alter table labs drop column earth`.execute(db);
  await sql`drop index tests_search_en_trgm_idx`.execute(db);
  await sql`drop index tests_search_ar_trgm_idx`.execute(db);
  await sql`alter table tests drop column search_ar, drop column search_en`.execute(db);
}
