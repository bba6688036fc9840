import { type Kysely, sql } from 'kysely';

// Where a lab's flag and ours differ (issue #76 item 4, ADR 0081): the lab's stands on every screen,
// and the admin sees each lab's disagreements counted by analyte and the two flags, to find a lab
// whose ranges or method differ from the catalogue's. No patient, booking or value is kept here: a
// count of flags by lab and analyte is not one person's health data. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  const flag = (column: string) => sql`${sql.ref(column)} in ('N', 'A', 'L', 'H', 'LL', 'HH')`;
  await db.schema
    .createTable('result_flag_disagreements')
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('analyte_id', 'integer', (c) => c.notNull().references('analytes.id').onDelete('cascade'))
    .addColumn('lab_flag', 'text', (c) => c.notNull().check(flag('lab_flag')))
    .addColumn('our_flag', 'text', (c) => c.notNull().check(flag('our_flag')))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1).check(sql`count > 0`))
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('result_flag_disagreements_pkey', ['lab_id', 'analyte_id', 'lab_flag', 'our_flag'])
    .addCheckConstraint('result_flag_disagreements_differ', sql`lab_flag <> our_flag`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('result_flag_disagreements').execute();
}
