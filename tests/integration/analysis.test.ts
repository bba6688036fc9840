import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoResults } from '../../seeds/demo-results.ts';
import { deterministicUuid } from '../../seeds/deterministic.ts';
import { recordCriticalCall, releaseReport, saveDraft } from '../../src/server/modules/result-reports/result-reports.service.ts';
import { sharedKeyring } from '../../src/server/platform/result-sealing.ts';
import { createSession, generateSessionToken } from '../../src/server/platform/session.ts';
import { insertBooking, offerNamedTest } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// The analysis Premium sells (issue #54), read through the procedures the dashboard calls, over the
// demo Premium customer's sealed reports: an iron-deficiency CBC with that visit's ferritin, HbA1c in
// the prediabetes range, and an LDL that rose beyond its reference change value.

let database: TestDatabase;
let premium: TestUser;
const premiumId = deterministicUuid('user:premium@demo.tahaleel.sa');

async function sessionFor(id: string): Promise<TestUser> {
  const token = generateSessionToken();
  await createSession(database.db, token, id, new Date(), { passwordConfirmedAt: new Date() });
  return { id, email: 'premium@demo.tahaleel.sa', token, cookie: `tahaleel_session=${token}` };
}

async function setTier(tier: 'basic' | 'premium' | 'enterprise') {
  await database.db.updateTable('user_profiles').set({ subscription_tier: tier }).where('id', '=', premiumId).execute();
}

const codeOf = (error: unknown) => (error instanceof TRPCError ? error.message : String(error));

beforeAll(async () => {
  database = await openTestDatabase();
  expect(await seedDemoResults(database.db, { keyring: await sharedKeyring(testEnv) })).toBe(12);
  premium = await sessionFor(premiumId);
  await setTier('premium');
});
afterAll(() => database.close());

describe('a Premium customer’s analysis', () => {
  it('finds the iron-deficiency pattern across the CBC and the ferritin of the same visit, with its sources and the values it read', async () => {
    const { access, analyses } = await (await callerFor(database.db, premium)).analysis.latest();
    expect(access).toBe('full');
    expect(analyses).toHaveLength(1);
    const [latest] = analyses;
    expect(latest!.visit.reports.map((report) => report.test.en).sort()).toEqual(
      ['Complete Blood Count (CBC)', 'Ferritin', 'Glycated Hemoglobin (HbA1c)', 'Lipid Profile', 'Vitamin D (25-OH)'].sort(),
    );
    const iron = latest!.findings.find((finding) => finding.id === 'iron-deficiency-anaemia-pattern');
    expect(iron).toMatchObject({ kind: 'pattern', severity: 'discuss' });
    expect(iron!.kind === 'pattern' && iron!.values.map((value) => [value.loinc, value.number])).toEqual([
      ['718-7', 10.9],
      ['787-2', 76],
      ['2276-4', 9],
    ]);
    expect(iron!.sources.map((source) => source.id)).toEqual(['who2024Haemoglobin', 'camaschella2015']);
    expect(latest!.findings.map((finding) => finding.id)).toContain('hba1c-prediabetes');
  });

  it('says the LDL rose beyond its reference change value since the visit before, and a steady value is steady', async () => {
    const { analyses } = await (await callerFor(database.db, premium)).analysis.latest();
    const ldl = analyses[0]!.trends.find((trend) => trend.loinc === '13457-7')!;
    expect(ldl).toMatchObject({ direction: 'rose', percent: 32, from: { value: 118 }, to: { value: 156 } });
    expect(ldl.rcv).toBeLessThan(32);
    const hba1c = analyses[0]!.trends.find((trend) => trend.loinc === '4548-4')!;
    expect(hba1c).toMatchObject({ direction: 'steady', from: { value: 5.9 }, to: { value: 5.7 } });
  });

  it('sends with each trend how a sentence agrees with its name: triglycerides are feminine in Arabic and plural in English (issue #77 item 10)', async () => {
    const { analyses } = await (await callerFor(database.db, premium)).analysis.latest();
    const triglycerides = analyses[0]!.trends.find((trend) => trend.loinc === '2571-8')!;
    expect(triglycerides).toMatchObject({ direction: 'steady', grammar: { ar: 'feminine', en: 'plural' } });
    expect(analyses[0]!.trends.find((trend) => trend.loinc === '13457-7')!.grammar).toEqual({ ar: 'masculine', en: 'singular' });
  });

  it('suggests the follow-up test the catalog offers and a retest to be reminded of', async () => {
    const { analyses } = await (await callerFor(database.db, premium)).analysis.latest();
    const [latest] = analyses;
    expect(latest!.nextSteps.map((step) => step.test.nameEn)).toContain('Serum Iron and TIBC');
    // Each suggestion names its markers, which the suggested test reports ("build your own" prices them: issue #79 item 3).
    const iron = latest!.nextSteps.find((step) => step.test.nameEn === 'Serum Iron and TIBC')!;
    const reported = await database.db.selectFrom('test_analytes').select('analyte_id').where('test_id', '=', iron.test.id).execute();
    expect(iron.analyteIds.length).toBeGreaterThan(0);
    expect(reported.map((row) => row.analyte_id)).toEqual(expect.arrayContaining(iron.analyteIds));
    expect(latest!.retests).toContainEqual(expect.objectContaining({ ruleId: 'hba1c-prediabetes', loinc: '4548-4', months: 3 }));
    const offers = await (await callerFor(database.db)).analysis.followUpOffers({ testId: latest!.nextSteps[0]!.test.id });
    expect(offers.length).toBeGreaterThan(0);
  });

  it('reads an older report’s own visit: the atherogenic lipid profile of eight months ago', async () => {
    const caller = await callerFor(database.db, premium);
    const reports = await caller.results.reports();
    const oldest = reports.filter((report) => report.test.en === 'Lipid Profile').at(-1)!;
    const analysis = await caller.analysis.report({ bookingId: oldest.bookingId });
    expect(analysis.findings.map((finding) => finding.id)).toContain('atherogenic-lipid-profile');
    expect(analysis.findings.map((finding) => finding.id)).not.toContain('iron-deficiency-anaemia-pattern');
  });
});

describe('a text answer', () => {
  it('a reactive screening result is explained as abnormal, with the doctor confirming it by another test', async () => {
    const keys = { keyring: await sharedKeyring(testEnv) };
    const lab = await createTestUser(database.db, 'lab');
    const customer = await createTestUser(database.db, 'customer');
    await database.db.updateTable('user_profiles').set({ subscription_tier: 'premium' }).where('id', '=', customer.id).execute();
    const { labTestId } = await offerNamedTest(database.db, lab.id, 'Hepatitis B Surface Antigen (HBsAg)');
    const bookingId = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId,
      status: 'completed',
      bookingTime: new Date(),
    });
    const analyte = await database.db.selectFrom('analytes').select('id').where('loinc', '=', '5196-1').executeTakeFirstOrThrow();
    await saveDraft(database.db, keys, lab.id, {
      bookingId,
      patientSex: 'male',
      releaseAs: 'final',
      note: null,
      observations: [{ analyteId: analyte.id, value: 'Reactive', unit: null, comment: null }],
    });
    await releaseReport(database.db, lab.id, bookingId);

    const analysis = await (await callerFor(database.db, customer)).analysis.report({ bookingId });
    const [finding] = analysis.findings;
    expect(finding).toMatchObject({ kind: 'value', id: '5196-1', value: { flag: 'A' } });
    expect(finding?.kind === 'value' && finding.means?.en).toMatch(/doctor/i);
    expect(finding?.kind === 'value' && finding.means?.ar).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('a critical value (issue #76)', () => {
  /** A customer's two reports of one morning, released by the lab: electrolytes with a potassium of 6.9 mmol/L, and a kidney panel with an eGFR of 50. */
  async function criticalVisit(tier: 'basic' | 'premium') {
    const keys = { keyring: await sharedKeyring(testEnv) };
    const lab = await createTestUser(database.db, 'lab');
    const customer = await createTestUser(database.db, 'customer');
    await database.db.updateTable('user_profiles').set({ subscription_tier: tier }).where('id', '=', customer.id).execute();
    const analyteId = async (loinc: string) =>
      (await database.db.selectFrom('analytes').select('id').where('loinc', '=', loinc).executeTakeFirstOrThrow()).id;
    const morning = new Date(Date.now() - 2 * 3_600_000);
    const release = async (test: string, values: [loinc: string, value: string][]) => {
      const { labTestId } = await offerNamedTest(database.db, lab.id, test);
      const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed', bookingTime: morning });
      const saved = await saveDraft(database.db, keys, lab.id, {
        bookingId,
        patientSex: 'male',
        releaseAs: 'final',
        note: null,
        observations: await Promise.all(
          values.map(async ([loinc, value]) => ({ analyteId: await analyteId(loinc), value, unit: null, comment: null })),
        ),
      });
      if (saved.critical) {
        await recordCriticalCall(database.db, lab.id, {
          bookingId,
          callerName: 'Dr. Huda Al-Qahtani',
          calledPerson: 'The patient',
          calledAt: new Date().toISOString(),
          readBack: true,
        });
      }
      await releaseReport(database.db, lab.id, bookingId);
      return bookingId;
    };
    const electrolytes = await release('Electrolytes (Sodium, Potassium, Chloride)', [
      ['2951-2', '139'],
      ['2823-3', '6.9'],
      ['2075-0', '102'],
    ]);
    await release('Kidney Function Test (KFT)', [
      ['3094-0', '24'],
      ['2160-0', '1.6'],
      ['98979-8', '50'],
    ]);
    return { customer, electrolytes };
  }

  it('a Basic customer with a critical potassium and a kidney pattern in one visit sees the critical finding in full, first, plus the one example', async () => {
    const { customer, electrolytes } = await criticalVisit('basic');
    const analysis = await (await callerFor(database.db, customer)).analysis.report({ bookingId: electrolytes });
    expect(analysis.access).toBe('preview');
    expect(analysis.findings.map((finding) => [finding.kind, finding.id])).toEqual([
      ['critical', '2823-3'],
      ['pattern', 'egfr-g3a'],
    ]);
    expect(analysis.count).toBeGreaterThan(2);
    const [critical, example] = analysis.findings;
    expect(critical).toMatchObject({ severity: 'urgent', value: { number: 6.9, flag: 'HH', unit: 'mmol/L' } });
    if (critical?.kind !== 'critical') throw new Error('the critical finding is not first');
    expect(critical.now.en).toMatch(/at once/);
    expect(critical.steps).toHaveLength(3);
    expect(critical.emergency.map((line) => line.number)).toEqual(['997', '911']);
    expect(critical.means?.en).toMatch(/^A high potassium can be a sign/);
    expect(critical.causes.map((cause) => cause.id)).not.toContain('sampleHandling');
    expect(critical.seeDoctor?.en).toMatch(/palpitations/);
    expect(example).toMatchObject({ kind: 'pattern', severity: 'discuss', stage: { gfr: 'G3a', albuminuria: null } });
  });

  it('a Premium customer sees the same critical finding first, before every pattern and value', async () => {
    const { customer, electrolytes } = await criticalVisit('premium');
    const analysis = await (await callerFor(database.db, customer)).analysis.report({ bookingId: electrolytes });
    expect(analysis.access).toBe('full');
    expect(analysis.findings[0]).toMatchObject({ kind: 'critical', id: '2823-3', severity: 'urgent' });
    expect(analysis.findings.filter((finding) => finding.kind === 'critical')).toHaveLength(1);
    expect(analysis.findings.map((finding) => finding.id)).toEqual(expect.arrayContaining(['egfr-g3a', '2160-0']));
  });
});

describe('on another plan', () => {
  it('a Basic customer gets the count and one finding, no more; when Premium returns, all of it is there again', async () => {
    const full = (await (await callerFor(database.db, premium)).analysis.latest()).analyses[0]!;
    await setTier('basic');
    try {
      const preview = await (await callerFor(database.db, premium)).analysis.latest();
      expect(preview.access).toBe('preview');
      const [latest] = preview.analyses;
      expect(latest!.count).toBe(full.count);
      expect(latest!.count).toBeGreaterThan(1);
      expect(latest!.findings).toEqual([full.findings[0]]);
      expect(latest!.trends).toEqual([]);
      expect(latest!.nextSteps).toEqual([]);
      expect(latest!.retests).toEqual([]);
    } finally {
      await setTier('premium');
    }
    expect((await (await callerFor(database.db, premium)).analysis.latest()).analyses[0]).toEqual(full);
  });

  it('an Enterprise customer gets all of it', async () => {
    await setTier('enterprise');
    try {
      expect((await (await callerFor(database.db, premium)).analysis.latest()).access).toBe('full');
    } finally {
      await setTier('premium');
    }
  });
});

describe('whose analysis', () => {
  it('another customer asking for the analysis of her report is told it does not exist', async () => {
    const reports = await (await callerFor(database.db, premium)).results.reports();
    const stranger = await createTestUser(database.db, 'customer');
    await database.db.updateTable('user_profiles').set({ subscription_tier: 'premium' }).where('id', '=', stranger.id).execute();
    const error = await (await callerFor(database.db, stranger)).analysis.report({ bookingId: reports[0]!.bookingId }).catch((e) => e);
    expect(codeOf(error)).toBe('NOT_FOUND');
    expect((await (await callerFor(database.db, stranger)).analysis.latest()).analyses).toEqual([]);
  });

  it('a signed-out reader is refused', async () => {
    const reports = await (await callerFor(database.db, premium)).results.reports();
    const error = await (await callerFor(database.db)).analysis.report({ bookingId: reports[0]!.bookingId }).catch((e) => e);
    expect(codeOf(error)).toBe('UNAUTHENTICATED');
  });
});

describe('how it works', () => {
  it('lists every rule with its sources, publicly', async () => {
    const about = await (await callerFor(database.db)).analysis.howItWorks();
    expect(about.rules.length).toBeGreaterThanOrEqual(15);
    expect(about.rules.every((rule) => rule.sources.length > 0 && rule.sources.every((source) => source.name.length > 0))).toBe(true);
  });
});
