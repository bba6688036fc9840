import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTestIds, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { promoTerms } from '../setup/promo-terms.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// The admin's promo code form (issue #79 item 4): the labs, and the tests or packages, a code is limited to
// are picked by a name in Arabic or English (Arabic letter variants and Arabic-Indic digits as search takes
// them), and a saved code's list names them. Only an admin may look them up.

let database: TestDatabase;
let admin: TestUser;
let amanah: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  amanah = await createTestUser(database.db, 'lab', { approved: false });
  await database.db
    .updateTable('labs')
    .set({ lab_name_ar: 'مختبرات الأمانة للتحاليل الطبية', lab_name_en: 'Al-Amanah Medical Laboratories' })
    .where('id', '=', amanah.id)
    .execute();
});
afterAll(async () => {
  await database.close();
});

async function asAdmin() {
  return (await callerFor(database.db, admin)).promo;
}

describe('the labs a promo code may be limited to', () => {
  it('are found by part of their Arabic name written without hamza or taa marbuta, and by their English name in any case', async () => {
    const promo = await asAdmin();
    const arabic = await promo.labsNamed({ q: 'الامانه' });
    expect(arabic).toEqual([
      {
        id: amanah.id,
        lab_name_ar: 'مختبرات الأمانة للتحاليل الطبية',
        lab_name_en: 'Al-Amanah Medical Laboratories',
        city: null,
        approved: false,
      },
    ]);
    expect((await promo.labsNamed({ q: '  AMANAH medical ' })).map((lab) => lab.id)).toEqual([amanah.id]);
  });

  it('find nothing for a name no lab has, nor for LIKE wildcards', async () => {
    const promo = await asAdmin();
    expect(await promo.labsNamed({ q: 'no such laboratory' })).toEqual([]);
    expect(await promo.labsNamed({ q: '%_%' })).toEqual([]);
  });
});

describe('the tests and packages a promo code may be limited to', () => {
  it('are found by their Arabic or English name and by a marker’s LOINC code in Arabic-Indic digits', async () => {
    const promo = await asAdmin();
    const [ferritin, checkup] = await catalogueTestIds(database.db, 'Ferritin', 'Comprehensive Health Checkup Package');
    const byArabic = await promo.testsNamed({ q: 'مخزون الحديد' });
    expect(byArabic).toContainEqual({
      id: ferritin,
      name_ar: 'مخزون الحديد (Ferritin)',
      name_en: 'Ferritin',
      kind: 'test',
      lab_name_ar: null,
      lab_name_en: null,
    });
    expect((await promo.testsNamed({ q: 'FERRI' })).map((test) => test.id)).toContain(ferritin);
    // Ferritin's LOINC code: the test of that name and the catalogue's checkup that reports it too.
    expect((await promo.testsNamed({ q: '٢٢٧٦-٤' })).map((test) => test.id)).toEqual(expect.arrayContaining([ferritin, checkup]));
    expect(await promo.testsNamed({ q: '2276-4' })).toHaveLength(2);
  });

  it('include a lab’s package, marked as one with the lab that sells it, found by its name without hamza or taa marbuta', async () => {
    const promo = await asAdmin();
    const found = await promo.testsNamed({ q: 'باقه صحه المراه' });
    expect(found).toEqual([
      expect.objectContaining({
        name_ar: 'باقة صحة المرأة',
        name_en: "Women's Health Package",
        kind: 'package',
        lab_name_en: 'Al Nukhba Diagnostic Laboratories',
      }),
    ]);
  });
});

describe('a saved promo code', () => {
  it('is listed with the names of the labs and the tests it is limited to', async () => {
    const promo = await asAdmin();
    const [ferritin, tsh] = await catalogueTestIds(database.db, 'Ferritin', 'Thyroid Stimulating Hormone (TSH)');
    await promo.save(promoTerms('AMANAH5', { appliesTo: 'labs', labIds: [amanah.id] }));
    await promo.save(promoTerms('IRON5', { appliesTo: 'tests', testIds: [tsh!, ferritin!] }));
    const listed = await promo.list();
    expect(listed.find((code) => code.code === 'AMANAH5')).toMatchObject({
      labIds: [amanah.id],
      labs: [{ id: amanah.id, lab_name_en: 'Al-Amanah Medical Laboratories' }],
      tests: [],
    });
    expect(listed.find((code) => code.code === 'IRON5')?.tests.map((test) => test.name_en)).toEqual([
      'Thyroid Stimulating Hormone (TSH)',
      'Ferritin',
    ]);
  });
});

describe('looking up what a code may be limited to', () => {
  it('is refused to a customer and a lab, and an empty name is refused', async () => {
    for (const role of ['customer', 'lab'] as const) {
      const someone = await callerFor(database.db, await createTestUser(database.db, role, { approved: true }));
      expect(await refusal(someone.promo.labsNamed({ q: 'amanah' }))).toMatchObject({ code: 'FORBIDDEN' });
      expect(await refusal(someone.promo.testsNamed({ q: 'ferritin' }))).toMatchObject({ code: 'FORBIDDEN' });
    }
    const promo = await asAdmin();
    expect(await refusal(promo.labsNamed({ q: '   ' }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await refusal(promo.testsNamed({ q: 'x'.repeat(101) }))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
