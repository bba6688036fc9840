import { Hl7Message } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createKey } from '../../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { recordCriticalCall, releaseReport } from '../../src/server/modules/result-reports/result-reports.service.ts';
import { buildOruR01 } from '../clinical-cases/hl7.ts';
import { corpus } from '../clinical-cases/index.ts';
import { type ClinicalCase, forbiddenPhrases, isCitable, notForMen, type Obx } from '../clinical-cases/types.ts';
import { insertBooking, offerNamedTest } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// The clinical case corpus (issue #76 item 10, tests/clinical-cases/): every case's values sent as a
// lab's system sends them, an ORU^R01 through POST /hl7/v2 with a lab's API key, one message per
// catalogue test its values belong to (a visit of several reports, as a lab books them), then the
// analysis read as a Premium and as a Basic customer. A failure names the case, the rule and the values.

const DAY_MS = 86_400_000;

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let lab: TestUser;
let labKey: string;
/** The catalogue's tests and the LOINC codes each lists, smallest first. */
let catalogue: { name: string; loincs: Set<string> }[];
let messageCount = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({ db: database.db, env: testEnv });
  lab = await createTestUser(database.db, 'lab', { approved: true });
  labKey = (await createKey(database.db, lab.id, 'Corpus LIS', lab.id)).key;
  const rows = await database.db
    .selectFrom('test_analytes')
    .innerJoin('tests', 'tests.id', 'test_analytes.test_id')
    .innerJoin('analytes', 'analytes.id', 'test_analytes.analyte_id')
    .select(['tests.name_en', 'analytes.loinc'])
    .execute();
  const byTest = new Map<string, Set<string>>();
  for (const row of rows) byTest.set(row.name_en, (byTest.get(row.name_en) ?? new Set()).add(row.loinc));
  catalogue = [...byTest].map(([name, loincs]) => ({ name, loincs })).sort((a, b) => a.loincs.size - b.loincs.size);
});
afterAll(() => database.close());

/**
 * The catalogue tests a visit's values are booked as: the smallest test that lists them all, else,
 * greedily, the test that lists most of those left (the smallest of equals). Each is one booking and
 * one message; the analysis reads them as one visit.
 */
function ordersFor(obx: readonly Obx[]): { test: string; obx: Obx[] }[] {
  const left = [...obx];
  const orders: { test: string; obx: Obx[] }[] = [];
  while (left.length > 0) {
    const codes = new Set(left.map((each) => each.loinc));
    let best = catalogue[0]!;
    let covered = -1;
    for (const test of catalogue) {
      const count = [...codes].filter((code) => test.loincs.has(code)).length;
      if (count > covered) {
        best = test;
        covered = count;
      }
    }
    if (covered <= 0) throw new Error(`no catalogue test lists ${[...codes].join(', ')}`);
    orders.push({ test: best.name, obx: left.filter((each) => best.loincs.has(each.loinc)) });
    for (const each of orders.at(-1)!.obx) left.splice(left.indexOf(each), 1);
  }
  return orders;
}

interface Ack {
  code: string;
  warnings: string[];
  errors: string[];
}

function ackOf(text: string): Ack {
  const ack = Hl7Message.parse(text);
  const errs = ack.getAllSegments('ERR');
  const where = (severity: string) =>
    errs.filter((segment) => segment.getField(4)?.toString() === severity).map((segment) => segment.getField(2)?.toString() ?? '');
  return { code: ack.getSegment('MSA')?.getField(1)?.toString() ?? '', warnings: where('W'), errors: where('E') };
}

/** The case's values as one line, for a failure's message. */
const valuesOf = (obx: readonly Obx[]) =>
  obx.map((each) => `${each.loinc}=${each.value}${each.unit ? ` ${each.unit}` : ''}${each.flag ? ` (${each.flag})` : ''}`).join(', ');

/** A birth date that makes the person `age` whole years old on `at` (40 days after a birthday). */
function birthDateFor(age: number, at: Date): string {
  const birthday = new Date(Date.UTC(at.getUTCFullYear() - age, at.getUTCMonth(), at.getUTCDate()) - 40 * DAY_MS);
  return birthday.toISOString().slice(0, 10);
}

/** Sends one case and reads back what a Premium and a Basic customer see. */
async function run(clinicalCase: ClinicalCase) {
  const { person } = clinicalCase;
  const customer = await createTestUser(database.db, 'customer');
  const latestAt = new Date(Date.now() - DAY_MS - 2 * 3_600_000);
  const birthDate = person.age === 'unknown' ? null : birthDateFor(person.age, latestAt);
  const sex = person.sex === 'unknown' ? null : person.sex;
  const fromProfile = (person.given ?? 'profile') === 'profile';
  const pidBirthDate = person.pid?.age === undefined ? birthDate : birthDateFor(person.pid.age, latestAt);
  await database.db
    .updateTable('user_profiles')
    .set({ subscription_tier: 'premium', sex: fromProfile ? sex : null, date_of_birth: fromProfile ? birthDate : null })
    .where('id', '=', customer.id)
    .execute();

  const visits = [
    ...(clinicalCase.before ?? []).map((visit) => ({ at: new Date(latestAt.getTime() - visit.daysAgo * DAY_MS), obx: visit.obx })),
    { at: latestAt, obx: clinicalCase.obx },
  ];
  const acks: Ack[] = [];
  let latestBookings: string[] = [];
  for (const visit of visits) {
    latestBookings = [];
    for (const order of ordersFor(visit.obx)) {
      const { labTestId } = await offerNamedTest(database.db, lab.id, order.test);
      const bookingId = await insertBooking(database.db, {
        customerId: customer.id,
        labTestId,
        status: 'completed',
        bookingTime: visit.at,
      });
      const { reference } = await database.db
        .selectFrom('bookings')
        .select('reference')
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      messageCount += 1;
      const message = buildOruR01({
        controlId: `CORPUS-${messageCount}`,
        reference,
        at: visit.at,
        birthDate: pidBirthDate ? new Date(`${pidBirthDate}T00:00:00Z`) : null,
        sex: person.pid?.sex ?? sex,
        obx: order.obx,
      });
      const response = await app.request('/hl7/v2', {
        method: 'POST',
        headers: { authorization: `Bearer ${labKey}`, 'content-type': 'application/hl7-v2' },
        body: message,
      });
      const ack = ackOf(await response.text());
      acks.push(ack);
      if (ack.code !== 'AA') continue;
      const draft = await database.db
        .selectFrom('result_report_versions')
        .innerJoin('result_reports', 'result_reports.id', 'result_report_versions.report_id')
        .leftJoin('result_critical_cases', 'result_critical_cases.version_id', 'result_report_versions.id')
        .select(['result_report_versions.id', 'result_critical_cases.id as critical_case_id'])
        .where('result_reports.booking_id', '=', bookingId)
        .where('result_report_versions.status', '=', 'draft')
        .executeTakeFirst();
      if (draft) {
        // A critical value waits for the lab's call (ADR 0057): the lab records it and releases, as its staff would.
        if (draft.critical_case_id !== null) {
          await recordCriticalCall(database.db, lab.id, {
            bookingId,
            callerName: 'Dr. Corpus',
            calledPerson: 'The patient',
            calledAt: new Date().toISOString(),
            readBack: true,
          });
        }
        await releaseReport(database.db, lab.id, bookingId, { notify: false });
      }
      latestBookings.push(bookingId);
    }
  }
  const caller = await callerFor(database.db, customer);
  const premium = await caller.analysis.report({ bookingId: latestBookings[0]! });
  // The report itself is read only where the case says how a value must show.
  const reports = clinicalCase.expect.stored
    ? await Promise.all(latestBookings.map((bookingId) => caller.results.report({ bookingId })))
    : [];
  await database.db.updateTable('user_profiles').set({ subscription_tier: 'basic' }).where('id', '=', customer.id).execute();
  const basic = await caller.analysis.report({ bookingId: latestBookings[0]! });
  return { acks, premium, basic, observations: reports.flatMap((report) => report.observations) };
}

type Outcome = Awaited<ReturnType<typeof run>>;
type Finding = Outcome['premium']['findings'][number];

/** Every string a finding shows, in both languages. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** Ids in order, with the leading critical ones sorted (their order among themselves is the report's). */
function idsOf(findings: readonly Finding[]): string[] {
  const critical = findings.filter((finding) => finding.kind === 'critical').map((finding) => finding.id);
  return [...critical.sort(), ...findings.filter((finding) => finding.kind !== 'critical').map((finding) => finding.id)];
}
const sortedCriticalFirst = (ids: readonly string[], critical: readonly string[]) => [
  ...ids.filter((id) => critical.includes(id)).sort(),
  ...ids.filter((id) => !critical.includes(id)),
];

const SEVERITY = { urgent: 0, soon: 1, discuss: 2, info: 3 } as const;

function check(clinicalCase: ClinicalCase, outcome: Outcome) {
  const { expect: wanted, person } = clinicalCase;
  const { premium, basic } = outcome;
  const about = `${clinicalCase.name} [${valuesOf(clinicalCase.obx)}]`;
  const ids = premium.findings.map((finding) => finding.id);
  const found = `findings were [${ids.join(', ')}]`;

  // The message: accepted, warnings only where a unit was not recognised.
  for (const ack of outcome.acks) {
    expect(ack.code, `${about}: the ACK`).toBe(wanted.ack?.code ?? 'AA');
    expect(ack.errors, `${about}: ERR segments of severity E`).toEqual([]);
  }
  expect(
    outcome.acks.flatMap((ack) => ack.warnings),
    `${about}: ERR W (unit not recognised) in the ACK`,
  ).toEqual(wanted.ack?.warnings ?? []);

  expect(premium.access, `${about}: the Premium customer's access`).toBe('full');
  expect(basic.access, `${about}: the Basic customer's access`).toBe('preview');

  for (const id of wanted.fires ?? []) expect(ids, `${about}: rule ${id} must fire; ${found}`).toContain(id);
  for (const id of wanted.notFires ?? []) expect(ids, `${about}: ${id} must not be a finding; ${found}`).not.toContain(id);

  // Critical values: their own findings, first, on both plans.
  const critical = wanted.critical;
  if (critical) {
    for (const [plan, analysis] of [
      ['Premium', premium],
      ['Basic', basic],
    ] as const) {
      const leading = analysis.findings.slice(0, critical.length);
      expect(
        leading.map((finding) => `${finding.kind}:${finding.id}`).sort(),
        `${about}: the critical findings first for a ${plan} customer; findings were [${analysis.findings.map((f) => `${f.kind}:${f.id}`).join(', ')}]`,
      ).toEqual(critical.map((loinc) => `critical:${loinc}`).sort());
      expect(
        analysis.findings.filter((finding) => finding.kind === 'critical').length,
        `${about}: how many critical findings a ${plan} customer sees`,
      ).toBe(critical.length);
      for (const finding of leading) {
        if (finding.kind !== 'critical') continue;
        expect(finding.severity, `${about}: ${finding.id} is urgent`).toBe('urgent');
        expect(finding.steps.length, `${about}: ${finding.id} says what to do now, in full, for a ${plan} customer`).toBe(3);
        expect(
          finding.emergency.map((line) => line.number),
          `${about}: ${finding.id} names the emergency numbers`,
        ).toEqual(['997', '911']);
        expect(
          finding.causes.map((cause) => cause.id),
          `${about}: ${finding.id} names no cause about the sample`,
        ).not.toContain('sampleHandling');
      }
    }
  }
  if (wanted.order) {
    const order = sortedCriticalFirst(wanted.order, critical ?? []);
    expect(idsOf(premium.findings).slice(0, order.length), `${about}: the order of the findings; ${found}`).toEqual(order);
  }
  if (wanted.basic) {
    expect(idsOf(basic.findings), `${about}: what a Basic customer sees`).toEqual(sortedCriticalFirst(wanted.basic, critical ?? []));
  }

  // The plan: every critical finding and the one example of the rest, the same count.
  const example = premium.findings.find((finding) => finding.kind !== 'critical');
  expect(
    basic.findings,
    `${about}: a Basic customer sees every critical finding and the most pressing of the others, as Premium has them`,
  ).toEqual([...premium.findings.filter((finding) => finding.kind === 'critical'), ...(example ? [example] : [])]);
  expect(basic.count, `${about}: the Basic count counts everything`).toBe(premium.count);
  expect(
    { trends: basic.trends, nextSteps: basic.nextSteps, retests: basic.retests, calculated: basic.calculated },
    `${about}: a Basic customer is sent no trends, next steps, retests or calculated values`,
  ).toEqual({ trends: [], nextSteps: [], retests: [], calculated: [] });

  // The most pressing first: critical, then soon, discuss, info.
  const ranks = premium.findings.map((finding) => (finding.kind === 'critical' ? -1 : SEVERITY[finding.severity]));
  expect(ranks, `${about}: findings sorted critical first, then by severity; ${found}`).toEqual([...ranks].sort((a, b) => a - b));

  if (wanted.egfr !== undefined) {
    const calculated = premium.calculated.find((value) => value.loinc === '98979-8')?.number ?? null;
    expect(calculated, `${about}: the eGFR calculated by CKD-EPI 2021`).toBe(wanted.egfr);
  }
  if (wanted.stage) {
    const staged = premium.findings.filter((finding) => finding.kind === 'pattern' && finding.stage !== null);
    expect(staged.length, `${about}: a kidney finding names its KDIGO category; ${found}`).toBeGreaterThan(0);
    for (const finding of staged) {
      expect(finding.kind === 'pattern' && finding.stage, `${about}: the KDIGO categories of ${finding.id}`).toEqual(wanted.stage);
    }
  }
  // Whose sex and age: the profile's, else the lab's PID-8/PID-7 (said so), else none.
  const given = person.given ?? 'profile';
  const basis = wanted.basis ?? {
    sex: person.sex === 'unknown' ? null : given,
    age: person.age === 'unknown' ? null : given,
  };
  expect(premium.person.basis, `${about}: whose sex and age the analysis used`).toEqual(basis);

  for (const trend of wanted.trends ?? []) {
    const seen = premium.trends.find((each) => each.loinc === trend.loinc);
    if (trend.direction === 'none') {
      expect(seen, `${about}: ${trend.loinc} must not be trended`).toBeUndefined();
      continue;
    }
    expect(seen, `${about}: a trend of ${trend.loinc}; trends were [${premium.trends.map((t) => t.loinc).join(', ')}]`).toBeDefined();
    expect(seen?.direction, `${about}: the trend of ${trend.loinc} (${seen?.from.value} → ${seen?.to.value}, RCV ${seen?.rcv} %)`).toBe(
      trend.direction,
    );
    if (trend.from !== undefined) expect(seen?.from.value, `${about}: the trend of ${trend.loinc} starts at`).toBe(trend.from);
    if (trend.to !== undefined) expect(seen?.to.value, `${about}: the trend of ${trend.loinc} ends at`).toBe(trend.to);
  }

  for (const [loinc, stored] of Object.entries(wanted.stored ?? {})) {
    const observation = outcome.observations.find((each) => each.loinc === loinc);
    expect(observation, `${about}: the report holds ${loinc}`).toBeDefined();
    const shown = {
      ...(stored.number !== undefined && { number: observation?.number }),
      ...(stored.flag !== undefined && { flag: observation?.flag }),
      ...(stored.unit !== undefined && { unit: observation?.unit }),
      ...(stored.unitNotRecognised !== undefined && { unitNotRecognised: observation?.unitNotRecognised }),
    };
    expect(shown, `${about}: ${loinc} as the report shows it`).toEqual(stored);
  }

  for (const { loinc, include = [], exclude = [] } of wanted.causes ?? []) {
    const finding = premium.findings.find((each) => each.id === loinc && each.kind !== 'pattern');
    expect(finding, `${about}: ${loinc} is explained on its own; ${found}`).toBeDefined();
    const causes = finding && finding.kind !== 'pattern' ? finding.causes.map((cause) => cause.id) : [];
    for (const id of include) expect(causes, `${about}: the causes of ${loinc} include ${id}`).toContain(id);
    for (const id of exclude) expect(causes, `${about}: the causes of ${loinc} must not include ${id}`).not.toContain(id);
  }
  for (const [loinc, grade] of Object.entries(wanted.grades ?? {})) {
    const finding = premium.findings.find((each) => each.id === loinc && each.kind === 'value');
    expect(finding?.kind === 'value' ? finding.grade : undefined, `${about}: how far ${loinc} is from its range`).toBe(grade);
  }

  // What must never be said: a diagnosis of the reader; to a man, pregnancy or periods.
  for (const [plan, analysis] of [
    ['Premium', premium],
    ['Basic', basic],
  ] as const) {
    for (const text of textsOf(analysis.findings)) {
      for (const { pattern, why } of forbiddenPhrases) {
        expect(pattern.test(text), `${about}: a ${plan} text says ${why}: "${text.slice(0, 160)}"`).toBe(false);
      }
    }
  }
  if (person.sex === 'male') {
    for (const finding of premium.findings) {
      if (finding.kind === 'pattern') continue;
      const causes = finding.causes.map((cause) => cause.id);
      for (const id of notForMen) expect(causes, `${about}: ${finding.id} offers a man the cause ${id}`).not.toContain(id);
      expect(finding.means?.en ?? '', `${about}: what ${finding.id} means, said to a man`).not.toMatch(/pregnan|menstru|\bperiods?\b/i);
      if (finding.kind === 'value') expect(finding.rangeNote, `${about}: ${finding.id}'s range note, said to a man`).toBeNull();
    }
  }
}

describe('the clinical case corpus: its data', () => {
  const all = Object.values(corpus).flat();
  it('holds at least 60 cases, each with a unique name, a person and values, and citing only named published sources', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((each) => each.name)).size, 'case names are unique').toBe(all.length);
    for (const each of all) {
      expect(each.sources.length, `${each.name}: names a source`).toBeGreaterThan(0);
      for (const source of each.sources)
        expect(isCitable(source), `${each.name}: cites "${source}", which no source list names`).toBe(true);
      expect(each.obx.length, `${each.name}: has values`).toBeGreaterThan(0);
    }
  });
});

describe.each(Object.entries(corpus))('the clinical case corpus: %s', (_topic, cases) => {
  for (const clinicalCase of cases) {
    // A case the product is known to get wrong is expected to fail (the case says why), and fails this
    // test once the product is fixed; CORPUS_DEFECTS=1 runs it as an ordinary case, to read its failure.
    if (clinicalCase.productDefect && !process.env.CORPUS_DEFECTS) {
      it.fails(`${clinicalCase.name} — PRODUCT DEFECT: ${clinicalCase.productDefect}`, async () =>
        check(clinicalCase, await run(clinicalCase)));
    } else {
      it(clinicalCase.name, async () => check(clinicalCase, await run(clinicalCase)));
    }
  }
});
