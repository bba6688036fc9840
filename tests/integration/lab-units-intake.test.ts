import { readFileSync } from 'node:fs';
import { Hl7Message } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createKey } from '../../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { insertBooking, offerNamedTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Units as labs write them (issue #76 items 1 and 2): spellings read as UCUM through the real route
// with a lab key; a unit nothing reads keeps its value as sent with a warning, never refusing the
// message; the admin's alias reads it in the next message; vitamin D in nmol/L and ng/mL share a trend.

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const CHECKUP = 'Comprehensive Health Checkup Package';
const VITAMIN_D = 'Vitamin D (25-OH)';

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let admin: TestUser;
let lab: TestUser;
let labKey: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({ db: database.db, env: testEnv });
  admin = await createTestUser(database.db, 'admin');
  lab = await createTestUser(database.db, 'lab', { approved: true });
  labKey = (await createKey(database.db, lab.id, 'LIS', lab.id)).key;
});
afterAll(() => database.close());

/** A visit that happened (days ago, completed) for this customer. */
async function bookingOf(testName: string, customer: TestUser, daysAgo = 1) {
  const { labTestId } = await offerNamedTest(database.db, lab.id, testName);
  const id = await insertBooking(database.db, {
    customerId: customer.id,
    labTestId,
    status: 'completed',
    bookingTime: new Date(Date.now() - daysAgo * 86_400_000),
  });
  const { reference } = await database.db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, reference };
}

/** An ORU^R01 for this booking: each OBX as [LOINC^name, value, unit (OBX-6), range (OBX-7), flag (OBX-8)]. */
function oru(reference: string, controlId: string, results: readonly (readonly [string, string, string, string, string])[]) {
  const segments = [
    `MSH|^~\\&|LABSYS|ALBORG_RUH|TAHALEEL|TAHALEEL|20261127091502+0300||ORU^R01^ORU_R01|${controlId}|P|2.5.1`,
    'PID|1||MRN4471203^^^ALBORG^MR||Al-Harbi^Fahad||19780412|M',
    `ORC|RE|${reference}|LB26-118842^LABSYS||CM`,
    `OBR|1|${reference}|LB26-118842^LABSYS|24326-1^Panel^LN|||20261127071500+0300|||||||||||||||20261127091500+0300||CH|F`,
    ...results.map(([code, value, unit, range, flag], index) => `OBX|${index + 1}|NM|${code}^LN||${value}|${unit}|${range}|${flag}|||F`),
  ];
  return `${segments.join('\r')}\r`;
}

const postHl7 = (body: string) =>
  app.request('/hl7/v2', { method: 'POST', headers: { authorization: `Bearer ${labKey}`, 'content-type': 'application/hl7-v2' }, body });

function ackOf(text: string) {
  const ack = Hl7Message.parse(text);
  return {
    code: ack.getSegment('MSA')?.getField(1)?.toString(),
    errors: ack.getAllSegments('ERR').map((err) => ({
      location: err.getField(2)?.toString(),
      code: err.getComponent(3, 1),
      severity: err.getField(4)?.toString(),
      text: err.getComponent(8, 1),
    })),
  };
}

/** The report's observation of this analyte. */
function observation<T extends { loinc: string | null }>(report: { observations: T[] }, loinc: string): T {
  const found = report.observations.find((candidate) => candidate.loinc === loinc);
  if (!found) throw new Error(`no observation ${loinc}`);
  return found;
}

describe('units as labs write them, through POST /hl7/v2', () => {
  it('takes mIU/L, µmol/L, 10^3/uL and IU/L as UCUM, and keeps a nonsense unit as sent with one ERR of severity W, answering AA', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const booking = await bookingOf(CHECKUP, customer);
    const response = await postHl7(
      oru(booking.reference, 'UNITS-1', [
        ['3016-3^TSH', '2.1', 'mIU/L', '0.4-4.0', 'N'],
        ['2160-0^Creatinine', '150', 'µmol/L', '62-106', 'H'],
        ['777-3^Platelets', '250', '10^3/uL', '150-400', 'N'],
        ['1742-6^ALT', '80', 'IU/L', '7-56', 'H'],
        ['6690-2^WBC', '7.2', 'furlongs', '4.0-11.0', 'N'],
      ]),
    );
    expect(response.status).toBe(200);
    const ack = ackOf(await response.text());
    expect(ack.code).toBe('AA');
    expect(ack.errors).toEqual([{ location: 'OBX^5^6', code: '103', severity: 'W', text: expect.stringContaining('Unit not recognised') }]);

    const report = await (await callerFor(database.db, customer)).results.report({ bookingId: booking.id });
    expect(observation(report, '3016-3')).toMatchObject({ number: 2.1, unit: 'm[IU]/L', flag: 'N', unitNotRecognised: false });
    expect(observation(report, '3016-3').trend.map((point) => point.value)).toEqual([2.1]);
    // 150 µmol/L of creatinine is 1.70 mg/dL (88.4 µmol/L = 1 mg/dL).
    expect(observation(report, '2160-0')).toMatchObject({
      number: 1.7,
      unit: 'mg/dL',
      flag: 'H',
      reportedAs: { entered: '150', unit: 'umol/L' },
    });
    expect(observation(report, '2160-0').trend.map((point) => point.value)).toEqual([1.7]);
    expect(observation(report, '777-3')).toMatchObject({ number: 250, unit: '10*3/uL', flag: 'N' });
    expect(observation(report, '777-3').trend).toHaveLength(1);
    expect(observation(report, '1742-6')).toMatchObject({ number: 80, unit: 'U/L', flag: 'H' });
    expect(observation(report, '1742-6').trend).toHaveLength(1);
    // The nonsense unit: the lab's value, range and flag as sent, marked, and out of the trend.
    expect(observation(report, '6690-2')).toMatchObject({
      number: 7.2,
      unit: 'furlongs',
      range: { low: 4, high: 11, origin: 'sent' },
      flag: 'N',
      unitNotRecognised: true,
      reportedAs: null,
    });
    expect(observation(report, '6690-2').trend).toEqual([]);

    // The lab sees what its system sent: the spelling beside the UCUM code, and the unit not recognised.
    const sheet = await (await callerFor(database.db, lab)).results.sheet({ bookingId: booking.id });
    const entries = sheet.entries?.observations ?? [];
    expect(entries.find((entry) => entry.entered === '150')).toMatchObject({
      unit: 'umol/L',
      unitAsSent: 'µmol/L',
      unitNotRecognised: false,
    });
    expect(entries.find((entry) => entry.entered === '7.2')).toMatchObject({ unit: 'furlongs', unitNotRecognised: true });
  });

  it('puts a 25-OH vitamin D of 70 nmol/L and one of 20 ng/mL in one trend, in ng/mL (70 nmol/L is 28.0 ng/mL, 2.496 nmol/L per ng/mL)', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const earlier = await bookingOf(VITAMIN_D, customer, 90);
    const later = await bookingOf(VITAMIN_D, customer, 1);
    const first = await postHl7(oru(earlier.reference, 'VITD-1', [['62292-8^25-OH vitamin D', '70', 'nmol/L', '75-250', 'L']]));
    expect(ackOf(await first.text())).toEqual({ code: 'AA', errors: [] });
    const second = await postHl7(oru(later.reference, 'VITD-2', [['62292-8^25-OH vitamin D', '20', 'ng/mL', '30-100', 'L']]));
    expect(ackOf(await second.text())).toEqual({ code: 'AA', errors: [] });

    const report = await (await callerFor(database.db, customer)).results.report({ bookingId: later.id });
    expect(observation(report, '62292-8')).toMatchObject({ number: 20, unit: 'ng/mL' });
    expect(observation(report, '62292-8').trend.map((point) => point.value)).toEqual([28, 20]);
  });

  it("refuses mEq/L for calcium rather than take it as mmol/L (a divalent ion's mEq is half a mmol), keeping it as sent", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const booking = await bookingOf('Calcium (Serum)', customer);
    const response = await postHl7(oru(booking.reference, 'CA-MEQ', [['17861-6^Calcium', '4.8', 'mEq/L', '4.3-5.3', 'N']]));
    expect(ackOf(await response.text())).toMatchObject({
      code: 'AA',
      errors: [{ location: 'OBX^1^6', severity: 'W', text: expect.stringContaining("does not convert to the analyte's unit") }],
    });
    const report = await (await callerFor(database.db, customer)).results.report({ bookingId: booking.id });
    expect(observation(report, '17861-6')).toMatchObject({ number: 4.8, unitNotRecognised: true, trend: [] });
  });

  it('counts a unit with control characters, or longer than any unit, for the admin without failing the message', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const booking = await bookingOf(CHECKUP, customer);
    const long = `u${'\u00B5'.repeat(80)}`;
    const response = await postHl7(
      oru(booking.reference, 'UNITS-HOSTILE', [
        ['6690-2^WBC', '7.2', 'x\u0001y', '4.0-11.0', 'N'],
        ['777-3^Platelets', '250', long, '150-400', 'N'],
      ]),
    );
    expect(response.status).toBe(200);
    expect(ackOf(await response.text()).errors.map((error) => error.severity)).toEqual(['W', 'W']);
    const counted = await database.db.selectFrom('lab_unrecognised_units').select('unit').where('lab_id', '=', lab.id).execute();
    expect(counted.map((row) => row.unit)).toEqual(expect.arrayContaining(['xy', long.slice(0, 64)]));
  });

  it('still refuses a unit that takes the value past any lab value (10*999.g/dL), naming OBX-6', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const booking = await bookingOf(CHECKUP, customer);
    const response = await postHl7(oru(booking.reference, 'UNITS-INF', [['718-7^Hemoglobin', '6.8', '10*999.g/dL', '12-16', 'N']]));
    expect(response.status).toBe(422);
    expect(ackOf(await response.text())).toMatchObject({ code: 'AE', errors: [{ location: 'OBX^1^6', severity: 'E' }] });
  });
});

describe('a FHIR Bundle with a unit nothing reads', () => {
  it('is accepted with an OperationOutcome warning naming the quantity’s code', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const booking = await bookingOf('Electrolytes (Sodium, Potassium, Chloride)', customer);
    const bundle = JSON.parse(
      fixture('fhir/bundle-potassium-critical.json')
        .replaceAll('TH-7K3M9QX2', booking.reference)
        .replace('ALB-FHIR-20261127-0042', 'FHIR-UNIT'),
    );
    bundle.entry[2].resource.valueQuantity.code = 'furlongs';
    const response = await app.request('/fhir/r4', {
      method: 'POST',
      headers: { authorization: `Bearer ${labKey}`, 'content-type': 'application/fhir+json' },
      body: JSON.stringify(bundle),
    });
    expect(response.status).toBe(200);
    const outcome = await response.json();
    expect(outcome.issue.filter((issue: { severity: string }) => issue.severity === 'warning')).toEqual([
      {
        severity: 'warning',
        code: 'code-invalid',
        diagnostics: expect.stringContaining('Unit not recognised'),
        expression: ['Bundle.entry[2].resource.valueQuantity.code'],
      },
    ]);
  });
});

describe("the admin's unit aliases", () => {
  it("lists a lab's unrecognised unit with its count, and an alias the admin adds reads it in the next message", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const first = await bookingOf(CHECKUP, customer, 2);
    const second = await bookingOf(CHECKUP, customer, 1);
    const wbc = ['6690-2^WBC', '7.2', 'Tsd/µl', '4.0-11.0', 'N'] as const;
    expect(ackOf(await (await postHl7(oru(first.reference, 'ALIAS-1', [wbc]))).text()).errors).toHaveLength(1);

    const adminCaller = await callerFor(database.db, admin);
    const before = await adminCaller.analytes.unitAliases();
    expect(before.unrecognised).toContainEqual(expect.objectContaining({ labId: lab.id, unit: 'Tsd/µl', count: 1, readsAs: null }));

    expect(await refusal(adminCaller.analytes.addUnitAlias({ spelling: 'Tsd/µl', ucum: 'thousands/uL' }))).toMatchObject({
      appCode: 'VALIDATION_FAILED',
    });
    expect(await refusal(adminCaller.analytes.addUnitAlias({ spelling: 'K/uL', ucum: '10*3/uL' }))).toMatchObject({
      appCode: 'VALIDATION_FAILED',
    });
    await adminCaller.analytes.addUnitAlias({ spelling: 'Tsd/µl', ucum: '10*3/uL' });
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'analyte.unit_alias_add')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, details: { after: { spelling: 'Tsd/µl', ucum: '10*3/uL' } } });

    const after = await adminCaller.analytes.unitAliases();
    expect(after.unrecognised).toContainEqual(expect.objectContaining({ unit: 'Tsd/µl', readsAs: '10*3/uL' }));
    expect(after.aliases).toContainEqual(expect.objectContaining({ spelling: 'Tsd/µl', ucum: '10*3/uL' }));

    expect(ackOf(await (await postHl7(oru(second.reference, 'ALIAS-2', [wbc]))).text())).toEqual({ code: 'AA', errors: [] });
    const report = await (await callerFor(database.db, customer)).results.report({ bookingId: second.id });
    expect(observation(report, '6690-2')).toMatchObject({ number: 7.2, unit: '10*3/uL', unitNotRecognised: false });
    expect(observation(report, '6690-2').trend.map((point) => point.value)).toEqual([7.2]);
  });

  it("reads the same spellings, and the admin's alias, in the lab's own form, and refuses there a unit nothing reads", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const booking = await bookingOf(CHECKUP, customer);
    const analyteId = async (loinc: string) =>
      (await database.db.selectFrom('analytes').select('id').where('loinc', '=', loinc).executeTakeFirstOrThrow()).id;
    const form = async (unit: string) => ({
      bookingId: booking.id,
      patientSex: null,
      releaseAs: 'final' as const,
      note: null,
      observations: [
        { analyteId: await analyteId('2160-0'), value: '150', unit: 'µmol/L', comment: null },
        { analyteId: await analyteId('6690-2'), value: '7.2', unit, comment: null },
      ],
    });
    const labCaller = await callerFor(database.db, lab);
    const saved = await labCaller.results.saveDraft(await form('Tsd/µl'));
    expect(saved.observations.map((observation) => observation.inAnalyteUnit)).toEqual([1.7, 7.2]);
    expect(await refusal(labCaller.results.saveDraft(await form('furlongs')))).toMatchObject({ appCode: 'RESULT_VALUE_INVALID' });
  });

  it('refuses a lab and a customer who call the procedures, as the server decides', async () => {
    for (const role of ['lab', 'customer'] as const) {
      const caller = await callerFor(database.db, await createTestUser(database.db, role, role === 'lab' ? { approved: true } : {}));
      expect(await refusal(caller.analytes.addUnitAlias({ spelling: 'zz/L', ucum: 'mmol/L' }))).toMatchObject({ code: 'FORBIDDEN' });
      expect(await refusal(caller.analytes.unitAliases())).toMatchObject({ code: 'FORBIDDEN' });
    }
    const added = await database.db.selectFrom('lab_unit_aliases').select('spelling').where('spelling', '=', 'zz/L').execute();
    expect(added).toEqual([]);
  });
});
