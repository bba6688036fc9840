import { type Kysely, sql } from 'kysely';

// Results as data (issue #53, ADR 0057): a booking's report, its versions (a draft, then releases:
// preliminary, final, and amendments that keep every earlier version), the values of each version
// sealed as one document under the results key, an index of which analytes a version holds (so a
// trend opens only the versions that hold its analyte), the critical cases a lab must call about, and
// the messages a lab's own system sent (so a repeated message is answered as before, writing nothing).
// Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  // A booking has one report; its versions say what it held over time.
  await db.schema
    .createTable('result_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('booking_id', 'uuid', (c) => c.notNull().unique().references('bookings.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('result_report_versions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('report_id', 'uuid', (c) => c.notNull().references('result_reports.id').onDelete('cascade'))
    .addColumn('version', 'smallint', (c) => c.notNull().check(sql`version >= 1`))
    // draft: the lab's, unseen by the patient; preliminary and final: released.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('draft', 'preliminary', 'final')`))
    // What a draft becomes when it is released (a lab system's message says; the form asks).
    .addColumn('release_as', 'text', (c) => c.check(sql`release_as in ('preliminary', 'final')`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('form', 'hl7v2', 'fhir')`))
    .addColumn('analyte_count', 'smallint', (c) => c.notNull().check(sql`analyte_count >= 0`))
    .addColumn('written_by', 'uuid', (c) => c.references('user_profiles.id').onDelete('set null'))
    .addColumn('written_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('released_by', 'uuid', (c) => c.references('user_profiles.id').onDelete('set null'))
    .addColumn('released_at', 'timestamptz')
    // The values, sealed (AES-256-GCM under a data key of its own, wrapped by the results master key).
    .addColumn('sealed_values', 'bytea', (c) => c.notNull())
    .addColumn('seal_version', 'smallint', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'bytea', (c) => c.notNull())
    .addColumn('iv', 'bytea', (c) => c.notNull())
    .addUniqueConstraint('result_report_versions_report_id_version_key', ['report_id', 'version'])
    .addCheckConstraint(
      'result_report_versions_release_shape',
      sql`(status = 'draft' and released_at is null) or (status <> 'draft' and released_at is not null and release_as is null)`,
    )
    .execute();
  // At most one draft per report.
  await sql`create unique index result_report_versions_one_draft on result_report_versions (report_id) where status = 'draft'`.execute(db);
  await db.schema.createIndex('result_report_versions_key_id_idx').on('result_report_versions').column('key_id').execute();

  // Which analytes a version holds: what a trend reads to open only the versions it needs.
  await db.schema
    .createTable('result_version_analytes')
    .addColumn('version_id', 'uuid', (c) => c.notNull().references('result_report_versions.id').onDelete('cascade'))
    .addColumn('analyte_id', 'integer', (c) => c.notNull().references('analytes.id'))
    .addPrimaryKeyConstraint('result_version_analytes_pkey', ['version_id', 'analyte_id'])
    .execute();
  await db.schema.createIndex('result_version_analytes_analyte_id_idx').on('result_version_analytes').column('analyte_id').execute();

  // A value past a critical limit: the lab must call the patient before the report is released.
  // Who called, whom, when, and that the value was read back; no value is kept here.
  await db.schema
    .createTable('result_critical_cases')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('version_id', 'uuid', (c) => c.notNull().unique().references('result_report_versions.id').onDelete('cascade'))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('caller_name', 'text')
    .addColumn('called_person', 'text')
    .addColumn('called_at', 'timestamptz')
    .addColumn('read_back', 'boolean')
    .addColumn('recorded_by', 'uuid', (c) => c.references('user_profiles.id').onDelete('set null'))
    .addColumn('recorded_at', 'timestamptz')
    .addCheckConstraint(
      'result_critical_cases_call_whole',
      sql`(recorded_at is null and called_at is null and caller_name is null and called_person is null and read_back is null)
          or (recorded_at is not null and called_at is not null and length(btrim(caller_name)) > 0
              and length(btrim(called_person)) > 0 and read_back)`,
    )
    .execute();
  await sql`create index result_critical_cases_open on result_critical_cases (opened_at) where recorded_at is null`.execute(db);

  // Every message a lab's system sent, by its own id (MSH-10, Bundle.identifier): a repeat gets the
  // same answer and writes nothing. The answer holds no health data (an ACK, an OperationOutcome).
  await db.schema
    .createTable('result_intake_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('hl7v2', 'fhir')`))
    .addColumn('message_id', 'text', (c) => c.notNull().check(sql`length(message_id) between 1 and 199`))
    .addColumn('version_id', 'uuid', (c) => c.references('result_report_versions.id').onDelete('set null'))
    .addColumn('response_status', 'smallint', (c) => c.notNull())
    .addColumn('response_type', 'text', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('result_intake_messages_lab_format_message_key', ['lab_id', 'format', 'message_id'])
    .execute();

  // What converts a mass concentration to a molar one (glucose mg/dL and mmol/L are one series).
  await db.schema
    .alterTable('analytes')
    .addColumn('molar_mass', 'numeric', (c) => c.check(sql`molar_mass > 0`))
    .addColumn('molar_mass_source', 'text')
    .execute();
  await sql`alter table analytes add constraint analytes_molar_mass_sourced check ((molar_mass is null) = (molar_mass_source is null))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analytes').dropConstraint('analytes_molar_mass_sourced').execute();
  await db.schema.alterTable('analytes').dropColumn('molar_mass').dropColumn('molar_mass_source').execute();
  for (const table of [
    'result_intake_messages',
    'result_critical_cases',
    'result_version_analytes',
    'result_report_versions',
    'result_reports',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
