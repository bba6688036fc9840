import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { currentPlan } from '../../../shared/plans.ts';
import type { CriticalCallInput, ResultDraftInput, SignInterpretationInput } from '../../../shared/result-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { completeVisitWithResults } from '../../db/visit-results.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { resealTable, type SealedTable } from '../../platform/key-rotation.ts';
import {
  type Keyring,
  openFile,
  type ResultKeys,
  rewrapDataKey,
  type Seal,
  SealBrokenError,
  sealFile,
  UnknownKeyError,
} from '../../platform/result-sealing.ts';
import { convertValue } from '../../platform/units.ts';
import { analyteNamesInLoincOrder, publishedAndLabRanges, testAnalytesWithAnswers } from '../analytes/analytes.service.ts';
import { unitAliasMap } from '../analytes/unit-aliases.service.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { packageParts } from '../packages/packages.service.ts';
import { afterQuietHours, textAccount } from '../phone/phone-messages.service.ts';
import { subscriptionTierOf } from '../subscriptions/subscriptions.service.ts';
import { guaranteeOnResults } from '../wallet/guarantee.service.ts';
import { rewardReferral } from '../wallet/referrals.service.ts';
import { type ExportedObservation, type ExportedReport, resultsBundle } from './fhir-export.ts';
import { patientMismatch, type SentPatient } from './patient-check.ts';
import { amendsReleased, partsReported, type ReportPart, sameValue } from './report-parts.ts';
import {
  type AnalyteRules,
  ageIn,
  anyCritical,
  chooseRange,
  evaluate,
  type Patient,
  type Ranges,
  type StoredObservation,
  ValueError,
} from './report-values.ts';
import * as repo from './result-reports.repository.ts';

export { type PatientField, patientMismatch } from './patient-check.ts';
export { amendsReleased, withUntouchedParts } from './report-parts.ts';
export {
  type AnalyteRules,
  anyCritical,
  evaluate,
  extraObservation,
  parseSentRange,
  type Ranges,
  type StoredObservation,
  unconvertedObservation,
  ValueError,
  type ValueProblem,
} from './report-values.ts';
/*
 * The report tables and the judging of values are this module's. The intake (result-intake) writes a
 * version of a booking's report in its own transaction, and judges what a lab's system sent, with these
 * (ADR 0087): it reaches them here, through this service, as every module reaches another.
 */
export {
  countFlagDisagreements,
  ensureReport,
  type FlagDisagreement,
  insertVersion,
  releaseDraft,
  replaceDraft,
  syncCriticalCase,
  type VersionWrite,
  versionsOf,
} from './result-reports.repository.ts';

/**
 * Results as data (issue #53, ADR 0057): a booking's report, written by its lab (the form) or its
 * lab's system (HL7 v2, FHIR), kept as versions whose values are sealed under the results key, and
 * read by the patient, the lab and an administrator who gives a reason.
 */

/**
 * A Premium lab's interpretive comment on a report, written by its specialist (from a draft the rules
 * wrote, issue #54) and signed with their name and licence. `signedAt` is null for a comment whose
 * values changed after it was signed: kept for the specialist to review and sign again, never shown
 * to the patient.
 */
export interface Interpretation {
  text: string;
  specialist: { name: string; licence: string };
  signedAt: string | null;
}

/** What a version's sealed document holds. */
export interface ReportDocument {
  v: 1;
  patientSex: 'male' | 'female' | null;
  note: string | null;
  /** What a lab's system sent beside the values (panel code, demographics), shown to the lab only. */
  sender: Record<string, unknown> | null;
  observations: StoredObservation[];
  interpretation?: Interpretation | null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function keyringOf(vault: ResultKeys): Keyring {
  if (!vault.keyring) throw new Error('RESULTS_ENCRYPTION_KEY is not set: result values can be neither sealed nor opened');
  return vault.keyring;
}

/** The storage key a version's values are sealed to: moved to another row, they do not open. */
const valuesKey = (versionId: string) => `values/${versionId}`;

export async function sealDocument(vault: ResultKeys, versionId: string, document: ReportDocument) {
  return sealFile(keyringOf(vault), valuesKey(versionId), encoder.encode(JSON.stringify(document)));
}

interface SealedRow {
  id: string;
  sealed_values: Uint8Array;
  seal_version: number;
  key_id: string;
  wrapped_key: Uint8Array;
  iv: Uint8Array;
}

export async function openDocument(vault: ResultKeys, row: SealedRow): Promise<ReportDocument> {
  const seal: Seal = { version: row.seal_version, keyId: row.key_id, wrappedKey: row.wrapped_key, iv: row.iv };
  try {
    const bytes = await openFile(keyringOf(vault), valuesKey(row.id), row.sealed_values, seal);
    return JSON.parse(decoder.decode(bytes)) as ReportDocument;
  } catch (error) {
    if (error instanceof SealBrokenError) throw new AppError('RESULT_DAMAGED', { resultId: row.id });
    throw error;
  }
}

export type ReportBooking = NonNullable<Awaited<ReturnType<typeof repo.findReportBooking>>>;

/**
 * A booking with what a report needs of it (parties, test, lab, patient, time), for another module: by
 * its id (the analysis) or by the reference a lab's system sends (the intake).
 */
export function reportBooking(db: Kysely<Database>, by: { id: string } | { reference: string }) {
  return repo.findReportBooking(db, by);
}

/** A person's age in whole years on a day (a birthday counts), as the ranges reckon it. */
export function ageInYears(birth: Date, at: Date): number {
  return ageIn('a', birth, at);
}

/**
 * The latest released version of each of a person's reports (the account holder's own when
 * `familyMemberId` is null), opened, oldest first: what the analysis of their results reads.
 */
export async function personsReleasedReports(db: Kysely<Database>, keys: ResultKeys, customerId: string, familyMemberId: string | null) {
  const versions = await repo.releasedVersionsHolding(db, customerId, familyMemberId, 'any');
  return Promise.all(versions.map(async (version) => ({ version, document: await openDocument(keys, version) })));
}

/**
 * Whether a lab's plan has every report it releases carry an interpretive comment its specialist
 * signed: Premium, whose analysis it is (issue #54). A lab on another plan releases as before.
 */
export async function labSignsInterpretations(db: Kysely<Database> | Transaction<Database>, labId: string): Promise<boolean> {
  return currentPlan('lab', await subscriptionTierOf(db, labId)).features.includes('aiAnalysis');
}

/**
 * The comment a draft replacing another keeps: still signed when the values it was signed over are
 * the same (the note or the release kind changed), else its text kept unsigned for the specialist to
 * review. Answers whether the signature stands.
 */
export function carriedInterpretation(
  previous: ReportDocument | null,
  signed: boolean,
  next: Pick<ReportDocument, 'patientSex' | 'observations'>,
): { interpretation: Interpretation | null; keepSignature: boolean } {
  const comment = previous?.interpretation ?? null;
  if (!previous || !comment) return { interpretation: null, keepSignature: false };
  const sameValues = previous.patientSex === next.patientSex && JSON.stringify(previous.observations) === JSON.stringify(next.observations);
  if (signed && sameValues && comment.signedAt !== null) return { interpretation: comment, keepSignature: true };
  return { interpretation: { ...comment, signedAt: null }, keepSignature: false };
}

/** Why no results may be added to a booking's visit (issue #76 item 9): it was cancelled, missed, or is still to come. */
export type VisitNotHeld = 'cancelled' | 'no_show' | 'not_yet';

/** Why the visit did not happen (yet), or null when results may be added to it: from its start on, unless cancelled or missed. */
export function visitNotHeld(booking: Pick<ReportBooking, 'status' | 'booking_time'>, now = new Date()): VisitNotHeld | null {
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status === 'no_show') return 'no_show';
  return new Date(booking.booking_time).getTime() > now.getTime() ? 'not_yet' : null;
}

const VISIT_NOT_HELD_ERROR = { cancelled: 'BOOKING_CANCELLED', no_show: 'BOOKING_NO_SHOW', not_yet: 'VISIT_NOT_YET' } as const;

function assertVisitHeld(booking: Pick<ReportBooking, 'status' | 'booking_time'>) {
  const why = visitNotHeld(booking);
  if (why) throw new AppError(VISIT_NOT_HELD_ERROR[why]);
}

/** The booking, if it is this lab's; anyone else is told it does not exist. */
async function labsBooking(db: Kysely<Database> | Transaction<Database>, labId: string, bookingId: string): Promise<ReportBooking> {
  const booking = await repo.findReportBooking(db, { id: bookingId });
  if (!booking || booking.lab_id !== labId) throw new AppError('NOT_FOUND', { entity: 'booking' });
  return booking;
}

function patientOf(booking: ReportBooking, sex: 'male' | 'female' | null): Patient {
  return {
    sex: sex ?? booking.patient_sex ?? null,
    birthDate: booking.patient_date_of_birth ? new Date(booking.patient_date_of_birth) : null,
    at: new Date(booking.booking_time),
  };
}

async function rulesFor(db: Kysely<Database> | Transaction<Database>, booking: ReportBooking) {
  const analytes = await testAnalytesWithAnswers(db, booking.test_id);
  const ranges: Ranges = await publishedAndLabRanges(
    db,
    booking.lab_id,
    analytes.map((analyte) => analyte.id),
  );
  return { analytes, ranges };
}

/**
 * Each entry judged against its analyte, its unit read as the lab wrote it (the admin's aliases too, as
 * for a lab's system); a value that cannot be stored is refused, naming which.
 */
function evaluateEntries(
  analytes: readonly (AnalyteRules & { required: boolean })[],
  ranges: Ranges,
  patient: Patient,
  entries: ResultDraftInput['observations'],
  unitAliases: ReadonlyMap<string, string>,
): StoredObservation[] {
  const byId = new Map(analytes.map((analyte) => [analyte.id, analyte]));
  const seen = new Set<number>();
  const observations: StoredObservation[] = [];
  entries.forEach((entry, index) => {
    const analyte = byId.get(entry.analyteId);
    if (!analyte || seen.has(entry.analyteId)) throw new AppError('VALIDATION_FAILED', { fields: [`observations.${index}.analyteId`] });
    seen.add(entry.analyteId);
    if (entry.value === '') return;
    try {
      const typed = { entered: entry.value, unit: entry.unit, comment: entry.comment };
      observations.push(evaluate(analyte, typed, ranges, patient, index, unitAliases));
    } catch (error) {
      if (error instanceof ValueError)
        throw new AppError('RESULT_VALUE_INVALID', { index, analyteId: entry.analyteId, problem: error.problem });
      throw error;
    }
  });
  return observations;
}

/**
 * The lab saves its form: the draft is written (a new version after the last release, or the draft
 * replaced), sealed, indexed by analyte; a critical value opens a case the lab must answer by a call.
 * Answers the values as judged, so the form shows each flag as the server decided it.
 */
/** `notify: false` writes the history of a seed: nobody is texted or mailed about it (issue #76 item 9). */
interface WriteOptions {
  notify?: boolean;
}

export async function saveDraft(
  db: Kysely<Database>,
  vault: ResultKeys,
  labId: string,
  input: ResultDraftInput,
  options: WriteOptions = {},
) {
  const booking = await labsBooking(db, labId, input.bookingId);
  assertVisitHeld(booking);
  const { analytes, ranges } = await rulesFor(db, booking);
  const patient = patientOf(booking, input.patientSex);
  const observations = evaluateEntries(analytes, ranges, patient, input.observations, await unitAliasMap(db));
  const critical = anyCritical(observations);
  const versionId = await db.transaction().execute(async (tx) => {
    const reportId = await repo.ensureReport(tx, booking.id);
    const versions = await repo.versionsOf(tx, reportId);
    const draft = versions.find((version) => version.status === 'draft');
    const id = draft?.id ?? crypto.randomUUID();
    // An amendment starts from the released comment, to be signed again over its values.
    const released = versions.find((version) => version.status !== 'draft');
    const releasedDocument = released ? await openDocument(vault, released) : null;
    const { interpretation, keepSignature } = carriedInterpretation(
      draft ? await openDocument(vault, draft) : releasedDocument,
      draft?.interpretation_signed_at != null,
      { patientSex: input.patientSex, observations },
    );
    const document: ReportDocument = { v: 1, patientSex: input.patientSex, note: input.note, sender: null, observations, interpretation };
    const { ciphertext, seal } = await sealDocument(vault, id, document);
    const write: repo.VersionWrite = {
      status: 'draft',
      release_as: input.releaseAs,
      source: 'form',
      analyteIds: observations.flatMap((observation) => (observation.analyteId === null ? [] : [observation.analyteId])),
      amends: amendsReleased(releasedDocument?.observations ?? null, observations),
      writtenBy: labId,
      sealed: ciphertext,
      seal,
    };
    if (draft) await repo.replaceDraft(tx, id, write, keepSignature);
    else await repo.insertVersion(tx, reportId, id, write);
    if ((await repo.syncCriticalCase(tx, id, critical)) && options.notify !== false) await askPatientToExpectCall(tx, booking, id);
    await recordAudit(tx, {
      actorId: labId,
      action: 'result.report_save',
      subjectType: 'result_report',
      subjectId: reportId,
      details: { bookingId: booking.id, versionId: id, values: observations.length, critical, interpretationSigned: keepSignature },
    });
    return id;
  });
  return {
    versionId,
    critical,
    observations: observations.map(({ analyteId, flag, inAnalyteUnit }) => ({ analyteId, flag, inAnalyteUnit })),
  };
}

/**
 * The draft released as it was to be (preliminary or final). A version after an earlier release is an
 * amendment: the earlier one stays, and the patient is told the report changed. A draft holding a
 * critical value is not released until the lab has recorded its call to the patient; a Premium lab's
 * draft, not until its specialist has signed the interpretive comment on these values. Released results
 * complete the visit (issue #77 item 2).
 */
export async function releaseReport(db: Kysely<Database>, labId: string, bookingId: string, options: WriteOptions = {}) {
  const booking = await labsBooking(db, labId, bookingId);
  assertVisitHeld(booking);
  const signatureRequired = await labSignsInterpretations(db, labId);
  return db.transaction().execute(async (tx) => {
    const reportId = await repo.ensureReport(tx, booking.id);
    const versions = await repo.versionsOf(tx, reportId);
    const draft = versions.find((version) => version.status === 'draft');
    if (!draft) throw new AppError('NOTHING_TO_RELEASE');
    if (draft.critical_case_id !== null && draft.call_recorded_at === null) throw new AppError('CRITICAL_CALL_REQUIRED');
    if (signatureRequired && draft.interpretation_signed_at === null) throw new AppError('INTERPRETATION_UNSIGNED');
    const released = await repo.releaseDraft(tx, draft.id, labId);
    if (!released) throw new AppError('NOTHING_TO_RELEASE');
    const news = resultsNews(versions, draft);
    const amended = news === 'amended';
    await completeVisitWithResults(tx, booking.id, new Date());
    await rewardReferral(tx, booking.id);
    await guaranteeOnResults(tx, booking.id);
    await recordAudit(tx, {
      actorId: labId,
      action: 'result.report_release',
      subjectType: 'result_report',
      subjectId: reportId,
      details: { bookingId: booking.id, versionId: draft.id, version: released.version, status: released.status, amended },
    });
    if (options.notify !== false) await tellPatient(tx, booking, draft.id, news);
    return { version: released.version, status: released.status, amended };
  });
}

/**
 * A critical value's case opened: the patient is asked by text, at once and whatever the hour, to answer or
 * call the lab. Never the value, nor the test: only that the lab needs to speak with them.
 */
export async function askPatientToExpectCall(
  tx: Transaction<Database>,
  booking: Pick<ReportBooking, 'customer_id' | 'lab_name_ar' | 'lab_name_en' | 'lab_phone'>,
  versionId: string,
) {
  await textAccount(
    tx,
    booking.customer_id,
    { template: 'critical-value', data: { labName: { ar: booking.lab_name_ar, en: booking.lab_name_en }, labPhone: booking.lab_phone } },
    `critical-value:${versionId}`,
  );
}

/**
 * What a version's release tells its patient: their first results (`ready`), more of them (`more`: a
 * package's next test, or a value the lab had left out), or that released values changed (`amended`).
 */
export type ResultsNews = 'ready' | 'more' | 'amended';

export function resultsNews(versions: readonly { status: string }[], version: { amends: boolean }): ResultsNews {
  if (!versions.some((earlier) => earlier.status !== 'draft')) return 'ready';
  return version.amends ? 'amended' : 'more';
}

/** A link, never a value: neither mail nor a text is a place for health data. */
export async function tellPatient(
  tx: Transaction<Database>,
  booking: Pick<ReportBooking, 'id' | 'customer_id' | 'lab_name_ar' | 'lab_name_en'>,
  versionId: string,
  news: ResultsNews,
) {
  const amended = news === 'amended';
  // The first results are told once per visit; each later release of more of them, once per version.
  const once = news === 'ready' ? booking.id : versionId;
  if (!amended) {
    await textAccount(
      tx,
      booking.customer_id,
      { template: 'results-ready', data: { labName: { ar: booking.lab_name_ar, en: booking.lab_name_en } } },
      `results-ready-text:${once}`,
      afterQuietHours(new Date()),
    );
  }
  const customer = await recipientOf(tx, booking.customer_id);
  if (!customer) return;
  const link = `/dashboard?section=results&report=${booking.id}`;
  await enqueueMail(tx, {
    to: customer.email,
    locale: customer.locale,
    userId: booking.customer_id,
    message: amended
      ? { template: 'results-amended', data: { name: customer.name, link } }
      : { template: 'results-ready', data: { name: customer.name, link } },
    dedupeKey: amended ? `results-amended:${versionId}` : `results-ready:${once}`,
  });
}

/**
 * A Premium lab's specialist signs the interpretive comment on the draft's values, with their name and
 * licence: the draft's document is sealed again holding it (the comment is health data), and the
 * signature is recorded, which releasing the draft needs. The log names the draft, never the text.
 */
export async function signInterpretation(db: Kysely<Database>, vault: ResultKeys, labId: string, input: SignInterpretationInput) {
  if (!(await labSignsInterpretations(db, labId))) throw new AppError('PREMIUM_REQUIRED');
  const booking = await labsBooking(db, labId, input.bookingId);
  assertVisitHeld(booking);
  return db.transaction().execute(async (tx) => {
    const reportId = await repo.ensureReport(tx, booking.id);
    const draft = (await repo.versionsOf(tx, reportId)).find((version) => version.status === 'draft');
    if (!draft) throw new AppError('NOTHING_TO_RELEASE');
    const signedAt = new Date();
    const document: ReportDocument = {
      ...(await openDocument(vault, draft)),
      interpretation: {
        text: input.text,
        specialist: { name: input.specialistName, licence: input.licenceNumber },
        signedAt: signedAt.toISOString(),
      },
    };
    const { ciphertext, seal } = await sealDocument(vault, draft.id, document);
    if (!(await repo.signDraftInterpretation(tx, draft.id, { sealed: ciphertext, seal, signedAt, signedBy: labId })))
      throw new AppError('NOTHING_TO_RELEASE');
    await recordAudit(tx, {
      actorId: labId,
      action: 'result.interpretation_sign',
      subjectType: 'result_report',
      subjectId: reportId,
      details: { bookingId: booking.id, versionId: draft.id },
    });
    return { signedAt: signedAt.toISOString() };
  });
}

/**
 * The draft a lab is about to release, opened for its own reading (the analysis drafts an interpretive
 * comment from it): NOT_FOUND for another lab's booking, NOTHING_TO_RELEASE when no draft is saved.
 */
export async function labDraftDocument(db: Kysely<Database>, vault: ResultKeys, labId: string, bookingId: string) {
  const booking = await labsBooking(db, labId, bookingId);
  const report = await repo.reportOf(db, booking.id);
  const draft = report && (await repo.versionsOf(db, report.id)).find((version) => version.status === 'draft');
  if (!draft) throw new AppError('NOTHING_TO_RELEASE');
  return { booking, document: await openDocument(vault, draft) };
}

/** The comment as its reader sees it: only a signed one, on a version whose signature is recorded. */
function signedInterpretation(document: ReportDocument, version: { interpretation_signed_at: Date | string | null }) {
  const comment = document.interpretation;
  if (!comment?.signedAt || version.interpretation_signed_at === null) return null;
  return { text: comment.text, specialist: comment.specialist, signedAt: comment.signedAt };
}

/** The lab records its call about a critical value: who called, whom, when, and that the value was read back. */
export async function recordCriticalCall(db: Kysely<Database>, labId: string, input: CriticalCallInput) {
  const booking = await labsBooking(db, labId, input.bookingId);
  const calledAt = new Date(input.calledAt);
  if (calledAt.getTime() > Date.now() + 5 * 60_000) throw new AppError('VALIDATION_FAILED', { fields: ['calledAt'] });
  await db.transaction().execute(async (tx) => {
    const report = await repo.reportOf(tx, booking.id);
    const draft = report && (await repo.versionsOf(tx, report.id)).find((version) => version.status === 'draft');
    if (!report || !draft || draft.critical_case_id === null) throw new AppError('NOT_FOUND', { entity: 'critical_case' });
    const recorded = await repo.recordCall(tx, draft.id, { ...input, calledAt, recordedBy: labId });
    if (!recorded) throw new AppError('CONFLICT');
    await recordAudit(tx, {
      actorId: labId,
      action: 'result.critical_call',
      subjectType: 'result_report',
      subjectId: report.id,
      details: { bookingId: booking.id, versionId: draft.id, calledAt: calledAt.toISOString() },
    });
  });
}

type Analyte = AnalyteRules & { required?: boolean };

/** An observation as a reader sees it: in its analyte's unit, the answer in both languages, its range and flag. */
function presentObservation(observation: StoredObservation, analyte: Analyte | undefined) {
  const answer =
    observation.value.kind === 'text' && analyte
      ? analyte.answers.find((candidate) => candidate.en === (observation.value as { text: string }).text)
      : undefined;
  const inOwnUnit = observation.inAnalyteUnit !== null && analyte?.unit;
  return {
    analyteId: observation.analyteId,
    loinc: observation.loinc,
    name: analyte ? { ar: analyte.name_ar, en: analyte.name_en } : null,
    label: observation.label,
    kind: observation.value.kind,
    number: observation.value.kind === 'number' ? (inOwnUnit ? observation.inAnalyteUnit : observation.value.value) : null,
    comparator: observation.value.kind === 'number' ? observation.value.comparator : null,
    text: observation.value.kind === 'text' ? { en: answer?.en ?? observation.value.text, ar: answer?.ar ?? observation.value.text } : null,
    unit: inOwnUnit ? analyte.unit : observation.unit,
    reportedAs: inOwnUnit && observation.unit !== analyte.unit ? { entered: observation.entered, unit: observation.unit } : null,
    decimals: analyte?.decimals ?? null,
    // Whose range it is, shown with it (issue #76 item 8): the lab's (sent with the value, or set by the
    // lab), or a published one, named by its source.
    range: observation.range && {
      low: observation.range.low,
      high: observation.range.high,
      origin: observation.range.origin,
      source: observation.range.origin === 'published' ? observation.range.source : null,
    },
    flag: observation.flag,
    comment: observation.comment,
    extra: observation.extra,
    /** The unit was not recognised: value, range and flag are the lab's as sent, not converted (issue #76 item 1). */
    unitNotRecognised: observation.unitNotRecognised === true,
  };
}

/** Values in other units converted before they share a line: a trend is in the analyte's unit. */
interface TrendPoint {
  bookingId: string;
  at: string;
  value: number;
  flag: StoredObservation['flag'];
  lab: { ar: string; en: string };
}

/**
 * For each analyte, the person's values across all their reports from any lab, oldest first: only the
 * latest released version of each report that holds one of these analytes is opened (ADR 0057).
 */
async function trendsFor(db: Kysely<Database>, vault: ResultKeys, booking: ReportBooking, analyteIds: readonly number[]) {
  const versions = await repo.releasedVersionsHolding(db, booking.customer_id, booking.family_member_id, analyteIds);
  const trends = new Map<number, TrendPoint[]>();
  for (const version of versions) {
    const document = await openDocument(vault, version);
    for (const observation of document.observations) {
      if (observation.analyteId === null || observation.inAnalyteUnit === null || !analyteIds.includes(observation.analyteId)) continue;
      const points = trends.get(observation.analyteId) ?? [];
      points.push({
        bookingId: version.booking_id,
        at: new Date(version.booking_time).toISOString(),
        value: observation.inAnalyteUnit,
        flag: observation.flag,
        lab: { ar: version.lab_name_ar, en: version.lab_name_en },
      });
      trends.set(observation.analyteId, points);
    }
  }
  return trends;
}

/** A released report as its patient (or an administrator) reads it: the latest version, what changed, and trends. */
async function releasedReport(db: Kysely<Database>, vault: ResultKeys, booking: ReportBooking) {
  const report = await repo.reportOf(db, booking.id);
  const released = report ? (await repo.versionsOf(db, report.id)).filter((version) => version.status !== 'draft') : [];
  const latest = released[0];
  if (!report || !latest) throw new AppError('NOT_FOUND', { entity: 'result' });
  const document = await openDocument(vault, latest);
  // What changed is told against the version before the latest amendment, and only of the values that
  // amendment held: a package's test released after it is new, not changed (issue #79 item 1).
  const amendingAt = released.findIndex((version) => version.amends);
  const amending = amendingAt >= 0 ? released[amendingAt] : undefined;
  const previous = amending ? released[amendingAt + 1] : undefined;
  const earlier = previous ? await openDocument(vault, previous) : null;
  const amendment = amending && amending !== latest ? await openDocument(vault, amending) : document;
  const inAmendment = new Set(amendment.observations.map((observation) => observation.analyteId ?? observation.label));
  const [{ analytes }, parts] = await Promise.all([rulesFor(db, booking), visitParts(db, report.id, booking.test_id, document)]);
  const byId = new Map<number, Analyte>(analytes.map((analyte) => [analyte.id, analyte]));
  const trends = await trendsFor(
    db,
    vault,
    booking,
    document.observations.flatMap((observation) => (observation.analyteId === null ? [] : [observation.analyteId])),
  );
  const before = new Map(earlier?.observations.map((observation) => [observation.analyteId ?? observation.label, observation]));
  return {
    booking: {
      id: booking.id,
      at: new Date(booking.booking_time).toISOString(),
      timeZone: booking.time_zone,
      test: { ar: booking.test_name_ar, en: booking.test_name_en },
      lab: { ar: booking.lab_name_ar, en: booking.lab_name_en, phone: booking.lab_phone },
      patientName: booking.patient_name,
    },
    version: latest.version,
    status: latest.status,
    releasedAt: latest.released_at ? new Date(latest.released_at).toISOString() : null,
    amended: amending !== undefined,
    parts,
    note: document.note,
    interpretation: signedInterpretation(document, latest),
    observations: document.observations.map((observation) => {
      const analyte = observation.analyteId === null ? undefined : byId.get(observation.analyteId);
      const old = before.get(observation.analyteId ?? observation.label);
      const changed =
        earlier !== null && inAmendment.has(observation.analyteId ?? observation.label) && (!old || !sameValue(old, observation));
      return {
        ...presentObservation(observation, analyte),
        previous: changed && old ? presentObservation(old, analyte) : null,
        changed,
        trend: observation.analyteId === null ? [] : (trends.get(observation.analyteId) ?? []),
      };
    }),
  };
}

/**
 * A package visit's tests, each with whether its values are in and when they were first released (issue
 * #79 item 1); none for a test booked alone.
 */
async function visitParts(db: Kysely<Database>, reportId: string, testId: number, document: ReportDocument) {
  const parts: ReportPart[] = await packageParts(db, testId);
  if (parts.length === 0) return [];
  const firstReleased = new Map(
    (await repo.firstReleasedPerAnalyte(db, reportId)).map((row) => [row.analyte_id, row.released_at ? new Date(row.released_at) : null]),
  );
  return partsReported(parts, document.observations).map(({ part, reported }) => {
    const times = [...part.analyteIds].flatMap((id) => {
      const at = firstReleased.get(id);
      return at ? [at.getTime()] : [];
    });
    return {
      testId: part.testId,
      name: part.name,
      reported,
      releasedAt: reported && times.length > 0 ? new Date(Math.min(...times)).toISOString() : null,
    };
  });
}

/**
 * A released report for a reader the caller has already let in (a doctor's share link): the same view
 * as its patient's. The caller logs the read.
 */
export async function releasedReportForBooking(db: Kysely<Database>, keys: ResultKeys, bookingId: string) {
  const booking = await repo.findReportBooking(db, { id: bookingId });
  if (!booking) throw new AppError('NOT_FOUND', { entity: 'result' });
  return releasedReport(db, keys, booking);
}

/**
 * The coded values of a booking's latest final report, for its insurance claim (issue #80 item 5): each
 * number with a LOINC code and a recognised UCUM unit, and when the report was released; null while no
 * version is final. Read by the lab's own claim, not shown to anyone.
 */
export async function finalValuesForClaim(db: Kysely<Database>, keys: ResultKeys, bookingId: string) {
  const report = await repo.reportOf(db, bookingId);
  const final = report ? (await repo.versionsOf(db, report.id)).find((version) => version.status === 'final') : undefined;
  if (!final?.released_at) return null;
  const document = await openDocument(keys, final);
  return {
    releasedAt: new Date(final.released_at).toISOString(),
    values: document.observations.flatMap((observation) =>
      observation.loinc && observation.value.kind === 'number' && observation.unit && !observation.unitNotRecognised
        ? [{ loinc: observation.loinc, label: observation.label, value: observation.value.value, unit: observation.unit }]
        : [],
    ),
  };
}

/** The customer's reports with released values, newest first (the account holder's and their family's). */
export async function customerReports(db: Kysely<Database>, customerId: string) {
  const rows = await repo.customerReleasedReports(db, customerId);
  return rows.map((row) => ({
    bookingId: row.booking_id,
    at: new Date(row.booking_time).toISOString(),
    familyMemberId: row.family_member_id,
    patientName: row.patient_name,
    test: { ar: row.test_name_ar, en: row.test_name_en },
    lab: { ar: row.lab_name_ar, en: row.lab_name_en },
    version: Number(row.version),
    amended: row.amended === true,
    releasedAt: row.released_at ? new Date(row.released_at).toISOString() : null,
  }));
}

/** One released report for its patient; anyone else is told it does not exist. */
export async function customerReport(db: Kysely<Database>, vault: ResultKeys, customerId: string, bookingId: string) {
  const booking = await repo.findReportBooking(db, { id: bookingId });
  if (!booking || booking.customer_id !== customerId) throw new AppError('NOT_FOUND', { entity: 'result' });
  return releasedReport(db, vault, booking);
}

/**
 * An administrator reads a patient's released report, giving a reason: the read is in the audit log
 * (and in the patient's access log), and the patient is told by mail, as for a result file.
 */
export async function adminReport(
  db: Kysely<Database>,
  vault: ResultKeys,
  adminId: string,
  bookingId: string,
  reason: string,
  clientIp: string,
) {
  const booking = await repo.findReportBooking(db, { id: bookingId });
  if (!booking) throw new AppError('NOT_FOUND', { entity: 'result' });
  const view = await releasedReport(db, vault, booking);
  await db.transaction().execute(async (tx) => {
    const report = await repo.reportOf(tx, booking.id);
    const readAt = await recordAudit(tx, {
      actorId: adminId,
      action: 'result.read',
      subjectType: 'result_report',
      subjectId: report!.id,
      details: { bookingId: booking.id, role: 'admin', ip: clientIp, reason },
    });
    const patient = await recipientOf(tx, booking.customer_id);
    if (patient) {
      await enqueueMail(tx, {
        to: patient.email,
        locale: patient.locale,
        userId: booking.customer_id,
        message: {
          template: 'result-opened-by-staff',
          data: { name: patient.name, openedAt: readAt.toISOString(), reason, link: '/dashboard?section=results' },
        },
      });
    }
  });
  return view;
}

/** The units a lab may pick for an analyte: its own, and those its ranges or molar mass convert to, each with its factor. */
function unitChoices(analyte: Analyte, ranges: Ranges) {
  if (analyte.kind !== 'numeric' || !analyte.unit) return [];
  const own = analyte.unit;
  const candidates = new Set([own, ...ranges.published.filter((row) => row.analyte_id === analyte.id).map((row) => row.unit)]);
  if (analyte.molar_mass !== null) candidates.add(own.includes('mol') ? 'mg/dL' : 'mmol/L');
  return [...candidates].flatMap((code) => {
    const factor = convertValue(1, code, own, analyte.molar_mass === null ? null : Number(analyte.molar_mass));
    return factor === null ? [] : [{ code, factor }];
  });
}

/**
 * What the lab's result form needs for one of its bookings: the test's analytes with their units,
 * answers and ranges (for each sex, so the flag shows as the value is typed), the draft's entries, the
 * released versions, and the critical case. The lab reading its patient's values is logged.
 */
export async function labReportSheet(db: Kysely<Database>, vault: ResultKeys, labId: string, bookingId: string, clientIp: string) {
  const booking = await labsBooking(db, labId, bookingId);
  const { analytes, ranges } = await rulesFor(db, booking);
  const signatureRequired = await labSignsInterpretations(db, labId);
  const report = await repo.reportOf(db, booking.id);
  const versions = report ? await repo.versionsOf(db, report.id) : [];
  const draftRow = versions.find((version) => version.status === 'draft');
  const latestReleased = versions.find((version) => version.status !== 'draft');
  const shown = draftRow ?? latestReleased;
  const document = shown ? await openDocument(vault, shown) : null;
  if (report && document) {
    await recordAudit(db, {
      actorId: labId,
      action: 'result.read',
      subjectType: 'result_report',
      subjectId: report.id,
      details: { bookingId: booking.id, role: 'lab', ip: clientIp },
    });
  }
  const rangeFor = (rows: Ranges['published'], analyte: Analyte, sex: 'male' | 'female' | null) => {
    const bounds = chooseRange(rows, analyte, patientOf(booking, sex));
    return bounds && { low: bounds.low, high: bounds.high };
  };
  return {
    booking: {
      id: booking.id,
      status: booking.status,
      at: new Date(booking.booking_time).toISOString(),
      test: { ar: booking.test_name_ar, en: booking.test_name_en },
      // Whom the sample is from: the family member, or the account holder.
      patientName: booking.patient_name ?? booking.customer_name,
      patientSex: booking.patient_sex,
    },
    analytes: analytes.map((analyte) => ({
      id: analyte.id,
      loinc: analyte.loinc,
      name: { ar: analyte.name_ar, en: analyte.name_en },
      kind: analyte.kind,
      unit: analyte.unit,
      decimals: analyte.decimals,
      required: analyte.required,
      answers: analyte.answers,
      units: unitChoices(analyte, ranges),
      // Whose ranges the form judges by (issue #76 item 8): the lab's own, set in its dashboard, or the published ones.
      rangeOrigin: ranges.lab.some((row) => row.analyte_id === analyte.id) ? ('lab' as const) : ('published' as const),
      ranges: Object.fromEntries(
        (['male', 'female', null] as const).map((sex) => [
          sex ?? 'unknown',
          {
            range: rangeFor(ranges.lab.some((row) => row.analyte_id === analyte.id) ? ranges.lab : ranges.published, analyte, sex),
            critical: rangeFor(ranges.critical, analyte, sex),
          },
        ]),
      ) as Record<
        'male' | 'female' | 'unknown',
        { range: { low: number | null; high: number | null } | null; critical: { low: number | null; high: number | null } | null }
      >,
    })),
    entries: document
      ? {
          fromDraft: draftRow !== undefined,
          releaseAs: draftRow?.release_as ?? null,
          patientSex: document.patientSex,
          note: document.note,
          sender: document.sender,
          // The lab checks the sample is this patient's where its system's PID-7/PID-8 differ from the booking's person (issue #76 item 3).
          patientMismatch: patientMismatch(
            { sex: booking.patient_sex, dateOfBirth: booking.patient_date_of_birth },
            (document.sender?.patient ?? undefined) as SentPatient | undefined,
          ),
          observations: document.observations.map((observation) => ({
            analyteId: observation.analyteId,
            label: observation.label,
            entered: observation.entered,
            unit: observation.unit,
            unitAsSent: observation.unitAsSent ?? null,
            unitNotRecognised: observation.unitNotRecognised === true,
            range: observation.unitNotRecognised ? observation.range : null,
            comment: observation.comment,
            flag: observation.flag,
            extra: observation.extra,
          })),
        }
      : null,
    versions: versions.map((version) => ({
      version: version.version,
      status: version.status,
      source: version.source,
      writtenAt: new Date(version.written_at).toISOString(),
      releasedAt: version.released_at ? new Date(version.released_at).toISOString() : null,
    })),
    interpretation: {
      /** Whether this lab's releases need a signed comment (Premium): the form shows the comment's panel. */
      required: signatureRequired,
      /** The comment on the values shown (the draft's, or the latest release's to amend); signedAt null when it needs signing again. */
      comment: document?.interpretation
        ? {
            text: document.interpretation.text,
            specialist: document.interpretation.specialist,
            signedAt: shown?.interpretation_signed_at != null ? document.interpretation.signedAt : null,
          }
        : null,
    },
    critical: draftRow?.critical_case_id
      ? {
          callRecorded: draftRow.call_recorded_at !== null,
          callerName: draftRow.caller_name,
          calledPerson: draftRow.called_person,
          calledAt: draftRow.called_at ? new Date(draftRow.called_at).toISOString() : null,
        }
      : null,
  };
}

/** Critical values whose call is not recorded within an hour, for the administrator (no value shown). */
export async function overdueCriticalValues(db: Kysely<Database>, now = new Date()) {
  const rows = await repo.overdueCriticalCases(db, new Date(now.getTime() - 60 * 60_000));
  return rows.map((row) => ({
    id: row.id,
    bookingId: row.booking_id,
    reference: row.reference,
    openedAt: new Date(row.opened_at).toISOString(),
    lab: { id: row.lab_id, ar: row.lab_name_ar, en: row.lab_name_en, phone: row.lab_phone },
  }));
}

/** Where labs' flags differed from ours (ADR 0081): no patient, no value, only counts by lab and analyte. */
export async function flagDisagreements(db: Kysely<Database>) {
  const rows = await repo.flagDisagreements(db);
  // The analytes named once for the list, in the database's LOINC order: each (time, lab) is ordered by it.
  const named = await analyteNamesInLoincOrder(
    db,
    rows.map((row) => row.analyte_id),
  );
  const byId = new Map(named.map((analyte, order) => [analyte.id, { ...analyte, order }]));
  const listed = rows
    .flatMap((row) => {
      const analyte = byId.get(row.analyte_id);
      return analyte ? [{ ...row, analyte, place: Number(row.place) }] : [];
    })
    .sort((a, b) => a.place - b.place || a.analyte.order - b.analyte.order)
    .slice(0, 200);
  return listed.map(({ analyte, ...row }) => ({
    lab: { id: row.lab_id, ar: row.lab_name_ar, en: row.lab_name_en },
    analyte: { loinc: analyte.loinc, ar: analyte.name_ar, en: analyte.name_en },
    labFlag: row.lab_flag,
    ourFlag: row.our_flag,
    count: row.count,
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
  }));
}

export interface ValueRotationReport {
  rewrapped: number;
  alreadyCurrent: number;
  /** Versions whose wrapped key no longer unwraps. */
  damaged: string[];
}

/** A version's seal as the rotation reads it. */
interface VersionSeal {
  id: string;
  seal_version: number;
  key_id: string;
  wrapped_key: Uint8Array;
  iv: Uint8Array;
}

/**
 * Re-wraps every report version's data key under the current master key, as rotateDataKeys does for
 * files; the sealed values are not touched. A key id in use that the keyring lacks stops it first.
 */
export async function rotateValueKeys(db: Kysely<Database>, keyring: Keyring): Promise<ValueRotationReport> {
  const perKey = await repo.versionsPerKey(db);
  const unknown = perKey.flatMap((row) => (keyring.byId.has(row.key_id) ? [] : [row.key_id]));
  if (unknown.length > 0) throw new UnknownKeyError(unknown, 'result values');
  const sealedVersions: SealedTable<VersionSeal> = {
    table: 'result_report_versions',
    id: 'id',
    sealed: ['seal_version', 'wrapped_key', 'iv'],
    clear: 'leave',
    batch: 200,
    reseal: async (version) => {
      const seal: Seal = { version: version.seal_version, keyId: version.key_id, wrappedKey: version.wrapped_key, iv: version.iv };
      return repo.replaceVersionKey(db, version.id, seal.keyId, await rewrapDataKey(keyring, seal));
    },
  };
  const { resealed, damaged } = await resealTable(db, sealedVersions, keyring.current.id);
  return {
    rewrapped: resealed,
    alreadyCurrent: Number(perKey.find((row) => row.key_id === keyring.current.id)?.versions ?? 0),
    damaged,
  };
}

function exportedObservation(observation: StoredObservation, analyte: Analyte | undefined): ExportedObservation {
  const shown = presentObservation(observation, analyte);
  const names = shown.name ?? { en: observation.label ?? observation.loinc ?? '', ar: observation.label ?? observation.loinc ?? '' };
  return {
    loinc: observation.loinc,
    name_en: names.en,
    name_ar: names.ar,
    value: shown.kind === 'number' ? shown.number! : shown.text!.en,
    ...(shown.comparator && { comparator: shown.comparator }),
    ...(shown.unit && shown.kind === 'number' && { unit: shown.unit }),
    ...(shown.range?.low != null && { low: shown.range.low }),
    ...(shown.range?.high != null && { high: shown.range.high }),
    ...(shown.range && { rangeOrigin: { published: shown.range.origin === 'published', source: shown.range.source } }),
    interpretation: shown.flag,
    ...(shown.comment && { note: shown.comment }),
  };
}

/**
 * Every released report of the customer (theirs and their family's, the latest version of each) as a
 * FHIR R4 Bundle: their own download and their data export (issue #53 items 4 and 7).
 */
export async function customerFhirBundle(db: Kysely<Database>, keys: ResultKeys, customerId: string, language: 'ar' | 'en') {
  const reports: ExportedReport[] = [];
  for (const { booking_id } of await repo.customerReleasedReports(db, customerId)) {
    const booking = (await repo.findReportBooking(db, { id: booking_id }))!;
    const report = await repo.reportOf(db, booking_id);
    const released = (await repo.versionsOf(db, report!.id)).filter((version) => version.status !== 'draft');
    const latest = released[0];
    if (!latest) continue;
    const document = await openDocument(keys, latest);
    const [{ analytes }, parts] = await Promise.all([rulesFor(db, booking), visitParts(db, report!.id, booking.test_id, document)]);
    const byId = new Map<number, Analyte>(analytes.map((analyte) => [analyte.id, analyte]));
    reports.push({
      reference: booking.reference,
      status: released.some((version) => version.amends)
        ? 'amended'
        : parts.some((part) => !part.reported)
          ? 'partial'
          : latest.status === 'preliminary'
            ? 'preliminary'
            : 'final',
      issuedAt: new Date(latest.released_at!).toISOString(),
      effectiveAt: new Date(booking.booking_time).toISOString(),
      test: { name_en: booking.test_name_en, name_ar: booking.test_name_ar },
      lab: { name_en: booking.lab_name_en, name_ar: booking.lab_name_ar },
      patientName: booking.patient_name ?? booking.customer_name,
      observations: document.observations.map((observation) =>
        exportedObservation(observation, observation.analyteId === null ? undefined : byId.get(observation.analyteId)),
      ),
      interpretation: signedInterpretation(document, latest),
    });
  }
  return resultsBundle(reports, { language });
}
