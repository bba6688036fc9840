import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { hasAnalysis } from '../../../shared/plans.ts';
import type { ResultFlag } from '../../../shared/result-values.ts';
import { retestDueOn } from '../../../shared/time.ts';
import type { Database } from '../../db/schema.ts';
import type { ResultKeys } from '../../platform/result-sealing.ts';
import { analytesById, analytesByLoinc } from '../analytes/analytes.service.ts';
import {
  ageInYears,
  customerReports,
  personsReleasedReports,
  type ReportBooking,
  type ReportDocument,
  reportBooking,
} from '../result-reports/result-reports.service.ts';
import { subscriptionTierOf } from '../subscriptions/subscriptions.service.ts';
import * as repo from './analysis.repository.ts';
import type { Reading, Subject } from './conditions.ts';
import { causesFor, distanceGrade, EGFR, firedRules, kdigoStageOf, outOfRange, rangeNoteFor, subjectOf } from './findings.ts';
import { changeLimits } from './knowledge/change-limits.ts';
import { criticalAdvice } from './knowledge/critical.ts';
import { explanations } from './knowledge/explanations.ts';
import type { PatternRule, Severity } from './knowledge/format.ts';
import { distanceGrading } from './knowledge/grading.ts';
import { grammarOf } from './knowledge/name-grammar.ts';
import { rules } from './knowledge/rules.ts';
import { type SourceId, sources } from './knowledge/sources.ts';
import { type NamedReading, readingOf } from './readings.ts';
import { latestChange } from './trends.ts';

/**
 * The analysis Premium sells (issue #54, ADR 0063): a person's released values from one visit read by
 * the rules in ./knowledge, with each value outside its range explained, patterns across values,
 * changes beyond the test's own noise, the tests that would follow, and retests to be reminded of.
 * No person or model reads the report: the same values give the same answer every time.
 */

/** Reports of one person taken within this many days of each other are read together as one visit. */
const VISIT_DAYS = 7;
const DAY_MS = 86_400_000;

type ReleasedVersion = Awaited<ReturnType<typeof personsReleasedReports>>[number]['version'];

/** One of the person's values, in its analyte's unit, with its range and where it came from. */
export interface Value extends NamedReading {
  range: { low: number | null; high: number | null } | null;
  bookingId: string;
  at: Date;
}

const explanationOf = new Map(explanations.map((entry) => [entry.loinc, entry]));
const changeLimitOf = new Map(changeLimits.map((entry) => [entry.loinc, entry]));
const citation = (id: SourceId) => ({ id, ...sources[id] });
const severityOrder: Record<Severity, number> = { urgent: 0, soon: 1, discuss: 2, info: 3 };

/** The person's released reports, each opened once: values by analyte, oldest first. */
async function personsValues(db: Kysely<Database>, keys: ResultKeys, booking: ReportBooking) {
  const opened = await personsReleasedReports(db, keys, booking.customer_id, booking.family_member_id);
  const versions = opened.map(({ version }) => version);
  const analyteIds = [
    ...new Set(opened.flatMap(({ document }) => document.observations.flatMap((o) => (o.analyteId === null ? [] : [o.analyteId])))),
  ];
  const analytes = new Map((await analytesById(db, analyteIds)).map((analyte) => [analyte.id, analyte]));
  const values: Value[] = [];
  for (const { version, document } of opened) {
    for (const observation of document.observations) {
      const analyte = observation.analyteId === null ? undefined : analytes.get(observation.analyteId);
      if (!analyte) continue;
      values.push({
        ...readingOf(observation, analyte),
        range: observation.range,
        bookingId: version.booking_id,
        at: new Date(version.booking_time),
      });
    }
  }
  return { versions, documents: new Map(opened.map(({ version, document }) => [version.booking_id, document])), values };
}

/** The visit around a report: its person's reports within VISIT_DAYS of it, and each analyte's value there (the report's own first, else the nearest). */
function visitAround(anchor: ReportBooking, versions: readonly ReleasedVersion[], values: readonly Value[]) {
  const at = new Date(anchor.booking_time).getTime();
  const near = (when: Date) => Math.abs(when.getTime() - at) <= VISIT_DAYS * DAY_MS;
  const reports = versions.filter((version) => near(new Date(version.booking_time)));
  const distance = (value: Value) => (value.bookingId === anchor.id ? -1 : Math.abs(value.at.getTime() - at));
  const chosen = new Map<string, Value>();
  for (const value of values) {
    if (!near(value.at)) continue;
    const held = chosen.get(value.loinc);
    if (!held || distance(value) < distance(held)) chosen.set(value.loinc, value);
  }
  return { reports, readings: chosen };
}

/** Where the analysis took the person's sex or age from: their profile (or the family member's record), or what the lab gave. */
type PersonBasis = 'profile' | 'lab' | null;

/** The lab's PID-7 (or FHIR Patient.birthDate) of the visit's report, else of another of the person's reports. */
function labBirthDate(anchor: ReportBooking, documents: ReadonlyMap<string, ReportDocument>): Date | null {
  const sent = (document: ReportDocument | undefined) => {
    const birthDate = (document?.sender?.patient as { birthDate?: unknown } | undefined)?.birthDate;
    return typeof birthDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) ? new Date(`${birthDate}T00:00:00Z`) : null;
  };
  return sent(documents.get(anchor.id)) ?? [...documents.values()].map(sent).find((date) => date !== null) ?? null;
}

/**
 * The person's sex and age on the day of the visit, and where each came from (issue #76 item 3): the
 * profile's (the account holder's own, or the family member's) first; where it has none, what the lab
 * gave (the sex it entered, PID-8; the birth date of PID-7), which the analysis then says it used.
 */
function personOf(anchor: ReportBooking, documents: ReadonlyMap<string, ReportDocument>, visitAt: Date) {
  const labSex = documents.get(anchor.id)?.patientSex ?? [...documents.values()].find((doc) => doc.patientSex)?.patientSex ?? null;
  const sex = anchor.patient_sex ?? labSex;
  const ownBirth = anchor.patient_date_of_birth ? new Date(anchor.patient_date_of_birth) : null;
  const birth = ownBirth ?? labBirthDate(anchor, documents);
  const basis: { sex: PersonBasis; age: PersonBasis } = {
    sex: anchor.patient_sex ? 'profile' : sex ? 'lab' : null,
    age: ownBirth ? 'profile' : birth ? 'lab' : null,
  };
  return { sex, age: birth ? ageInYears(birth, visitAt) : null, basis };
}

const shownValue = (value: Pick<Value, 'loinc' | 'name' | 'value' | 'comparator' | 'unit' | 'flag'>, calculated = false) => ({
  loinc: value.loinc,
  name: value.name,
  number: value.value,
  comparator: value.comparator,
  unit: value.unit,
  flag: value.flag,
  calculated,
});

function patternFinding(rule: PatternRule, subject: Subject, named: ReadonlyMap<string, Value>, derived: readonly string[]) {
  const readings: ReadonlyMap<string, Reading> = subject.readings;
  return {
    kind: 'pattern' as const,
    id: rule.id,
    version: rule.version,
    severity: rule.severity as Severity,
    /** The KDIGO categories of the visit ("G3a", "A2"), for a kidney rule. */
    stage: rule.kdigoStage ? kdigoStageOf(subject) : null,
    title: rule.title,
    explanation: rule.explanation,
    sources: rule.sources.map(citation),
    values: rule.inputs.flatMap((loinc) => {
      const reading = readings.get(loinc);
      if (!reading) return [];
      const name = named.get(loinc)?.name ?? { ar: 'eGFR', en: 'eGFR' };
      return [shownValue({ ...reading, loinc, name }, derived.includes(loinc))];
    }),
  };
}

/** What the analyte's explanation says of a value in its direction, with the causes that can apply to the person. */
function explained(value: Value, person: Subject, critical: boolean) {
  const explanation = explanationOf.get(value.loinc);
  const direction =
    value.flag === 'L' || value.flag === 'LL' ? explanation?.low : value.flag === 'A' ? explanation?.abnormal : explanation?.high;
  return {
    value: shownValue(value),
    measures: explanation?.measures ?? null,
    means: (person.sex === 'male' ? direction?.meansForMen : undefined) ?? direction?.means ?? null,
    causes: causesFor(direction?.causes ?? [], person, critical),
    seeDoctor: explanation?.seeDoctor ?? null,
    source: explanation ? citation(explanation.source) : null,
  };
}

/** One value outside its range, explained: how far outside, what it commonly means, causes that fit the person. */
function valueFinding(value: Value, person: Subject) {
  const { source, ...explanation } = explained(value, person, false);
  const rangeNote = rangeNoteFor(value.loinc, person);
  return {
    kind: 'value' as const,
    id: value.loinc,
    severity: 'discuss' as Severity,
    /** How far the value is outside its range ("slightly below", "well above"), by ./knowledge/grading.ts. */
    grade: distanceGrade(value.value, value.comparator, value.range),
    ...explanation,
    /** A state the analysis is not told of that changes this range (pregnancy, the menstrual cycle). */
    rangeNote: rangeNote && { en: rangeNote.en, ar: rangeNote.ar },
    sources: [...(source ? [source] : []), ...(rangeNote && rangeNote.source !== source?.id ? [citation(rangeNote.source)] : [])],
  };
}

/**
 * A value past its critical limit (issue #76): its own finding, the most urgent, first for every plan;
 * it opens with what to do now, and names no cause about the sample.
 */
function criticalFinding(value: Value, person: Subject) {
  const { source, ...explanation } = explained(value, person, true);
  return {
    kind: 'critical' as const,
    id: value.loinc,
    severity: 'urgent' as Severity,
    now: criticalAdvice.now,
    steps: criticalAdvice.steps,
    emergency: criticalAdvice.emergency,
    ...explanation,
    sources: [...criticalAdvice.sources.map(citation), ...(source ? [source] : [])],
  };
}

export type Finding = ReturnType<typeof patternFinding> | ReturnType<typeof valueFinding> | ReturnType<typeof criticalFinding>;

const isCriticalValue = (value: Value) => value.flag === 'LL' || value.flag === 'HH';

/** Critical values first, whatever else there is; then the most pressing first (a stable sort keeps the rules' order). */
const mostPressingFirst = (a: Finding, b: Finding) =>
  Number(b.kind === 'critical') - Number(a.kind === 'critical') || severityOrder[a.severity] - severityOrder[b.severity];

/** The rules that fire for a visit and its findings: critical values first, then the most pressing. */
export function visitFindings(subject: Subject, named: ReadonlyMap<string, Value>, derived: readonly string[]) {
  const fired = firedRules(subject);
  const outside = [...named.values()].filter((value) => value.flag !== null && outOfRange.includes(value.flag as ResultFlag));
  const findings: Finding[] = [
    // A critical value is its own finding even where a pattern reads it: nothing stands in for it.
    ...outside.filter(isCriticalValue).map((value) => criticalFinding(value, subject)),
    ...fired.map((rule) => patternFinding(rule, subject, named, derived)),
    // A value a pattern already explains is not explained again on its own.
    ...outside
      .filter((value) => !isCriticalValue(value))
      .filter((value) => !fired.some((rule) => rule.inputs.includes(value.loinc)))
      .map((value) => valueFinding(value, subject)),
  ].sort(mostPressingFirst);
  return { fired, findings };
}

/** What a plan without the analysis sees of the findings: every critical one, and one example of the rest (the most pressing). */
export function previewFindings<F extends Finding>(findings: readonly F[]): F[] {
  const example = findings.find((finding) => finding.kind !== 'critical');
  return [...findings.filter((finding) => finding.kind === 'critical'), ...(example ? [example] : [])];
}

/** The full analysis of the visit around one of the person's released reports. */
async function analyseVisit(db: Kysely<Database>, keys: ResultKeys, anchor: ReportBooking) {
  const { versions, documents, values } = await personsValues(db, keys, anchor);
  const visit = visitAround(anchor, versions, values);
  const visitAt = new Date(anchor.booking_time);
  const person = personOf(anchor, documents, visitAt);
  const { subject, derived } = subjectOf({
    sex: person.sex,
    age: person.age,
    adult: anchor.family_member_id === null,
    readings: new Map(visit.readings),
  });
  const { fired, findings } = visitFindings(subject, visit.readings, derived);

  const trends = [...visit.readings.values()].flatMap((latest) => {
    const limit = changeLimitOf.get(latest.loinc);
    if (!limit || latest.value === null) return [];
    const series = values
      .filter((value) => value.loinc === latest.loinc && value.value !== null && value.comparator === null && value.at <= latest.at)
      .map((value) => ({ at: value.at, value: value.value as number }));
    const change = latestChange(series, limit);
    if (!change) return [];
    return [
      {
        loinc: latest.loinc,
        name: latest.name,
        /** How a sentence about it agrees with its name, in each language (issue #77 item 10). */
        grammar: grammarOf(latest.loinc),
        unit: latest.unit,
        direction: change.direction,
        percent: change.percent,
        rcv: change.rcv,
        from: { at: change.from.at.toISOString(), value: change.from.value },
        to: { at: change.to.at.toISOString(), value: change.to.value },
        sources: [citation('fraserRcv2011'), citation(limit.source)],
      },
    ];
  });

  const measured = new Set(subject.readings.keys());
  const followUps = [...new Set(fired.flatMap((rule) => rule.followUp ?? []))].filter((loinc) => !measured.has(loinc));
  const retestCodes = fired.flatMap((rule) => (rule.retest ? [rule.retest.loinc] : []));
  // The codes' analytes read once, through their module; the tests and bookings then found by analyte id.
  const catalogued = await analytesByLoinc(db, [...followUps, ...retestCodes]);
  const idsOf = (loincs: readonly string[]) => [...new Set(loincs.flatMap((loinc) => catalogued.get(loinc)?.id ?? []))];
  const loincOf = new Map([...catalogued.values()].map((analyte) => [analyte.id, analyte.loinc]));
  const offered = (await repo.offeredTestsMeasuring(db, idsOf([...followUps, ...retestCodes]))).map((test) => ({
    ...test,
    loinc: loincOf.get(test.analyte_id),
  }));
  const testFor = (loinc: string) => offered.find((test) => test.loinc === loinc);
  // The markers suggested (analyte ids), so that "build your own" can price them together (issue #79 item 3).
  const suggested = new Map<number, number[]>();
  for (const loinc of followUps) {
    const test = testFor(loinc);
    const analyte = catalogued.get(loinc)?.id;
    if (test && analyte !== undefined) suggested.set(test.id, [...new Set([...(suggested.get(test.id) ?? []), analyte])]);
  }
  const nextSteps = [
    ...new Map(
      followUps.flatMap((loinc) => {
        const test = testFor(loinc);
        if (!test) return [];
        const because = fired.filter((rule) => rule.followUp?.includes(loinc)).map((rule) => rule.id);
        return [
          [
            test.id,
            {
              test: { id: test.id, name: { ar: test.name_ar, en: test.name_en }, nameEn: test.name_en },
              analyteIds: suggested.get(test.id) ?? [],
              because,
            },
          ] as const,
        ];
      }),
    ).values(),
  ];
  // A retest the person has already booked after this visit, still to come, is named, not suggested again (issue #77 item 11).
  const booked = (
    await repo.bookedVisitsMeasuring(
      db,
      { customerId: anchor.customer_id, familyMemberId: anchor.family_member_id },
      idsOf(retestCodes),
      new Date(visitAt.getTime() + VISIT_DAYS * DAY_MS),
    )
  ).map((visit) => ({ ...visit, loinc: loincOf.get(visit.analyte_id) }));
  const retests = fired.flatMap((rule) => {
    if (!rule.retest) return [];
    const test = testFor(rule.retest.loinc);
    const visit = booked.find((row) => row.loinc === rule.retest?.loinc);
    return [
      {
        ruleId: rule.id,
        loinc: rule.retest.loinc,
        months: rule.retest.months,
        dueOn: retestDueOn(visitAt, rule.retest.months),
        test: test ? { id: test.id, name: { ar: test.name_ar, en: test.name_en }, nameEn: test.name_en } : null,
        booked: visit
          ? {
              bookingId: visit.id,
              at: new Date(visit.booking_time).toISOString(),
              lab: { ar: visit.lab_name_ar, en: visit.lab_name_en },
              test: { ar: visit.test_name_ar, en: visit.test_name_en },
            }
          : null,
      },
    ];
  });

  return {
    /** `basis`: whether the sex and age the rules used are the person's own, or the lab's (issue #76 item 3). */
    person: { name: anchor.patient_name, basis: person.basis },
    familyMemberId: anchor.family_member_id,
    visit: {
      /** The report the visit was read around: a reminder for one of its retests names it. */
      bookingId: anchor.id,
      at: visitAt.toISOString(),
      reports: visit.reports.map((version) => ({
        bookingId: version.booking_id,
        at: new Date(version.booking_time).toISOString(),
        test: { ar: version.test_name_ar, en: version.test_name_en },
        lab: { ar: version.lab_name_ar, en: version.lab_name_en },
      })),
    },
    findings,
    trends,
    nextSteps,
    retests,
    calculated: derived.includes(EGFR)
      ? [shownValue({ ...subject.readings.get(EGFR)!, loinc: EGFR, name: { ar: 'eGFR', en: 'eGFR' } }, true)]
      : [],
  };
}

type Analysis = Awaited<ReturnType<typeof analyseVisit>>;

/**
 * What the customer's plan shows of an analysis. Premium and Enterprise: all of it. Any other plan:
 * every critical value in full (issue #76: a plan never hides one), how many findings there are and
 * one example (the most pressing of the others), and nothing else; the rest is neither sent nor lost,
 * and shows again when the plan does.
 */
function asPlanAllows(analysis: Analysis, tier: string) {
  const changes = analysis.trends.filter((trend) => trend.direction !== 'steady').length;
  const count = analysis.findings.length + changes;
  if (hasAnalysis(tier)) return { access: 'full' as const, count, ...analysis };
  return {
    access: 'preview' as const,
    count,
    ...analysis,
    findings: previewFindings(analysis.findings),
    trends: [],
    nextSteps: [],
    retests: [],
    calculated: [],
  };
}

/** A customer's own released report, or NOT_FOUND (another's, or none released). */
async function customersReport(db: Kysely<Database>, customerId: string, bookingId: string) {
  const booking = await reportBooking(db, { id: bookingId });
  if (!booking || booking.customer_id !== customerId) throw new AppError('NOT_FOUND', { entity: 'result' });
  return booking;
}

/** The analysis of the visit a customer's report belongs to, as their plan shows it. */
export async function reportAnalysis(db: Kysely<Database>, keys: ResultKeys, customerId: string, bookingId: string) {
  const booking = await customersReport(db, customerId, bookingId);
  const analysis = await analyseVisit(db, keys, booking);
  if (!analysis.visit.reports.some((report) => report.bookingId === bookingId)) throw new AppError('NOT_FOUND', { entity: 'result' });
  return asPlanAllows(analysis, await subscriptionTierOf(db, customerId));
}

/** For each person of the account with released values, the analysis of their latest visit. */
export async function latestAnalyses(db: Kysely<Database>, keys: ResultKeys, customerId: string) {
  const [reports, tier] = await Promise.all([customerReports(db, customerId), subscriptionTierOf(db, customerId)]);
  const latestPerPerson = new Map<string, string>();
  for (const report of reports) {
    const person = report.familyMemberId ?? 'self';
    if (!latestPerPerson.has(person)) latestPerPerson.set(person, report.bookingId);
  }
  const analyses = [];
  for (const bookingId of latestPerPerson.values()) {
    const booking = await customersReport(db, customerId, bookingId);
    analyses.push(asPlanAllows(await analyseVisit(db, keys, booking), tier));
  }
  return { access: hasAnalysis(tier) ? ('full' as const) : ('preview' as const), analyses };
}

/**
 * The retest a report's analysis suggests under one rule, for a reminder: null when the report is not
 * the customer's, holds no released values, or that rule does not suggest one for it.
 */
export async function retestFor(db: Kysely<Database>, keys: ResultKeys, customerId: string, bookingId: string, ruleId: string) {
  const booking = await reportBooking(db, { id: bookingId });
  if (!booking || booking.customer_id !== customerId) return null;
  const analysis = await analyseVisit(db, keys, booking);
  if (!analysis.visit.reports.some((report) => report.bookingId === bookingId)) return null;
  const retest = analysis.retests.find((candidate) => candidate.ruleId === ruleId);
  if (!retest) return null;
  return {
    loinc: retest.loinc,
    months: retest.months,
    testId: retest.test?.id ?? null,
    sampleDate: new Date(booking.booking_time),
    familyMemberId: booking.family_member_id,
  };
}

/** "How this works": every rule the analysis runs, with its sources, and the sources of the rest. */
export function howItWorks() {
  return {
    rules: rules.map((rule) => ({
      id: rule.id,
      version: rule.version,
      title: rule.title,
      severity: rule.severity,
      sources: rule.sources.map(citation),
    })),
    explained: explanations.length,
    changeLimits: changeLimits.length,
    /** A value past its critical limit: first, on every plan, with what to do now (issue #76). */
    criticalValues: { sources: criticalAdvice.sources.map(citation) },
    /** How far outside its range a value is called "slightly" (a fraction of the range's width) or "well". */
    grading: { slightlyWithin: distanceGrading.slightlyWithin, sources: [citation(distanceGrading.source)] },
    sources: (Object.keys(sources) as SourceId[]).map(citation),
  };
}
