import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTestIds, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// "Build your own" (issue #79 item 3): the labs that cover a person's markers in one visit, each with its
// cheapest combination of packages and single tests, checked against trying every combination.

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A spot in the sea far from every demo lab, where the labs below are the nearest. */
const SPOT = { lat: 27.5, lon: 49.9 };

const testIds = (...names: string[]) => catalogueTestIds(database.db, ...names);

async function analytesOf(testId: number) {
  const rows = await database.db
    .selectFrom('test_analytes')
    .select('analyte_id')
    .where('test_id', '=', testId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.analyte_id);
}

/** A lab at the spot selling these tests singly (SAR prices) and, approved, a package of `packageOf` at `packagePrice`. */
async function labAtSpot(singles: [number, number][], packageOf: number[], packagePrice: number, offset: number) {
  const [first, ...rest] = singles;
  const { lab } = await openLabSelling(
    database.db,
    first![0],
    { opensAt: '08:00', closesAt: '12:00' },
    { latitude: SPOT.lat + offset, longitude: SPOT.lon },
    first![1] * 100,
  );
  for (const [testId, price] of rest) {
    await database.db
      .insertInto('lab_tests')
      .values({ lab_id: lab.id, test_id: testId, price_halalas: price * 100 })
      .execute();
  }
  const admin = await createTestUser(database.db, 'admin');
  const saved = await (await callerFor(database.db, lab)).packages.save({
    nameAr: 'باقة',
    nameEn: `Bundle ${offset}`,
    descriptionAr: '',
    descriptionEn: '',
    preparationAr: '',
    preparationEn: '',
    categoryId: 1,
    testIds: packageOf,
    price: packagePrice,
    suitsSex: null,
    minAge: null,
    maxAge: null,
  });
  await (await callerFor(database.db, admin)).packages.review({ id: saved.id, decision: 'approve', note: '' });
  return { lab, packageLabTestId: saved.lab_test_id };
}

/** Every combination of the lab's offers (lab_tests with their markers): the cheapest covering what it can. */
async function bruteForce(labId: string, wanted: number[]) {
  const offers = await database.db
    .selectFrom('lab_tests')
    .innerJoin('test_markers', 'test_markers.test_id', 'lab_tests.test_id')
    .select(['lab_tests.id', 'lab_tests.price_halalas', 'test_markers.analyte_id'])
    .where('lab_tests.lab_id', '=', labId)
    .where('lab_tests.is_active', '=', true)
    .execute();
  const byOffer = new Map<number, { price: number; markers: Set<number> }>();
  for (const row of offers) {
    const offer = byOffer.get(row.id) ?? { price: row.price_halalas, markers: new Set<number>() };
    offer.markers.add(row.analyte_id!);
    byOffer.set(row.id, offer);
  }
  const list = [...byOffer.values()].filter((offer) => wanted.some((marker) => offer.markers.has(marker)));
  const reachable = wanted.filter((marker) => list.some((offer) => offer.markers.has(marker)));
  let best = Number.POSITIVE_INFINITY;
  for (let subset = 0; subset < 1 << list.length; subset++) {
    const chosen = list.filter((_, index) => subset & (1 << index));
    if (reachable.every((marker) => chosen.some((offer) => offer.markers.has(marker)))) {
      best = Math.min(
        best,
        chosen.reduce((sum, offer) => sum + offer.price, 0),
      );
    }
  }
  return { price: best / 100, uncovered: wanted.filter((marker) => !reachable.includes(marker)) };
}

describe('packages.buildYourOwn', () => {
  it('prices each nearby lab by its cheapest covering combination, full covers first, as trying every combination does', async () => {
    const [ferritin, zinc, b12, folate, magnesium] = await testIds('Ferritin', 'Zinc', 'Vitamin B12', 'Folic Acid (Folate)', 'Magnesium');
    // Cheaper as a package plus one test; cheaper as single tests; and one that cannot do magnesium.
    const bundled = await labAtSpot(
      [
        [ferritin!, 90],
        [zinc!, 80],
        [b12!, 100],
        [folate!, 95],
        [magnesium!, 60],
      ],
      [ferritin!, zinc!, b12!, folate!],
      250,
      0,
    );
    const singly = await labAtSpot(
      [
        [ferritin!, 40],
        [zinc!, 40],
        [b12!, 40],
        [folate!, 40],
        [magnesium!, 40],
      ],
      [ferritin!, zinc!, b12!],
      300,
      0.01,
    );
    const partial = await labAtSpot(
      [
        [ferritin!, 10],
        [zinc!, 10],
      ],
      [ferritin!, zinc!],
      15,
      0.02,
    );
    const wanted = [
      ...(await analytesOf(ferritin!)),
      ...(await analytesOf(zinc!)),
      ...(await analytesOf(b12!)),
      ...(await analytesOf(folate!)),
      ...(await analytesOf(magnesium!)),
    ];

    // A marker no lab reports (a new catalogue entry) is left uncovered everywhere.
    const { id: nowhere } = await database.db
      .insertInto('analytes')
      .values({
        loinc: '99999-9',
        name_ar: 'مؤشر لا يجريه أحد',
        name_en: 'A marker nobody reports',
        kind: 'numeric',
        unit: 'mmol/L',
        decimals: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const answer = await (await callerFor(database.db)).packages.buildYourOwn({ analyteIds: [...wanted, nowhere], ...SPOT });
    expect(answer.markers.map((marker) => marker.id)).toEqual([...wanted, nowhere]);
    // Full covers first (here: none, every lab misses one), then the cheapest.
    const order = answer.labs.map((row) => [row.uncovered.length, row.price] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    const mine = answer.labs.filter((row) => [bundled.lab.id, singly.lab.id, partial.lab.id].includes(row.lab.id));
    expect(mine.map((row) => row.lab.id).slice(0, 2)).toEqual([singly.lab.id, bundled.lab.id]);
    for (const row of answer.labs) {
      expect(row.uncovered).toContain(nowhere);
      expect(row.items.reduce((sum, item) => sum + item.price, 0)).toBeCloseTo(row.price, 2);
    }
    for (const row of mine) {
      const expected = await bruteForce(row.lab.id, [...wanted, nowhere]);
      expect(row.price).toBe(expected.price);
      expect(row.uncovered).toEqual(expected.uncovered);
    }
    const bundledRow = mine.find((row) => row.lab.id === bundled.lab.id)!;
    expect(bundledRow).toMatchObject({ price: 310, uncovered: [nowhere] });
    expect(bundledRow.items.map((item) => item.is_package).sort()).toEqual([false, true]);
    expect(bundledRow.items.find((item) => item.is_package)!.lab_test_id).toBe(bundled.packageLabTestId);
    expect(mine.find((row) => row.lab.id === singly.lab.id)).toMatchObject({ price: 200, uncovered: [nowhere] });

    // The lab that sells two of the five is priced for what it has, and names the rest.
    const partialOnly = await (await callerFor(database.db)).packages.buildYourOwn({
      analyteIds: [...(await analytesOf(ferritin!)), nowhere],
      ...SPOT,
    });
    const partialRow = partialOnly.labs.find((row) => row.lab.id === partial.lab.id)!;
    expect(partialRow).toMatchObject({ price: 10, uncovered: [nowhere] });
    expect(await bruteForce(partial.lab.id, [...(await analytesOf(ferritin!)), nowhere])).toEqual({ price: 10, uncovered: [nowhere] });
  });

  it('offers the markers a lab on sale reports by a name in either language or a LOINC code, typed with Arabic digits too', async () => {
    const caller = await callerFor(database.db);
    const ferritin = await database.db
      .selectFrom('analytes')
      .select(['id', 'loinc', 'name_ar'])
      .where('name_en', '=', 'Ferritin')
      .executeTakeFirstOrThrow();
    expect((await caller.packages.markers({ q: 'ferrit' })).map((marker) => marker.id)).toContain(ferritin.id);
    expect((await caller.packages.markers({ q: ferritin.name_ar })).map((marker) => marker.id)).toContain(ferritin.id);
    const arabicDigits = ferritin.loinc.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    expect(await caller.packages.markers({ q: arabicDigits })).toEqual([
      { id: ferritin.id, loinc: ferritin.loinc, name_ar: ferritin.name_ar, name_en: 'Ferritin' },
    ]);
    // The marker no lab reports (added by the test above) is not offered.
    expect(await caller.packages.markers({ q: 'A marker nobody reports' })).toEqual([]);
    await expect(caller.packages.markers({ q: ' ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses an empty list, too many markers, the same marker twice, and a place without both coordinates', async () => {
    const caller = await callerFor(database.db);
    for (const input of [
      { analyteIds: [] },
      { analyteIds: Array.from({ length: 21 }, (_, index) => index + 1) },
      { analyteIds: [1, 1] },
      { analyteIds: [1], lat: 24.7 },
    ]) {
      await expect(caller.packages.buildYourOwn(input)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
