import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPackages } from '../../seeds/data/packages.ts';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { catalogueTestIds, insertBooking, openLabSelling, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// A lab's packages (issue #79 item 1, ADR 0091): saved by the lab, approved by the admin, read with
// their markers, found by search by name and by marker, booked as one visit.

/** The app's own code a refused call carries (the tRPC code when it has none). */
const refused = async (call: Promise<unknown>): Promise<string> => {
  const { code, appCode } = await refusal(call);
  return appCode ?? code;
};

let database: TestDatabase;
let admin: TestUser;
beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
});
afterAll(() => database.close());

// 2030-01-06 is a Sunday; Riyadh is UTC+3.
const EARLY = new Date('2030-01-01T00:00:00Z');
const at = (time: string) => new Date(`2030-01-06T${time}+03:00`).toISOString();

const testIds = (...names: string[]) => catalogueTestIds(database.db, ...names);

/** The LOINC codes the catalogue lists for these tests, each once. */
async function analytesOf(ids: number[]) {
  const rows = await database.db
    .selectFrom('test_analytes')
    .innerJoin('analytes', 'analytes.id', 'test_analytes.analyte_id')
    .select('analytes.loinc')
    .where('test_analytes.test_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.loinc));
}

const packageInput = (testIdList: number[], overrides: Record<string, unknown> = {}) => ({
  nameAr: 'باقة الاختبار',
  nameEn: 'Test Check-up',
  descriptionAr: 'وصف الباقة',
  descriptionEn: 'What the package is for.',
  preparationAr: '',
  preparationEn: '',
  categoryId: 1,
  testIds: testIdList,
  price: 320,
  suitsSex: null,
  minAge: null,
  maxAge: null,
  ...overrides,
});

describe('the demo packages', () => {
  it('puts at least eight packages on sale at three labs, and one in the admin queue', async () => {
    const caller = await callerFor(database.db);
    const onSale = await database.db.selectFrom('test_packages').select(['test_id', 'lab_id']).where('status', '=', 'approved').execute();
    expect(onSale.length).toBeGreaterThanOrEqual(8);
    expect(new Set(onSale.map((row) => row.lab_id)).size).toBeGreaterThanOrEqual(3);
    const pending = await (await callerFor(database.db, admin)).packages.pending();
    expect(pending.map((item) => item.name_en)).toContain('Ramadan Check');
    const first = onSale[0]!;
    expect((await caller.packages.get({ id: first.test_id })).lab.id).toBe(first.lab_id);
  });

  it("lists a package's markers once each: the union of its tests' analytes, grouped by the tests' categories", async () => {
    const caller = await callerFor(database.db);
    const seed = seedPackages.find((item) => item.nameEn === 'Complete Check-up')!;
    const { id } = await database.db
      .selectFrom('tests')
      .select('id')
      .where('name_en', '=', seed.nameEn)
      .where('kind', '=', 'package')
      .executeTakeFirstOrThrow();
    const page = await caller.packages.get({ id });
    const markers = page.marker_groups.flatMap((group) => group.markers.map((marker) => marker.loinc));
    expect(new Set(markers).size).toBe(markers.length);
    expect(new Set(markers)).toEqual(await analytesOf(await testIds(...seed.tests)));
    expect(page.marker_count).toBe(markers.length);
    expect(page.marker_groups.map((group) => group.name_en)).toEqual(
      expect.arrayContaining(['Blood Tests', 'Diabetes', 'Heart Health', 'Liver & Kidney', 'Thyroid', 'Vitamins & Minerals']),
    );
    // The strictest of its tests: the lipid profile's 10 hours of fasting, and its preparation.
    expect(page.fasting_hours).toBe(10);
    expect(page.preparation_en).toMatch(/10–12 hours/);
    expect(page.sample_types).toEqual(expect.arrayContaining(['blood', 'urine']));
  });

  it('keeps packages out of the catalogue lists', async () => {
    const caller = await callerFor(database.db);
    const general = await caller.catalog.category({ nameEn: 'General Health' });
    expect(general.tests.map((test) => test.name_en)).not.toContain('Complete Check-up');
    await expect(caller.catalog.test({ nameEn: 'Complete Check-up' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("offers the package form's picker every catalogue test with its category, and no package", async () => {
    const picker = await (await callerFor(database.db)).packages.catalogue();
    const names = picker.map((test) => test.name_en);
    expect(names).toEqual(expect.arrayContaining(['Vitamin B12', 'Homocysteine']));
    expect(names).not.toContain('Complete Check-up');
    const tests = await database.db.selectFrom('tests').select(['id', 'category_id']).where('kind', '=', 'test').execute();
    expect(picker).toHaveLength(tests.length);
    expect(picker.every((test) => tests.some((row) => row.id === test.id && row.category_id === test.category_id))).toBe(true);
  });
});

describe("a lab's package, from saving to the admin's approval", () => {
  it('is pending and off sale until approved, then on sale and found by name and by marker', async () => {
    const { lab } = await openLabSelling(database.db, (await testIds('Vitamin B12'))[0]!, { opensAt: '08:00', closesAt: '12:00' });
    const labCaller = await callerFor(database.db, lab);
    const members = await testIds('Homocysteine', 'Vitamin B12', 'Folic Acid (Folate)');
    const saved = await labCaller.packages.save(packageInput(members, { nameEn: 'Methylation Check', nameAr: 'باقة الميثيل' }));
    expect(saved).toMatchObject({ status: 'pending', on_sale: false, price: 320, marker_count: 3 });
    const publicCaller = await callerFor(database.db);
    expect(await refused(publicCaller.packages.get({ id: saved.id }))).toBe('NOT_FOUND');
    const before = await publicCaller.search.labTests({ query: 'Methylation Check' });
    expect(before.some((row) => row.test_id === saved.id)).toBe(false);

    // Only an approved package goes on sale, and only the admin approves it.
    expect(await refused(labCaller.packages.setOnSale({ id: saved.id, onSale: true }))).toBe('PACKAGE_NOT_APPROVED');
    expect(await refused(labCaller.packages.review({ id: saved.id, decision: 'approve', note: '' }))).toBe('FORBIDDEN');
    const adminCaller = await callerFor(database.db, admin);
    await adminCaller.packages.review({ id: saved.id, decision: 'approve', note: '' });
    expect(await refused(adminCaller.packages.review({ id: saved.id, decision: 'reject', note: 'Too late now' }))).toBe('PACKAGE_REVIEWED');

    const page = await publicCaller.packages.get({ id: saved.id });
    expect(page).toMatchObject({ name_en: 'Methylation Check', price: 320, lab: { id: lab.id } });
    const byName = await publicCaller.search.labTests({ query: 'Methylation' });
    expect(byName.find((row) => row.test_id === saved.id)).toMatchObject({ is_package: true, lab_id: lab.id, price: 320 });
    // By a member test's name, and by a marker's name; nearest first from the lab's door, it leads.
    const here = { lat: 24.7136, lon: 46.6753 };
    const byMember = await publicCaller.search.labTests({ query: 'Homocysteine', ...here });
    const packageRow = byMember.findIndex((row) => row.test_id === saved.id);
    expect(packageRow).toBeGreaterThanOrEqual(0);
    expect(byMember[packageRow]!.is_package).toBe(true);
    expect(byMember.filter((row) => !row.is_package).every((row) => row.test_name_en === 'Homocysteine')).toBe(true);
    const { name_en: folateMarker } = await database.db
      .selectFrom('analytes')
      .innerJoin('test_analytes', 'test_analytes.analyte_id', 'analytes.id')
      .select('analytes.name_en')
      .where('test_analytes.test_id', '=', members[2]!)
      .executeTakeFirstOrThrow();
    const byMarker = await publicCaller.search.labTests({ query: folateMarker, ...here });
    expect(byMarker.some((row) => row.test_id === saved.id && row.is_package)).toBe(true);
  });

  it('goes back to review, off sale, when what it holds or its name changes, but not for a new price', async () => {
    const { lab } = await openLabSelling(database.db, (await testIds('Vitamin B12'))[0]!, { opensAt: '08:00', closesAt: '12:00' });
    const labCaller = await callerFor(database.db, lab);
    const members = await testIds('Ferritin', 'Zinc');
    const saved = await labCaller.packages.save(packageInput(members));
    await (await callerFor(database.db, admin)).packages.review({ id: saved.id, decision: 'approve', note: '' });

    const repriced = await labCaller.packages.save(packageInput(members, { id: saved.id, price: 280 }));
    expect(repriced).toMatchObject({ status: 'approved', on_sale: true, price: 280 });
    const renamed = await labCaller.packages.save(packageInput(members, { id: saved.id, price: 280, nameEn: 'Iron and Zinc' }));
    expect(renamed).toMatchObject({ status: 'pending', on_sale: false, name_en: 'Iron and Zinc' });
    expect(await refused((await callerFor(database.db)).packages.get({ id: saved.id }))).toBe('NOT_FOUND');

    const adminCaller = await callerFor(database.db, admin);
    await adminCaller.packages.review({ id: saved.id, decision: 'reject', note: 'Name the markers in Arabic too' });
    const [rejected] = await labCaller.packages.mine();
    expect(rejected).toMatchObject({ status: 'rejected', review_note: 'Name the markers in Arabic too', on_sale: false });
    // The lab is told each time, by mail, in its language, with the note: approved once, then turned down.
    const mails = await database.db
      .selectFrom('outbox')
      .select(['data', 'locale'])
      .where('recipient', '=', lab.email)
      .where('template', '=', 'package-decided')
      .orderBy('created_at')
      .execute();
    expect(mails.map((mail) => (mail.data as { decision: string }).decision)).toEqual(['approved', 'rejected']);
    expect(mails[1]!.data).toMatchObject({ packageName: { en: 'Iron and Zinc' }, note: 'Name the markers in Arabic too' });
    expect(mails[1]!.locale).toBe('ar');
  });

  it("refuses a package inside a package, another lab's package, too few tests, and a customer", async () => {
    const { lab } = await openLabSelling(database.db, (await testIds('Vitamin B12'))[0]!, { opensAt: '08:00', closesAt: '12:00' });
    const other = await openLabSelling(database.db, (await testIds('Vitamin B12'))[0]!, { opensAt: '08:00', closesAt: '12:00' });
    const labCaller = await callerFor(database.db, lab);
    const members = await testIds('Ferritin', 'Zinc');
    const saved = await labCaller.packages.save(packageInput(members));
    expect(await refused(labCaller.packages.save(packageInput([members[0]!, saved.id])))).toBe('NOT_FOUND');
    expect(await refused((await callerFor(database.db, other.lab)).packages.save(packageInput(members, { id: saved.id })))).toBe(
      'NOT_FOUND',
    );
    expect(await refused(labCaller.packages.save(packageInput([members[0]!])))).toBe('BAD_REQUEST');
    expect(await refused(labCaller.packages.save(packageInput([members[0]!, members[0]!])))).toBe('BAD_REQUEST');
    const customer = await createTestUser(database.db, 'customer');
    expect(await refused((await callerFor(database.db, customer)).packages.save(packageInput(members)))).toBe('FORBIDDEN');
    // A package's price and sale are not the price list's: the lab cannot put it on sale that way.
    const [mine] = await labCaller.packages.mine();
    expect(await refused(labCaller.lab.updateOffering({ labTestId: mine!.lab_test_id, isActive: true }))).toBe('NOT_FOUND');
    expect((await labCaller.lab.offerings()).some((row) => row.test_id === saved.id)).toBe(false);
  });

  it('lets two labs name their packages alike, as the catalogue never lets two tests be', async () => {
    const first = await openLabSelling(database.db, (await testIds('Vitamin B12'))[0]!, { opensAt: '08:00', closesAt: '12:00' });
    const second = await openLabSelling(database.db, (await testIds('Vitamin B12'))[0]!, { opensAt: '08:00', closesAt: '12:00' });
    const members = await testIds('Ferritin', 'Zinc');
    const a = await (await callerFor(database.db, first.lab)).packages.save(packageInput(members, { nameEn: 'Thyroid Package' }));
    const b = await (await callerFor(database.db, second.lab)).packages.save(packageInput(members, { nameEn: 'Thyroid Package' }));
    expect(a.id).not.toBe(b.id);
  });
});

describe('booking a package', () => {
  it('makes one booking, one seat, one price, whose report asks for every marker of its tests', async () => {
    const members = await testIds('Vitamin B12', 'Ferritin', 'Zinc');
    const { lab } = await openLabSelling(database.db, members[0]!, { opensAt: '08:00', closesAt: '12:00' }, { slot_capacity: 1 });
    const saved = await (await callerFor(database.db, lab)).packages.save(packageInput(members, { price: 250 }));
    await (await callerFor(database.db, admin)).packages.review({ id: saved.id, decision: 'approve', note: '' });

    const customer = await createTestUser(database.db, 'customer');
    await booking.createBookings(
      database.db,
      simulatedPaymentProvider(0),
      customer,
      [{ labTestId: saved.lab_test_id, bookingTime: at('09:00:00') }],
      'package-booking-1',
      EARLY,
    );
    const rows = await database.db
      .selectFrom('bookings')
      .select(['id', 'lab_test_id', 'total_price_halalas'])
      .where('customer_id', '=', customer.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lab_test_id: saved.lab_test_id });
    // One seat: the slot (capacity one) is full for the next person.
    const slots = await booking.availableSlots(database.db, lab.id, '2030-01-06', null, EARLY);
    expect(slots.map((slot) => slot.slot_time)).not.toContain('09:00:00');

    expect(rows[0]!.total_price_halalas).toBeGreaterThan(0);

    // A visit that has happened: its report's sheet asks for every marker of the package's tests, each once.
    const visit = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId: saved.lab_test_id,
      bookingTime: new Date(Date.now() - 3_600_000),
    });
    const sheet = await (await callerFor(database.db, lab)).results.sheet({ bookingId: visit });
    const loincs = sheet.analytes.map((analyte) => analyte.loinc);
    expect(new Set(loincs).size).toBe(loincs.length);
    expect(new Set(loincs)).toEqual(await analytesOf(members));
    expect(sheet.booking.test.en).toBe('Test Check-up');
  });
});

describe('whom a package is for (ADR 0091: refused for the other sex, said for an age outside its band)', () => {
  /** The AppError code a service call is refused with. */
  const appCode = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: unknown) => (error as { code?: string }).code ?? String(error),
    );

  it("refuses a women's package for a man (held or paid for directly), notes an age outside the band, and books the unknown", async () => {
    const members = await testIds('Ferritin', 'Folic Acid (Folate)');
    const { lab } = await openLabSelling(database.db, members[0]!, { opensAt: '08:00', closesAt: '14:00' }, { slot_capacity: 5 });
    const saved = await (await callerFor(database.db, lab)).packages.save(
      packageInput(members, { nameEn: "Women's Check", suitsSex: 'female', minAge: 18, maxAge: 45 }),
    );
    await (await callerFor(database.db, admin)).packages.review({ id: saved.id, decision: 'approve', note: '' });
    const person = async (sex: 'female' | 'male' | null, dateOfBirth: string | null) => {
      const user = await createTestUser(database.db, 'customer');
      await database.db.updateTable('user_profiles').set({ sex, date_of_birth: dateOfBirth }).where('id', '=', user.id).execute();
      return user;
    };
    const hold = (holderId: string, time: string, familyMemberId: string | null = null) =>
      booking.holdSlot(database.db, holderId, saved.lab_test_id, at(time), EARLY, null, null, familyMemberId);

    // A man: refused at the cart, and at the checkout when the panel is skipped.
    const man = await person('male', '1990-03-01');
    expect(await appCode(hold(man.id, '09:00:00'))).toBe('PACKAGE_NOT_FOR_PATIENT');
    expect(
      await appCode(
        booking.createBookings(
          database.db,
          simulatedPaymentProvider(0),
          man,
          [{ labTestId: saved.lab_test_id, bookingTime: at('09:00:00') }],
          'suits-man',
          EARLY,
        ),
      ),
    ).toBe('PACKAGE_NOT_FOR_PATIENT');
    expect(await database.db.selectFrom('bookings').select('id').where('customer_id', '=', man.id).execute()).toHaveLength(0);

    // A woman of 50 (on 2030-01-01): held with a note, and booked.
    const older = await person('female', '1979-06-01');
    expect(await hold(older.id, '09:30:00')).toMatchObject({ outside_age_band: true });
    await booking.createBookings(
      database.db,
      simulatedPaymentProvider(0),
      older,
      [{ labTestId: saved.lab_test_id, bookingTime: at('09:30:00') }],
      'suits-older',
      EARLY,
    );
    expect(await database.db.selectFrom('bookings').select('id').where('customer_id', '=', older.id).execute()).toHaveLength(1);

    // Neither sex nor age given: booked, nothing to say. A woman of 30: nothing to say either.
    expect(await hold((await person(null, null)).id, '10:00:00')).toMatchObject({ outside_age_band: false });
    expect(await hold((await person('female', '1999-06-01')).id, '10:00:00')).toMatchObject({ outside_age_band: false });

    // For a family member: the member's sex counts, not the holder's.
    const mother = await person('female', '1985-01-01');
    const family = await callerFor(database.db, mother);
    const son = await family.family.add({ name: 'Faisal', relation: 'child', sex: 'male', dateOfBirth: '2010-05-05' });
    const daughter = await family.family.add({ name: 'Sara', relation: 'child', sex: 'female', dateOfBirth: '2005-05-05' });
    expect(await appCode(hold(mother.id, '11:00:00', son.id))).toBe('PACKAGE_NOT_FOR_PATIENT');
    expect(await hold(mother.id, '11:00:00', daughter.id)).toMatchObject({ outside_age_band: false });
    // And a man books it for his wife.
    const husband = await callerFor(database.db, man);
    const wife = await husband.family.add({ name: 'Noura', relation: 'spouse', sex: 'female', dateOfBirth: '1992-02-02' });
    expect(await hold(man.id, '10:30:00', wife.id)).toMatchObject({ outside_age_band: false });
  });
});
