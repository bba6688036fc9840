import { type Kysely, sql } from 'kysely';

// Dashboards: a lab's own test requests are listed by lab; a lab cannot have the same name pending
// twice, nor can two tests differ only in letter case (catalog pages find a test by lower(name_en));
// a stored tier is always one of the plans. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index test_requests_lab_created_idx on test_requests (requested_by_lab_id, created_at desc)`.execute(db);
  await sql`create unique index test_requests_pending_name_key
    on test_requests (requested_by_lab_id, lower(test_name_en)) where status = 'pending'`.execute(db);
  await sql`create unique index tests_name_en_lower_key on tests (lower(name_en))`.execute(db);
  await sql`alter table user_profiles add constraint user_profiles_subscription_tier_check
    check (subscription_tier in ('basic', 'premium', 'enterprise', 'starter', 'professional'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table user_profiles drop constraint user_profiles_subscription_tier_check`.execute(db);
  await sql`drop index tests_name_en_lower_key`.execute(db);
  await sql`drop index test_requests_pending_name_key`.execute(db);
  await db.schema.dropIndex('test_requests_lab_created_idx').execute();
}
