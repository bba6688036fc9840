import { type Kysely, sql } from 'kysely';

// Reaching people on their phones (issue #55, ADR 0072). Frozen once landed.
// - users.phone (a guest's number until now, never confirmed) is the account's mobile number in E.164;
//   phone_verified_at says it was confirmed by a code sent to it. A confirmed number is one account's.
// - phone_codes: the six-digit codes sent by SMS to sign in with a number or confirm it (hashed, five
//   minutes, single use, five tries); their rows also count the sends per number and per address.
// - phone_messages: the outbox of text messages (SMS, later WhatsApp), sent at least once and never twice
//   as mail is (ADR 0016), kept with the provider's message id and what its delivery receipt said.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('phone_verified_at', 'timestamptz').execute();
  await sql`create unique index users_verified_phone_key on users (phone) where phone_verified_at is not null`.execute(db);

  await db.schema
    .createTable('phone_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('phone', 'text', (c) => c.notNull())
    // sign_in: a customer signing in (or up) with the number; verify: the account `user_id` confirming it.
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('sign_in', 'verify')`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('phone_codes_purpose_user_check', sql`(purpose = 'verify') = (user_id is not null)`)
    .execute();
  await db.schema.createIndex('phone_codes_phone_idx').on('phone_codes').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('phone_codes_client_address_idx').on('phone_codes').columns(['client_address', 'created_at']).execute();
  await db.schema.createIndex('phone_codes_user_id_idx').on('phone_codes').column('user_id').execute();

  await db.schema
    .createTable('phone_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('sms').check(sql`channel in ('sms', 'whatsapp')`))
    // E.164.
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('ar', 'en')`))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('send_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // pending → sent → delivered (the provider's receipt), or failed (given up, or the receipt said so); skipped.
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'delivered', 'failed', 'skipped')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('provider', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index phone_messages_due_idx on phone_messages (send_after) where status = 'pending'`.execute(db);
  await sql`create unique index phone_messages_provider_message_key on phone_messages (provider, provider_message_id)
              where provider_message_id is not null`.execute(db);
  await db.schema.createIndex('phone_messages_user_id_idx').on('phone_messages').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phone_messages').execute();
  await db.schema.dropTable('phone_codes').execute();
  await sql`drop index users_verified_phone_key`.execute(db);
  await db.schema.alterTable('users').dropColumn('phone_verified_at').execute();
}
