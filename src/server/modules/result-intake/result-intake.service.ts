import type { Kysely, Transaction } from 'kysely';
import { normalizeBookingReference } from '../../../shared/booking-reference.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { completeVisitWithResults } from '../../db/visit-results.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import type { ResultKeys } from '../../platform/result-sealing.ts';
import { publishedAndLabRanges, testAnalytesWithAnswers } from '../analytes/analytes.service.ts';
import { countUnrecognisedUnits, unitAliasMap } from '../analytes/unit-aliases.service.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { packageParts } from '../packages/packages.service.ts';
import {
  type AnalyteRules,
  amendsReleased,
  anyCritical,
  askPatientToExpectCall,
  carriedInterpretation,
  countFlagDisagreements,
  ensureReport,
  evaluate,
  extraObservation,
  type FlagDisagreement,
  insertVersion,
  labSignsInterpretations,
  openDocument,
  type PatientField,
  parseSentRange,
  patientMismatch,
  type Ranges,
  type ReportDocument,
  releaseDraft,
  replaceDraft,
  reportBooking,
  resultsNews,
  type StoredObservation,
  sealDocument,
  syncCriticalCase,
  tellPatient,
  unconvertedObservation,
  ValueError,
  type ValueProblem,
  type VersionWrite,
  type VisitNotHeld,
  versionsOf,
  visitNotHeld,
  withUntouchedParts,
} from '../result-reports/result-reports.service.ts';
import { guaranteeOnResults } from '../wallet/guarantee.service.ts';
import { rewardReferral } from '../wallet/referrals.service.ts';
import type { IncomingObservation, IncomingReport } from './incoming-report.ts';
import * as repo from './result-intake.repository.ts';

/**
 * What a lab's own system sent (HL7 v2 ORU^R01 or a FHIR R4 Bundle, read into one IncomingReport),
 * written as a version of its booking's report (ADR 0057, 0060). The booking is found by its reference
 * alone; what else the message says of the patient or the panel is kept for the lab, never a reason
 * to refuse. A repeated message (the same sender's id) is answered as it was the first time and
 * writes nothing.
 */

export type IntakeFormat = 'hl7v2' | 'fhir';

/** An HTTP answer in the format's own words (an ACK, an OperationOutcome). */
export interface IntakeAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Why an accepted report waits as a draft: a critical value's call to record, a Premium lab's comment to sign. */
export type HeldFor = 'critical_call' | 'signature';

/**
 * A value kept as sent, unconverted, because UCUM cannot read its unit (`unknown_unit`) or convert it to
 * its analyte's (`unit_not_convertible`): the message is accepted, and the lab is told which (issue #76).
 */
export interface UnitWarning {
  observation: IncomingObservation;
  problem: 'unknown_unit' | 'unit_not_convertible';
}

export type IntakeOutcome =
  /**
   * `held` is empty when the report was released at once; `warnings` name the values kept unconverted;
   * `patientMismatch`, where the patient the lab's system sent differs from the booking's person.
   */
  | { kind: 'accepted'; version: number; held: HeldFor[]; values: number; warnings: UnitWarning[]; patientMismatch: PatientField[] }
  | { kind: 'unknown_booking' }
  /** The visit was cancelled, missed, or is still to come: `locale` is the lab's, for the reason's words. */
  | { kind: 'visit_not_held'; reason: VisitNotHeld; locale: Locale }
  | { kind: 'other_lab' }
  | { kind: 'invalid_value'; observation: IncomingObservation; problem: ValueProblem };

export interface IntakeRequest {
  labId: string;
  keyId: string;
  format: IntakeFormat;
  report: IncomingReport;
  clientIp: string;
}

const FLAGS_WE_KNOW = new Set(['L', 'H', 'LL', 'HH', 'N', 'A']);

/** The range as sent, in the value's unit: its bounds when given apart, else its text. */
function sentRange(observation: IncomingObservation) {
  const range = observation.referenceRange;
  if (!range) return null;
  if (range.low !== undefined || range.high !== undefined) {
    if (range.unit && range.unit !== observation.unit) return null;
    return { low: range.low === undefined ? null : Number(range.low), high: range.high === undefined ? null : Number(range.high) };
  }
  return range.text ? parseSentRange(range.text) : null;
}

/**
 * One value as stored. A value whose unit UCUM cannot read or convert is kept as sent, unconverted,
 * with a warning, never a reason to refuse the report (issue #76 item 1); a unit that takes the value
 * past any lab value (`unit_out_of_range`) still refuses it.
 */
function toStored(
  observation: IncomingObservation,
  analyte: AnalyteRules | undefined,
  ranges: Ranges,
  patient: Parameters<typeof evaluate>[3],
  index: number,
  unitAliases: ReadonlyMap<string, string>,
): { stored: StoredObservation; warning?: UnitWarning } {
  const entry = {
    entered:
      observation.kind === 'quantity' && observation.comparator ? `${observation.comparator}${observation.value}` : observation.value,
    unit: observation.unit ?? null,
    comment: observation.note ?? null,
    sentRange: sentRange(observation),
    sentFlags: (observation.abnormalFlags ?? []).filter((flag) => FLAGS_WE_KNOW.has(flag)),
  };
  if (analyte) {
    try {
      return { stored: evaluate(analyte, entry, ranges, patient, index, unitAliases) };
    } catch (error) {
      if (!(error instanceof ValueError) || (error.problem !== 'unknown_unit' && error.problem !== 'unit_not_convertible')) throw error;
      const stored = unconvertedObservation(analyte, { ...entry, unit: entry.unit! }, index);
      return { stored, warning: { observation, problem: error.problem } };
    }
  }
  return {
    stored: extraObservation({
      ...entry,
      analyteId: null,
      loinc: observation.loinc,
      label: observation.code.display || observation.code.code,
    }),
  };
}

/** Where the lab's flag and ours differ, by analyte, for the admin's count (ADR 0081). */
function flagDisagreements(observations: readonly StoredObservation[]): FlagDisagreement[] {
  return observations.flatMap(({ analyteId, disagreement }) =>
    analyteId === null || !disagreement ? [] : [{ analyteId, labFlag: disagreement.lab, ourFlag: disagreement.ours }],
  );
}

/**
 * Receives one report. `answer` turns the outcome into the format's answer; an accepted message's
 * answer is kept with it (result_intake_messages), so a repeat gets it back unchanged.
 */
export async function receiveReport(
  db: Kysely<Database>,
  keys: ResultKeys,
  request: IntakeRequest,
  answer: (outcome: IntakeOutcome) => IntakeAnswer,
): Promise<IntakeAnswer> {
  const { labId, format, report } = request;
  const earlier = await repo.intakeAnswer(db, labId, format, report.messageId);
  if (earlier) return earlier;

  const reference = normalizeBookingReference(report.bookingReference);
  const booking = reference ? await reportBooking(db, { reference }) : undefined;
  const refused = async (outcome: IntakeOutcome, reason: string) => {
    await recordAudit(db, {
      actorId: labId,
      action: 'result.report_received',
      subjectType: 'result_report',
      subjectId: booking?.id ?? reference ?? 'unknown',
      details: { format, messageId: report.messageId, keyId: request.keyId, ip: request.clientIp, outcome: reason },
    });
    return answer(outcome);
  };
  // Another lab's booking is answered like one that does not exist to anyone who could not know it,
  // but the sender is a lab holding a key: it is told it may not write there, and it is logged.
  if (!booking) return refused({ kind: 'unknown_booking' }, 'unknown_booking');
  if (booking.lab_id !== labId) return refused({ kind: 'other_lab' }, 'other_lab');
  const notHeld = visitNotHeld(booking);
  if (notHeld) {
    const locale = (await recipientOf(db, labId))?.locale ?? 'ar';
    return refused({ kind: 'visit_not_held', reason: notHeld, locale }, `visit_not_held:${notHeld}`);
  }

  const [analytes, parts] = await Promise.all([testAnalytesWithAnswers(db, booking.test_id), packageParts(db, booking.test_id)]);
  const byLoinc = new Map(analytes.map((analyte) => [analyte.loinc, analyte]));
  const ranges = await publishedAndLabRanges(
    db,
    labId,
    analytes.map((analyte) => analyte.id),
  );
  const patient = {
    sex: booking.patient_sex ?? (report.patient?.sex === 'male' || report.patient?.sex === 'female' ? report.patient.sex : null),
    birthDate: booking.patient_date_of_birth
      ? new Date(booking.patient_date_of_birth)
      : report.patient?.birthDate
        ? new Date(`${report.patient.birthDate}T00:00:00Z`)
        : null,
    at: new Date(booking.booking_time),
  };
  // A wrong-patient guard: told to the lab, never a reason to hold the values (issue #76 item 3).
  const mismatch = patientMismatch({ sex: booking.patient_sex, dateOfBirth: booking.patient_date_of_birth }, report.patient);
  const unitAliases = await unitAliasMap(db);
  const observations: StoredObservation[] = [];
  const warnings: UnitWarning[] = [];
  for (const [index, observation] of report.observations.entries()) {
    try {
      const analyte = observation.loinc ? byLoinc.get(observation.loinc) : undefined;
      const { stored, warning } = toStored(observation, analyte, ranges, patient, index, unitAliases);
      observations.push(stored);
      if (warning) warnings.push(warning);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      return refused({ kind: 'invalid_value', observation, problem: error.problem }, `invalid_value:${error.problem}`);
    }
  }

  const critical = anyCritical(observations);
  // A Premium lab's report waits for its specialist's signed comment, as one with a critical value waits for the call.
  const signatureRequired = await labSignsInterpretations(db, labId);
  const held: HeldFor[] = [];
  if (critical) held.push('critical_call');
  if (signatureRequired) held.push('signature');
  const document: ReportDocument = {
    v: 1,
    patientSex: patient.sex,
    note: null,
    sender: {
      format,
      messageId: report.messageId,
      ...(report.panel && { panel: report.panel }),
      ...(report.patient && { patient: report.patient }),
      ...(report.issuedAt && { issuedAt: report.issuedAt }),
    },
    observations,
  };
  const releaseAs = report.status === 'preliminary' ? 'preliminary' : 'final';
  const claimed = await db.transaction().execute(async (tx) => {
    // The message's id is claimed first: a second copy arriving at the same moment waits here, then
    // finds the first one's answer.
    if (!(await repo.claimIntakeMessage(tx, labId, format, report.messageId))) return null;
    const reportId = await ensureReport(tx, booking.id);
    const versions = await versionsOf(tx, reportId);
    const draft = versions.find((version) => version.status === 'draft');
    const released = versions.find((version) => version.status !== 'draft');
    const id = draft?.id ?? crypto.randomUUID();
    const releasedDocument = released ? await openDocument(keys, released) : null;
    const earlier = draft ? await openDocument(keys, draft) : releasedDocument;
    // A package's tests are reported one by one: the message's values, and the others' as they were (issue #79).
    const whole = { ...document, observations: withUntouchedParts(parts, earlier?.observations ?? null, observations) };
    const amends = amendsReleased(releasedDocument?.observations ?? null, whole.observations);
    const news = resultsNews(versions, { amends });
    // New values keep an earlier comment's text for the specialist to review, never its signature.
    const { interpretation } = carriedInterpretation(signatureRequired ? earlier : null, false, whole);
    const { ciphertext, seal } = await sealDocument(keys, id, { ...whole, interpretation });
    const write: VersionWrite = {
      status: held.length > 0 ? 'draft' : releaseAs,
      release_as: held.length > 0 ? releaseAs : null,
      source: format,
      analyteIds: whole.observations.flatMap((observation) => (observation.analyteId === null ? [] : [observation.analyteId])),
      amends,
      writtenBy: labId,
      sealed: ciphertext,
      seal,
    };
    let version: number;
    if (draft) {
      // What the lab's system sends replaces an unreleased draft typed in the form.
      await replaceDraft(tx, id, { ...write, status: 'draft', release_as: releaseAs });
      version = draft.version;
      if (held.length === 0) await releaseDraft(tx, id, labId);
    } else {
      version = (await insertVersion(tx, reportId, id, write)).version;
    }
    await countUnrecognisedUnits(
      tx,
      labId,
      warnings.flatMap((warning) => (warning.problem === 'unknown_unit' && warning.observation.unit ? [warning.observation.unit] : [])),
    );
    if (await syncCriticalCase(tx, id, critical)) await askPatientToExpectCall(tx, booking, id);
    await countFlagDisagreements(tx, labId, flagDisagreements(observations));
    if (critical) await tellLabItIsHeld(tx, labId, booking.reference, 'critical-value-received');
    if (signatureRequired) await tellLabItIsHeld(tx, labId, booking.reference, 'interpretation-to-sign');
    if (held.length === 0) {
      await completeVisitWithResults(tx, booking.id, new Date());
      await rewardReferral(tx, booking.id);
      await guaranteeOnResults(tx, booking.id);
      await tellPatient(tx, booking, id, news);
    }
    await recordAudit(tx, {
      actorId: labId,
      action: 'result.report_received',
      subjectType: 'result_report',
      subjectId: reportId,
      details: {
        format,
        messageId: report.messageId,
        keyId: request.keyId,
        ip: request.clientIp,
        versionId: id,
        values: observations.length,
        unconverted: warnings.length,
        critical,
        outcome: critical ? 'held_for_call' : signatureRequired ? 'held_for_signature' : 'released',
      },
    });
    const response = answer({ kind: 'accepted', version, held, values: observations.length, warnings, patientMismatch: mismatch });
    await repo.keepIntakeAnswer(tx, labId, format, report.messageId, id, response);
    return response;
  });
  return claimed ?? (await repo.intakeAnswer(db, labId, format, report.messageId))!;
}

/**
 * The lab is told at once that its system's report is held: a value it sent is critical
 * (`critical-value-received`), or, at a Premium lab, the interpretive comment waits for its
 * specialist's signature (`interpretation-to-sign`). A link to the booking, never a value.
 */
async function tellLabItIsHeld(
  tx: Transaction<Database>,
  labId: string,
  reference: string,
  template: 'critical-value-received' | 'interpretation-to-sign',
) {
  const lab = await recipientOf(tx, labId);
  if (!lab) return;
  await enqueueMail(tx, {
    to: lab.email,
    locale: lab.locale,
    userId: labId,
    message: { template, data: { name: lab.name, reference, link: `/dashboard?section=bookings&q=${encodeURIComponent(reference)}` } },
    dedupeKey: `${template}:${reference}:${Date.now()}`,
  });
}
