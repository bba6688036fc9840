import { type Kysely, sql } from 'kysely';

// A patient's chosen reports shared with a doctor by a link, for 1 to 30 days (issue #53 item 6, ADR 0061).
// The link carries a token of 32 random bytes; only its SHA-256 (hex) is kept, so the table never holds a
// link that works. An optional 6-digit code is kept as an HMAC keyed by the token (the code cannot be
// tried against the table without the link); five wrong codes lock the share for good (locked_at).
// A revoked share stays (revoked_at set), so the patient's list keeps what was shared and when it was
// opened. opened_count and last_opened_at say how often the doctor read it; every read is in the audit log.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('result_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('user_profiles.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('code_hash', 'text', (c) => c.check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('wrong_codes', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`wrong_codes between 0 and 5`))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('opened_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`opened_count >= 0`))
    .addColumn('last_opened_at', 'timestamptz')
    // 1 to 30 days, as the patient chose (a minute's slack for the clock between the service and the database).
    .addCheckConstraint(
      'result_shares_lifetime',
      sql`expires_at > created_at and expires_at <= created_at + interval '30 days' + interval '1 minute'`,
    )
    // Only a share with a code can be locked by wrong codes.
    .addCheckConstraint('result_shares_lock_needs_code', sql`(locked_at is null and wrong_codes < 5) or code_hash is not null`)
    .execute();
  await db.schema.createIndex('result_shares_customer_id_idx').on('result_shares').columns(['customer_id', 'created_at']).execute();

  // The bookings whose reports and files a share shows.
  await db.schema
    .createTable('result_share_bookings')
    .addColumn('share_id', 'uuid', (c) => c.notNull().references('result_shares.id').onDelete('cascade'))
    .addColumn('booking_id', 'uuid', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('result_share_bookings_pkey', ['share_id', 'booking_id'])
    .execute();
  await db.schema.createIndex('result_share_bookings_booking_id_idx').on('result_share_bookings').column('booking_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('result_share_bookings').execute();
  await db.schema.dropTable('result_shares').execute();
}
