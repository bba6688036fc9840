import type { Kysely } from 'kysely';

// A test that needs fasting is offered only in the morning (issue #58, ADR 0068): appointments and home
// windows starting by this time of the lab's day. Null: the lab offers such tests all day. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('labs')
    .addColumn('fasting_until', 'time', (column) => column.defaultTo('11:00'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('labs').dropColumn('fasting_until').execute();
}
