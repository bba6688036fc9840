import { readFileSync } from 'node:fs';
import { Hl7Message } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createKey } from '../../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { insertBooking, offerNamedTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// A lab's own system sends results (issue #53 item 3): HL7 v2 ORU^R01 and FHIR R4 Bundles, with an API
// key, found by the booking reference alone, answered in the format's own words, never twice written.

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const PLACER = 'TH-7K3M9QX2';

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let lab: TestUser;
let otherLab: TestUser;
let customer: TestUser;
let labKey: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({ db: database.db, env: testEnv });
  lab = await createTestUser(database.db, 'lab', { approved: true });
  otherLab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer');
  labKey = (await createKey(database.db, lab.id, 'LIS', lab.id)).key;
});
afterAll(() => database.close());

async function electrolytesBooking(labId = lab.id) {
  const { labTestId } = await offerNamedTest(database.db, labId, 'Electrolytes (Sodium, Potassium, Chloride)');
  const id = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
  const { reference } = await database.db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, reference };
}

/** The potassium fixture for this booking and message id (the placer order number is the booking's reference). */
const oru = (reference: string, controlId: string, replace: [string, string][] = []) =>
  replace.reduce(
    (message, [from, to]) => message.replace(from, to),
    fixture('hl7/oru-r01-potassium-critical.hl7').replaceAll(PLACER, reference).replace('ALB20261127-000173', controlId),
  );

const postHl7 = (body: string, key = labKey, contentType = 'application/hl7-v2') =>
  app.request('/hl7/v2', { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': contentType }, body });

const postFhir = (body: unknown, key = labKey) =>
  app.request('/fhir/r4', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/fhir+json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

function ackOf(text: string) {
  const ack = Hl7Message.parse(text);
  return {
    code: ack.getSegment('MSA')?.getField(1)?.toString(),
    controlId: ack.getSegment('MSA')?.getField(2)?.toString(),
    errorLocation: ack.getSegment('ERR')?.getField(2)?.toString() ?? null,
    errorCode: ack.getSegment('ERR')?.getComponent(3, 1) ?? null,
  };
}

const versionsOf = (bookingId: string) =>
  database.db
    .selectFrom('result_report_versions')
    .innerJoin('result_reports', 'result_reports.id', 'result_report_versions.report_id')
    .select(['version', 'status', 'source'])
    .where('result_reports.booking_id', '=', bookingId)
    .orderBy('version')
    .execute();

describe('POST /hl7/v2', () => {
  it('flags potassium 6.8 mmol/L critically high, holds the report for the call, and releases it once the call is recorded', async () => {
    const booking = await electrolytesBooking();
    // Bicarbonate is not among the test's analytes: it is kept, marked as extra, with the sender's range.
    const response = await postHl7(oru(booking.reference, 'MSG-CRIT-1', [['2028-9^Carbon dioxide, total', '1963-8^Bicarbonate']]));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/hl7-v2');
    expect(ackOf(await response.text())).toMatchObject({ code: 'AA', controlId: 'MSG-CRIT-1', errorLocation: null });
    expect(await versionsOf(booking.id)).toEqual([{ version: 1, status: 'draft', source: 'hl7v2' }]);

    const labCaller = await callerFor(database.db, lab);
    const sheet = await labCaller.results.sheet({ bookingId: booking.id });
    expect(sheet.critical).toMatchObject({ callRecorded: false });
    expect(sheet.entries?.observations.find((observation) => observation.entered === '6.8')).toMatchObject({ flag: 'HH' });
    expect(sheet.entries?.observations.find((observation) => observation.extra)).toMatchObject({
      entered: '21',
      flag: 'L',
      label: 'Bicarbonate [Moles/volume] in Serum or Plasma',
    });
    const alert = await database.db
      .selectFrom('outbox')
      .select('data')
      .where('recipient', '=', lab.email)
      .where('template', '=', 'critical-value-received')
      .execute();
    expect(alert).toHaveLength(1);
    expect(JSON.stringify(alert[0]!.data)).not.toContain('6.8');

    expect(await refusal(labCaller.results.release({ bookingId: booking.id }))).toMatchObject({ appCode: 'CRITICAL_CALL_REQUIRED' });
    await labCaller.results.recordCriticalCall({
      bookingId: booking.id,
      callerName: 'Dr. Huda Al-Qahtani',
      calledPerson: 'Fahad Al-Harbi (patient)',
      calledAt: new Date().toISOString(),
      readBack: true,
    });
    await labCaller.results.release({ bookingId: booking.id });
    const report = await (await callerFor(database.db, customer)).results.report({ bookingId: booking.id });
    expect(report.observations.find((observation) => observation.loinc === '2823-3')).toMatchObject({
      number: 6.8,
      flag: 'HH',
      range: { low: 3.5, high: 5.1, origin: 'sent' },
    });
  });

  it('answers the same MSH-10 sent twice with the same ACK and writes one report', async () => {
    const booking = await electrolytesBooking();
    const normal: [string, string][] = [
      ['||6.8|', '||4.4|'],
      ['|3.5-5.1|HH|', '|3.5-5.1|N|'],
    ];
    const first = await (await postHl7(oru(booking.reference, 'MSG-TWICE', normal))).text();
    const second = await postHl7(oru(booking.reference, 'MSG-TWICE', normal));
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(first);
    expect(await versionsOf(booking.id)).toEqual([{ version: 1, status: 'final', source: 'hl7v2' }]);
    const messages = await database.db.selectFrom('result_intake_messages').select('id').where('message_id', '=', 'MSG-TWICE').execute();
    expect(messages).toHaveLength(1);
    expect(await (await callerFor(database.db, customer)).results.report({ bookingId: booking.id })).toMatchObject({ status: 'final' });
  });

  it("refuses a message for another lab's booking with AR, writes nothing, and logs it", async () => {
    const booking = await electrolytesBooking(otherLab.id);
    const response = await postHl7(oru(booking.reference, 'MSG-OTHER'));
    expect(response.status).toBe(403);
    expect(ackOf(await response.text())).toMatchObject({ code: 'AR', controlId: 'MSG-OTHER', errorLocation: 'ORC^1^2' });
    expect(await database.db.selectFrom('result_reports').select('id').where('booking_id', '=', booking.id).execute()).toEqual([]);
    const logged = await database.db
      .selectFrom('audit_log')
      .select('details')
      .where('actor_id', '=', lab.id)
      .where('action', '=', 'result.report_received')
      .where('subject_id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(logged.details).toMatchObject({ outcome: 'other_lab', messageId: 'MSG-OTHER' });
  });

  it('refuses an unknown or revoked key with AR and 401, and an unknown reference with AE naming the field', async () => {
    const booking = await electrolytesBooking();
    const unknownKey = await postHl7(oru(booking.reference, 'MSG-KEY'), `thk_${'a'.repeat(52)}`);
    expect(unknownKey.status).toBe(401);
    expect(ackOf(await unknownKey.text())).toMatchObject({ code: 'AR', controlId: 'MSG-KEY' });

    const unknownBooking = await postHl7(oru('TH-0000-0000', 'MSG-NOBOOKING'), labKey, 'text/plain');
    expect(unknownBooking.status).toBe(404);
    expect(ackOf(await unknownBooking.text())).toMatchObject({ code: 'AE', errorLocation: 'ORC^1^2', errorCode: '204' });
  });

  it('answers a unit UCUM does not know with AE naming OBX-6, and a broken message with 400, never 5xx', async () => {
    const booking = await electrolytesBooking();
    const badUnit = await postHl7(oru(booking.reference, 'MSG-UNIT', [['||6.8|mmol/L', '||6.8|mmoll']]));
    expect(badUnit.status).toBe(422);
    expect(ackOf(await badUnit.text())).toMatchObject({ code: 'AE', errorLocation: 'OBX^2^6', errorCode: '102' });
    expect(await versionsOf(booking.id)).toEqual([]);

    for (const body of ['', 'hello', 'MSH|^~\\&|\rPID|1', fixture('hl7/adt-a01.hl7'), '\u0000'.repeat(10)]) {
      const response = await postHl7(body);
      expect(response.status, JSON.stringify(body.slice(0, 20))).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const huge = await postHl7(`MSH|^~\\&|${'x'.repeat(1_100_000)}`);
    expect(huge.status).toBe(413);
  });
});

describe('POST /fhir/r4', () => {
  const bundleFor = (reference: string, id: string) =>
    JSON.parse(fixture('fhir/bundle-potassium-critical.json').replaceAll(PLACER, reference).replace('ALB-FHIR-20261127-0042', id));

  it('takes a Bundle, flags its values, and answers a repeated Bundle.identifier as before', async () => {
    const booking = await electrolytesBooking();
    const first = await postFhir(bundleFor(booking.reference, 'FHIR-1'));
    expect(first.status).toBe(200);
    const outcome = await first.json();
    expect(outcome).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'information' }] });
    const again = await postFhir(bundleFor(booking.reference, 'FHIR-1'));
    expect(await again.json()).toEqual(outcome);
    expect(await versionsOf(booking.id)).toEqual([{ version: 1, status: 'draft', source: 'fhir' }]);
  });

  it('answers a malformed Observation with a 4xx OperationOutcome naming its path', async () => {
    const booking = await electrolytesBooking();
    const malformed = JSON.parse(fixture('fhir/bundle-malformed-observation.json').replaceAll(PLACER, booking.reference));
    const response = await postFhir(malformed);
    expect(response.status).toBe(400);
    const outcome = (await response.json()) as { resourceType: string; issue: { expression: string[] }[] };
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue[0]!.expression[0]).toMatch(/^Bundle\.entry\[\d+\]\.resource\.valueQuantity/);
    expect(await versionsOf(booking.id)).toEqual([]);

    expect((await postFhir('{not json')).status).toBe(400);
    expect((await postFhir(bundleFor(booking.reference, 'FHIR-X'), 'nonsense')).status).toBe(401);
  });
});
