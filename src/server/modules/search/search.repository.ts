import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { CityKey } from '../../../shared/cities.ts';
import { SEARCH_PAGE_SIZE, type SearchSort } from '../../../shared/search-options.ts';
import { PREPARE } from '../../db/prepared-statements.ts';
import type { Database } from '../../db/schema.ts';

/** A test matches when its normalized name contains the query or is trigram-close to it (typos); match_tests sets pg_trgm.word_similarity_threshold to the same. */
export const WORD_SIMILARITY_THRESHOLD = 0.45;
const MATCHED_TESTS = 20;

export interface MatchedTest {
  id: number;
  score: number;
  /** A lab's package (ADR 0091), which has a page of its own. */
  isPackage: boolean;
  /** A package found because it holds a matched test or a marker so named, not by its own name (ADR 0091). */
  holds?: true;
  /** It asks the person to fast beforehand (its fasting hours, a package's the strictest of its tests'). */
  fasting: boolean;
}

/**
 * Tests whose stored normalized names match the (normalized) query, best first: match_tests
 * (migrations/functions/search.sql), which answers from the trigram indexes with the threshold above.
 */
export async function matchTests(db: Kysely<Database>, text: string): Promise<MatchedTest[]> {
  const { rows } = await sql<MatchedTest>`${sql.raw(PREPARE)}
    select m.id, m.score, t.kind = 'package' as "isPackage", coalesce(t.fasting_hours, 0) > 0 as fasting from match_tests(${text}, ${MATCHED_TESTS}) m join tests t on t.id = m.id`.execute(
    db,
  );
  return rows.filter((row) => row.score >= WORD_SIMILARITY_THRESHOLD);
}

export interface OfferQuery {
  tests: MatchedTest[];
  origin: { lat: number; lon: number } | null;
  city: CityKey | null;
  addressText: string | null;
  minPriceHalalas: number;
  maxPriceHalalas: number;
  minRating: number;
  sort: SearchSort;
  offset: number;
  /** Only labs collecting samples at home (within their radius of `origin`, when there is one). */
  homeCollection: boolean;
  /** Only these labs (in network for the searcher's insurance, ADR 0094); null: any lab. */
  labIds: string[] | null;
}

export interface OfferRow {
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
  /** The lab's fee for a home visit; null when it does not collect at home. */
  home_collection_fee_halalas: number | null;
  /** Where the lab is, for the results' map (null: it has not said). */
  lab_latitude: number | null;
  lab_longitude: number | null;
}

/**
 * Active offerings of the matched tests at approved labs, filtered and ordered. Nearest-first
 * (nearest_offers, migrations/functions/search.sql) walks labs_earth_idx (KNN) and probes each lab's
 * offerings by (lab_id, test_id), so it stops after the first page instead of measuring the distance
 * to every lab.
 */
export async function findOffers(db: Kysely<Database>, query: OfferQuery): Promise<OfferRow[]> {
  if (query.tests.length === 0 || query.labIds?.length === 0) return [];
  // Nearest-first over the index knows no list of labs: with one (few labs), the general query orders them.
  if (query.origin && query.sort === 'relevance' && !query.labIds) {
    // Nearest first: take the nearest labs from the GiST index, then their offers. A full page from
    // them is exact (every other lab is farther); only when they cannot fill it (strict filters, a
    // late page) is the whole set ordered by distance.
    const { origin } = query;
    const nearby = await sql<OfferRow>`${sql.raw(PREPARE)}
      select * from nearest_offers(${query.tests.map((test) => test.id)}::int[], ${origin.lat}, ${origin.lon},
        ${query.minPriceHalalas}, ${query.maxPriceHalalas}, ${query.minRating}, ${NEAREST_LABS}, ${SEARCH_PAGE_SIZE}, ${query.offset},
        ${query.homeCollection})`.execute(db);
    if (nearby.rows.length === SEARCH_PAGE_SIZE) return nearby.rows;
  }
  return (await offersQuery(query).execute(db)).rows;
}

/** How many nearest labs the first, index-driven pass looks at. */
const NEAREST_LABS = 60;

/** Every matching offering, ordered as asked (the general case; nearest-first pages come from nearest_offers). */
function offersQuery(query: OfferQuery) {
  const testIds = query.tests.map((test) => test.id);
  const testRank = sql`array_position(${testIds}::int[], lt.test_id)`;
  const origin = query.origin ? sql`earth_point(${query.origin.lat}, ${query.origin.lon})` : null;
  const distance = origin ? sql<number>`round(surface_metres(l.earth <-> ${origin}))::float8` : sql<null>`null::float8`;

  let orderBy: RawBuilder<unknown>;
  switch (query.sort) {
    case 'priceLowHigh':
      orderBy = sql`lt.price_halalas asc, l.rating desc, lt.id`;
      break;
    case 'priceHighLow':
      orderBy = sql`lt.price_halalas desc, l.rating desc, lt.id`;
      break;
    case 'highestRated':
      orderBy = sql`l.rating desc, l.review_count desc, lt.price_halalas asc, lt.id`;
      break;
    case 'relevance':
      orderBy = origin ? sql`l.earth <-> ${origin}, lt.id` : sql`${testRank}, l.rating desc, lt.price_halalas asc, lt.id`;
  }
  return sql<OfferRow>`${sql.raw(PREPARE)}
    select lt.id as lab_test_id, l.id as lab_id, t.id as test_id,
           t.name_ar as test_name_ar, t.name_en as test_name_en,
           l.lab_name_ar, l.lab_name_en, l.address_ar as lab_address_ar, l.address_en as lab_address_en,
           l.city as lab_city, l.rating as lab_rating, l.review_count as lab_review_count,
           lt.price_halalas, ${distance} as distance_meters, l.home_collection_fee_halalas,
           l.latitude as lab_latitude, l.longitude as lab_longitude
    from labs l
    join user_profiles p on p.id = l.id and p.user_type = 'lab' and p.approved
    join lab_tests lt on lt.lab_id = l.id and lt.test_id = any(${testIds}::int[]) and lt.is_active
    join tests t on t.id = lt.test_id
    where lt.price_halalas between ${query.minPriceHalalas} and ${query.maxPriceHalalas}
      and l.rating >= ${query.minRating}
      ${origin ? sql`and l.earth is not null` : sql``}
      ${
        query.homeCollection
          ? sql`and l.home_collection_fee_halalas is not null
                ${origin ? sql`and surface_metres(l.earth <-> ${origin}) <= l.home_radius_km * 1000` : sql``}`
          : sql``
      }
      ${query.city ? sql`and l.city = ${query.city}` : sql``}
      ${query.labIds ? sql`and l.id = any(${query.labIds}::uuid[])` : sql``}
      ${
        query.addressText
          ? sql`and (tahaleel_normalize(l.address_ar) like '%' || ${query.addressText} || '%'
                  or tahaleel_normalize(l.address_en) like '%' || ${query.addressText} || '%')`
          : sql``
      }
    order by ${orderBy}
    limit ${SEARCH_PAGE_SIZE} offset ${query.offset}`;
}
