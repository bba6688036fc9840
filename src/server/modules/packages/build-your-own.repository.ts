import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

// "Build your own" (issue #79 item 3): which labs' offers hold the wanted markers.

/** How many labs are priced: the nearest, or (without a place) those that hold the most of the markers. */
export const LABS_PRICED = 60;

export interface CandidateLab {
  lab_id: string;
  held: number;
  distance_meters: number | null;
}

/**
 * The labs that hold any of the markers (test_markers: a package's are its tests'), on sale at approved
 * labs: the LABS_PRICED nearest to `origin`, or without one, those holding the most markers, better rated first.
 */
export async function candidateLabs(
  db: Kysely<Database>,
  analyteIds: readonly number[],
  origin: { lat: number; lon: number } | null,
): Promise<CandidateLab[]> {
  const holding = sql`
    select lt.lab_id, count(distinct tm.analyte_id)::int as held
      from test_markers tm
      join lab_tests lt on lt.test_id = tm.test_id and lt.is_active
      join user_profiles p on p.id = lt.lab_id and p.user_type = 'lab' and p.approved
     where tm.analyte_id = any(${[...analyteIds]}::int[])
     group by lt.lab_id`;
  if (origin) {
    const point = sql`earth_point(${origin.lat}, ${origin.lon})`;
    const { rows } = await sql<CandidateLab>`
      select h.lab_id, h.held, round(surface_metres(l.earth <-> ${point}))::float8 as distance_meters
        from (${holding}) h join labs l on l.id = h.lab_id
       where l.earth is not null
       order by l.earth <-> ${point}
       limit ${LABS_PRICED}`.execute(db);
    return rows;
  }
  const { rows } = await sql<CandidateLab>`
    select h.lab_id, h.held, null::float8 as distance_meters
      from (${holding}) h join labs l on l.id = h.lab_id
     order by h.held desc, l.rating desc, h.lab_id
     limit ${LABS_PRICED}`.execute(db);
  return rows;
}

/** These labs' offers holding any of the markers: single tests and packages, with the wanted markers each holds. */
export async function offersHolding(db: Kysely<Database>, labIds: readonly string[], analyteIds: readonly number[]) {
  if (labIds.length === 0) return [];
  const { rows } = await sql<{
    lab_id: string;
    lab_test_id: number;
    test_id: number;
    kind: 'test' | 'package';
    name_ar: string;
    name_en: string;
    price_halalas: number;
    markers: number[];
  }>`
    select lt.lab_id, lt.id as lab_test_id, t.id as test_id, t.kind, t.name_ar, t.name_en, lt.price_halalas,
           array_agg(tm.analyte_id order by tm.analyte_id) as markers
      from test_markers tm
      join lab_tests lt on lt.test_id = tm.test_id and lt.is_active
      join tests t on t.id = lt.test_id
     where tm.analyte_id = any(${[...analyteIds]}::int[])
       and lt.lab_id = any(${[...labIds]}::uuid[])
     group by lt.lab_id, lt.id, t.id
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
