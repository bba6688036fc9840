import type {
  Bundle,
  BundleEntry,
  CodeableConcept,
  DiagnosticReport,
  Observation,
  ObservationReferenceRange,
  Organization,
  Patient,
  Practitioner,
  Quantity,
  Resource,
} from '@medplum/fhirtypes';
import {
  BOOKING_REFERENCE_SYSTEM,
  DIAGNOSTIC_SERVICE_SECTION,
  LOINC,
  OBSERVATION_CATEGORY,
  OBSERVATION_INTERPRETATION,
  UCUM,
} from '../../platform/fhir-systems.ts';

/**
 * A person's results as a FHIR R4 Bundle (`collection`), for their own download and the data export
 * (docs/decisions/0060): per report a DiagnosticReport and its Observations, the lab as an Organization,
 * the person as a Patient with a name and nothing that identifies them elsewhere (no id numbers).
 * Entries are named by `urn:uuid:` fullUrls and refer to each other by them.
 */

/** A v3-ObservationInterpretation code: low, high, critically low, critically high, normal, abnormal (a text result). */
export type ExportedInterpretation = 'L' | 'H' | 'LL' | 'HH' | 'N' | 'A';

export interface ExportedObservation {
  /** The analyte's LOINC code, or null for one the lab sent without (an extra analyte). */
  loinc: string | null;
  name_en: string;
  name_ar: string;
  /** A number for a measured value (in `unit`), text for a text result (`Negative`). */
  value: number | string;
  /** For a number past a detection limit (`<0.5`). */
  comparator?: '<' | '<=' | '>' | '>=';
  /** UCUM. */
  unit?: string;
  /** The range shown with the value, in `unit`; either may be missing (a one-sided range), or both ("no range"). */
  low?: number;
  high?: number;
  /** The range as the lab wrote it, when it is not two numbers (`Negative`, `<200 desirable`). */
  rangeText?: string;
  /** Whose range it is: the lab's, or a published one with its source (said in `referenceRange.text`). */
  rangeOrigin?: { published: boolean; source: string | null };
  interpretation?: ExportedInterpretation | null;
  note?: string;
}

export interface ExportedReport {
  /** The booking reference (`TH-…`). */
  reference: string;
  /** `partial`: a package visit some of whose tests have no values yet (issue #79 item 1). */
  status: 'partial' | 'preliminary' | 'final' | 'corrected' | 'amended';
  /** When the lab released it, ISO 8601. */
  issuedAt: string;
  /** When the sample was taken, ISO 8601. */
  effectiveAt?: string | null;
  test: { name_en: string; name_ar: string; loinc?: string | null };
  lab: { name_en: string; name_ar: string };
  /** Whose results: the account holder or a family member. Reports with the same name share one Patient. */
  patientName: string;
  observations: ExportedObservation[];
  /** The lab's interpretive comment, signed by its specialist (a Premium lab's; issue #54). */
  interpretation?: { text: string; specialist: { name: string; licence: string } } | null;
}

export interface ResultsBundleOptions {
  /** The language of names (`code.text`, the lab's name): the reader's. Codings keep LOINC's English displays. */
  language?: 'en' | 'ar';
  /** The Bundle's timestamp. */
  now?: Date;
}

const INTERPRETATION_DISPLAY: Record<ExportedInterpretation, string> = {
  L: 'Low',
  H: 'High',
  LL: 'Critical low',
  HH: 'Critical high',
  N: 'Normal',
  A: 'Abnormal',
};

function urn(): string {
  return `urn:uuid:${crypto.randomUUID()}`;
}

function instant(iso: string): string {
  return new Date(iso).toISOString();
}

/** Builds the Bundle; `reports` may belong to several people (a family's export). */
export function resultsBundle(reports: ExportedReport[], options: ResultsBundleOptions = {}): Bundle {
  const language = options.language ?? 'en';
  const named = (names: { name_en: string; name_ar: string }) => (language === 'ar' ? names.name_ar : names.name_en);
  const entries: BundleEntry[] = [];
  const add = <T extends Resource>(resource: T): string => {
    const fullUrl = urn();
    entries.push({ fullUrl, resource });
    return fullUrl;
  };
  const patients = new Map<string, string>();
  const labs = new Map<string, string>();

  for (const report of reports) {
    let patient = patients.get(report.patientName);
    if (!patient) {
      patient = add<Patient>({ resourceType: 'Patient', name: [{ text: report.patientName }] });
      patients.set(report.patientName, patient);
    }
    const labKey = `${report.lab.name_en}\u0000${report.lab.name_ar}`;
    let lab = labs.get(labKey);
    if (!lab) {
      const other = language === 'ar' ? report.lab.name_en : report.lab.name_ar;
      lab = add<Organization>({ resourceType: 'Organization', name: named(report.lab), alias: [other] });
      labs.set(labKey, lab);
    }
    const subject = { reference: patient, display: report.patientName };
    const performer = [{ reference: lab, display: named(report.lab) }];
    const issued = instant(report.issuedAt);
    const effective = report.effectiveAt ? { effectiveDateTime: instant(report.effectiveAt) } : {};

    const results = report.observations.map((observation) =>
      add<Observation>({
        resourceType: 'Observation',
        language,
        // A value of a partial report is itself final: the report is partial for the tests still to come.
        status: report.status === 'partial' ? 'final' : report.status,
        category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }],
        code: concept(observation.loinc, observation.name_en, named(observation)),
        subject,
        ...effective,
        issued,
        performer,
        ...observationValue(observation),
        ...(observation.interpretation
          ? {
              interpretation: [
                {
                  coding: [
                    {
                      system: OBSERVATION_INTERPRETATION,
                      code: observation.interpretation,
                      display: INTERPRETATION_DISPLAY[observation.interpretation],
                    },
                  ],
                },
              ],
            }
          : {}),
        ...(observation.note ? { note: [{ text: observation.note }] } : {}),
        ...referenceRange(observation, language),
      }),
    );

    add<DiagnosticReport>({
      resourceType: 'DiagnosticReport',
      language,
      identifier: [{ system: BOOKING_REFERENCE_SYSTEM, value: report.reference }],
      status: report.status,
      category: [{ coding: [{ system: DIAGNOSTIC_SERVICE_SECTION, code: 'LAB', display: 'Laboratory' }] }],
      code: concept(report.test.loinc ?? null, report.test.name_en, named(report.test)),
      subject,
      ...effective,
      issued,
      performer,
      result: results.map((reference) => ({ reference })),
      ...interpretationOf(report),
    });
  }

  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: urn() },
    type: 'collection',
    timestamp: (options.now ?? new Date()).toISOString(),
    entry: entries,
  };
}

/**
 * The signed comment as the report's conclusion, and the specialist who signed it as its interpreter:
 * a Practitioner contained in the report, their licence number as the identifier of their qualification.
 */
function interpretationOf(report: ExportedReport): Pick<DiagnosticReport, 'conclusion' | 'resultsInterpreter' | 'contained'> {
  const comment = report.interpretation;
  if (!comment) return {};
  const specialist: Practitioner = {
    resourceType: 'Practitioner',
    id: 'interpreter',
    name: [{ text: comment.specialist.name }],
    qualification: [{ identifier: [{ value: comment.specialist.licence }], code: { text: 'Professional licence' } }],
  };
  return {
    contained: [specialist],
    conclusion: comment.text,
    resultsInterpreter: [{ reference: '#interpreter', display: comment.specialist.name }],
  };
}

/** A code: LOINC's when there is one (its display in English, as LOINC names it), and the name the reader reads. */
function concept(loinc: string | null, englishName: string, text: string): CodeableConcept {
  return loinc ? { coding: [{ system: LOINC, code: loinc, display: englishName }], text } : { text };
}

function quantity(value: number, unit: string | undefined): Quantity {
  return unit ? { value, unit, system: UCUM, code: unit } : { value };
}

function observationValue(observation: ExportedObservation): Pick<Observation, 'valueQuantity' | 'valueString'> {
  if (typeof observation.value === 'string') return { valueString: observation.value };
  const value = quantity(observation.value, observation.unit);
  if (observation.comparator) value.comparator = observation.comparator;
  return { valueQuantity: value };
}

function referenceRange(observation: ExportedObservation, language: 'en' | 'ar'): { referenceRange?: ObservationReferenceRange[] } {
  const { low, high, unit, rangeText, rangeOrigin } = observation;
  if (low === undefined && high === undefined && !rangeText) return {};
  const range: ObservationReferenceRange = {};
  if (low !== undefined) range.low = quantity(low, unit);
  if (high !== undefined) range.high = quantity(high, unit);
  const text = rangeText ?? rangeAsText(low, high, unit);
  if (text) range.text = rangeOrigin ? `${text} (${originText(rangeOrigin, language)})` : text;
  return { referenceRange: [range] };
}

/** Whose range it is, in the reader's language: "lab's range", or "published range: <source>". */
function originText({ published, source }: NonNullable<ExportedObservation['rangeOrigin']>, language: 'en' | 'ar'): string {
  if (!published) return language === 'ar' ? 'المدى المرجعي للمختبر' : "lab's range";
  const words = language === 'ar' ? 'مدى مرجعي منشور' : 'published range';
  return source ? `${words}: ${source}` : words;
}

function rangeAsText(low: number | undefined, high: number | undefined, unit: string | undefined): string {
  const bounds = low !== undefined && high !== undefined ? `${low}–${high}` : low !== undefined ? `≥${low}` : `≤${high}`;
  return unit ? `${bounds} ${unit}` : bounds;
}
