// Builds the search benchmark's PostgreSQL database: the demo seed plus synthetic tests and labs up
// to 300 tests × 2,000 labs (≈ 600,000 lab tests), or as many labs as asked (bench/search-scale.ts).
// Idempotent: an existing full database is kept.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { seedDemoData } from '../seeds/seed.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { Database } from '../src/server/db/schema.ts';

export const BENCH_TESTS = 300;
export const BENCH_LABS = 2000;

/** What the search benches ask, mixed Arabic and English, with typos and variant spellings. */
export const BENCH_QUERIES = [
  'vitamin d',
  'فيتامين د',
  'cbc',
  'صورة الدم',
  'hba1c',
  'السكر التراكمي',
  'thyroid',
  'الغده الدرقيه',
  'vitamn b12',
  'فيتامن د',
  'ferritin',
  'وظائف الكبد',
];

/** The five cities the bench's labs are placed around (latitude, longitude): Riyadh, Jeddah, Dammam, Makkah, Madinah. */
export const BENCH_CITY_CENTRES: readonly (readonly [number, number])[] = [
  [24.7136, 46.6753],
  [21.5433, 39.1728],
  [26.4207, 50.0888],
  [21.3891, 39.8579],
  [24.5247, 39.5692],
];

export async function prepareSearchBenchDatabase(adminUrl: string, name: string, labs = BENCH_LABS): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString() }) }) });
  try {
    await migrateToLatest(db);
    await seedDemoData(db);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from lab_tests join tests on tests.id = lab_tests.test_id and tests.kind = 'test'`.execute(db);
    if (Number(rows[0]!.n) >= BENCH_TESTS * labs * 0.9) return url.toString();

    console.log('Generating the benchmark data set (one time)…');
    await db.transaction().execute(async (tx) => {
      // Synthetic tests named like real panels, in both scripts, spread over the categories.
      await sql`
        insert into tests (category_id, name_ar, name_en, description_ar, description_en)
        select 1 + (i % 11), 'تحليل مخبري رقم ' || i, 'Laboratory Panel ' || i, 'وصف', 'Description'
        from generate_series(1, ${BENCH_TESTS} - (select count(*) from tests where kind = 'test')) as i
        on conflict (name_en) where kind = 'test' do nothing`.execute(tx);
      // Synthetic labs around the five cities, approved, with ratings and review counts.
      await sql`
        with centre(k, lat, lon) as (values (0, 24.7136, 46.6753), (1, 21.5433, 39.1728), (2, 26.4207, 50.0888), (3, 21.3891, 39.8579), (4, 24.5247, 39.5692)),
        new_labs as (
          select gen_random_uuid() as id, i, c.lat + (random() - 0.5) * 0.4 as lat, c.lon + (random() - 0.5) * 0.4 as lon,
                 (array['riyadh','jeddah','dammam','makkah','madinah'])[c.k + 1] as city
          from generate_series(1, ${labs} - (select count(*) from labs)) as i join centre c on c.k = i % 5
        ),
        u as (insert into users (id, email) select id, 'bench-lab-' || i || '@bench.tahaleel.sa' from new_labs returning id),
        p as (insert into user_profiles (id, name, user_type, approved) select id, 'مختبر ' || i, 'lab', true from new_labs returning id)
        insert into labs (id, lab_name_ar, lab_name_en, address_ar, address_en, city, latitude, longitude, rating, review_count)
        select id, 'مختبر التحاليل ' || i, 'Diagnostic Lab ' || i, 'شارع ' || i, 'Street ' || i, city, lat, lon,
               round((3 + random() * 2)::numeric, 1), (random() * 2000)::int
        from new_labs`.execute(tx);
      await sql`
        insert into lab_tests (lab_id, test_id, price_halalas, is_active)
        select l.id, t.id, (50 + (random() * 900)::int) * 100, random() > 0.02
        from labs l cross join tests t
        where t.kind = 'test'
        on conflict (lab_id, test_id) do nothing`.execute(tx);
    });
    await sql`analyze`.execute(db);
    return url.toString();
  } finally {
    await db.destroy();
  }
}
