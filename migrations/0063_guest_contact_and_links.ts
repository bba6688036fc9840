import { type Kysely, sql } from 'kysely';

// A guest is never left without a record (issue #57, ADR 0066). `contact_email` is the address a guest gave
// to receive their booking mails: not an account's address (unconfirmed, not unique, never signed in with),
// only a guest has one, and it is cleared when the guest becomes a customer. `guest_links` are the links in a
// guest's booking mails that open the guest's session without an account: only the token's SHA-256 (hex) is
// kept, as for sessions, and a link works until the booking it was sent for has ended.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('contact_email', 'text').execute();
  await db.schema
    .alterTable('users')
    .addCheckConstraint('users_contact_email_guests_only', sql`contact_email is null or is_anonymous`)
    .execute();

  await db.schema
    .createTable('guest_links')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9a-f]{64}$'`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('opened_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`opened_count >= 0`))
    .addColumn('last_opened_at', 'timestamptz')
    .addCheckConstraint('guest_links_lifetime', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('guest_links_user_id_idx').on('guest_links').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('guest_links').execute();
  await db.schema.alterTable('users').dropConstraint('users_contact_email_guests_only').execute();
  await db.schema.alterTable('users').dropColumn('contact_email').execute();
}
