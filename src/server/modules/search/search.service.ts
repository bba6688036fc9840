import type { Kysely } from 'kysely';
import { cityFromText, normalizeSearchText } from '../../../shared/cities.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import type { SearchInput } from '../../../shared/schemas.ts';
import { PRICE_FILTER_MAX } from '../../../shared/search-options.ts';
import type { Database } from '../../db/schema.ts';
import { catalogVersion, findOffers, matchTests } from './search.repository.ts';

const INT4_MAX = 2_147_483_647;

/**
 * Search results, remembered per database and keyed by the catalog version (bumped by triggers on
 * every change to tests, labs, offerings or approvals), so a cached answer is never stale. A repeat
 * of a popular search then costs one indexed lookup instead of a trigram pass and a nearest-lab walk.
 */
const CACHE_SIZE = 2000;
const resultCaches = new WeakMap<Kysely<Database>, Map<string, SearchResult[]>>();

function cacheFor(db: Kysely<Database>) {
  let cache = resultCaches.get(db);
  if (!cache) resultCaches.set(db, (cache = new Map()));
  return cache;
}

/** About 100 m: close enough for "km with one decimal", and nearby users share cached answers. */
const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

type SearchResult = Awaited<ReturnType<typeof runSearch>>[number];

export async function searchTests(db: Kysely<Database>, input: SearchInput): Promise<SearchResult[]> {
  const rounded: SearchInput = {
    ...input,
    lat: input.lat === undefined ? undefined : roundCoordinate(input.lat),
    lon: input.lon === undefined ? undefined : roundCoordinate(input.lon),
  };
  const version = await catalogVersion(db);
  const key = JSON.stringify([version, normalizeSearchText(input.query), rounded.lat, rounded.lon, rounded.location && normalizeSearchText(rounded.location), rounded.minPrice, rounded.maxPrice, rounded.minRating, rounded.sort]);
  const cache = cacheFor(db);
  const hit = cache.get(key);
  if (hit) return hit;
  const results = await runSearch(db, rounded);
  cache.set(key, results);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return results;
}

async function runSearch(db: Kysely<Database>, input: SearchInput) {
  const origin = input.lat !== undefined && input.lon !== undefined ? { lat: input.lat, lon: input.lon } : null;
  // A typed place narrows to a city when it names one, otherwise to addresses containing it.
  const typed = !origin && input.location ? input.location : null;
  const city = typed ? cityFromText(typed) : null;
  const maxPrice = input.maxPrice ?? PRICE_FILTER_MAX;
  const tests = await matchTests(db, input.query);
  const rows = await findOffers(db, {
    tests,
    origin,
    city,
    addressText: typed && !city ? normalizeSearchText(typed) : null,
    minPriceHalalas: sarToHalalas(input.minPrice ?? 0),
    // The slider's top means "any price", so 5000 does not hide a dearer test.
    maxPriceHalalas: maxPrice >= PRICE_FILTER_MAX ? INT4_MAX : sarToHalalas(maxPrice),
    minRating: input.minRating ?? 0,
    sort: input.sort,
  });
  return rows.map(({ price_halalas, lab_rating, ...row }) => ({
    ...row,
    lab_rating: Number(lab_rating),
    price: halalasToSar(price_halalas),
  }));
}
