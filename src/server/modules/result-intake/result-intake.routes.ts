import type { OperationOutcomeIssue } from '@medplum/fhirtypes';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../platform/logger.ts';
import type { ResultKeys } from '../../platform/result-sealing.ts';
import { authenticateLabApiKey, limitLabApiKey } from '../lab-api-keys/lab-api-keys.service.ts';
import type { PatientField, VisitNotHeld } from '../result-reports/result-reports.service.ts';
import { operationOutcome, parseFhirBundle } from './fhir-bundle.ts';
import type { AckContext, Hl7Error } from './hl7-oru.ts';
import type { IncomingObservation } from './incoming-report.ts';
import { type HeldFor, type IntakeAnswer, type IntakeOutcome, receiveReport, type UnitWarning } from './result-intake.service.ts';

/**
 * A lab's own system sends results (issue #53 item 3, ADR 0060): `POST /hl7/v2` takes an HL7 v2.5.1
 * ORU^R01 and answers an ACK; `POST /fhir/r4` takes a FHIR R4 Bundle and answers an OperationOutcome.
 * `Authorization: Bearer <key>` names the lab (ADR 0059); bad input is answered in the format's own
 * words with a 4xx, never a 5xx. Neither answer nor log carries a value.
 */

interface Deps {
  db: Kysely<Database>;
  env: Env;
  /** The master keys the values are sealed with, made once per configuration (ADR 0088). */
  keys: Promise<ResultKeys>;
  clientIp?: (c: Context) => string | undefined;
  log: Logger;
}

/** Far above a report of a few hundred values; a message is refused past it before it is read. */
export const INTAKE_MAX_BYTES = 1024 * 1024;

const HL7_TYPES = ['application/hl7-v2', 'text/plain', 'x-application/hl7-v2+er7'];
const FHIR_TYPES = ['application/fhir+json', 'application/json'];
const HL7_CONTENT_TYPE = 'application/hl7-v2; charset=utf-8';
const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

const mediaType = (c: Context) => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

type ValueProblem = Extract<IntakeOutcome, { kind: 'invalid_value' }>['problem'];

/** The problems that are in a value's unit (OBX-6, valueQuantity.code) rather than in its number. */
const UNIT_PROBLEMS: ReadonlySet<ValueProblem> = new Set(['unknown_unit', 'unit_not_convertible', 'unit_out_of_range']);

/** Which field of the OBX a value's problem is in: the value (OBX-5) or its unit (OBX-6). */
const hl7Field = (observation: IncomingObservation, problem: ValueProblem) => `${observation.path}-${UNIT_PROBLEMS.has(problem) ? 6 : 5}`;

const VALUE_PROBLEM_TEXT: Record<ValueProblem, string> = {
  empty: 'The observation has no value',
  not_a_number: 'The value must be a number for this analyte',
  unknown_unit: 'The unit is not a UCUM code',
  unit_not_convertible: "The unit does not convert to the analyte's unit",
  value_out_of_range: 'The value is too large to be a lab result: check the value',
  unit_out_of_range: "In the analyte's unit this value is too large, too small or not a number: check the unit",
};

/** Why results cannot be added to a visit, in the lab's words (issue #76 item 9). */
const VISIT_NOT_HELD_TEXT: Record<VisitNotHeld, Record<Locale, string>> = {
  cancelled: {
    en: 'This booking was cancelled: no results can be added to it',
    ar: 'أُلغي هذا الحجز، فلا يمكن إضافة نتائج إليه',
  },
  no_show: {
    en: 'This visit was marked as a no-show: no results can be added to it',
    ar: 'سُجِّل عدم حضور المراجع لهذه الزيارة، فلا يمكن إضافة نتائج إليها',
  },
  not_yet: {
    en: 'This visit has not happened yet: results can be sent from its start time',
    ar: 'لم يحن موعد هذه الزيارة بعد، ويمكن إرسال نتائجها ابتداءً من وقت بدئها',
  },
};

/** The reason in the lab's language; a lab that reads Arabic gets the English after it, for its system's engineers. */
function visitNotHeldText({ reason, locale }: Extract<IntakeOutcome, { kind: 'visit_not_held' }>): string {
  const words = VISIT_NOT_HELD_TEXT[reason];
  return locale === 'en' ? words.en : `${words.ar} (${words.en})`;
}

/**
 * The HL7 reader, loaded on the first message: @medplum/core reads the global WebSocket as it loads,
 * which Node 20 (where the tests and `npm start` may run) has only behind a flag (ADR 0060), so a
 * server that never receives HL7 never loads it.
 */
const hl7 = () => import('./hl7-oru.ts');
type Hl7 = Awaited<ReturnType<typeof hl7>>;

/**
 * What the lab's system is told of a value kept unconverted (issue #76 item 1): an ERR of severity W
 * naming the OBX's unit (ERR-2 `OBX^n^6`), code 103 "table value not found" (OBX-6 is a coded unit).
 */
const UNIT_WARNING_TEXT: Record<UnitWarning['problem'], string> = {
  unknown_unit: 'Unit not recognised: the value is kept as sent, with its range and flag, not converted nor trended',
  unit_not_convertible:
    "The unit does not convert to the analyte's unit: the value is kept as sent, with its range and flag, not converted nor trended",
};

const hl7Warning = ({ observation, problem }: UnitWarning): Hl7Error => ({
  field: `${observation.path}-6`,
  code: '103',
  text: UNIT_WARNING_TEXT[problem],
  severity: 'W',
});

const fhirWarning = ({ observation, problem }: UnitWarning): OperationOutcomeIssue => ({
  severity: 'warning',
  code: 'code-invalid',
  diagnostics: UNIT_WARNING_TEXT[problem],
  expression: [`${observation.path}.valueQuantity.code`],
});

/**
 * The wrong-patient guard (issue #76 item 3): the patient the lab's system sent is not the booking's
 * person by sex (PID-8) or birth date (PID-7). The values are kept and released as usual; the lab's
 * form asks it to check, and this warning says so (ERR-4 `W`, code 207).
 */
const PATIENT_WARNING: Record<PatientField, { hl7: string; fhir: string; text: string }> = {
  sex: {
    hl7: 'PID[1]-8',
    fhir: 'Patient.gender',
    text: "The patient's sex differs from the booking's: check this sample is this patient's",
  },
  birthDate: {
    hl7: 'PID[1]-7',
    fhir: 'Patient.birthDate',
    text: "The patient's date of birth differs from the booking's: check this sample is this patient's",
  },
};

const hl7PatientWarning = (field: PatientField): Hl7Error => ({
  field: PATIENT_WARNING[field].hl7,
  code: '207',
  text: PATIENT_WARNING[field].text,
  severity: 'W',
});

const fhirPatientWarning = (field: PatientField): OperationOutcomeIssue => ({
  severity: 'warning',
  code: 'business-rule',
  diagnostics: PATIENT_WARNING[field].text,
  expression: [PATIENT_WARNING[field].fhir],
});

function hl7Answer({ buildAck }: Hl7, header: AckContext | null, referenceField: string, outcome: IntakeOutcome): IntakeAnswer {
  const ack = (status: number, code: 'AA' | 'AE' | 'AR', error?: Hl7Error | readonly Hl7Error[]) => ({
    status,
    contentType: HL7_CONTENT_TYPE,
    body: buildAck(header, code, error),
  });
  switch (outcome.kind) {
    case 'accepted':
      return ack(200, 'AA', [...outcome.warnings.map(hl7Warning), ...outcome.patientMismatch.map(hl7PatientWarning)]);
    case 'unknown_booking':
      return ack(404, 'AE', { field: referenceField, code: '204', text: 'No booking has this reference (the placer order number)' });
    case 'visit_not_held':
      return ack(409, 'AE', { field: referenceField, code: '207', text: visitNotHeldText(outcome) });
    case 'other_lab':
      return ack(403, 'AR', { field: referenceField, code: '204', text: "This booking is another lab's: this key cannot write to it" });
    case 'invalid_value':
      return ack(422, 'AE', {
        field: hl7Field(outcome.observation, outcome.problem),
        code: '102',
        text: VALUE_PROBLEM_TEXT[outcome.problem],
      });
  }
}

const fhirIssue = (code: OperationOutcomeIssue['code'], diagnostics: string, expression?: string): OperationOutcomeIssue => ({
  severity: 'error',
  code,
  diagnostics,
  ...(expression && { expression: [expression] }),
});

const fhirBody = (status: number, issues: OperationOutcomeIssue[]): IntakeAnswer => ({
  status,
  contentType: FHIR_CONTENT_TYPE,
  body: JSON.stringify(operationOutcome(issues)),
});

/** What an accepted report waits for, in the OperationOutcome's words. */
function heldDiagnostics(version: number, held: readonly HeldFor[]): string {
  const call = held.includes('critical_call');
  const signature = held.includes('signature');
  if (call && signature)
    return `Accepted as version ${version}: a value is past its critical limit, so the report is released once the lab records its call to the patient and its specialist signs the interpretive comment`;
  if (call)
    return `Accepted as version ${version}: a value is past its critical limit, so the report is released once the lab records its call to the patient`;
  if (signature) return `Accepted as version ${version}: the report is released once the lab's specialist signs its interpretive comment`;
  return `Accepted and released as version ${version}`;
}

function fhirAnswer(outcome: IntakeOutcome): IntakeAnswer {
  switch (outcome.kind) {
    case 'accepted':
      return fhirBody(200, [
        {
          severity: 'information',
          code: 'informational',
          diagnostics: heldDiagnostics(outcome.version, outcome.held),
        },
        ...outcome.warnings.map(fhirWarning),
        ...outcome.patientMismatch.map(fhirPatientWarning),
      ]);
    case 'unknown_booking':
      return fhirBody(404, [fhirIssue('not-found', 'No booking has this reference', 'DiagnosticReport.basedOn')]);
    case 'visit_not_held':
      return fhirBody(409, [fhirIssue('conflict', visitNotHeldText(outcome), 'DiagnosticReport.basedOn')]);
    case 'other_lab':
      return fhirBody(403, [
        fhirIssue('forbidden', "This booking is another lab's: this key cannot write to it", 'DiagnosticReport.basedOn'),
      ]);
    case 'invalid_value': {
      const unit = UNIT_PROBLEMS.has(outcome.problem);
      return fhirBody(422, [
        fhirIssue(
          'value',
          VALUE_PROBLEM_TEXT[outcome.problem],
          `${outcome.observation.path}.${unit ? 'valueQuantity.code' : outcome.observation.kind === 'quantity' ? 'valueQuantity' : 'value'}`,
        ),
      ]);
    }
  }
}

const send = (c: Context, answer: IntakeAnswer, headers: Record<string, string> = {}) =>
  c.body(answer.body, answer.status as 200, { 'content-type': answer.contentType, 'cache-control': 'no-store', ...headers });

/** The key's lab, or null; past the key's rate, the seconds to wait. */
async function admit(deps: Deps, c: Context): Promise<{ labId: string; keyId: string } | null | { retryAfterSeconds: number }> {
  const key = await authenticateLabApiKey(deps.db, c.req.header('authorization'));
  if (!key) return null;
  try {
    await limitLabApiKey(deps.db, key.keyId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return { retryAfterSeconds: Number(error.details.retryAfterSeconds) };
    throw error;
  }
  return key;
}

/** The longest first line read of a message refused before it is read: an MSH segment is far shorter. */
const FIRST_LINE_MAX = 4096;

/**
 * The body's first line (up to FIRST_LINE_MAX characters), all an ACK to a refused message needs; the
 * rest is not decoded.
 */
async function firstLine(request: Request): Promise<string> {
  const reader = request.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  while (text.length <= FIRST_LINE_MAX && !/[\r\n]/.test(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  // The rest is read and dropped, not decoded: the sender, still sending, then hears the answer.
  while (!(await reader.read()).done) {
    // dropped
  }
  return text;
}

export function intakeRoutes(deps: Deps) {
  const app = new Hono();
  const tooLarge = (format: 'hl7v2' | 'fhir') =>
    bodyLimit({
      maxSize: INTAKE_MAX_BYTES,
      onError: (c) =>
        format === 'hl7v2'
          ? send(c, { status: 413, contentType: 'text/plain; charset=utf-8', body: `A message may be at most ${INTAKE_MAX_BYTES} bytes.` })
          : send(c, fhirBody(413, [fhirIssue('too-costly', `A Bundle may be at most ${INTAKE_MAX_BYTES} bytes`)])),
    });
  const clientIp = (c: Context) => deps.clientIp?.(c) ?? 'unknown';

  app.post('/hl7/v2', tooLarge('hl7v2'), async (c) => {
    if (!HL7_TYPES.includes(mediaType(c))) {
      return send(c, {
        status: 415,
        contentType: 'text/plain; charset=utf-8',
        body: 'Send the message as application/hl7-v2 or text/plain.',
      });
    }
    // The key before the message (issue #74): a refusal reads the MSH line alone for its ACK, so a
    // stranger's megabyte is neither read nor parsed, and is slowed as other refusals are.
    const key = await admit(deps, c);
    const reader = await hl7();
    const { buildAck } = reader;
    if (!key) {
      deps.log.warn({ format: 'hl7v2', ip: clientIp(c) }, 'results intake: unknown or revoked key');
      c.set('refused', true);
      const header = reader.readMessageHeader(await firstLine(c.req.raw));
      return send(c, {
        status: 401,
        contentType: HL7_CONTENT_TYPE,
        body: buildAck(header, 'AR', { field: 'MSH', code: '207', text: 'Unknown or revoked API key' }),
      });
    }
    if ('retryAfterSeconds' in key) {
      const header = reader.readMessageHeader(await firstLine(c.req.raw));
      const body = buildAck(header, 'AE', { field: 'MSH', code: '207', text: 'Too many messages: send again later' });
      return send(c, { status: 429, contentType: HL7_CONTENT_TYPE, body }, { 'retry-after': String(key.retryAfterSeconds) });
    }
    const parsed = reader.parseOruR01(await c.req.text());
    if (!parsed.ok)
      return send(c, { status: 400, contentType: HL7_CONTENT_TYPE, body: buildAck(parsed.header, parsed.ackCode, parsed.error) });
    if (parsed.header.processingId !== 'P') {
      const error: Hl7Error = { field: 'MSH-11', code: '202', text: 'Only production messages (MSH-11 P) are taken here' };
      return send(c, { status: 400, contentType: HL7_CONTENT_TYPE, body: buildAck(parsed.header, 'AR', error) });
    }
    const answer = await receiveReport(
      deps.db,
      await deps.keys,
      { labId: key.labId, keyId: key.keyId, format: 'hl7v2', report: parsed.report, clientIp: clientIp(c) },
      (outcome) => hl7Answer(reader, parsed.header, parsed.referenceField, outcome),
    );
    return send(c, answer);
  });

  app.post('/fhir/r4', tooLarge('fhir'), async (c) => {
    if (!FHIR_TYPES.includes(mediaType(c))) {
      return send(c, fhirBody(415, [fhirIssue('not-supported', 'Send the Bundle as application/fhir+json')]));
    }
    const key = await admit(deps, c);
    if (!key) {
      deps.log.warn({ format: 'fhir', ip: clientIp(c) }, 'results intake: unknown or revoked key');
      c.set('refused', true);
      return send(c, fhirBody(401, [fhirIssue('security', 'Unknown or revoked API key')]));
    }
    if ('retryAfterSeconds' in key) {
      return send(c, fhirBody(429, [fhirIssue('throttled', 'Too many messages: send again later')]), {
        'retry-after': String(key.retryAfterSeconds),
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return send(c, fhirBody(400, [fhirIssue('structure', 'The body is not JSON', 'Bundle')]));
    }
    const parsed = parseFhirBundle(body);
    if (!parsed.ok) return send(c, fhirBody(400, parsed.issues));
    const answer = await receiveReport(
      deps.db,
      await deps.keys,
      { labId: key.labId, keyId: key.keyId, format: 'fhir', report: parsed.report, clientIp: clientIp(c) },
      fhirAnswer,
    );
    return send(c, answer);
  });
  return app;
}
