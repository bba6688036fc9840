import { type Kysely, sql } from 'kysely';

// Accounts people can trust and mail that reaches them (issue #18, docs/decisions/0016):
// - users.email_verified_at: set when the owner opens a link sent to the address (or Google says so);
// - account_tokens: single-use links (verify an address, reset a password); only the token's SHA-256 is kept;
// - outbox: mail written in the same transaction as the event that causes it, delivered by the sender;
// - the user's mail choices (reminders, marketing) and the newsletter's double opt-in.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
  // A Google account's address was stored only when Google said it was verified (auth.service.ts).
  await sql`update users set email_verified_at = created_at where google_sub is not null and email is not null`.execute(db);

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify_email', 'reset_password')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_tokens_user_purpose').on('account_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    // The account it is for, when there is one: its mail choices are read when the mail goes out.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('ar', 'en')`))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    // One mail per event, however often the event is reported (a reminder per booking, say).
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('send_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // A sender's claim on the row: another sender takes it over only once the claim has lapsed.
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'skipped', 'failed')`))
    .addColumn('transport', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index outbox_due on outbox (send_after) where status = 'pending'`.execute(db);

  await db.schema
    .alterTable('user_profiles')
    .addColumn('reminder_mail', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('marketing_mail', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  // Double opt-in: a subscription counts once its address confirmed it; tokens are kept as SHA-256.
  await db.schema
    .alterTable('newsletter_subscriptions')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirm_token_hash', 'text')
    .addColumn('unsubscribe_token_hash', 'text')
    .execute();
  // Those on the list before double opt-in existed had asked for it on the site.
  await sql`update newsletter_subscriptions set confirmed_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('newsletter_subscriptions')
    .dropColumn('confirmed_at')
    .dropColumn('confirm_token_hash')
    .dropColumn('unsubscribe_token_hash')
    .execute();
  await db.schema.alterTable('user_profiles').dropColumn('reminder_mail').dropColumn('marketing_mail').execute();
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
