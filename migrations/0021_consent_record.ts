import { type Kysely, sql } from 'kysely';

// What a user accepted, and when (issue #26, docs/decisions/0024): one row per acceptance of the terms
// and privacy policy versions then current (src/shared/legal.ts), so the history stays; the newest row
// decides whether auth.me asks again. users.deleted_at marks an account erased at its owner's request:
// the row stays (bookings and payment records point to it) with nothing personal left on it.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_consents')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('terms_version', 'text', (c) => c.notNull())
    .addColumn('privacy_version', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index user_consents_user_newest on user_consents (user_id, accepted_at desc, id desc)`.execute(db);
  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.dropTable('user_consents').execute();
}
