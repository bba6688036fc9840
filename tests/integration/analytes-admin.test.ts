import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { AppError } from '../../src/shared/errors.ts';
import { loincCheckDigit } from '../../src/shared/loinc.ts';
import { insertBooking, offerNamedTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// The admin edits what tests measure, and a lab sets its own intervals (issue #53 item 1, ADR 0062):
// every change audited with before and after, units checked by UCUM, LOINC codes by their check digit,
// a lab's interval judging its own patients' values, and nobody else's.

let database: TestDatabase;
let admin: TestUser;
let lab: TestUser;
let otherLab: TestUser;
let customer: TestUser;

const ELECTROLYTES = 'Electrolytes (Sodium, Potassium, Chloride)';

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  lab = await createTestUser(database.db, 'lab', { approved: true });
  otherLab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer');
  await offerNamedTest(database.db, lab.id, ELECTROLYTES);
  await offerNamedTest(database.db, otherLab.id, ELECTROLYTES);
});
afterAll(() => database.close());

async function analyteId(loinc: string) {
  const row = await database.db.selectFrom('analytes').select('id').where('loinc', '=', loinc).executeTakeFirstOrThrow();
  return row.id;
}

/** What a refused call tells the client: its code, the app's code, its details and the fields a schema refused. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  const cause = error.cause;
  return {
    code: error.code,
    appCode: cause instanceof AppError ? cause.code : cause instanceof ZodError ? 'VALIDATION_FAILED' : null,
    details: cause instanceof AppError ? cause.details : null,
    fields: cause instanceof ZodError ? Object.fromEntries(cause.issues.map((issue) => [issue.path.join('.'), issue.message])) : null,
  };
}

function auditEntries(action: string, subjectId: number) {
  return database.db
    .selectFrom('audit_log')
    .select(['actor_id', 'subject_type', 'details'])
    .where('action', '=', action)
    .where('subject_id', '=', String(subjectId))
    .orderBy('id')
    .execute();
}

const adultInterval = { sex: 'any' as const, ageLow: 0, ageHigh: null, ageUnit: 'a' as const, conditionEn: null, conditionAr: null };

describe('the admin edits published intervals', () => {
  it('changes an interval typed in Arabic-Indic digits, and the audit log keeps what it was and what it became', async () => {
    const caller = await callerFor(database.db, admin);
    const sodium = await analyteId('2951-2');
    const [found] = await caller.analytes.list({ q: '2951-2', limit: 5 });
    expect(found).toMatchObject({ id: sodium, nameEn: 'Sodium', unit: 'mmol/L', kind: 'numeric' });
    expect(found!.testCount).toBeGreaterThan(0);

    const detail = await caller.analytes.get({ id: sodium });
    const interval = detail.intervals[0]!;
    expect(detail.tests.map((test) => test.nameEn)).toContain(ELECTROLYTES);
    const saved = await caller.analytes.saveInterval({
      id: interval.id,
      analyteId: sodium,
      ...adultInterval,
      low: '١٣٥',
      high: '١٤٤٫٥',
      unit: 'mmol/L',
      source: 'Local verification, 2026',
    });
    expect(saved).toMatchObject({ id: interval.id, low: 135, high: 144.5, source: 'Local verification, 2026' });
    expect((await caller.analytes.get({ id: sodium })).intervals.find((row) => row.id === interval.id)).toMatchObject({
      low: 135,
      high: 144.5,
    });

    const [entry] = await auditEntries('analyte.interval_save', sodium);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      subject_type: 'analyte',
      details: {
        rangeId: interval.id,
        before: { low: interval.low, high: interval.high, source: interval.source },
        after: { low: 135, high: 144.5, source: 'Local verification, 2026' },
      },
    });
  });

  it('adds and deletes a critical limit, both audited; a unit that converts to the analyte’s is taken', async () => {
    const caller = await callerFor(database.db, admin);
    const chloride = await analyteId('2075-0');
    const added = await caller.analytes.saveCriticalLimit({
      analyteId: chloride,
      ...adultInterval,
      sex: 'female',
      low: 0.07,
      high: 0.13,
      unit: 'mol/L',
      source: 'Kost, JAMA 1990',
    });
    expect(added).toMatchObject({ sex: 'female', low: 0.07, high: 0.13, unit: 'mol/L' });
    expect((await caller.analytes.get({ id: chloride })).critical.map((row) => row.id)).toContain(added.id);

    await caller.analytes.deleteCriticalLimit({ id: added.id });
    expect((await caller.analytes.get({ id: chloride })).critical.map((row) => row.id)).not.toContain(added.id);
    expect((await auditEntries('analyte.critical_save', chloride)).at(-1)?.details).toMatchObject({ before: null, after: { low: 0.07 } });
    expect((await auditEntries('analyte.critical_delete', chloride)).at(-1)?.details).toMatchObject({
      rangeId: added.id,
      before: { low: 0.07, high: 0.13, unit: 'mol/L' },
      after: null,
    });
  });

  it('refuses a unit UCUM does not know or cannot convert to the analyte’s, naming the unit field, and writes nothing', async () => {
    const caller = await callerFor(database.db, admin);
    const potassium = await analyteId('2823-3');
    const before = await caller.analytes.get({ id: potassium });
    const attempt = (unit: string) =>
      caller.analytes.saveInterval({ analyteId: potassium, ...adultInterval, sex: 'male', low: 3.5, high: 5.1, unit, source: 'Tietz' });

    expect(await failure(attempt('mg/dL'))).toMatchObject({
      code: 'BAD_REQUEST',
      appCode: 'VALIDATION_FAILED',
      details: { fields: ['unit'], reason: 'unit_not_convertible', analyteUnit: 'mmol/L' },
    });
    expect(await failure(attempt('mmol/litre'))).toMatchObject({
      appCode: 'VALIDATION_FAILED',
      details: { fields: ['unit'], reason: 'unknown_unit' },
    });
    expect(await caller.analytes.get({ id: potassium })).toEqual(before);
  });

  it('refuses a range without a source, bounds out of order, or one overlapping another for the same people', async () => {
    const caller = await callerFor(database.db, admin);
    const chloride = await analyteId('2075-0');
    const range = { analyteId: chloride, ...adultInterval, low: 98, high: 107, unit: 'mmol/L', source: 'Tietz' };
    expect((await failure(caller.analytes.saveInterval({ ...range, source: '  ' }))).fields).toEqual({ source: 'required' });
    expect((await failure(caller.analytes.saveInterval({ ...range, low: 110 }))).fields).toEqual({ high: 'range_order' });
    expect((await failure(caller.analytes.saveInterval({ ...range, low: null, high: null }))).fields).toEqual({ low: 'bound_required' });
    expect((await failure(caller.analytes.saveInterval({ ...range, ageLow: 40, ageHigh: 18 }))).fields).toEqual({ ageHigh: 'age_order' });
    // The seeded adult interval for either sex already covers these people.
    expect(await failure(caller.analytes.saveInterval({ ...range, ageLow: 18, ageHigh: 65 }))).toMatchObject({
      appCode: 'CONFLICT',
      details: { reason: 'range_overlaps', field: 'ageLow' },
    });
  });

  it('changes an analyte’s names and precision, audited, and has no way to change its unit', async () => {
    const caller = await callerFor(database.db, admin);
    const chloride = await analyteId('2075-0');
    const updated = await caller.analytes.update({ id: chloride, nameAr: 'الكلوريد في المصل', nameEn: 'Chloride, serum', decimals: '١' });
    expect(updated).toMatchObject({ nameAr: 'الكلوريد في المصل', nameEn: 'Chloride, serum', decimals: 1, unit: 'mmol/L' });
    expect((await auditEntries('analyte.save', chloride)).at(-1)?.details).toEqual({
      before: { nameAr: 'الكلوريد', nameEn: 'Chloride', decimals: 0 },
      after: { nameAr: 'الكلوريد في المصل', nameEn: 'Chloride, serum', decimals: 1 },
    });
    expect(await failure(caller.analytes.update({ id: chloride, nameAr: 'الكلوريد', nameEn: 'Chloride', decimals: null }))).toMatchObject({
      appCode: 'VALIDATION_FAILED',
      details: { fields: ['decimals'] },
    });
  });
});

describe('the admin adds analytes and lists them on tests', () => {
  it('refuses a LOINC code whose check digit is wrong, and one already used', async () => {
    const caller = await callerFor(database.db, admin);
    const analyte = { nameAr: 'مؤشر تجريبي', nameEn: 'Trial marker', kind: 'numeric' as const, unit: 'mg/L', decimals: 1 };
    expect((await failure(caller.analytes.create({ ...analyte, loinc: '2823-4' }))).fields).toEqual({ loinc: 'loinc_check_digit' });
    expect(await failure(caller.analytes.create({ ...analyte, loinc: '2823-3' }))).toMatchObject({
      appCode: 'CONFLICT',
      details: { reason: 'loinc_taken', field: 'loinc' },
    });
    expect(await database.db.selectFrom('analytes').select('id').where('name_en', '=', 'Trial marker').execute()).toEqual([]);
  });

  it('adds an analyte under a valid new code, lists it on a test at the next place, and takes it off again, each audited', async () => {
    const caller = await callerFor(database.db, admin);
    const body = '9999991';
    const loinc = `${body}-${loincCheckDigit(body)}`;
    const { id } = await caller.analytes.create({
      loinc: loinc.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit))),
      nameAr: 'مؤشر تجريبي',
      nameEn: 'Trial marker',
      kind: 'numeric',
      unit: 'mg/L',
      decimals: 1,
    });
    expect(await caller.analytes.get({ id })).toMatchObject({ loinc, unit: 'mg/L', decimals: 1, intervals: [], tests: [] });
    expect((await auditEntries('analyte.create', id))[0]?.details).toMatchObject({ before: null, after: { loinc, unit: 'mg/L' } });

    const test = (await caller.analytes.tests()).find((row) => row.nameEn === ELECTROLYTES)!;
    const linked = await caller.analytes.linkTest({ analyteId: id, testId: test.id, required: false });
    expect(linked.position).toBe(test.analyteCount);
    expect(await failure(caller.analytes.linkTest({ analyteId: id, testId: test.id, position: 0 }))).toMatchObject({
      appCode: 'CONFLICT',
      details: { reason: 'position_taken', field: 'position' },
    });
    expect((await caller.analytes.get({ id })).tests).toEqual([
      { id: test.id, nameAr: test.nameAr, nameEn: ELECTROLYTES, position: test.analyteCount, required: false },
    ]);
    await caller.analytes.unlinkTest({ analyteId: id, testId: test.id });
    expect((await caller.analytes.get({ id })).tests).toEqual([]);
    expect((await auditEntries('analyte.test_link', id)).map((entry) => entry.details)).toEqual([
      { testId: test.id, before: null, after: { position: test.analyteCount, required: false } },
    ]);
    expect((await auditEntries('analyte.test_unlink', id))[0]?.details).toMatchObject({ testId: test.id, after: null });
  });
});

describe('a lab’s own interval', () => {
  let intervalId: number;

  async function releasedPotassium(by: TestUser, value: string) {
    const { labTestId } = await offerNamedTest(database.db, by.id, ELECTROLYTES);
    const bookingId = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId,
      status: 'completed',
      bookingTime: new Date(Date.now() - 86_400_000),
    });
    const labCaller = await callerFor(database.db, by);
    await labCaller.results.saveDraft({
      bookingId,
      patientSex: 'male',
      releaseAs: 'final',
      note: null,
      observations: [{ analyteId: await analyteId('2823-3'), value, unit: null, comment: null }],
    });
    await labCaller.results.release({ bookingId });
    const report = await (await callerFor(database.db, customer)).results.report({ bookingId });
    return report.observations.find((observation) => observation.loinc === '2823-3');
  }

  it('is what the lab’s patient is judged by: 4.5 mmol/L is high by the lab’s 3.2–4.3, normal by the published range elsewhere', async () => {
    const labCaller = await callerFor(database.db, lab);
    const potassium = await analyteId('2823-3');
    const listed = (await labCaller.analytes.labIntervals()).find((analyte) => analyte.id === potassium);
    expect(listed).toMatchObject({ unit: 'mmol/L', own: [], published: [{ low: 3.5, high: 5.1 }] });
    expect(listed?.tests.map((test) => test.nameEn)).toEqual([ELECTROLYTES]);

    const saved = await labCaller.analytes.saveLabInterval({
      analyteId: potassium,
      ...adultInterval,
      low: '٣٫٢',
      high: '4,3',
      unit: 'mmol/L',
    });
    intervalId = saved.id;
    expect((await labCaller.analytes.labIntervals()).find((analyte) => analyte.id === potassium)?.own).toEqual([saved]);
    expect((await auditEntries('analyte.lab_interval_save', potassium)).at(-1)).toMatchObject({
      actor_id: lab.id,
      details: { labId: lab.id, rangeId: saved.id, before: null, after: { low: 3.2, high: 4.3 } },
    });

    expect(await releasedPotassium(lab, '4.5')).toMatchObject({ flag: 'H', range: { low: 3.2, high: 4.3, origin: 'lab' } });
    expect(await releasedPotassium(otherLab, '4.5')).toMatchObject({ flag: 'N', range: { low: 3.5, high: 5.1, origin: 'published' } });
  });

  it('is changed by the lab in another unit UCUM converts, and a unit it cannot convert is refused', async () => {
    const labCaller = await callerFor(database.db, lab);
    const potassium = await analyteId('2823-3');
    const changed = await labCaller.analytes.saveLabInterval({
      id: intervalId,
      analyteId: potassium,
      ...adultInterval,
      low: 3.4,
      high: 4.6,
      unit: 'umol/mL',
    });
    expect(changed).toMatchObject({ id: intervalId, low: 3.4, high: 4.6, unit: 'umol/mL' });
    expect((await auditEntries('analyte.lab_interval_save', potassium)).at(-1)?.details).toMatchObject({
      before: { low: 3.2, high: 4.3, unit: 'mmol/L' },
      after: { low: 3.4, high: 4.6, unit: 'umol/mL' },
    });
    // Judged in the analyte's unit, converted by UCUM (3.4 umol/mL is 3.4 mmol/L, to a float's precision).
    const judged = await releasedPotassium(lab, '4.5');
    expect(judged).toMatchObject({ flag: 'N', range: { origin: 'lab' } });
    expect(judged?.range?.low).toBeCloseTo(3.4, 9);
    expect(judged?.range?.high).toBeCloseTo(4.6, 9);
    expect(
      await failure(
        labCaller.analytes.saveLabInterval({ id: intervalId, analyteId: potassium, ...adultInterval, low: 3, high: 5, unit: 'g' }),
      ),
    ).toMatchObject({ appCode: 'VALIDATION_FAILED', details: { fields: ['unit'], reason: 'unit_not_convertible' } });
  });

  it('cannot be seen, changed or deleted by another lab, and a lab sets none for an analyte its tests do not measure', async () => {
    const potassium = await analyteId('2823-3');
    const rows = () => database.db.selectFrom('lab_reference_intervals').selectAll().where('lab_id', '=', lab.id).execute();
    const before = await rows();
    const intruder = await callerFor(database.db, otherLab);

    expect((await intruder.analytes.labIntervals()).find((analyte) => analyte.id === potassium)?.own).toEqual([]);
    expect(
      await refusal(
        intruder.analytes.saveLabInterval({ id: intervalId, analyteId: potassium, ...adultInterval, low: 1, high: 9, unit: 'mmol/L' }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(intruder.analytes.deleteLabInterval({ id: intervalId }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rows()).toEqual(before);

    // Haemoglobin: no test on either lab's price list measures it.
    const hemoglobin = await analyteId('718-7');
    expect(
      await refusal(intruder.analytes.saveLabInterval({ analyteId: hemoglobin, ...adultInterval, low: 12, high: 16, unit: 'g/dL' })),
    ).toMatchObject({ code: 'NOT_FOUND' });

    // The owner can: the refusals above were about who asked.
    await (await callerFor(database.db, lab)).analytes.deleteLabInterval({ id: intervalId });
    expect(await rows()).toEqual([]);
    expect((await auditEntries('analyte.lab_interval_delete', potassium)).at(-1)?.details).toMatchObject({
      labId: lab.id,
      before: { low: 3.4 },
      after: null,
    });
  });
});

describe('who may edit', () => {
  it('refuses a customer and a lab every admin procedure, an admin the lab’s, and asks an admin for the password again after 15 minutes', async () => {
    const sodium = await analyteId('2951-2');
    const range = {
      analyteId: sodium,
      ...adultInterval,
      sex: 'male' as const,
      ageLow: 70,
      low: 130,
      high: 150,
      unit: 'mmol/L',
      source: 'x',
    };
    for (const user of [customer, lab]) {
      const caller = await callerFor(database.db, user);
      expect(await refusal(caller.analytes.list({ limit: 5 }))).toMatchObject({ appCode: 'FORBIDDEN' });
      expect(await refusal(caller.analytes.get({ id: sodium }))).toMatchObject({ appCode: 'FORBIDDEN' });
      expect(await refusal(caller.analytes.saveInterval(range))).toMatchObject({ appCode: 'FORBIDDEN' });
      expect(await refusal(caller.analytes.update({ id: sodium, nameAr: 'ص', nameEn: 'Hacked', decimals: 0 }))).toMatchObject({
        appCode: 'FORBIDDEN',
      });
    }
    const customerCaller = await callerFor(database.db, customer);
    expect(await refusal(customerCaller.analytes.labIntervals())).toMatchObject({ appCode: 'FORBIDDEN' });
    const adminCaller = await callerFor(database.db, admin);
    expect(
      await refusal(adminCaller.analytes.saveLabInterval({ analyteId: sodium, ...adultInterval, low: 1, high: 2, unit: 'mmol/L' })),
    ).toMatchObject({
      appCode: 'FORBIDDEN',
    });

    const staleAdmin = await createTestUser(database.db, 'admin', { passwordConfirmedAt: new Date(Date.now() - 60 * 60_000) });
    const stale = await callerFor(database.db, staleAdmin);
    expect(await refusal(stale.analytes.saveInterval(range))).toMatchObject({ appCode: 'PASSWORD_CONFIRMATION_REQUIRED' });
    expect((await stale.analytes.list({ q: 'sodium', limit: 5 })).map((analyte) => analyte.id)).toContain(sodium);
    expect((await adminCaller.analytes.get({ id: sodium })).intervals.some((row) => row.ageLow === 70)).toBe(false);
  });
});
