import { type Kysely, sql } from 'kysely';

// A customer's wallet and referrals (issue #79 item 5, ADR 0093). The wallet is a ledger of movements:
// a credit or a refund opens a lot with its own expiry; a spend or an expiry draws from one lot (its
// lot_id), negative. A lot's remainder is the sum of its rows; the balance is the remainder of the lots
// not yet expired. A credit's source_key makes each grant happen once however often it is asked for.
// Referrals: each customer's code, who referred whom (one referrer per account), the devices an account
// signed in on (a first-party cookie) to refuse a referral to oneself, and the admin's amounts.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type wallet_movement_kind as enum ('credit', 'spend', 'expiry', 'refund')`.execute(db);
  await db.schema
    .createTable('wallet_movements')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', sql`wallet_movement_kind`, (c) => c.notNull())
    .addColumn('amount_halalas', 'integer', (c) => c.notNull())
    // Why, as a code the page words in the reader's language (referral_referrer, referral_referred, checkout, …).
    .addColumn('reason', 'text', (c) => c.notNull())
    // The lot a spend or an expiry draws from; null on a lot (a credit or a refund).
    .addColumn('lot_id', 'uuid', (c) => c.references('wallet_movements.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz')
    // A lot's grant, once: 'referral:<referred>:referrer', 'refund:<spend key>', …
    .addColumn('source_key', 'text', (c) => c.unique())
    // What a spend paid (a checkout, a store order), by which a refund finds it.
    .addColumn('spend_key', 'text')
    .addColumn('booking_id', 'uuid', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'wallet_movements_shape',
      sql`case when kind in ('credit', 'refund')
                 then lot_id is null and amount_halalas > 0 and expires_at is not null and source_key is not null
               else lot_id is not null and amount_halalas < 0 end`,
    )
    .addCheckConstraint('wallet_movements_spend_key', sql`(kind = 'spend') = (spend_key is not null)`)
    .execute();
  await db.schema.createIndex('wallet_movements_user_idx').on('wallet_movements').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('wallet_movements_lot_idx').on('wallet_movements').column('lot_id').execute();
  await sql`create index wallet_movements_spend_idx on wallet_movements (spend_key) where spend_key is not null`.execute(db);
  // A lot expires once.
  await sql`create unique index wallet_movements_expiry_once on wallet_movements (lot_id) where kind = 'expiry'`.execute(db);

  await db.schema
    .createTable('referral_codes')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique().check(sql`code ~ '^[A-Z2-9]{8}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create type referral_status as enum ('pending', 'rewarded', 'refused')`.execute(db);
  await db.schema
    .createTable('referrals')
    // One referrer per account, so a referred person's first paid booking rewards once.
    .addColumn('referred_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', sql`referral_status`, (c) => c.notNull().defaultTo('pending'))
    // same_phone, same_device, same_card
    .addColumn('refused_reason', 'text')
    .addColumn('booking_id', 'uuid', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addCheckConstraint('referrals_not_oneself', sql`referred_id <> referrer_id`)
    .execute();
  await db.schema.createIndex('referrals_referrer_idx').on('referrals').column('referrer_id').execute();
  await db.schema
    .createTable('account_devices')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The SHA-256 of the device cookie, never the cookie itself.
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('account_devices_pkey', ['user_id', 'device_hash'])
    .execute();
  await db.schema.createIndex('account_devices_device_idx').on('account_devices').column('device_hash').execute();

  // The platform's wallet settings, one row: what each side of a referral receives and how long a credit lasts.
  await db.schema
    .createTable('wallet_settings')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('referrer_credit_halalas', 'integer', (c) =>
      c.notNull().defaultTo(2500).check(sql`referrer_credit_halalas between 0 and 100000`),
    )
    .addColumn('referred_credit_halalas', 'integer', (c) =>
      c.notNull().defaultTo(2500).check(sql`referred_credit_halalas between 0 and 100000`),
    )
    .addColumn('credit_valid_days', 'integer', (c) => c.notNull().defaultTo(90).check(sql`credit_valid_days between 1 and 730`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`insert into wallet_settings default values`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_settings').execute();
  await db.schema.dropTable('account_devices').execute();
  await db.schema.dropTable('referrals').execute();
  await sql`drop type referral_status`.execute(db);
  await db.schema.dropTable('referral_codes').execute();
  await db.schema.dropTable('wallet_movements').execute();
  await sql`drop type wallet_movement_kind`.execute(db);
}
