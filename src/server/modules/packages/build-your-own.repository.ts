import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

// "Build your own" (issue #79 item 3): which labs' offers hold the wanted markers.

/** How many labs are priced: the nearest, or (without a place) the best rated. */
export const LABS_PRICED = 60;

export interface CandidateLab {
  lab_id: string;
  distance_meters: number | null;
}

/**
 * The labs to price: the LABS_PRICED approved labs nearest to `origin` (labs_earth_idx), or without one,
 * the best rated. Chosen before their offers are read: asking first which labs hold the markers reads
 * every lab's price list (4.6 s over 2,000 labs × 310 offers, EXPLAIN ANALYZE in bench:packages).
 */
export async function candidateLabs(db: Kysely<Database>, origin: { lat: number; lon: number } | null): Promise<CandidateLab[]> {
  if (origin) {
    const point = sql`earth_point(${origin.lat}, ${origin.lon})`;
    const { rows } = await sql<CandidateLab>`
      select l.id as lab_id, round(surface_metres(l.earth <-> ${point}))::float8 as distance_meters
        from labs l join user_profiles p on p.id = l.id and p.user_type = 'lab' and p.approved
       where l.earth is not null
       order by l.earth <-> ${point}
       limit ${LABS_PRICED}`.execute(db);
    return rows;
  }
  const { rows } = await sql<CandidateLab>`
    select l.id as lab_id, null::float8 as distance_meters
      from labs l join user_profiles p on p.id = l.id and p.user_type = 'lab' and p.approved
     order by l.rating desc, l.review_count desc, l.id
     limit ${LABS_PRICED}`.execute(db);
  return rows;
}

/**
 * These labs' offers holding any of the markers: single tests by their analytes, packages by their
 * members' (as the view test_markers says; written out here so that only these labs' packages are
 * read, through test_packages_lab_idx, where the view would group every package in the catalogue
 * first: 110 ms against 30 ms for 60 labs in bench:packages), with the wanted markers each holds.
 */
export async function offersHolding(db: Kysely<Database>, labIds: readonly string[], analyteIds: readonly number[]) {
  if (labIds.length === 0) return [];
  const labs = sql`${[...labIds]}::uuid[]`;
  const wanted = sql`${[...analyteIds]}::int[]`;
  const { rows } = await sql<{
    lab_id: string;
    lab_test_id: number;
    test_id: number;
    kind: 'test' | 'package';
    name_ar: string;
    name_en: string;
    price_halalas: number;
    fasting_hours: number | null;
    markers: number[];
  }>`
    with held as (
      select lt.id as lab_test_id, ta.analyte_id
        from lab_tests lt join test_analytes ta on ta.test_id = lt.test_id
       where lt.lab_id = any(${labs}) and lt.is_active and ta.analyte_id = any(${wanted})
      union
      select lt.id, ta.analyte_id
        from test_packages tp
        join lab_tests lt on lt.lab_id = tp.lab_id and lt.test_id = tp.test_id and lt.is_active
        join package_components pc on pc.package_id = tp.test_id
        join test_analytes ta on ta.test_id = pc.test_id
       where tp.lab_id = any(${labs}) and tp.status = 'approved' and ta.analyte_id = any(${wanted})
    )
    select lt.lab_id, lt.id as lab_test_id, t.id as test_id, t.kind, t.name_ar, t.name_en, lt.price_halalas, t.fasting_hours,
           array_agg(h.analyte_id order by h.analyte_id) as markers
      from held h join lab_tests lt on lt.id = h.lab_test_id join tests t on t.id = lt.test_id
     group by lt.id, t.id
     order by lt.lab_id, lt.id`.execute(db);
  return rows;
}

export function labsById(db: Kysely<Database>, labIds: readonly string[]) {
  if (labIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('labs')
    .select([
      'id',
      'lab_name_ar',
      'lab_name_en',
      'address_ar',
      'address_en',
      'city',
      'rating',
      'review_count',
      'time_zone',
      'home_collection_fee_halalas',
    ])
    .where('id', 'in', labIds)
    .execute();
}
