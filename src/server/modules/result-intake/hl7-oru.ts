import { formatHl7DateTime, Hl7Context, Hl7Field, Hl7Message, Hl7Segment, parseHl7DateTime } from '@medplum/core';
import { LOINC, SNOMED_CT, UCUM } from '../../platform/fhir-systems.ts';
import {
  type IncomingCode,
  type IncomingComparator,
  type IncomingObservation,
  type IncomingPatient,
  type IncomingRange,
  type IncomingReport,
  type IncomingReportStatus,
  isKeepableMessageId,
  MESSAGE_ID_MAX_LENGTH,
  RESULTS_PER_MESSAGE_MAX,
} from './incoming-report.ts';

/**
 * HL7 v2 ORU^R01 in, ACK out (docs/decisions/0060). Messages are parsed and built by @medplum/core's
 * `Hl7Message`; this file reads the fields an ORU^R01 carries into an `IncomingReport`, decodes HL7's
 * escape sequences (which the library leaves as sent), and builds the ACK around the library's `buildAck`.
 * Error texts name fields, never values: the caller may log them, and values are health data.
 */

/** MSA-1 in original acknowledgment mode: accepted, error (fix and resend), refused. */
export type Hl7AckCode = 'AA' | 'AE' | 'AR';

/** HL7 table 0357 (message error condition codes), the ones an ORU^R01's receiver answers with. */
export type Hl7ErrorCode = '100' | '101' | '102' | '103' | '200' | '201' | '202' | '203' | '204' | '205' | '206' | '207';

const ERROR_CODE_TEXT: Record<Hl7ErrorCode, string> = {
  '100': 'Segment sequence error',
  '101': 'Required field missing',
  '102': 'Data type error',
  '103': 'Table value not found',
  '200': 'Unsupported message type',
  '201': 'Unsupported event code',
  '202': 'Unsupported processing id',
  '203': 'Unsupported version id',
  '204': 'Unknown key identifier',
  '205': 'Duplicate key identifier',
  '206': 'Application record locked',
  '207': 'Application internal error',
};

/**
 * An error to answer with. `field` names where it is: `MSH-9`, `OBR[2]-2`, `OBX[3]-5`, `OBX[3]-6.1` (a
 * segment, its ordinal among the message's segments of that name, a field, a component); the ACK's ERR-2
 * is made from it. `text` is the user message (ERR-8), in English for the lab's integrator.
 */
export interface Hl7Error {
  field: string;
  text: string;
  code: Hl7ErrorCode;
  /** ERR-4 (HL7 table 0516): `E` error, the default; `W` warning, with an accepted message (AA). */
  severity?: 'E' | 'W';
}

/** What the ACK needs of the message it answers; plain data, so it can be kept and the same ACK rebuilt. */
export interface AckContext {
  /** MSH-10, decoded: the sender's id for the message, echoed in MSA-2. */
  controlId: string;
  /** MSH-3 to MSH-6 as sent (HD values, standard delimiters): the ACK swaps sender and receiver. */
  sendingApplication: string;
  sendingFacility: string;
  receivingApplication: string;
  receivingFacility: string;
  /** MSH-9 as sent (`ORU^R01^ORU_R01`): the ACK mirrors its shape (`ACK^R01^ACK`). */
  messageType: string;
  /** MSH-11: `P` production, `T` training, `D` debugging. */
  processingId: string;
  /** MSH-12, e.g. `2.5.1`. */
  version: string;
}

export type OruParseResult =
  | {
      ok: true;
      report: IncomingReport;
      header: AckContext;
      /** Where the booking reference was read (`ORC[1]-2` or `OBR[1]-2`), for an answer about the booking. */
      referenceField: string;
    }
  | { ok: false; header: AckContext | null; ackCode: 'AE' | 'AR'; error: Hl7Error };

const SUPPORTED_VERSIONS = new Set(['2.3', '2.3.1', '2.4', '2.5', '2.5.1']);
/** Before 2.5, ERR had one field (ERR-1, segment^sequence^field^code); later versions keep it for compatibility. */
const VERSIONS_WITH_ERR1_ONLY = new Set(['2.3', '2.3.1', '2.4']);
const PROCESSING_IDS = new Set(['P', 'T', 'D']);
const SEGMENT_NAME = /^[A-Z][A-Z0-9]{2}$/;
/**
 * Segments of any kind, MSH included: ten per result a message may carry, room for every note, order
 * and test not done. Without it, a megabyte of OBX segments without a value took a second to read.
 */
const SEGMENTS_PER_MESSAGE_MAX = 10 * RESULTS_PER_MESSAGE_MAX;
/** HL7's NM: an optional sign, digits, an optional decimal point. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** An NM a double can hold: 400 digits match DECIMAL, yet read as Infinity, which is no value (issue #74). */
const isFiniteDecimal = (text: string) => DECIMAL.test(text) && Number.isFinite(Number(text));
const COMPARATORS = new Set<string>(['<', '<=', '>', '>=']);
/** OBX-11 statuses that carry no value: cannot be obtained, not asked, pending, final status without a value. */
const STATUSES_WITHOUT_RESULT = new Set(['X', 'N', 'I', 'U']);
/** OBX-11 statuses that retract a result sent before; this receiver takes corrections (`C`) instead. */
const RETRACTING_STATUSES = new Set(['D', 'W']);
/** HL7 v2 coding system names (table 0396) and the FHIR URIs they stand for. */
const CODING_SYSTEMS: Record<string, string> = { LN: LOINC, SCT: SNOMED_CT, SNM: SNOMED_CT, UCUM };
/** A timestamp without an offset is the lab's local time; Saudi Arabia keeps UTC+3 all year. */
const LAB_TZ_OFFSET = '+0300';
const STANDARD = new Hl7Context();

type Failure = Extract<OruParseResult, { ok: false }>;

function failure(header: AckContext | null, ackCode: 'AE' | 'AR', field: string, code: Hl7ErrorCode, text: string): Failure {
  return { ok: false, header, ackCode, error: { field, code, text } };
}

/**
 * Reads an HL7 v2 ORU^R01 (v2.3 to v2.5.1; segments ended by CR, LF or CRLF; MLLP framing tolerated).
 * Refused before any segment is read: an MSH-10 the database could not keep (`isKeepableMessageId`),
 * more than `RESULTS_PER_MESSAGE_MAX` results, more than `SEGMENTS_PER_MESSAGE_MAX` segments.
 */
export function parseOruR01(text: string): OruParseResult {
  const trimmed = withoutFraming(text);
  if (!trimmed.startsWith('MSH') || !hasUsableDelimiters(trimmed)) {
    return failure(null, 'AR', 'MSH', '100', 'The message must begin with an MSH segment and its encoding characters (MSH|^~\\&)');
  }
  const message = Hl7Message.parse(trimmed);
  const context = message.context;
  const msh = message.header;
  const header = readAckContext(msh, context);

  if (read(msh, context, 9, 1) !== 'ORU') {
    return failure(header, 'AR', 'MSH-9', '200', 'Only ORU^R01 (unsolicited observation results) is accepted here');
  }
  if (read(msh, context, 9, 2) !== 'R01') {
    return failure(header, 'AR', 'MSH-9.2', '201', 'Only the R01 event of ORU is accepted here');
  }
  if (!SUPPORTED_VERSIONS.has(header.version)) {
    return failure(header, 'AR', 'MSH-12', '203', 'HL7 versions 2.3 to 2.5.1 are accepted; 2.5.1 is preferred');
  }
  if (!PROCESSING_IDS.has(header.processingId)) {
    return failure(header, 'AR', 'MSH-11', '202', 'MSH-11 must be P, T or D');
  }
  if (!header.controlId) {
    return failure(header, 'AE', 'MSH-10', '101', 'MSH-10 (message control id) is required: a resent message is known by it');
  }
  if (!isKeepableMessageId(header.controlId)) {
    return failure(
      header,
      'AE',
      'MSH-10',
      '102',
      `MSH-10 (message control id) must be at most ${MESSAGE_ID_MAX_LENGTH} characters, none of them a control character`,
    );
  }
  const tooBig = pastTheCaps(message.segments);
  if (tooBig) return failure(header, 'AE', tooBig.field, tooBig.code, tooBig.text);

  const ordinals = new Map<string, number>();
  const orders: Order[] = [];
  let patient: IncomingPatient | undefined;
  let pendingOrc: { segment: Hl7Segment; ordinal: number } | undefined;
  let noteTarget: IncomingObservation | undefined;

  for (const [index, segment] of message.segments.entries()) {
    if (index === 0) continue;
    const name = segment.name;
    if (!SEGMENT_NAME.test(name)) {
      return failure(
        header,
        'AE',
        `segment ${index + 1}`,
        '100',
        `Segment ${index + 1} has no segment name (was a value's line break left unescaped?)`,
      );
    }
    const ordinal = (ordinals.get(name) ?? 0) + 1;
    ordinals.set(name, ordinal);
    if (name !== 'NTE') noteTarget = undefined;

    if (name === 'MSH') {
      return failure(header, 'AE', `MSH[${ordinal}]`, '100', 'One message per request: a second MSH segment was found');
    } else if (name === 'PID') {
      if (ordinal > 1) return failure(header, 'AE', `PID[${ordinal}]`, '100', "One message carries one patient's results");
      patient = readPatient(segment, context);
    } else if (name === 'ORC') {
      pendingOrc = { segment, ordinal };
    } else if (name === 'OBR') {
      const order = readOrder(segment, ordinal, pendingOrc, context);
      if ('error' in order) return failure(header, 'AE', order.error.field, order.error.code, order.error.text);
      orders.push(order);
      pendingOrc = undefined;
    } else if (name === 'OBX') {
      const order = orders.at(-1);
      if (!order) return failure(header, 'AE', `OBX[${ordinal}]`, '100', 'An OBX segment must follow the OBR it belongs to');
      const parsed = readObservation(segment, ordinal, context);
      if ('error' in parsed) return failure(header, 'AE', parsed.error.field, parsed.error.code, parsed.error.text);
      if (parsed.observation) {
        order.observations.push(parsed.observation);
        noteTarget = parsed.observation;
      }
    } else if (name === 'NTE' && noteTarget) {
      const comment = readRepetitions(segment, context, 3, '\n');
      if (comment) noteTarget.note = noteTarget.note ? `${noteTarget.note}\n${comment}` : comment;
    }
  }

  const first = orders[0];
  if (!first) return failure(header, 'AE', 'OBR', '100', 'An ORU^R01 needs an OBR segment (the order) before its OBX segments');
  for (const order of orders.slice(1)) {
    if (normalized(order.reference) !== normalized(first.reference)) {
      return failure(
        header,
        'AE',
        order.referenceField,
        '207',
        `${order.referenceField} names another booking than ${first.referenceField}: one message carries one booking's results`,
      );
    }
  }
  const observations = orders.flatMap((order) => order.observations);
  if (observations.length === 0) {
    return failure(header, 'AE', 'OBX', '101', 'The message carries no OBX segment with a result');
  }
  const statuses: IncomingReportStatus[] = [];
  for (const order of orders) {
    const status = order.status ?? statusFromObservations(order.observations);
    if (!status) {
      return failure(header, 'AE', `OBR[${order.ordinal}]-25`, '101', 'OBR-25 (result status: P, F or C) is required');
    }
    statuses.push(status);
  }
  const report: IncomingReport = {
    messageId: header.controlId,
    bookingReference: first.reference,
    status: statuses.includes('preliminary') ? 'preliminary' : statuses.includes('corrected') ? 'corrected' : 'final',
    observations,
  };
  const issuedAt = orders.find((order) => order.issuedAt)?.issuedAt ?? readTimestamp(read(msh, context, 7, 1));
  if (issuedAt) report.issuedAt = issuedAt;
  const effectiveAt = orders.find((order) => order.effectiveAt)?.effectiveAt;
  if (effectiveAt) report.effectiveAt = effectiveAt;
  if (first.panel) report.panel = first.panel;
  if (patient) report.patient = patient;
  return { ok: true, report, header, referenceField: first.referenceField };
}

interface Order {
  ordinal: number;
  reference: string;
  referenceField: string;
  /** Undefined: OBR-25 is empty (read from the OBX statuses). */
  status?: IncomingReportStatus;
  panel?: IncomingCode;
  issuedAt?: string;
  effectiveAt?: string;
  observations: IncomingObservation[];
}

const OBR_STATUSES: Record<string, IncomingReportStatus | 'none'> = {
  F: 'final',
  C: 'corrected',
  P: 'preliminary',
  A: 'preliminary',
  R: 'preliminary',
  O: 'none',
  I: 'none',
  S: 'none',
  X: 'none',
  Y: 'none',
  Z: 'none',
};

function readOrder(
  obr: Hl7Segment,
  ordinal: number,
  orc: { segment: Hl7Segment; ordinal: number } | undefined,
  context: Hl7Context,
): Order | { error: Hl7Error } {
  const obrField = `OBR[${ordinal}]-2`;
  const fromObr = read(obr, context, 2, 1);
  const fromOrc = orc ? read(orc.segment, context, 2, 1) : '';
  const orcField = orc ? `ORC[${orc.ordinal}]-2` : '';
  if (fromObr && fromOrc && normalized(fromObr) !== normalized(fromOrc)) {
    return { error: { field: obrField, code: '207', text: `${obrField} and ${orcField} (placer order number) differ` } };
  }
  const reference = fromOrc || fromObr;
  if (!reference) {
    return {
      error: {
        field: obrField,
        code: '101',
        text: 'The placer order number (ORC-2 or OBR-2) must be the booking reference, e.g. TH-7K3M9QX2',
      },
    };
  }
  const order: Order = { ordinal, reference, referenceField: fromOrc ? orcField : obrField, observations: [] };

  const statusCode = read(obr, context, 25, 1).toUpperCase();
  if (statusCode) {
    const status = OBR_STATUSES[statusCode];
    if (!status) {
      return { error: { field: `OBR[${ordinal}]-25`, code: '103', text: 'OBR-25 is not a result status of HL7 table 0123' } };
    }
    if (status === 'none') {
      return { error: { field: `OBR[${ordinal}]-25`, code: '207', text: 'OBR-25 says there are no results yet; send P, F or C' } };
    }
    order.status = status;
  }
  const panel = readCode(obr, context, 4);
  if (panel) order.panel = panel.loinc ?? panel.primary;
  for (const [field, key] of [
    [7, 'effectiveAt'],
    [22, 'issuedAt'],
  ] as const) {
    const timestamp = readTimestamp(read(obr, context, field, 1));
    if (timestamp === null) {
      return {
        error: { field: `OBR[${ordinal}]-${field}`, code: '102', text: `OBR-${field} must be an HL7 timestamp (YYYYMMDDHHMM[SS][+ZZZZ])` },
      };
    }
    if (timestamp) order[key] = timestamp;
  }
  return order;
}

function statusFromObservations(observations: IncomingObservation[]): IncomingReportStatus | undefined {
  const statuses = observations.map((observation) => observation.status).filter((status) => status !== undefined);
  if (statuses.length === 0) return undefined;
  if (statuses.every((status) => status === 'F')) return 'final';
  if (statuses.every((status) => status === 'F' || status === 'C')) return 'corrected';
  return 'preliminary';
}

function readObservation(
  obx: Hl7Segment,
  ordinal: number,
  context: Hl7Context,
): { observation: IncomingObservation | null } | { error: Hl7Error } {
  const path = `OBX[${ordinal}]`;
  const error = (field: number, code: Hl7ErrorCode, text: string) => ({ error: { field: `${path}-${field}`, code, text } });

  const coded = readCode(obx, context, 3);
  if (!coded) return error(3, '101', 'OBX-3 (observation identifier, code^text^LN) is required');
  const status = read(obx, context, 11, 1).toUpperCase();
  if (RETRACTING_STATUSES.has(status)) {
    return error(11, '207', 'Deleting (D) or retracting (W) a result is not accepted; send the report again with OBX-11 C');
  }
  if (!hasValue(obx)) {
    if (STATUSES_WITHOUT_RESULT.has(status)) return { observation: null };
    return error(5, '101', 'OBX-5 (the value) is required unless OBX-11 is X, N, I or U');
  }
  const valueType = read(obx, context, 2, 1).toUpperCase();
  if (!valueType) return error(2, '101', 'OBX-2 (value type) is required');

  const value = readValue(obx, context, valueType);
  if ('error' in value) return error(value.error.field, value.error.code, value.error.text);

  const observation: IncomingObservation = {
    path,
    loinc: coded.loinc?.code ?? null,
    code: coded.loinc ?? coded.primary,
    ...value,
  };
  const unit = readUnit(obx, context);
  if (unit) observation.unit = unit;
  const range = read(obx, context, 7, 1);
  if (range) observation.referenceRange = readRange(range);
  const flags = (obx.getField(8)?.components ?? [])
    .map((repetition) => unescapeHl7(repetition[0] ?? '', context).trim())
    .filter((flag) => flag !== '');
  if (flags.length > 0) observation.abnormalFlags = flags;
  if (status) observation.status = status;
  return { observation };
}

/**
 * OBX-6's unit: its identifier, else its text. A power of ten sent unescaped (`10^3/uL`, `x10^9/L`
 * rather than `10\S\3/uL`) reads as two components, `10` and `3/uL`: a first component that is a bare
 * 10 is never a unit of its own, so the two are read as the one unit the lab wrote.
 */
function readUnit(obx: Hl7Segment, context: Hl7Context): string {
  const [first, second] = [read(obx, context, 6, 1), read(obx, context, 6, 2)];
  if (/^x?10$/i.test(first) && /^\d+\//.test(second)) return `${first}^${second}`;
  return first || second;
}

/** Whether an OBX carries a value (OBX-5 not empty): what counts as a result. */
function hasValue(obx: Hl7Segment): boolean {
  const values = obx.getField(5)?.components ?? [];
  return values.some((repetition) => repetition.some((component) => component.trim() !== ''));
}

/**
 * What makes a message too big to read, found before any segment is read (reading one costs far more
 * than the library's parse of it): the OBX segment past `RESULTS_PER_MESSAGE_MAX` results, else the
 * segment past `SEGMENTS_PER_MESSAGE_MAX`; no segment past that one is looked at. Undefined when the
 * message is within both.
 */
function pastTheCaps(segments: readonly Hl7Segment[]): Hl7Error | undefined {
  let ordinal = 0;
  let results = 0;
  for (const segment of segments.slice(0, SEGMENTS_PER_MESSAGE_MAX + 1)) {
    if (segment.name !== 'OBX') continue;
    ordinal += 1;
    if (hasValue(segment)) results += 1;
    if (results > RESULTS_PER_MESSAGE_MAX) {
      const text = `A message may carry at most ${RESULTS_PER_MESSAGE_MAX} results (OBX segments with a value)`;
      return { field: `OBX[${ordinal}]`, code: '207', text };
    }
  }
  const past = segments[SEGMENTS_PER_MESSAGE_MAX];
  if (!past) return undefined;
  const sameName = segments.slice(0, SEGMENTS_PER_MESSAGE_MAX + 1).filter((segment) => segment.name === past.name).length;
  return { field: `${past.name}[${sameName}]`, code: '207', text: `A message may have at most ${SEGMENTS_PER_MESSAGE_MAX} segments` };
}

type ReadValue = Pick<IncomingObservation, 'valueType' | 'kind' | 'value' | 'comparator'>;

function readValue(
  obx: Hl7Segment,
  context: Hl7Context,
  valueType: string,
): ReadValue | { error: { field: number; code: Hl7ErrorCode; text: string } } {
  switch (valueType) {
    case 'NM': {
      // Labs often write a detection limit into NM ("<0.5"); it is read as SN would carry it.
      const match = /^(<=|>=|<|>)?\s*(.+)$/.exec(read(obx, context, 5, 1));
      const number = match?.[2] ?? '';
      if (!isFiniteDecimal(number)) return { error: { field: 5, code: '102', text: 'OBX-5 must be a number when OBX-2 is NM' } };
      const comparator = match?.[1] as IncomingComparator | undefined;
      return { valueType, kind: 'quantity', value: number, ...(comparator ? { comparator } : {}) };
    }
    case 'SN': {
      const sign = read(obx, context, 5, 1);
      const first = read(obx, context, 5, 2);
      const separator = read(obx, context, 5, 3);
      const second = read(obx, context, 5, 4);
      const numbersValid = (!first || isFiniteDecimal(first)) && (!second || isFiniteDecimal(second)) && (first || second);
      if (!numbersValid || (sign && sign !== '=' && !COMPARATORS.has(sign))) {
        return {
          error: {
            field: 5,
            code: '102',
            text: 'OBX-5 must be a structured numeric (comparator^number^separator^number) when OBX-2 is SN',
          },
        };
      }
      const comparator = COMPARATORS.has(sign) ? (sign as IncomingComparator) : undefined;
      if (!separator && !second && first) {
        return { valueType, kind: 'quantity', value: first, ...(comparator ? { comparator } : {}) };
      }
      // A ratio, titre or range (1:128, 2-5, 2+) is kept as the text it reads as.
      return { valueType, kind: 'text', value: `${comparator ?? ''}${first}${separator}${second}` };
    }
    case 'ST':
    case 'TX':
    case 'FT':
      return { valueType, kind: 'text', value: readRepetitions(obx, context, 5, '\n') };
    case 'CWE':
    case 'CE': {
      const answer = read(obx, context, 5, 2) || read(obx, context, 5, 1);
      return { valueType, kind: 'text', value: answer };
    }
    default:
      return { error: { field: 2, code: '102', text: 'OBX-2 must be NM, SN, ST, TX, FT, CWE or CE' } };
  }
}

/** A range as HL7 writes it in OBX-7: `3.5-5.1`, `-2.0-2.0`, `<5.7`, `>=40`, or words kept as text. */
function readRange(text: string): IncomingRange {
  const number = '([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))';
  const between = new RegExp(`^${number}\\s*-\\s*${number}$`).exec(text);
  if (between?.[1] && between[2]) return { text, low: between[1], high: between[2] };
  const below = new RegExp(`^(?:<|<=|≤)\\s*${number}$`).exec(text);
  if (below?.[1]) return { text, high: below[1] };
  const above = new RegExp(`^(?:>|>=|≥)\\s*${number}$`).exec(text);
  if (above?.[1]) return { text, low: above[1] };
  return { text };
}

/** A CE/CWE field's coding, and its LOINC coding when either triplet (components 1–3 or 4–6) is in LN. */
function readCode(segment: Hl7Segment, context: Hl7Context, field: number): { primary: IncomingCode; loinc?: IncomingCode } | null {
  const triplet = (start: number): IncomingCode => {
    const system = read(segment, context, field, start + 2);
    return {
      system: CODING_SYSTEMS[system.toUpperCase()] ?? system,
      code: read(segment, context, field, start),
      display: read(segment, context, field, start + 1),
    };
  };
  const primary = triplet(1);
  if (!primary.code) return null;
  const alternate = triplet(4);
  const loinc = [primary, alternate].find((coding) => coding.code && coding.system === LOINC);
  return loinc ? { primary, loinc } : { primary };
}

function readPatient(pid: Hl7Segment, context: Hl7Context): IncomingPatient | undefined {
  const patient: IncomingPatient = {};
  // XPN: family^given^second names^suffix^prefix.
  const name = [read(pid, context, 5, 2), read(pid, context, 5, 3), read(pid, context, 5, 1)].filter(Boolean).join(' ');
  if (name) patient.name = name;
  const birth = /^(\d{4})(\d{2})(\d{2})/.exec(read(pid, context, 7, 1));
  if (birth) patient.birthDate = `${birth[1]}-${birth[2]}-${birth[3]}`;
  const sex = { M: 'male', F: 'female', O: 'other', A: 'other', N: 'other', U: 'unknown' } as const;
  const sexCode = read(pid, context, 8, 1).toUpperCase();
  if (sexCode in sex) patient.sex = sex[sexCode as keyof typeof sex];
  const identifier = read(pid, context, 3, 1);
  if (identifier) patient.identifier = identifier;
  return Object.keys(patient).length > 0 ? patient : undefined;
}

/** An MSH segment longer than this is no header a sender writes: it is not read. */
const MSH_MAX_LENGTH = 4096;

/**
 * What an ACK needs of a message, read from its first segment alone (issue #74): a request refused
 * before its message is read (an unknown key, a key past its rate) is answered without parsing the rest,
 * so a stranger's megabyte costs a line's work. Null when the text does not begin with a usable MSH.
 */
export function readMessageHeader(text: string): AckContext | null {
  const first = withoutFraming(
    text
      .trimStart()
      .slice(0, MSH_MAX_LENGTH + 1)
      .split(/[\r\n]/, 1)[0] ?? '',
  );
  if (first.length > MSH_MAX_LENGTH || !first.startsWith('MSH') || !hasUsableDelimiters(first)) return null;
  const message = Hl7Message.parse(first);
  return readAckContext(message.header, message.context);
}

function readAckContext(msh: Hl7Segment, context: Hl7Context): AckContext {
  const asSent = (field: number) => {
    const components = msh.getField(field)?.components;
    return components ? new Hl7Field(components, STANDARD).toString() : '';
  };
  return {
    controlId: read(msh, context, 10, 1),
    sendingApplication: asSent(3),
    sendingFacility: asSent(4),
    receivingApplication: asSent(5),
    receivingFacility: asSent(6),
    messageType: asSent(9),
    processingId: read(msh, context, 11, 1).toUpperCase(),
    version: read(msh, context, 12, 1),
  };
}

const MLLP_END_BLOCK = '\u001c';

/** The text without surrounding white space, nor MLLP's start and end blocks (a sender's framing left on). */
function withoutFraming(text: string): string {
  const trimmed = text.trim();
  return trimmed.endsWith(MLLP_END_BLOCK) ? trimmed.slice(0, -1).trim() : trimmed;
}

/** MSH-1 and MSH-2 as the library reads them: five distinct delimiters, none a letter, digit or space. */
function hasUsableDelimiters(text: string): boolean {
  const delimiters = text.slice(3, 8);
  return delimiters.length === 5 && new Set(delimiters).size === 5 && !/[A-Za-z0-9\s]/.test(delimiters);
}

/** An HL7 DTM as ISO 8601 in UTC; null when it is not one. Without an offset it is the lab's time (UTC+3). */
function readTimestamp(value: string): string | null | undefined {
  if (!value) return undefined;
  const match = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,4})?)?)?([+-]\d{4})?$/.exec(value);
  if (!match) return null;
  const [, , month, day, hour = '00', minute = '00', second = '00', offset = ''] = match;
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  // The fraction is dropped: the library reads ".5" as 5 ms, and a second is precision enough here.
  const withoutFraction = value.replace(/\.\d+/, '');
  return parseHl7DateTime(withoutFraction, { tzOffset: offset || LAB_TZ_OFFSET });
}

function read(segment: Hl7Segment, context: Hl7Context, field: number, component: number): string {
  return unescapeHl7(segment.getComponent(field, component), context).trim();
}

/** A repeating text field (ST, TX, FT), its repetitions joined. */
function readRepetitions(segment: Hl7Segment, context: Hl7Context, field: number, joiner: string): string {
  const repetitions = segment.getField(field)?.components ?? [];
  return repetitions
    .map((repetition) => unescapeHl7(repetition[0] ?? '', context).trim())
    .filter((text) => text !== '')
    .join(joiner);
}

function normalized(reference: string): string {
  return reference.trim().toUpperCase();
}

/**
 * HL7's escape sequences decoded, with the message's own escape character: \F\ \S\ \T\ \R\ \E\ (the
 * delimiters), \.br\ (a line break in FT), \Xhh…\ (UTF-8 bytes in hex); highlighting and character-set
 * sequences (\H\ \N\ \C…\ \M…\) are dropped. @medplum/core splits on the delimiters and leaves these as sent.
 */
export function unescapeHl7(text: string, context: Hl7Context): string {
  const escapeCharacter = context.escapeCharacter;
  if (!text.includes(escapeCharacter)) return text;
  let out = '';
  let index = 0;
  while (index < text.length) {
    const start = text.indexOf(escapeCharacter, index);
    const end = start === -1 ? -1 : text.indexOf(escapeCharacter, start + 1);
    if (start === -1 || end === -1) {
      out += text.slice(index);
      break;
    }
    out += text.slice(index, start) + decodeEscape(text.slice(start + 1, end), context);
    index = end + 1;
  }
  return out;
}

function decodeEscape(sequence: string, context: Hl7Context): string {
  switch (sequence) {
    case 'F':
      return context.fieldSeparator;
    case 'S':
      return context.componentSeparator;
    case 'T':
      return context.subcomponentSeparator;
    case 'R':
      return context.repetitionSeparator;
    case 'E':
      return context.escapeCharacter;
    case '.br':
      return '\n';
  }
  const hex = /^X((?:[0-9A-Fa-f]{2})+)$/.exec(sequence)?.[1];
  if (hex) {
    const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
    return new TextDecoder().decode(bytes);
  }
  return '';
}

/** Text made safe for one HL7 component: delimiters and the escape character escaped, line breaks as spaces. */
function escapeHl7(text: string, context: Hl7Context): string {
  const escapeCharacter = context.escapeCharacter;
  const escapes = new Map([
    [context.escapeCharacter, 'E'],
    [context.fieldSeparator, 'F'],
    [context.componentSeparator, 'S'],
    [context.subcomponentSeparator, 'T'],
    [context.repetitionSeparator, 'R'],
  ]);
  let out = '';
  for (const character of text) {
    const code = escapes.get(character);
    if (code) out += `${escapeCharacter}${code}${escapeCharacter}`;
    else if (character === '\r' || character === '\n') out += ' ';
    else out += character;
  }
  return out;
}

const UNKNOWN_SENDER: AckContext = {
  controlId: '',
  sendingApplication: '',
  sendingFacility: '',
  receivingApplication: '',
  receivingFacility: '',
  messageType: 'ORU^R01^ORU_R01',
  processingId: 'P',
  version: '2.5.1',
};

/**
 * The ACK^R01 answering a message: MSH (sender and receiver swapped, a new control id, the same version
 * and processing id), MSA (the code and the message's MSH-10), and an ERR segment for each error or
 * warning (ERR-2 where, ERR-3 the table 0357 code, ERR-4 `E` or `W`, ERR-8 the text; ERR-1 too for
 * v2.3–2.4); an accepted message (AA) carries warnings only. `header` null (the text was not an HL7
 * message) answers as 2.5.1 with an empty MSA-2.
 */
export function buildAck(header: AckContext | null, code: Hl7AckCode, error?: Hl7Error | readonly Hl7Error[], now = new Date()): string {
  const sender = header ?? UNKNOWN_SENDER;
  const version = SUPPORTED_VERSIONS.has(sender.version) ? sender.version : '2.5.1';
  const original = new Hl7Message(
    [
      new Hl7Segment(
        [
          'MSH',
          STANDARD.getMsh2(),
          sender.sendingApplication,
          sender.sendingFacility,
          sender.receivingApplication,
          sender.receivingFacility,
          '',
          '',
          sender.messageType,
          escapeHl7(sender.controlId, STANDARD),
          '',
          version,
        ],
        STANDARD,
      ),
    ],
    STANDARD,
  );
  const errors = (error === undefined ? [] : 'field' in error ? [error] : error).filter((each) => code !== 'AA' || each.severity === 'W');
  const [first, ...more] = errors.map((each) => buildErr(each, version));
  const ack = original.buildAck({ ackCode: code, ...(first ? { errSegment: first } : {}) });
  for (const segment of more) ack.setSegment(ack.segments.length, segment);
  const wholeSecond = new Date(Math.floor(now.getTime() / 1000) * 1000);
  ack.header.setField(7, `${formatHl7DateTime(wholeSecond)}+0000`);
  ack.header.setField(10, crypto.randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase());
  ack.header.setField(11, PROCESSING_IDS.has(sender.processingId) ? sender.processingId : 'P');
  // HL7 ends every segment, the last one too, with a carriage return.
  return `${ack.toString()}\r`;
}

const LOCATION = /^([A-Z][A-Z0-9]{2})(?:\[(\d+)\])?(?:-(\d+)(?:\.(\d+))?)?$/;

function buildErr(error: Hl7Error, version: string): Hl7Segment {
  const [, segment, sequence = '1', field = '', component = ''] = LOCATION.exec(error.field) ?? [];
  const location = segment ? [segment, sequence, field, '', component] : [];
  const codeText = ERROR_CODE_TEXT[error.code];
  const fields = ['ERR', '', '', '', error.severity ?? 'E', '', '', '', ''].map((text) => new Hl7Field([[text]], STANDARD));
  fields[2] = new Hl7Field([trimEnd(location)], STANDARD);
  fields[3] = new Hl7Field([[error.code, codeText, 'HL70357']], STANDARD);
  fields[8] = new Hl7Field([[escapeHl7(error.text, STANDARD)]], STANDARD);
  if (VERSIONS_WITH_ERR1_ONLY.has(version)) {
    const codeWithText = [error.code, codeText, 'HL70357'].join(STANDARD.subcomponentSeparator);
    const where = segment ? [segment, sequence, field] : ['', '', ''];
    fields[1] = new Hl7Field([[...where, codeWithText]], STANDARD);
  }
  return new Hl7Segment(fields, STANDARD);
}

function trimEnd(components: string[]): string[] {
  const last = components.findLastIndex((component) => component !== '');
  return components.slice(0, last + 1);
}
