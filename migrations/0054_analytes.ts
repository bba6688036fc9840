import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// What a catalog test measures (issue #53, ADR 0056): analytes keyed by their LOINC code, the analytes
// each test lists, reference intervals and critical limits with the published source of each, and a
// lab's own intervals. The clinical content is data (seeds/data/analytes.ts); these tables only hold it.
//
// Ages are whole completed units in UCUM's codes for them (d, wk, mo, a): an interval covers
// age_low <= age < age_high (age_high null: no upper bound), counted as on a birthday. Values are the
// bounds of the normal range, both inclusive; either may be null for a one-sided range ("< 200").
// Units are UCUM codes; that a unit is valid and converts to its analyte's unit is checked where UCUM
// lives (the data file's tests, and later the service that writes them), not in SQL.
// Frozen once landed.

const loincCode = sql`loinc ~ '^[0-9]{1,7}-[0-9]$'`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('loinc', 'text', (c) => c.notNull().unique().check(loincCode))
    .addColumn('name_ar', 'text', (c) => c.notNull().check(sql`length(btrim(name_ar)) > 0`))
    .addColumn('name_en', 'text', (c) => c.notNull().check(sql`length(btrim(name_en)) > 0`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('numeric', 'text')`))
    .addColumn('unit', 'text')
    .addColumn('decimals', 'smallint', (c) => c.check(sql`decimals between 0 and 6`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A number has a unit and a precision; a text answer has neither.
    .addCheckConstraint(
      'analytes_kind_shape',
      sql`(kind = 'numeric' and unit is not null and length(btrim(unit)) > 0 and decimals is not null)
          or (kind = 'text' and unit is null and decimals is null)`,
    )
    .execute();

  // The answers a text analyte allows, in order. is_normal: the answer expected in health (Negative,
  // Non-reactive); false for one to flag; null where no answer is abnormal (a blood group).
  await db.schema
    .createTable('analyte_answers')
    .addColumn('analyte_id', 'integer', (c) => c.notNull().references('analytes.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('answer_en', 'text', (c) => c.notNull().check(sql`length(btrim(answer_en)) > 0`))
    .addColumn('answer_ar', 'text', (c) => c.notNull().check(sql`length(btrim(answer_ar)) > 0`))
    .addColumn('is_normal', 'boolean')
    .addPrimaryKeyConstraint('analyte_answers_pkey', ['analyte_id', 'position'])
    .addUniqueConstraint('analyte_answers_analyte_id_answer_en_key', ['analyte_id', 'answer_en'])
    .execute();

  await db.schema
    .createTable('test_analytes')
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('analyte_id', 'integer', (c) => c.notNull().references('analytes.id'))
    .addColumn('position', 'smallint', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('test_analytes_pkey', ['test_id', 'analyte_id'])
    .addUniqueConstraint('test_analytes_test_id_position_key', ['test_id', 'position'])
    .execute();
  await db.schema.createIndex('test_analytes_analyte_id_idx').on('test_analytes').column('analyte_id').execute();

  // The published intervals, and the critical limits past which a lab must call (issue #53 item 5).
  for (const table of ['analyte_reference_intervals', 'analyte_critical_limits'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('analyte_id', 'integer', (c) => c.notNull().references('analytes.id').onDelete('cascade'))
      .$call((builder) => withPopulationAndRange(builder, table))
      .addColumn('source', 'text', (c) => c.notNull().check(sql`length(btrim(source)) > 0`))
      .execute();
    await db.schema.createIndex(`${table}_analyte_id_idx`).on(table).column('analyte_id').execute();
  }

  // A lab's own interval for an analyte: what its patients see for that lab's results (no UI yet).
  await db.schema
    .createTable('lab_reference_intervals')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('analyte_id', 'integer', (c) => c.notNull().references('analytes.id').onDelete('cascade'))
    .$call((builder) => withPopulationAndRange(builder, 'lab_reference_intervals'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('lab_reference_intervals_lab_id_analyte_id_idx')
    .on('lab_reference_intervals')
    .columns(['lab_id', 'analyte_id'])
    .execute();
}

/** Who an interval is for (sex, age band, an optional condition such as a cycle phase) and its bounds. */
function withPopulationAndRange(builder: CreateTableBuilder<string, never>, table: string): CreateTableBuilder<string, never> {
  return builder
    .addColumn('sex', 'text', (c) => c.notNull().defaultTo('any').check(sql`sex in ('any', 'male', 'female')`))
    .addColumn('age_low', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`age_low >= 0`))
    .addColumn('age_high', 'smallint')
    .addColumn('age_unit', 'text', (c) => c.notNull().defaultTo('a').check(sql`age_unit in ('d', 'wk', 'mo', 'a')`))
    .addColumn('condition_en', 'text')
    .addColumn('condition_ar', 'text')
    .addColumn('low', 'numeric')
    .addColumn('high', 'numeric')
    .addColumn('unit', 'text', (c) => c.notNull().check(sql`length(btrim(unit)) > 0`))
    .addCheckConstraint(`${table}_ages_ordered`, sql`age_high is null or age_high > age_low`)
    .addCheckConstraint(`${table}_bounded`, sql`low is not null or high is not null`)
    .addCheckConstraint(`${table}_low_below_high`, sql`low is null or high is null or low < high`)
    .addCheckConstraint(`${table}_condition_in_both_languages`, sql`(condition_en is null) = (condition_ar is null)`);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'lab_reference_intervals',
    'analyte_critical_limits',
    'analyte_reference_intervals',
    'test_analytes',
    'analyte_answers',
    'analytes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
