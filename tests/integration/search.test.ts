import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let caller: Awaited<ReturnType<typeof callerFor>>;
beforeAll(async () => {
  database = await openTestDatabase();
  caller = await callerFor(database.db);
});
afterAll(() => database.close());

const OLAYA = { lat: 24.6953, lon: 46.6855 }; // Riyadh
const CORNICHE = { lat: 21.5433, lon: 39.1728 }; // Jeddah

const testNames = (rows: { test_name_en: string }[]) => new Set(rows.map((row) => row.test_name_en));

describe('search.labTests', () => {
  it('finds a test by its English or Arabic name, whatever the case or Arabic spelling', async () => {
    for (const query of ['vitamin d', 'VITAMIN D', 'فيتامين د', 'فِيتَامِين د', 'فيتامـــين د']) {
      const rows = await caller.search.labTests({ query });
      expect(rows.length, query).toBeGreaterThan(0);
      expect([...testNames(rows)][0], query).toMatch(/^Vitamin D/);
    }
  });

  it('treats alef, taa marbuta and alef maqsura variants alike', async () => {
    const written = await caller.search.labTests({ query: 'الغدة الدرقية' });
    const typed = await caller.search.labTests({ query: 'الغده الدرقيه' });
    expect(typed.length).toBeGreaterThan(0);
    expect(testNames(typed)).toEqual(testNames(written));
  });

  it('forgives a typo in either script', async () => {
    for (const query of ['vitamn d', 'فيتامن د']) {
      const rows = await caller.search.labTests({ query });
      expect(
        [...testNames(rows)].some((name) => name.startsWith('Vitamin D')),
        query,
      ).toBe(true);
    }
  });

  it('orders by distance from the user when coordinates are given, in metres', async () => {
    const rows = await caller.search.labTests({ query: 'CBC', ...OLAYA });
    expect(rows.length).toBeGreaterThan(3);
    const distances = rows.map((row) => row.distance_meters!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(rows[0]!.lab_city).toBe('riyadh');
    expect(distances[0]).toBeLessThan(20_000);
    const fromJeddah = await caller.search.labTests({ query: 'CBC', ...CORNICHE });
    expect(fromJeddah[0]!.lab_city).toBe('jeddah');
  });

  it('has no distance without coordinates', async () => {
    const rows = await caller.search.labTests({ query: 'CBC' });
    expect(rows.every((row) => row.distance_meters === null)).toBe(true);
  });

  it('keeps results within the price range and at or above the minimum rating', async () => {
    const rows = await caller.search.labTests({ query: 'vitamin', minPrice: 100, maxPrice: 200, minRating: 4.5 });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.price).toBeGreaterThanOrEqual(100);
      expect(row.price).toBeLessThanOrEqual(200);
      expect(row.lab_rating).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps to tests and packages that need no fasting when asked (issue #79)', async () => {
    const all = await caller.search.labTests({ query: 'glucose', sort: 'priceLowHigh' });
    expect(testNames(all)).toContain('Fasting Blood Glucose (FBS)');
    const unfasted = await caller.search.labTests({ query: 'glucose', sort: 'priceLowHigh', noFasting: true });
    expect(testNames(unfasted)).toContain('Random Blood Glucose (RBS)');
    expect(testNames(unfasted)).not.toContain('Fasting Blood Glucose (FBS)');
    const fasting = await database.db
      .selectFrom('tests')
      .select('fasting_hours')
      .where('id', 'in', [...new Set(unfasted.map((row) => row.test_id))])
      .execute();
    expect(fasting.every((row) => !row.fasting_hours)).toBe(true);
    // A package asks for the strictest fasting of its tests: one holding the lipid profile is left out.
    const packages = await caller.search.labTests({ query: 'Complete Check-up' });
    expect(packages.some((row) => row.is_package && row.test_name_en === 'Complete Check-up')).toBe(true);
    const unfastedPackages = await caller.search.labTests({ query: 'Complete Check-up', noFasting: true });
    expect(unfastedPackages.some((row) => row.test_name_en === 'Complete Check-up')).toBe(false);
  });

  it('sorts by price both ways and by rating', async () => {
    const low = await caller.search.labTests({ query: 'vitamin', sort: 'priceLowHigh' });
    expect(low.map((row) => row.price)).toEqual([...low.map((row) => row.price)].sort((a, b) => a - b));
    const high = await caller.search.labTests({ query: 'vitamin', sort: 'priceHighLow' });
    expect(high.map((row) => row.price)).toEqual([...high.map((row) => row.price)].sort((a, b) => b - a));
    const rated = await caller.search.labTests({ query: 'vitamin', sort: 'highestRated' });
    expect(rated.map((row) => row.lab_rating)).toEqual([...rated.map((row) => row.lab_rating)].sort((a, b) => b - a));
  });

  it('narrows to the city a typed location names, in Arabic or English', async () => {
    for (const location of ['Jeddah', 'جدة', 'جده']) {
      const rows = await caller.search.labTests({ query: 'CBC', location });
      expect(rows.length, location).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.lab_city)), location).toEqual(new Set(['jeddah']));
    }
  });

  it('never shows an unapproved lab or an inactive offering', async () => {
    const [visible] = await caller.search.labTests({ query: 'CBC' });
    expect(visible).toBeDefined();
    await database.db.updateTable('lab_tests').set({ is_active: false }).where('id', '=', visible!.lab_test_id).execute();
    const afterDeactivation = await caller.search.labTests({ query: 'CBC' });
    expect(afterDeactivation.map((row) => row.lab_test_id)).not.toContain(visible!.lab_test_id);

    const other = afterDeactivation[0]!;
    await database.db.updateTable('user_profiles').set({ approved: false }).where('id', '=', other.lab_id).execute();
    const afterUnapproval = await caller.search.labTests({ query: 'CBC' });
    expect(afterUnapproval.map((row) => row.lab_id)).not.toContain(other.lab_id);
  });

  it('answers a page of 20 and the next pages continue the same order without repeats', async () => {
    for (const input of [
      { query: 'vitamin', ...OLAYA },
      { query: 'vitamin', sort: 'priceLowHigh' as const },
    ]) {
      const pages = [];
      for (let offset = 0; offset < 80; offset += 20) pages.push(await caller.search.labTests({ ...input, cursor: offset }));
      const [first, second] = pages;
      expect(first).toHaveLength(20);
      expect(second!.length).toBeGreaterThan(0);
      const all = pages.flat();
      expect(new Set(all.map((row) => row.lab_test_id)).size).toBe(all.length);
      const keys = all.map((row) => ('lat' in input ? row.distance_meters! : row.price));
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
    }
  });

  it('finds nothing for nonsense rather than failing', async () => {
    expect(await caller.search.labTests({ query: 'zzqqxx' })).toEqual([]);
  });

  it('refuses bad input with a validation error per field', async () => {
    const bad = [
      { query: 'cbc', maxPrice: 6000 },
      { query: 'cbc', minPrice: -50 },
      { query: 'cbc', minRating: 0 },
      { query: 'cbc', minRating: 6 },
      { query: 'cbc', lat: 200, lon: 46 },
      { query: 'cbc', lat: 24 },
      { query: 'cbc', cursor: 7 },
      { query: 'cbc', cursor: -20 },
      { query: 'cbc', cursor: 10_000 },
      { query: '   ' },
    ];
    for (const input of bad) {
      const error = await caller.search.labTests(input as never).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, JSON.stringify(input)).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
    }
  });
});

describe('search.packagesWith (issue #79: packages with the test searched)', () => {
  /** The catalogue tests a package holds, by English name. */
  const membersOf = async (packageId: number) =>
    (
      await database.db
        .selectFrom('package_components')
        .innerJoin('tests', 'tests.id', 'package_components.test_id')
        .select('tests.name_en')
        .where('package_components.package_id', '=', packageId)
        .execute()
    ).map((row) => row.name_en);

  it('finds the packages holding the test, in either language, cheapest first, with their lab and marker count', async () => {
    for (const query of ['vitamin D', 'فيتامين د']) {
      const rows = await caller.search.packagesWith({ query });
      expect(rows.length, query).toBeGreaterThanOrEqual(3);
      expect(rows.length, query).toBeLessThanOrEqual(4);
      for (const row of rows) {
        expect(await membersOf(row.package_id), query).toContain('Vitamin D (25-OH)');
        expect(row.marker_count).toBeGreaterThan(1);
        expect(row.lab_name_en).not.toBe('');
        expect(row.distance_meters).toBeNull();
      }
      const prices = rows.map((row) => row.price);
      expect(prices, query).toEqual([...prices].sort((a, b) => a - b));
    }
    // Only approved packages on sale: every one is a live offer of its lab.
    const rows = await caller.search.packagesWith({ query: 'vitamin D' });
    const offers = await database.db
      .selectFrom('lab_tests')
      .select(['id', 'is_active'])
      .where(
        'id',
        'in',
        rows.map((row) => row.lab_test_id),
      )
      .execute();
    expect(offers.every((offer) => offer.is_active)).toBe(true);
  });

  it('puts the nearest first when the place is known', async () => {
    const rows = await caller.search.packagesWith({ query: 'vitamin D', ...OLAYA });
    expect(rows.length).toBeGreaterThan(1);
    const distances = rows.map((row) => row.distance_meters!);
    expect(distances.every((distance) => typeof distance === 'number')).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('leaves out the packages the words name (they lead the results) and answers none for nonsense', async () => {
    const named = await caller.search.packagesWith({ query: 'Complete Check-up' });
    expect(named.map((row) => row.name_en)).not.toContain('Complete Check-up');
    expect(await caller.search.packagesWith({ query: 'qqqxxzz' })).toEqual([]);
    await expect(caller.search.packagesWith({ query: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('catalog', () => {
  it('lists a category tests by English name, and says not found for an unknown one', async () => {
    const category = await caller.catalog.category({ nameEn: 'blood tests' });
    expect(category.name_ar).toBe('تحاليل الدم');
    expect(category.tests.length).toBeGreaterThanOrEqual(3);
    expect(category.tests.every((test) => test.category_id === category.id)).toBe(true);
    await expect(caller.catalog.category({ nameEn: 'Astrology' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives a test its preparation notes and the labs offering it, best rated first', async () => {
    const test = await caller.catalog.test({ nameEn: 'Vitamin D (25-OH)' });
    expect(test.preparation_ar).toBeTruthy();
    expect(test.min_price).toBeGreaterThan(0);
    const labs = await caller.catalog.labsForTest({ testId: test.id });
    expect(labs.length).toBe(test.lab_count);
    const ratings = labs.map((lab) => lab.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('shows the three popular tests with their starting prices', async () => {
    const popular = await caller.catalog.popularTests();
    expect(popular).toHaveLength(3);
    for (const test of popular) expect(test.min_price).toBeGreaterThan(0);
  });

  it('lists approved labs by city, and a lab profile with hours and tests', async () => {
    const riyadh = await caller.catalog.labs({ city: 'riyadh' });
    expect(riyadh.length).toBe(9);
    const lab = await caller.catalog.lab({ labId: riyadh[0]!.id });
    expect(lab.working_hours.length).toBeGreaterThan(0);
    expect(lab.tests.length).toBeGreaterThan(0);
    const pending = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pending-lab@demo.tahaleel.sa')
      .executeTakeFirstOrThrow();
    await expect(caller.catalog.lab({ labId: pending.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // An address that is not even an id is a lab not found too (a 404 page), not a bad request.
    await expect(caller.catalog.lab({ labId: 'not-a-lab' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const all = await caller.catalog.labs();
    expect(all.map((entry) => entry.id)).not.toContain(pending.id);
  });
});
