import type { Kysely } from 'kysely';
import { cityFromText, normalizeSearchText } from '../../../shared/cities.ts';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import type { PackagesWithInput, SearchInput } from '../../../shared/schemas.ts';
import { PRICE_FILTER_MAX } from '../../../shared/search-options.ts';
import type { Database } from '../../db/schema.ts';
import { catalogVersion, VersionedCache } from '../../platform/catalog-version.ts';
import { type CoverageNetwork, coverageNetworkOf, labsInNetwork } from '../lab-insurance/lab-insurance.service.ts';
import { packageOffersOf, packagesMatching } from '../packages/packages.service.ts';
import { findOffers, type MatchedTest, matchTests, WORD_SIMILARITY_THRESHOLD } from './search.repository.ts';

const INT4_MAX = 2_147_483_647;

type SearchResult = Awaited<ReturnType<typeof runSearch>>[number];

/** Whole pages: a repeat of a popular search costs no query at all. */
const pages = new VersionedCache<SearchResult[]>(2000);
/** Tests matching a query text: people search the same few names from many places. */
const matches = new VersionedCache<MatchedTest[]>(5000);

/** About 100 m: close enough for "km with one decimal", and nearby users share cached answers. */
const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

/**
 * A page of search's results, shared by everyone who asks alike. "Covered by my insurance" (ADR 0094) is
 * the one filter that depends on who asks: it is refused to a visitor and to someone without insurance in
 * force, and otherwise becomes the insurer and class it stands for, so the page is remembered under those
 * (never under the person) and serves everyone with the same cover; a lab's change of networks makes a new
 * catalog version, as a change of its tests does.
 */
export async function searchTests(db: Kysely<Database>, input: SearchInput, callerId: string | null = null): Promise<SearchResult[]> {
  const network = input.coveredByMyInsurance ? await callersNetwork(db, callerId) : null;
  const rounded: SearchInput = {
    ...input,
    lat: input.lat === undefined ? undefined : roundCoordinate(input.lat),
    lon: input.lon === undefined ? undefined : roundCoordinate(input.lon),
  };
  const version = await catalogVersion(db);
  const text = normalizeSearchText(input.query);
  const key = JSON.stringify([
    version,
    text,
    rounded.lat,
    rounded.lon,
    rounded.location && normalizeSearchText(rounded.location),
    rounded.minPrice,
    rounded.maxPrice,
    rounded.minRating,
    rounded.sort,
    rounded.homeCollection === true,
    rounded.noFasting === true,
    rounded.cursor,
    ...(network ? [network.insurerId, network.policyClass] : []),
  ]);
  return pages.remember(db, key, async () =>
    runSearch(db, rounded, await matchedFor(db, version, input.query, text), network && (await labsInNetwork(db, network))),
  );
}

async function callersNetwork(db: Kysely<Database>, callerId: string | null): Promise<CoverageNetwork> {
  if (!callerId) throw new AppError('UNAUTHENTICATED');
  const network = await coverageNetworkOf(db, callerId);
  if (!network) throw new AppError('INSURANCE_NOT_IN_FORCE');
  return network;
}

/** What a query text matches, from the cache while the catalogue is unchanged. */
function matchedFor(db: Kysely<Database>, version: string, query: string, text: string) {
  return matches.remember(db, JSON.stringify([version, text]), () => matchTestsAndPackages(db, query, text));
}

/** How many packages the strip above the results shows. */
export const PACKAGES_WITH_SHOWN = 4;

type PackageOffer = Awaited<ReturnType<typeof packageOffersOf>>[number];
const packageStrips = new VersionedCache<PackageOffer[]>(2000);

/**
 * "Packages with this test" (issue #79): the packages holding a test or a marker the words name (not those
 * named so, which lead the results already), nearest first from the person's place, else cheapest first.
 * The words' matches come from search's own cache; the offers are one query on the packages' ids.
 */
export async function packagesWithTest(db: Kysely<Database>, input: PackagesWithInput): Promise<PackageOffer[]> {
  const version = await catalogVersion(db);
  const text = normalizeSearchText(input.query);
  const origin =
    input.lat !== undefined && input.lon !== undefined ? { lat: roundCoordinate(input.lat), lon: roundCoordinate(input.lon) } : null;
  return packageStrips.remember(db, JSON.stringify([version, text, origin?.lat, origin?.lon]), async () => {
    const tests = await matchedFor(db, version, input.query, text);
    const held = tests.flatMap((test) => (test.holds ? [test.id] : []));
    return packageOffersOf(db, held, origin, PACKAGES_WITH_SHOWN);
  });
}

/**
 * The tests whose names match, and the packages holding one of them or a marker named so (ADR 0091),
 * best first: a package ranks just below the test it holds.
 */
async function matchTestsAndPackages(db: Kysely<Database>, query: string, text: string): Promise<MatchedTest[]> {
  const tests = await matchTests(db, query);
  const held = await packagesMatching(db, tests, text, WORD_SIMILARITY_THRESHOLD);
  return [...tests, ...held.map((match) => ({ ...match, isPackage: true, holds: true as const }))].sort((a, b) => b.score - a.score);
}

/** `labIds`: only these labs (those in network for the searcher's cover), or every lab when null. */
async function runSearch(db: Kysely<Database>, input: SearchInput, tests: MatchedTest[], labIds: string[] | null = null) {
  const origin = input.lat !== undefined && input.lon !== undefined ? { lat: input.lat, lon: input.lon } : null;
  // A typed place narrows to a city when it names one, otherwise to addresses containing it.
  const typed = !origin && input.location ? input.location : null;
  const city = typed ? cityFromText(typed) : null;
  const maxPrice = input.maxPrice ?? PRICE_FILTER_MAX;
  const rows = await findOffers(db, {
    // "No fasting": the tests and packages that need none (issue #79 item 1).
    tests: input.noFasting ? tests.filter((test) => !test.fasting) : tests,
    origin,
    city,
    addressText: typed && !city ? normalizeSearchText(typed) : null,
    minPriceHalalas: sarToHalalas(input.minPrice ?? 0),
    // The slider's top means "any price", so 5000 does not hide a dearer test.
    maxPriceHalalas: maxPrice >= PRICE_FILTER_MAX ? INT4_MAX : sarToHalalas(maxPrice),
    minRating: input.minRating ?? 0,
    sort: input.sort,
    offset: input.cursor,
    homeCollection: input.homeCollection === true,
    labIds,
  });
  const packages = new Set(tests.flatMap((test) => (test.isPackage ? [test.id] : [])));
  // Each field by name: a rest-and-spread copy of the driver's rows cost ~5 µs a row (a tenth of an
  // uncached search's own CPU, ADR 0034). The same fields in the same order as that copy made.
  return rows.map((row) => ({
    lab_test_id: row.lab_test_id,
    lab_id: row.lab_id,
    test_id: row.test_id,
    test_name_ar: row.test_name_ar,
    test_name_en: row.test_name_en,
    is_package: packages.has(row.test_id),
    lab_name_ar: row.lab_name_ar,
    lab_name_en: row.lab_name_en,
    lab_address_ar: row.lab_address_ar,
    lab_address_en: row.lab_address_en,
    lab_city: row.lab_city,
    lab_review_count: row.lab_review_count,
    distance_meters: row.distance_meters,
    lab_rating: Number(row.lab_rating),
    price: halalasToSar(row.price_halalas),
    home_collection_fee: row.home_collection_fee_halalas === null ? null : halalasToSar(row.home_collection_fee_halalas),
    lab_latitude: row.lab_latitude,
    lab_longitude: row.lab_longitude,
  }));
}

/**
 * The first offers of one test in search's own order: nearest first from `origin` when there is one,
 * otherwise as search ranks them without a place (the analysis's suggested follow-up tests).
 */
export function firstOffersOf(db: Kysely<Database>, testId: number, origin: { lat: number; lon: number } | null) {
  return findOffers(db, {
    tests: [{ id: testId, score: 1, isPackage: false, fasting: false }],
    origin,
    city: null,
    addressText: null,
    minPriceHalalas: 0,
    maxPriceHalalas: INT4_MAX,
    minRating: 0,
    sort: 'relevance',
    offset: 0,
    homeCollection: false,
    labIds: null,
  });
}
