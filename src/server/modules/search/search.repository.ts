import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SearchSort } from '../../../shared/schemas.ts';
import type { CityKey } from '../../../shared/cities.ts';
import type { Database } from '../../db/schema.ts';

/** A test matches when its normalized name contains the query or is trigram-close to it (typos). */
export const WORD_SIMILARITY_THRESHOLD = 0.45;
const MATCHED_TESTS = 20;
const RESULT_LIMIT = 50;

export interface SearchQuery {
  text: string;
  origin: { lat: number; lon: number } | null;
  city: CityKey | null;
  addressText: string | null;
  minPriceHalalas: number;
  maxPriceHalalas: number;
  minRating: number;
  sort: SearchSort;
}

export interface SearchRow {
  lab_test_id: number;
  lab_id: string;
  test_id: number;
  test_name_ar: string;
  test_name_en: string;
  lab_name_ar: string;
  lab_name_en: string;
  lab_address_ar: string;
  lab_address_en: string;
  lab_city: string | null;
  lab_rating: string;
  lab_review_count: number;
  price_halalas: number;
  distance_meters: number | null;
  score: number;
}

function orderBy(query: SearchQuery): RawBuilder<unknown> {
  // The distance expression matches labs_earth_idx so nearest-first can walk the GiST index.
  const nearest = query.origin
    ? sql`ll_to_earth(l.latitude, l.longitude) <-> ll_to_earth(${query.origin.lat}, ${query.origin.lon})`
    : null;
  switch (query.sort) {
    case 'priceLowHigh':
      return sql`lt.price_halalas asc, l.rating desc, lt.id`;
    case 'priceHighLow':
      return sql`lt.price_halalas desc, l.rating desc, lt.id`;
    case 'highestRated':
      return sql`l.rating desc, l.review_count desc, lt.price_halalas asc, lt.id`;
    case 'relevance':
      return nearest ? sql`${nearest} asc nulls last, lt.id` : sql`mt.score desc, l.rating desc, lt.price_halalas asc, lt.id`;
  }
}

/**
 * One query: tests whose normalized names match (Arabic spelling variants, case, typos), their
 * active offerings at approved labs, the filters, distance from the user, and the chosen order.
 */
export async function searchLabTests(db: Kysely<Database>, query: SearchQuery): Promise<SearchRow[]> {
  const distance = query.origin
    ? sql<number>`round(earth_distance(ll_to_earth(l.latitude, l.longitude), ll_to_earth(${query.origin.lat}, ${query.origin.lon})))::float8`
    : sql<null>`null::float8`;
  const cityFilter = query.city ? sql`and l.city = ${query.city}` : sql``;
  const addressFilter = query.addressText
    ? sql`and (tahaleel_normalize(l.address_ar) like '%' || ${query.addressText} || '%'
            or tahaleel_normalize(l.address_en) like '%' || ${query.addressText} || '%')`
    : sql``;

  const result = await sql<SearchRow>`
    with q as (select tahaleel_normalize(${query.text}) as text),
    scored as (
      select t.id,
             greatest(
               word_similarity(q.text, tahaleel_normalize(t.name_en)),
               word_similarity(q.text, tahaleel_normalize(t.name_ar)),
               case when (tahaleel_normalize(t.name_ar) || ' ' || tahaleel_normalize(t.name_en)) like '%' || q.text || '%'
                    then 1 else 0 end
             ) as score
      from tests t, q
    ),
    mt as (
      select id, score from scored where score >= ${WORD_SIMILARITY_THRESHOLD}
      order by score desc limit ${MATCHED_TESTS}
    )
    select lt.id as lab_test_id, l.id as lab_id, t.id as test_id,
           t.name_ar as test_name_ar, t.name_en as test_name_en,
           l.lab_name_ar, l.lab_name_en, l.address_ar as lab_address_ar, l.address_en as lab_address_en,
           l.city as lab_city, l.rating as lab_rating, l.review_count as lab_review_count,
           lt.price_halalas, ${distance} as distance_meters, mt.score::float8 as score
    from mt
    join lab_tests lt on lt.test_id = mt.id and lt.is_active
    join tests t on t.id = mt.id
    join labs l on l.id = lt.lab_id
    join user_profiles p on p.id = l.id and p.user_type = 'lab' and p.approved
    where lt.price_halalas between ${query.minPriceHalalas} and ${query.maxPriceHalalas}
      and l.rating >= ${query.minRating}
      ${cityFilter}
      ${addressFilter}
    order by ${orderBy(query)}
    limit ${RESULT_LIMIT}`.execute(db);
  return result.rows;
}
