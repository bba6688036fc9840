import { type Kysely, sql } from 'kysely';

// Packages (issue #79 item 1, ADR 0091): a lab's bundle of catalogue tests at one price, booked as one
// visit. A package is a `tests` row of kind 'package' (its names, description, preparation, fasting,
// sample types and turnaround), owned by one lab (test_packages) and made of catalogue tests
// (package_components), so its markers are those tests' analytes. The lab's price is its lab_tests row,
// active only once the admin approves it: a package booking is one booking of that row, one seat, one
// price, as any test's is. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type test_kind as enum ('test', 'package')`.execute(db);
  await db.schema
    .alterTable('tests')
    .addColumn('kind', sql`test_kind`, (c) => c.notNull().defaultTo('test'))
    .execute();
  // Catalogue tests keep one English name each (0007); two labs may both call their package "Comprehensive check-up".
  await sql`alter table tests drop constraint tests_name_en_key`.execute(db);
  await sql`create unique index tests_name_en_key on tests (name_en) where kind = 'test'`.execute(db);
  await sql`drop index tests_name_en_lower_key`.execute(db);
  await sql`create unique index tests_name_en_lower_key on tests (lower(name_en)) where kind = 'test'`.execute(db);
  await sql`create type package_status as enum ('pending', 'approved', 'rejected')`.execute(db);
  await db.schema
    .createTable('test_packages')
    .addColumn('test_id', 'integer', (c) => c.primaryKey().references('tests.id').onDelete('cascade'))
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('status', sql`package_status`, (c) => c.notNull().defaultTo('pending'))
    // Who it suits: null is anyone; ages in whole years, both ends included.
    .addColumn('suits_sex', 'text', (c) => c.check(sql`suits_sex in ('female', 'male')`))
    .addColumn('min_age', 'smallint', (c) => c.check(sql`min_age between 0 and 120`))
    .addColumn('max_age', 'smallint', (c) => c.check(sql`max_age between 0 and 120`))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('review_note', 'text')
    .addCheckConstraint('test_packages_age_band', sql`min_age is null or max_age is null or min_age <= max_age`)
    .execute();
  await db.schema.createIndex('test_packages_lab_idx').on('test_packages').column('lab_id').execute();
  await sql`create index test_packages_pending_idx on test_packages (submitted_at) where status = 'pending'`.execute(db);
  await db.schema
    .createTable('package_components')
    .addColumn('package_id', 'integer', (c) => c.notNull().references('test_packages.test_id').onDelete('cascade'))
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addPrimaryKeyConstraint('package_components_pkey', ['package_id', 'test_id'])
    .execute();
  await db.schema.createIndex('package_components_test_idx').on('package_components').column('test_id').execute();
  // A test's markers, whatever its kind: a catalogue test's own analytes, a package's its components'
  // (each once, in the components' order, required when any component requires it). What a booking's
  // report holds and whether a test is judged by age or sex read this, so a package needs no copy.
  await sql`create view test_markers as
    select test_id, analyte_id, position::integer as position, required from test_analytes
    union all
    select pc.package_id, ta.analyte_id, min(pc.position * 1000 + ta.position)::integer, bool_or(ta.required)
      from package_components pc join test_analytes ta on ta.test_id = pc.test_id
     group by pc.package_id, ta.analyte_id`.execute(db);
  // What a package holds changes what search shows, as a test's or a lab's change does (0004).
  for (const table of ['test_packages', 'package_components']) {
    await sql`create trigger ${sql.id(`${table}_bump_catalog_version`)}
      after insert or update or delete on ${sql.table(table)}
      for each statement execute function bump_catalog_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view test_markers`.execute(db);
  await db.schema.dropTable('package_components').execute();
  await db.schema.dropTable('test_packages').execute();
  await sql`drop type package_status`.execute(db);
  await db.deleteFrom('tests').where('kind', '=', 'package').execute();
  await sql`drop index tests_name_en_lower_key`.execute(db);
  await sql`drop index tests_name_en_key`.execute(db);
  await sql`alter table tests add constraint tests_name_en_key unique (name_en)`.execute(db);
  await db.schema.alterTable('tests').dropColumn('kind').execute();
  await sql`create unique index tests_name_en_lower_key on tests (lower(name_en))`.execute(db);
  await sql`drop type test_kind`.execute(db);
}
