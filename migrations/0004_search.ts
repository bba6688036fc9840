import { sql, type Kysely } from 'kysely';

// Search: trigram indexes over normalized names, a GiST index for nearest-lab ordering, and
// the lab-test indexes the result query walks. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists cube`.execute(db);
  await sql`create extension if not exists earthdistance`.execute(db);

  await sql`create index tests_name_search_idx on tests using gin
    ((tahaleel_normalize(name_ar) || ' ' || tahaleel_normalize(name_en)) gin_trgm_ops)`.execute(db);
  await sql`create index labs_name_search_idx on labs using gin
    ((tahaleel_normalize(lab_name_ar) || ' ' || tahaleel_normalize(lab_name_en)) gin_trgm_ops)`.execute(db);
  // Nearest labs first: KNN (<->) over the earth-cube of each lab's coordinates.
  await sql`create index labs_earth_idx on labs using gist (ll_to_earth(latitude, longitude))
    where latitude is not null and longitude is not null`.execute(db);
  await sql`create index labs_rating_idx on labs (rating desc, review_count desc)`.execute(db);
  await sql`create index lab_tests_active_test_price_idx on lab_tests (test_id, price_halalas) include (lab_id)
    where is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['lab_tests_active_test_price_idx', 'labs_rating_idx', 'labs_earth_idx', 'labs_name_search_idx', 'tests_name_search_idx']) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
}
