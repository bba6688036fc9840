import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createKey } from '../../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { insertBooking } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { bloodAndVitaminDPackage, cbcMessage, vitaminDMessage } from '../setup/package-visit.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Results per test of a package visit (issue #79 item 1, ADR 0091 amended): the lab's system reports
// each test when it is done; the patient sees which are in, the later test is not an amendment, and a
// changed value is.

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let lab: TestUser;
let customer: TestUser;
let labKey: string;
let packageLabTestId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({ db: database.db, env: testEnv });
  lab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer');
  labKey = (await createKey(database.db, lab.id, 'LIS', lab.id)).key;
  ({ labTestId: packageLabTestId } = await bloodAndVitaminDPackage(database.db, lab));
});
afterAll(() => database.close());

async function packageVisit() {
  const id = await insertBooking(database.db, {
    customerId: customer.id,
    labTestId: packageLabTestId,
    status: 'confirmed',
    bookingTime: new Date(Date.now() - 86_400_000),
  });
  const { reference } = await database.db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, reference };
}

const post = (body: string) =>
  app.request('/hl7/v2', { method: 'POST', headers: { authorization: `Bearer ${labKey}`, 'content-type': 'application/hl7-v2' }, body });

const mailsTo = async (template: string) =>
  (
    await database.db
      .selectFrom('outbox')
      .select('template')
      .where('recipient', '=', customer.email)
      .where('template', '=', template)
      .execute()
  ).length;

describe("a package visit's results, test by test", () => {
  it('shows the CBC as ready and vitamin D awaited, then both, without calling the second an amendment', async () => {
    const visit = await packageVisit();
    const patient = await callerFor(database.db, customer);
    const ready = await mailsTo('results-ready');
    const amended = await mailsTo('results-amended');

    expect((await post(cbcMessage(visit.reference, 'PKG-CBC-1'))).status).toBe(200);
    const first = await patient.results.report({ bookingId: visit.id });
    expect(first.parts.map(({ name, reported }) => [name.en, reported])).toEqual([
      ['Complete Blood Count (CBC)', true],
      ['Vitamin D (25-OH)', false],
    ]);
    expect(first.parts[0]!.releasedAt).not.toBeNull();
    expect(first.observations).toHaveLength(10);
    expect(await mailsTo('results-ready')).toBe(ready + 1);
    // The person's FHIR download says the report is partial, its values final.
    const bundle = await patient.results.fhirBundle();
    const diagnostic = bundle.entry?.find(
      (entry) => entry.resource?.resourceType === 'DiagnosticReport' && JSON.stringify(entry.resource).includes(visit.reference),
    )?.resource as { status: string } | undefined;
    expect(diagnostic?.status).toBe('partial');

    expect((await post(vitaminDMessage(visit.reference, 'PKG-VITD-1'))).status).toBe(200);
    const second = await patient.results.report({ bookingId: visit.id });
    expect(second.parts.map(({ reported }) => reported)).toEqual([true, true]);
    // The CBC's values are kept as they were released; vitamin D is added, and nothing is marked changed.
    expect(second.observations).toHaveLength(11);
    expect(second.observations.find((observation) => observation.loinc === '777-3')).toMatchObject({
      number: 128,
      flag: 'L',
      changed: false,
    });
    expect(second.observations.find((observation) => observation.loinc === '62292-8')).toMatchObject({ number: 31, changed: false });
    expect(second.amended).toBe(false);
    expect(second.version).toBe(2);
    // Told once more that results are ready, never that they were amended.
    expect(await mailsTo('results-ready')).toBe(ready + 2);
    expect(await mailsTo('results-amended')).toBe(amended);
    const listed = (await patient.results.reports()).find((report) => report.bookingId === visit.id);
    expect(listed).toMatchObject({ amended: false, version: 2 });
  });

  it('calls a corrected CBC an amendment, marks only the value that changed, and keeps vitamin D', async () => {
    const visit = await packageVisit();
    const patient = await callerFor(database.db, customer);
    await post(cbcMessage(visit.reference, 'PKG-CBC-2'));
    await post(vitaminDMessage(visit.reference, 'PKG-VITD-2'));
    const amended = await mailsTo('results-amended');

    expect((await post(cbcMessage(visit.reference, 'PKG-CBC-3', '142'))).status).toBe(200);
    const report = await patient.results.report({ bookingId: visit.id });
    expect(report.amended).toBe(true);
    const changed = report.observations.filter((observation) => observation.changed).map((observation) => observation.loinc);
    expect(changed).toEqual(['777-3']);
    expect(report.observations.find((observation) => observation.loinc === '777-3')).toMatchObject({
      number: 142,
      previous: { number: 128 },
    });
    expect(report.observations.find((observation) => observation.loinc === '62292-8')).toMatchObject({ number: 31 });
    expect(await mailsTo('results-amended')).toBe(amended + 1);
    expect((await patient.results.reports()).find((listed) => listed.bookingId === visit.id)).toMatchObject({ amended: true });
  });

  it('treats a test booked alone as one part: a second message replaces its values', async () => {
    const cbc = await database.db
      .selectFrom('tests')
      .select('id')
      .where('name_en', '=', 'Complete Blood Count (CBC)')
      .executeTakeFirstOrThrow();
    const { id: labTestId } = await database.db
      .insertInto('lab_tests')
      .values({ lab_id: lab.id, test_id: cbc.id, price_halalas: 9000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId,
      status: 'confirmed',
      bookingTime: new Date(Date.now() - 86_400_000),
    });
    const { reference } = await database.db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
    await post(cbcMessage(reference, 'ONE-CBC-1'));
    const patient = await callerFor(database.db, customer);
    expect((await patient.results.report({ bookingId: id })).parts).toEqual([]);
    await post(vitaminDMessage(reference, 'ONE-VITD-1'));
    // Vitamin D is not this test's: kept as an extra value, and the CBC's values went with the replaced version.
    const report = await patient.results.report({ bookingId: id });
    expect(report.observations.map((observation) => observation.loinc)).toEqual(['62292-8']);
    expect(report.amended).toBe(true);
  });
});
