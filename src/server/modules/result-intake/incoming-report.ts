/**
 * What a lab's own system sent, read from either format (HL7 v2 ORU^R01 or a FHIR R4 Bundle) into one
 * shape, before anything is looked up: no booking, analyte or range is known here. Values stay text as
 * sent (a decimal's written precision is part of the result); the caller converts, checks and flags.
 * Health data: none of it may reach a log.
 */

/**
 * The most results one message may carry (issue #74): OBX segments with a value, or Observations
 * (contained ones too). Far more than any panel, and what a version's sealed document, its analyte
 * index and its smallint `analyte_count` are sized by. Both readers count them before reading any, so
 * a message past it costs a count, not a read.
 */
export const RESULTS_PER_MESSAGE_MAX = 500;

/** The longest message id kept: `result_intake_messages.message_id` holds 1 to 199 characters (migrations/0056). */
export const MESSAGE_ID_MAX_LENGTH = 199;

const KEEPABLE_MESSAGE_ID = new RegExp(`^[^\\p{Cc}\\p{Cs}]{1,${MESSAGE_ID_MAX_LENGTH}}$`, 'u');

/**
 * Whether a sender's message id can be kept as sent: 1 to 199 characters (counted as PostgreSQL counts
 * them, by code point), none a control character (PostgreSQL text and jsonb hold no NUL) nor half of a
 * surrogate pair (jsonb refuses one). The id is written to the database before any answer is kept.
 */
export function isKeepableMessageId(id: string): boolean {
  return KEEPABLE_MESSAGE_ID.test(id);
}

export interface IncomingReport {
  /** The sender's id for this message (MSH-10, or Bundle.identifier.value): a repeat is the same message; see `isKeepableMessageId`. */
  messageId: string;
  /** The booking reference as sent (ORC-2/OBR-2, or a ServiceRequest's or the report's identifier); the caller normalizes it. */
  bookingReference: string;
  status: IncomingReportStatus;
  /** When the lab released these results (OBR-22 or MSH-7; DiagnosticReport.issued), ISO 8601 in UTC. */
  issuedAt?: string;
  /** When the sample was taken (OBR-7; DiagnosticReport.effective[x]), ISO 8601 in UTC. */
  effectiveAt?: string;
  /** The panel ordered (OBR-4; DiagnosticReport.code): shown to the lab, never a reason to refuse. */
  panel?: IncomingCode;
  /** Who the sender says the patient is (PID; the Patient resource): shown to the lab, never used to find the booking. */
  patient?: IncomingPatient;
  observations: IncomingObservation[];
}

/** `corrected`: the lab changed results it released before (OBR-25 `C`; FHIR `corrected`, `amended`, `appended`). */
export type IncomingReportStatus = 'preliminary' | 'final' | 'corrected';

export interface IncomingCode {
  /** A URI where the standard has one (`http://loinc.org` for HL7's `LN`, `http://snomed.info/sct` for `SCT`), else as sent. */
  system: string;
  code: string;
  display: string;
}

export interface IncomingPatient {
  name?: string;
  /** `YYYY-MM-DD`. */
  birthDate?: string;
  sex?: 'male' | 'female' | 'other' | 'unknown';
  /** The sender's own patient id (PID-3; Patient.identifier). */
  identifier?: string;
}

/**
 * The value types read. FHIR's are named by their HL7 v2 counterparts: `valueQuantity` is `NM`,
 * `valueString` is `ST`, `valueCodeableConcept` is `CWE`.
 */
export type IncomingValueType = 'NM' | 'SN' | 'ST' | 'TX' | 'FT' | 'CWE' | 'CE';

/** A quantity's comparator (FHIR Quantity.comparator; HL7 SN's first component). */
export type IncomingComparator = '<' | '<=' | '>' | '>=';

export interface IncomingObservation {
  /** Where it is in what was sent, for error answers: `OBX[3]` (the third OBX of the message), `Bundle.entry[2].resource`. */
  path: string;
  /** The LOINC code when the sender coded it in LOINC (HL7 `LN`, FHIR `http://loinc.org`), else null. */
  loinc: string | null;
  /** The code as sent: the LOINC coding when there is one, else the first. */
  code: IncomingCode;
  valueType: IncomingValueType;
  /**
   * `quantity`: `value` is a decimal number as written (`6.8`, `0.5`), its comparator apart in `comparator`;
   * `text`: `value` is text (`Negative`, a coded answer's display, a titre such as `1:128`).
   */
  kind: 'quantity' | 'text';
  value: string;
  comparator?: IncomingComparator;
  /** The unit as sent (OBX-6's code; the Quantity's UCUM code): the caller checks it against UCUM. */
  unit?: string;
  referenceRange?: IncomingRange;
  /** As sent: HL7 table 0078 flags (OBX-8) or FHIR v3-ObservationInterpretation codes (`L`, `H`, `LL`, `HH`, `N`, `A`, …). */
  abnormalFlags?: string[];
  /** As sent: OBX-11 (`F`, `P`, `C`, …) or Observation.status (`final`, …). */
  status?: string;
  note?: string;
}

/** A reference range: its text as sent, and its bounds where they could be read (decimal numbers as written). */
export interface IncomingRange {
  text?: string;
  low?: string;
  high?: string;
  /** The bounds' unit, when the sender gives one apart from the value's (FHIR referenceRange.low/high). */
  unit?: string;
}
