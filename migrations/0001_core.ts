import { type Kysely, sql } from 'kysely';

// Frozen once landed: later changes go into new numbered migrations.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  // Arabic-aware normalization used by search indexes: alef forms, taa marbuta, alef maqsura,
  // diacritics and tatweel, then case folding.
  // Written as code points: mixed-direction literals are too easy to misread.
  // أ إ آ ٱ → ا, ة → ه, ى → ي; harakat (U+064B–U+065F), superscript alef (U+0670), tatweel (U+0640) removed.
  await sql`
    create function tahaleel_normalize(input text) returns text
    language sql immutable parallel safe returns null on null input
    as $$
      select lower(
        translate(
          regexp_replace(input, U&'[\\064B-\\065F\\0670\\0640]', '', 'g'),
          U&'\\0623\\0625\\0622\\0671\\0629\\0649',
          U&'\\0627\\0627\\0627\\0627\\0647\\064A'
        )
      )
    $$`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('phone', 'text')
    .addColumn('is_anonymous', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('user_profiles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull().check(sql`user_type in ('customer', 'lab', 'admin')`))
    .addColumn('approved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('subscription_tier', 'text', (c) => c.notNull().defaultTo('basic'))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ar').check(sql`locale in ('ar', 'en')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Lucia-model sessions: the id is the SHA-256 of the cookie token, never the token itself.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('labs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().references('user_profiles.id').onDelete('cascade'))
    .addColumn('lab_name_ar', 'text', (c) => c.notNull())
    .addColumn('lab_name_en', 'text', (c) => c.notNull())
    .addColumn('license_number', 'text')
    .addColumn('address_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('phone', 'text')
    .addColumn('rating', sql`numeric(2, 1)`, (c) => c.notNull().defaultTo(0).check(sql`rating between 0 and 5`))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`review_count >= 0`))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Riyadh'))
    .addColumn('slot_minutes', 'integer', (c) => c.notNull().defaultTo(30).check(sql`slot_minutes between 5 and 240`))
    .addColumn('slot_capacity', 'integer', (c) => c.notNull().defaultTo(2).check(sql`slot_capacity between 1 and 100`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('labs_city_idx').on('labs').column('city').execute();

  // One opening interval per weekday (0 = Sunday), in the lab's own time zone; no row = closed.
  await db.schema
    .createTable('lab_working_hours')
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('weekday', 'smallint', (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addColumn('opens_at', 'time', (c) => c.notNull())
    .addColumn('closes_at', 'time', (c) => c.notNull())
    .addPrimaryKeyConstraint('lab_working_hours_pkey', ['lab_id', 'weekday'])
    .addCheckConstraint('lab_working_hours_order', sql`opens_at < closes_at`)
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo('FlaskConical'))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('teal'))
    .execute();

  await db.schema
    .createTable('tests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().unique())
    .addColumn('description_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preparation_ar', 'text')
    .addColumn('preparation_en', 'text')
    .addColumn('fasting_hours', 'smallint')
    .addColumn('sample_type', 'text')
    .addColumn('turnaround_hours', 'smallint')
    .addColumn('is_popular', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tests_category_id_idx').on('tests').column('category_id').execute();

  await db.schema
    .createTable('lab_tests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
    .addColumn('price_halalas', 'integer', (c) => c.notNull().check(sql`price_halalas >= 0`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('lab_tests_lab_id_test_id_key', ['lab_id', 'test_id'])
    .execute();
  await db.schema.createIndex('lab_tests_test_id_idx').on('lab_tests').column('test_id').execute();

  await db.schema
    .createTable('test_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('requested_by_lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('test_name_ar', 'text', (c) => c.notNull())
    .addColumn('test_name_en', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('created_test_id', 'integer', (c) => c.references('tests.id'))
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('test_requests_status_idx').on('test_requests').column('status').execute();

  // One checkout attempt = one payment over one or more bookings; the key makes retries idempotent.
  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('total_halalas', 'integer', (c) => c.notNull().check(sql`total_halalas >= 0`))
    .addColumn('vat_halalas', 'integer', (c) => c.notNull().check(sql`vat_halalas >= 0`))
    .addColumn('payment_provider', 'text', (c) => c.notNull())
    .addColumn('payment_reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('checkouts_customer_idempotency_key', ['customer_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lab_test_id', 'integer', (c) => c.notNull().references('lab_tests.id'))
    .addColumn('checkout_id', 'uuid', (c) => c.references('checkouts.id'))
    .addColumn('booking_time', 'timestamptz', (c) => c.notNull())
    .addColumn('total_price_halalas', 'integer', (c) => c.notNull().check(sql`total_price_halalas >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('confirmed').check(sql`status in ('confirmed', 'completed', 'cancelled')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('bookings_customer_id_idx').on('bookings').column('customer_id').execute();
  await db.schema.createIndex('bookings_lab_test_id_idx').on('bookings').column('lab_test_id').execute();

  // A slot's seats taken by confirmed bookings; the row is locked by the booking transaction.
  await db.schema
    .createTable('lab_slot_usage')
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('booked_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`booked_count >= 0`))
    .addPrimaryKeyConstraint('lab_slot_usage_pkey', ['lab_id', 'starts_at'])
    .execute();

  // A slot put in a cart is held for a few minutes so that checkout does not lose it.
  await db.schema
    .createTable('slot_holds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('lab_test_id', 'integer', (c) => c.notNull().references('lab_tests.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('holder_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('slot_holds_holder_slot_key', ['holder_id', 'lab_test_id', 'starts_at'])
    .execute();
  await db.schema.createIndex('slot_holds_lab_slot_idx').on('slot_holds').columns(['lab_id', 'starts_at']).execute();

  await db.schema
    .createTable('result_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('booking_id', 'uuid', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('uploaded_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('application/pdf', 'image/jpeg', 'image/png')`))
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes between 1 and 10485760`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('result_files_booking_id_idx').on('result_files').column('booking_id').execute();

  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ar'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index newsletter_subscriptions_email_key on newsletter_subscriptions (lower(email))`.execute(db);

  // Who did what to which record: approvals, uploads, every read of a result file.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_subject_idx').on('audit_log').columns(['subject_type', 'subject_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'newsletter_subscriptions',
    'result_files',
    'slot_holds',
    'lab_slot_usage',
    'bookings',
    'checkouts',
    'test_requests',
    'lab_tests',
    'tests',
    'categories',
    'lab_working_hours',
    'labs',
    'sessions',
    'user_profiles',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function tahaleel_normalize(text)`.execute(db);
}
