import { type Kysely, sql } from 'kysely';

// Family members (issue #22): the people a customer books for. A booking item is for the account holder
// (family_member_id null) or one of them; the lab sees the patient's name and age. A member who has
// bookings is not deleted when removed from the list (removed_at): their bookings and results keep
// their name. Deleting the account deletes them all (the bookings' link goes null). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('family_members')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull().check(sql`length(name) between 1 and 100`))
    .addColumn('relation', 'text', (col) =>
      col.notNull().check(sql`relation in ('mother', 'father', 'spouse', 'child', 'sibling', 'other')`),
    )
    .addColumn('sex', 'text', (col) => col.notNull().check(sql`sex in ('female', 'male')`))
    .addColumn('date_of_birth', 'date', (col) => col.notNull())
    .addColumn('national_id', 'text', (col) => col.check(sql`national_id ~ '^[12][0-9]{9}$'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('family_members_account_idx').on('family_members').column('account_id').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('family_member_id', 'uuid', (col) => col.references('family_members.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('bookings_family_member_idx').on('bookings').column('family_member_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_family_member_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('family_member_id').execute();
  await db.schema.dropTable('family_members').execute();
}
