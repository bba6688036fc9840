import { type Kysely, sql } from 'kysely';

// Identity verified by Nafath (issue #80 part 2, ADR 0096). The account holder gets a national ID / iqama
// number of their own (a family member already has one); a number is verified when the person approved a
// Nafath request for it and confirmed the name Nafath's signed answer carried: that name (Arabic and
// English, as Nafath gives them) and the time are kept beside the number, and changing the number clears
// them. Each request asked of Nafath is a row of nafath_requests, whose id is the requestId Nafath is
// given and echoes in its callback. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_profiles')
    .addColumn('national_id', 'text', (c) => c.check(sql`national_id ~ '^[12][0-9]{9}$'`))
    .addColumn('national_id_verified_at', 'timestamptz')
    .addColumn('national_id_name_ar', 'text')
    .addColumn('national_id_name_en', 'text')
    .execute();
  await db.schema
    .alterTable('family_members')
    .addColumn('national_id_verified_at', 'timestamptz')
    .addColumn('national_id_name_ar', 'text')
    .addColumn('national_id_name_en', 'text')
    .execute();

  await db.schema
    .createTable('nafath_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null: the account holder; else one of their family members.
    .addColumn('family_member_id', 'uuid', (c) => c.references('family_members.id').onDelete('cascade'))
    .addColumn('national_id', 'text', (c) => c.notNull().check(sql`national_id ~ '^[12][0-9]{9}$'`))
    .addColumn('trans_id', 'text', (c) => c.notNull().unique().check(sql`length(trans_id) between 1 and 200`))
    .addColumn('random', 'text', (c) => c.notNull().check(sql`random ~ '^[0-9]{1,4}$'`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`status in ('waiting', 'completed', 'rejected', 'expired', 'unanswered', 'replaced', 'confirmed', 'mismatch')`),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // The person's names as Nafath's signed callback gave them, once it completed.
    .addColumn('name_ar', 'text')
    .addColumn('name_en', 'text')
    // Nafath approved the request when asked for its status (an unsigned word): its signed callback is still to come.
    .addColumn('approved_at', 'timestamptz')
    .addColumn('last_polled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('nafath_requests_user_idx').on('nafath_requests').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('nafath_requests_member_idx').on('nafath_requests').column('family_member_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nafath_requests').execute();
  await db.schema
    .alterTable('family_members')
    .dropColumn('national_id_verified_at')
    .dropColumn('national_id_name_ar')
    .dropColumn('national_id_name_en')
    .execute();
  await db.schema
    .alterTable('user_profiles')
    .dropColumn('national_id')
    .dropColumn('national_id_verified_at')
    .dropColumn('national_id_name_ar')
    .dropColumn('national_id_name_en')
    .execute();
}
