import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { appRouter } from '../../src/server/app-router.ts';
import { createKey } from '../../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { insertBooking, offerNamedTest, refusal } from '../setup/dashboard-fixtures.ts';
import { fhirR4Schema } from '../setup/fhir-r4-schema.ts';
import { callerFor, contextFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// A Premium lab's interpretive comment (issue #54): drafted from the rules over the lab's draft, edited
// and signed by its specialist (name and licence), and only then released; the patient reads the
// signed comment. A lab on another plan releases as before. A lab system's report waits the same way.

const HBA1C = '4548-4';
const PLACER = 'TH-7K3M9QX2';
const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let premiumLab: TestUser;
let otherPremiumLab: TestUser;
let starterLab: TestUser;
let customer: TestUser;

async function setTier(user: TestUser, tier: 'starter' | 'premium') {
  await database.db.updateTable('user_profiles').set({ subscription_tier: tier }).where('id', '=', user.id).execute();
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({ db: database.db, env: testEnv });
  premiumLab = await createTestUser(database.db, 'lab', { approved: true });
  otherPremiumLab = await createTestUser(database.db, 'lab', { approved: true });
  starterLab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer');
  await setTier(premiumLab, 'premium');
  await setTier(otherPremiumLab, 'premium');
  await setTier(starterLab, 'starter');
});
afterAll(() => database.close());

/** A caller whose app speaks English (contextFor's is Arabic). */
async function englishCallerFor(user: TestUser) {
  return createCallerFactory(appRouter)({ ...(await contextFor(database.db, user)), locale: 'en' });
}

async function hba1cBooking(lab: TestUser) {
  const { labTestId } = await offerNamedTest(database.db, lab.id, 'Glycated Hemoglobin (HbA1c)');
  return insertBooking(database.db, {
    customerId: customer.id,
    labTestId,
    status: 'completed',
    bookingTime: new Date(Date.now() - 86_400_000),
  });
}

/** A man's visit of yesterday at the Premium lab, its draft holding these values (by LOINC) in the analytes' own units. */
async function maleDraft(test: string, values: Record<string, string>) {
  const { labTestId } = await offerNamedTest(database.db, premiumLab.id, test);
  const bookingId = await insertBooking(database.db, {
    customerId: customer.id,
    labTestId,
    status: 'completed',
    bookingTime: new Date(Date.now() - 86_400_000),
  });
  const analytes = await database.db.selectFrom('analytes').select(['id', 'loinc']).where('loinc', 'in', Object.keys(values)).execute();
  await (await callerFor(database.db, premiumLab)).results.saveDraft({
    bookingId,
    patientSex: 'male',
    releaseAs: 'final',
    note: null,
    observations: Object.entries(values).map(([loinc, value]) => ({
      analyteId: analytes.find((analyte) => analyte.loinc === loinc)!.id,
      value,
      unit: null,
      comment: null,
    })),
  });
  return bookingId;
}

async function saveHba1c(lab: TestUser, bookingId: string, value: string, note: string | null = null) {
  const { id: analyteId } = await database.db.selectFrom('analytes').select('id').where('loinc', '=', HBA1C).executeTakeFirstOrThrow();
  return (await callerFor(database.db, lab)).results.saveDraft({
    bookingId,
    patientSex: 'female',
    releaseAs: 'final',
    note,
    observations: [{ analyteId, value, unit: null, comment: null }],
  });
}

const signature = (
  bookingId: string,
  text = 'HbA1c 6.0 % lies in the prediabetes range (ADA 2025). Suggest review with the requesting physician.',
) => ({
  bookingId,
  text,
  specialistName: 'Dr. Huda Al-Qahtani',
  licenceNumber: '١٤-ر-٠٠٢٣٤٥',
});

const versionsOf = (bookingId: string) =>
  database.db
    .selectFrom('result_report_versions')
    .innerJoin('result_reports', 'result_reports.id', 'result_report_versions.report_id')
    .select(['version', 'status', 'source'])
    .where('result_reports.booking_id', '=', bookingId)
    .orderBy('version')
    .execute();

const mailsTo = (address: string, template: string) =>
  database.db.selectFrom('outbox').select('data').where('recipient', '=', address).where('template', '=', template).execute();

describe("a Premium lab's interpretive comment", () => {
  it('refuses to release a Premium lab’s draft whose comment is unsigned, and the patient sees nothing', async () => {
    const bookingId = await hba1cBooking(premiumLab);
    await saveHba1c(premiumLab, bookingId, '6.0');
    const lab = await callerFor(database.db, premiumLab);
    expect(await refusal(lab.results.release({ bookingId }))).toMatchObject({ appCode: 'INTERPRETATION_UNSIGNED' });
    expect(await versionsOf(bookingId)).toEqual([{ version: 1, status: 'draft', source: 'form' }]);
    expect(await refusal((await callerFor(database.db, customer)).results.report({ bookingId }))).toMatchObject({ code: 'NOT_FOUND' });
    const ready = await mailsTo(customer.email, 'results-ready');
    expect(ready.filter((mail) => JSON.stringify(mail.data).includes(bookingId))).toEqual([]);
  });

  it('drafts the comment from the rules in the lab’s language: the pattern, the values read, the source, the values outside their range', async () => {
    const bookingId = await hba1cBooking(premiumLab);
    await saveHba1c(premiumLab, bookingId, '6.0');
    const english = await (await englishCallerFor(premiumLab)).analysis.labDraftComment({ bookingId });
    expect(english.rules).toEqual([{ id: 'hba1c-prediabetes', version: 1 }]);
    expect(english.text).toContain('HbA1c in the prediabetes range.');
    expect(english.text).toContain('Values the rule read: Glycated hemoglobin (HbA1c) 6.0 % (high).');
    expect(english.text).toContain('[American Diabetes Association, 2025]');
    expect(english.text).toContain('Values outside their reference ranges: Glycated hemoglobin (HbA1c) 6.0 % (high).');
    const arabic = await (await callerFor(database.db, premiumLab)).analysis.labDraftComment({ bookingId });
    expect(arabic.text).toContain('السكر التراكمي (HbA1c) في نطاق مقدمات السكري.');
    expect(arabic.text).toContain('قيم خارج حدودها المرجعية');
  });

  it('says there is nothing to remark on when every value is within its range and no pattern fires', async () => {
    const bookingId = await hba1cBooking(premiumLab);
    await saveHba1c(premiumLab, bookingId, '5.2');
    const { text, rules } = await (await englishCallerFor(premiumLab)).analysis.labDraftComment({ bookingId });
    expect(rules).toEqual([]);
    expect(text).toBe('No values outside their reference ranges; no pattern flagged by the rules.');
  });

  it('opens with the values past their critical limits, before any pattern, and lists the rest after (issue #76)', async () => {
    const bookingId = await maleDraft('Electrolytes (Sodium, Potassium, Chloride)', { '2951-2': '149', '2823-3': '6.9', '2075-0': '102' });
    const { text } = await (await englishCallerFor(premiumLab)).analysis.labDraftComment({ bookingId });
    const [first, ...rest] = text.split('\n\n');
    expect(first).toBe(
      'Values past their critical limits, to be notified to the requesting physician or the patient without delay: Potassium 6.9 mmol/L (critically high).',
    );
    expect(rest.at(-1)).toBe('Values outside their reference ranges: Sodium 149 mmol/L (high).');
  });

  it('says each flag in Arabic in agreement with its analyte’s name: «الدهون الثلاثية … (مرتفعة)» (issue #77 item 10)', async () => {
    const bookingId = await maleDraft('Lipid Profile', { '2093-3': '240', '2571-8': '250', '13457-7': '165' });
    const arabic = await (await callerFor(database.db, premiumLab)).analysis.labDraftComment({ bookingId });
    expect(arabic.text).toContain('الدهون الثلاثية 250 mg/dL (مرتفعة)');
    expect(arabic.text).toContain('الكوليسترول الكلي 240 mg/dL (مرتفع)');
    const english = await (await englishCallerFor(premiumLab)).analysis.labDraftComment({ bookingId });
    expect(english.text).toContain(
      'Values outside their reference ranges: Total cholesterol 240 mg/dL (high), Triglycerides 250 mg/dL (high)',
    );
  });

  it('names a kidney pattern’s KDIGO category, with the ACR’s when the draft has one (issue #76)', async () => {
    const bookingId = await maleDraft('Kidney Function Test (KFT)', { '3094-0': '22', '2160-0': '2.1', '98979-8': '36' });
    const { text, rules } = await (await englishCallerFor(premiumLab)).analysis.labDraftComment({ bookingId });
    expect(rules).toEqual([{ id: 'egfr-g3b', version: 1 }]);
    expect(text).toContain('KDIGO category: G3b.');
    const arabic = await (await callerFor(database.db, premiumLab)).analysis.labDraftComment({ bookingId });
    expect(arabic.text).toContain('فئة KDIGO: G3b.');
  });

  it('releases once the specialist signs, and the patient, the FHIR export and the doctor read the signed comment with the name and licence', async () => {
    const bookingId = await hba1cBooking(premiumLab);
    await saveHba1c(premiumLab, bookingId, '6.0');
    const lab = await callerFor(database.db, premiumLab);
    const { signedAt } = await lab.results.signInterpretation(signature(bookingId));
    expect((await lab.results.sheet({ bookingId })).interpretation).toMatchObject({
      required: true,
      comment: { specialist: { name: 'Dr. Huda Al-Qahtani', licence: '14-ر-002345' }, signedAt },
    });
    expect(await lab.results.release({ bookingId })).toEqual({ version: 1, status: 'final', amended: false });

    const patient = await callerFor(database.db, customer);
    const report = await patient.results.report({ bookingId });
    expect(report.interpretation).toEqual({
      text: signature(bookingId).text,
      specialist: { name: 'Dr. Huda Al-Qahtani', licence: '14-ر-002345' },
      signedAt,
    });

    const bundle = await patient.results.fhirBundle();
    expect(fhirR4Schema()('Bundle', bundle)).toEqual([]);
    const diagnosticReport = bundle.entry?.find(
      (entry) => entry.resource?.resourceType === 'DiagnosticReport' && entry.resource.conclusion !== undefined,
    )?.resource;
    expect(diagnosticReport).toMatchObject({
      conclusion: signature(bookingId).text,
      resultsInterpreter: [{ reference: '#interpreter', display: 'Dr. Huda Al-Qahtani' }],
      contained: [{ resourceType: 'Practitioner', qualification: [{ identifier: [{ value: '14-ر-002345' }] }] }],
    });

    const audit = await database.db
      .selectFrom('audit_log')
      .select('details')
      .where('actor_id', '=', premiumLab.id)
      .where('action', '=', 'result.interpretation_sign')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('prediabetes');
    const sealed = await database.db.selectFrom('result_report_versions').select('sealed_values').execute();
    for (const row of sealed) expect(Buffer.from(row.sealed_values).includes(Buffer.from('Al-Qahtani'))).toBe(false);
  });

  it('keeps the signature when only the note changes, and clears it when a value changes: the release is refused again', async () => {
    const bookingId = await hba1cBooking(premiumLab);
    await saveHba1c(premiumLab, bookingId, '6.0');
    const lab = await callerFor(database.db, premiumLab);
    await lab.results.signInterpretation(signature(bookingId));
    await saveHba1c(premiumLab, bookingId, '6.0', 'Sample received chilled.');
    expect((await lab.results.sheet({ bookingId })).interpretation.comment?.signedAt).not.toBeNull();

    await saveHba1c(premiumLab, bookingId, '6.3', 'Sample received chilled.');
    const sheet = await lab.results.sheet({ bookingId });
    // The earlier text is kept for the specialist to review, unsigned.
    expect(sheet.interpretation.comment).toMatchObject({ text: signature(bookingId).text, signedAt: null });
    expect(await refusal(lab.results.release({ bookingId }))).toMatchObject({ appCode: 'INTERPRETATION_UNSIGNED' });

    await lab.results.signInterpretation(signature(bookingId, 'HbA1c 6.3 %: prediabetes range (ADA 2025).'));
    expect(await lab.results.release({ bookingId })).toMatchObject({ version: 1 });
    expect((await (await callerFor(database.db, customer)).results.report({ bookingId })).interpretation?.text).toBe(
      'HbA1c 6.3 %: prediabetes range (ADA 2025).',
    );
  });

  it('asks for a new signature on an amendment, starting from the released comment', async () => {
    const bookingId = await hba1cBooking(premiumLab);
    await saveHba1c(premiumLab, bookingId, '6.0');
    const lab = await callerFor(database.db, premiumLab);
    await lab.results.signInterpretation(signature(bookingId));
    await lab.results.release({ bookingId });
    await saveHba1c(premiumLab, bookingId, '6.1');
    expect((await lab.results.sheet({ bookingId })).interpretation.comment).toMatchObject({
      text: signature(bookingId).text,
      signedAt: null,
    });
    expect(await refusal(lab.results.release({ bookingId }))).toMatchObject({ appCode: 'INTERPRETATION_UNSIGNED' });
    // The patient still reads version 1 with its signed comment.
    expect(await (await callerFor(database.db, customer)).results.report({ bookingId })).toMatchObject({
      version: 1,
      interpretation: { text: signature(bookingId).text },
    });
  });

  it('refuses a comment without text, a name too short, and a licence too long', async () => {
    const bookingId = await hba1cBooking(premiumLab);
    await saveHba1c(premiumLab, bookingId, '6.0');
    const lab = await callerFor(database.db, premiumLab);
    for (const wrong of [
      { ...signature(bookingId), text: '   ' },
      { ...signature(bookingId), specialistName: 'H' },
      { ...signature(bookingId), licenceNumber: '1'.repeat(41) },
    ]) {
      expect(await refusal(lab.results.signInterpretation(wrong))).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await refusal(lab.results.release({ bookingId }))).toMatchObject({ appCode: 'INTERPRETATION_UNSIGNED' });
  });

  it('answers another lab as if the booking did not exist', async () => {
    const bookingId = await hba1cBooking(premiumLab);
    await saveHba1c(premiumLab, bookingId, '6.0');
    const other = await callerFor(database.db, otherPremiumLab);
    expect(await refusal(other.analysis.labDraftComment({ bookingId }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(other.results.signInterpretation(signature(bookingId)))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal((await callerFor(database.db, customer)).analysis.labDraftComment({ bookingId }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('a lab on a lower plan', () => {
  it('releases unsigned as before, and is told the comment is Premium', async () => {
    const bookingId = await hba1cBooking(starterLab);
    await saveHba1c(starterLab, bookingId, '6.0');
    const lab = await callerFor(database.db, starterLab);
    expect((await lab.results.sheet({ bookingId })).interpretation).toEqual({ required: false, comment: null });
    expect(await refusal(lab.analysis.labDraftComment({ bookingId }))).toMatchObject({ appCode: 'PREMIUM_REQUIRED' });
    expect(await refusal(lab.results.signInterpretation(signature(bookingId)))).toMatchObject({ appCode: 'PREMIUM_REQUIRED' });
    expect(await lab.results.release({ bookingId })).toEqual({ version: 1, status: 'final', amended: false });
    expect((await (await callerFor(database.db, customer)).results.report({ bookingId })).interpretation).toBeNull();
  });
});

describe("a Premium lab's own system", () => {
  let labKey: string;
  beforeAll(async () => {
    labKey = (await createKey(database.db, premiumLab.id, 'LIS', premiumLab.id)).key;
  });

  async function electrolytesBooking() {
    const { labTestId } = await offerNamedTest(database.db, premiumLab.id, 'Electrolytes (Sodium, Potassium, Chloride)');
    const id = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId,
      status: 'completed',
      bookingTime: new Date(Date.now() - 86_400_000),
    });
    const { reference } = await database.db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, reference };
  }

  const post = (path: string, contentType: string, body: string) =>
    app.request(path, { method: 'POST', headers: { authorization: `Bearer ${labKey}`, 'content-type': contentType }, body });

  it('keeps an HL7 report without a critical value as a draft, mails the lab, and releases it once the comment is signed', async () => {
    const booking = await electrolytesBooking();
    const message = fixture('hl7/oru-r01-potassium-critical.hl7')
      .replaceAll(PLACER, booking.reference)
      .replace('ALB20261127-000173', 'MSG-PREMIUM-1')
      .replace('||6.8|', '||4.4|')
      .replace('|3.5-5.1|HH|', '|3.5-5.1|N|');
    const response = await post('/hl7/v2', 'application/hl7-v2', message);
    expect(response.status).toBe(200);
    expect(await versionsOf(booking.id)).toEqual([{ version: 1, status: 'draft', source: 'hl7v2' }]);
    expect(await refusal((await callerFor(database.db, customer)).results.report({ bookingId: booking.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const asked = await mailsTo(premiumLab.email, 'interpretation-to-sign');
    expect(asked.filter((mail) => JSON.stringify(mail.data).includes(booking.reference))).toHaveLength(1);
    expect(await mailsTo(premiumLab.email, 'critical-value-received')).toEqual([]);

    const lab = await callerFor(database.db, premiumLab);
    expect(await refusal(lab.results.release({ bookingId: booking.id }))).toMatchObject({ appCode: 'INTERPRETATION_UNSIGNED' });
    const { text } = await lab.analysis.labDraftComment({ bookingId: booking.id });
    // The total CO2 the system sent beside the test's analytes is below the range it sent.
    expect(text).toContain('قيم خارج حدودها المرجعية');
    await lab.results.signInterpretation({ ...signature(booking.id), text });
    expect(await lab.results.release({ bookingId: booking.id })).toMatchObject({ version: 1, status: 'final' });
    expect((await (await callerFor(database.db, customer)).results.report({ bookingId: booking.id })).interpretation?.text).toBe(text);
  });

  it('keeps a FHIR report as a draft and says in the OperationOutcome that it waits for the signature', async () => {
    const booking = await electrolytesBooking();
    const bundle = fixture('fhir/bundle-potassium-critical.json')
      .replaceAll(PLACER, booking.reference)
      .replace('ALB-FHIR-20261127-0042', 'FHIR-PREMIUM-1')
      .replace('"value": 6.8,', '"value": 4.4,')
      .replace('"code": "HH"', '"code": "N"');
    const response = await post('/fhir/r4', 'application/fhir+json', bundle);
    expect(response.status).toBe(200);
    const outcome = (await response.json()) as { issue: { diagnostics: string }[] };
    expect(outcome.issue[0]!.diagnostics).toContain('specialist signs its interpretive comment');
    expect(await versionsOf(booking.id)).toEqual([{ version: 1, status: 'draft', source: 'fhir' }]);
    expect(await refusal((await callerFor(database.db, premiumLab)).results.release({ bookingId: booking.id }))).toMatchObject({
      appCode: 'INTERPRETATION_UNSIGNED',
    });
  });
});
