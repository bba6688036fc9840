import type { Kysely } from 'kysely';

// No-shows and paying up front (issue #58, ADR 0077): a lab may ask a customer with two no-shows there in the
// last 90 days to pay every visit of a series now, rather than each visit when it comes due. Off unless the
// lab turns it on. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('labs')
    .addColumn('no_show_prepay', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('labs').dropColumn('no_show_prepay').execute();
}
