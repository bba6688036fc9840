import { Hl7Message } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createKey } from '../../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { insertBooking, offerNamedTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #76 item 3: the person who books for themselves is judged as themselves. Their sex and date of
// birth are in their profile; ranges, eGFR (CKD-EPI 2021) and its KDIGO category use them; where the
// profile has none, the lab's PID-8/PID-7 is used, and the analysis says so; where they differ from the
// profile, the lab is warned and asked to check the sample is this patient's.

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let lab: TestUser;
let labKey: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({ db: database.db, env: testEnv });
  lab = await createTestUser(database.db, 'lab', { approved: true });
  labKey = (await createKey(database.db, lab.id, 'LIS', lab.id)).key;
});
afterAll(() => database.close());

/** A Premium customer's creatinine visit of yesterday morning, and its booking reference. */
async function creatinineVisit(customer: TestUser) {
  await database.db.updateTable('user_profiles').set({ subscription_tier: 'premium' }).where('id', '=', customer.id).execute();
  const { labTestId } = await offerNamedTest(database.db, lab.id, 'Serum Creatinine');
  const id = await insertBooking(database.db, {
    customerId: customer.id,
    labTestId,
    status: 'completed',
    bookingTime: new Date(Date.now() - 86_400_000),
  });
  const { reference } = await database.db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, reference };
}

/** An ORU^R01 with one creatinine of 1.4 mg/dL, and the patient the lab's system has on file (PID-7, PID-8). */
const creatinineOru = (reference: string, messageId: string, pid: { birth: string; sex: 'M' | 'F' }) =>
  [
    `MSH|^~\\&|LABSYS|ALBORG|TAHALEEL|TAHALEEL|20261128090000+0300||ORU^R01^ORU_R01|${messageId}|P|2.5.1`,
    `PID|1||MRN-${messageId}^^^ALBORG^MR||Al-Harbi^Fahad||${pid.birth}|${pid.sex}`,
    `ORC|RE|${reference}`,
    `OBR|1|${reference}||2160-0^Creatinine [Mass/volume] in Serum or Plasma^LN|||20261128070000+0300`,
    'OBX|1|NM|2160-0^Creatinine [Mass/volume] in Serum or Plasma^LN||1.4|mg/dL^milligram per deciliter^UCUM|0.7-1.3|H|||F',
  ].join('\r');

const send = (body: string) =>
  app.request('/hl7/v2', { method: 'POST', headers: { authorization: `Bearer ${labKey}`, 'content-type': 'application/hl7-v2' }, body });

describe("the account holder's own sex and date of birth", () => {
  it('are saved from settings, Arabic-Indic digits and all, and a date to come or a lab is refused', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    expect(await caller.auth.me()).toMatchObject({ sex: null, date_of_birth: null });
    const saved = await caller.account.updatePersonal({ sex: 'male', dateOfBirth: '١٩٦٢-٠٥-٠١' });
    expect(saved).toMatchObject({ sex: 'male', date_of_birth: '1962-05-01' });
    expect(await (await callerFor(database.db, customer)).auth.me()).toMatchObject({ sex: 'male', date_of_birth: '1962-05-01' });

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await refusal(caller.account.updatePersonal({ sex: 'male', dateOfBirth: tomorrow }))).toMatchObject({ code: 'BAD_REQUEST' });
    const labCaller = await callerFor(database.db, lab);
    expect(await refusal(labCaller.account.updatePersonal({ sex: 'female', dateOfBirth: '1980-01-01' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it("gives a man of 64 (his profile's) with creatinine 1.4 mg/dL an eGFR of 56 and its KDIGO category G3a", async () => {
    const customer = await createTestUser(database.db, 'customer');
    await (await callerFor(database.db, customer)).account.updatePersonal({ sex: 'male', dateOfBirth: '1962-05-01' });
    const visit = await creatinineVisit(customer);
    // The lab's system has another birth date on file: the profile's is the one used.
    const response = await send(creatinineOru(visit.reference, 'OWN-AGE-1', { birth: '19960501', sex: 'M' }));
    expect(response.status).toBe(200);
    // The wrong-patient guard: the lab is told, in a warning naming PID-7, and its form asks it to check; nothing is held.
    const ack = Hl7Message.parse(await response.text());
    expect(ack.getSegment('MSA')?.getField(1)?.toString()).toBe('AA');
    const errors = ack.getAllSegments('ERR').map((err) => [err.getField(2)?.toString(), err.getField(4)?.toString()]);
    expect(errors).toEqual([['PID^1^7', 'W']]);
    const sheet = await (await callerFor(database.db, lab)).results.sheet({ bookingId: visit.id });
    expect(sheet.entries?.patientMismatch).toEqual(['birthDate']);

    const analysis = await (await callerFor(database.db, customer)).analysis.report({ bookingId: visit.id });
    expect(analysis.person.basis).toEqual({ sex: 'profile', age: 'profile' });
    expect(analysis.calculated).toEqual([expect.objectContaining({ loinc: '98979-8', number: 56, calculated: true })]);
    const kidney = analysis.findings.find((finding) => finding.id === 'egfr-g3a');
    expect(kidney, JSON.stringify(analysis.findings.map((finding) => finding.id))).toMatchObject({ stage: { gfr: 'G3a' } });
  });

  it("uses the lab's PID-7 and PID-8 for someone whose profile has neither, and says so", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const visit = await creatinineVisit(customer);
    const response = await send(creatinineOru(visit.reference, 'OWN-AGE-2', { birth: '19620501', sex: 'M' }));
    expect(response.status).toBe(200);
    // Nothing to compare with: no warning, nothing for the lab to check.
    expect(Hl7Message.parse(await response.text()).getAllSegments('ERR')).toEqual([]);
    expect((await (await callerFor(database.db, lab)).results.sheet({ bookingId: visit.id })).entries?.patientMismatch).toEqual([]);

    const analysis = await (await callerFor(database.db, customer)).analysis.report({ bookingId: visit.id });
    expect(analysis.person.basis).toEqual({ sex: 'lab', age: 'lab' });
    expect(analysis.calculated).toEqual([expect.objectContaining({ loinc: '98979-8', number: 56 })]);
  });

  it('says neither is known when no one gave them, and calculates no eGFR', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const visit = await creatinineVisit(customer);
    const unknown = creatinineOru(visit.reference, 'OWN-AGE-3', { birth: '', sex: 'M' }).replace(
      '||Al-Harbi^Fahad|||M',
      '||Al-Harbi^Fahad||||',
    );
    expect((await send(unknown)).status).toBe(200);
    const analysis = await (await callerFor(database.db, customer)).analysis.report({ bookingId: visit.id });
    expect(analysis.person.basis).toEqual({ sex: null, age: null });
    expect(analysis.calculated).toEqual([]);
  });
});
