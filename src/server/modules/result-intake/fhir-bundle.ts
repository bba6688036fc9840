import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { z } from 'zod';
import {
  BOOKING_REFERENCE_SYSTEM,
  IDENTIFIER_TYPE,
  LOINC,
  OBSERVATION_INTERPRETATION,
  UCUM,
  V2_ABNORMAL_FLAGS,
} from '../../platform/fhir-systems.ts';
import {
  type IncomingCode,
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
 * A FHIR R4 Bundle in, read into an `IncomingReport` (docs/decisions/0060). Checked with zod, not with
 * the FHIR JSON schema: the server also runs on Cloudflare Workers, where ajv cannot compile a schema
 * (no code generation), and only the elements read here need checking; the rest of each resource is
 * passed over. Every problem is an OperationOutcome issue whose `expression` is its FHIRPath
 * (`Bundle.entry[2].resource.valueQuantity.value`). Diagnostics name elements, never values.
 */

export type FhirBundleResult = { ok: true; report: IncomingReport } | { ok: false; issues: OperationOutcomeIssue[] };

/**
 * Resources of any kind a Bundle may carry, contained ones included (issue #74): its results and as
 * many again around them (the report, its ServiceRequest, the Patient, Specimens). With the results'
 * cap, it bounds the work before any resource is read.
 */
const RESOURCES_PER_BUNDLE_MAX = 2 * RESULTS_PER_MESSAGE_MAX;

// FHIR R4's own regular expressions for dateTime and instant (https://hl7.org/fhir/R4/datatypes.html).
const DATE_TIME =
  /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)))?)?)?$/;
const INSTANT =
  /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))$/;

const text = z.string().min(1);
const coding = z.looseObject({ system: text.optional(), code: text.optional(), display: text.optional() });
const codeableConcept = z.looseObject({ coding: z.array(coding).optional(), text: text.optional() });
const identifier = z.looseObject({ system: text.optional(), value: text.optional(), type: codeableConcept.optional() });
const reference = z.looseObject({ reference: text.optional(), identifier: identifier.optional() });
const quantity = z.looseObject({
  value: z.number(),
  comparator: z.enum(['<', '<=', '>=', '>']).optional(),
  unit: text.optional(),
  system: text.optional(),
  code: text.optional(),
});
const simpleQuantity = z.looseObject({
  value: z.number().optional(),
  unit: text.optional(),
  system: text.optional(),
  code: text.optional(),
});

const bundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.enum(['transaction', 'collection']),
  identifier: z.looseObject({
    system: text.optional(),
    value: text.refine(isKeepableMessageId, {
      error: `Bundle.identifier.value must be at most ${MESSAGE_ID_MAX_LENGTH} characters, none of them a control character`,
    }),
  }),
  entry: z.array(z.looseObject({ fullUrl: text.optional(), resource: z.looseObject({ resourceType: text, id: text.optional() }) })).min(1),
});

const diagnosticReportSchema = z.looseObject({
  resourceType: z.literal('DiagnosticReport'),
  identifier: z.array(identifier).optional(),
  basedOn: z.array(reference).optional(),
  status: z.enum([
    'registered',
    'partial',
    'preliminary',
    'final',
    'amended',
    'corrected',
    'appended',
    'cancelled',
    'entered-in-error',
    'unknown',
  ]),
  code: codeableConcept,
  subject: reference.optional(),
  effectiveDateTime: z.string().regex(DATE_TIME).optional(),
  effectivePeriod: z.looseObject({ start: z.string().regex(DATE_TIME).optional() }).optional(),
  issued: z.string().regex(INSTANT).optional(),
  result: z.array(reference).optional(),
  contained: z.array(z.looseObject({ resourceType: text, id: text.optional() })).optional(),
});

const observationSchema = z.looseObject({
  resourceType: z.literal('Observation'),
  status: z.enum(['registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown']),
  code: codeableConcept,
  valueQuantity: quantity.optional(),
  valueString: text.optional(),
  valueCodeableConcept: codeableConcept.optional(),
  dataAbsentReason: codeableConcept.optional(),
  interpretation: z.array(codeableConcept).optional(),
  referenceRange: z
    .array(z.looseObject({ low: simpleQuantity.optional(), high: simpleQuantity.optional(), text: text.optional() }))
    .optional(),
  note: z.array(z.looseObject({ text })).optional(),
});

const serviceRequestSchema = z.looseObject({ resourceType: z.literal('ServiceRequest'), identifier: z.array(identifier).optional() });

const patientSchema = z.looseObject({
  resourceType: z.literal('Patient'),
  name: z.array(z.looseObject({ text: text.optional(), family: text.optional(), given: z.array(text).optional() })).optional(),
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
  identifier: z.array(identifier).optional(),
});

type DiagnosticReportResource = z.infer<typeof diagnosticReportSchema>;
type ObservationResource = z.infer<typeof observationSchema>;
type Identifier = z.infer<typeof identifier>;
type CodeableConcept = z.infer<typeof codeableConcept>;

/** A resource of the Bundle, and the FHIRPath that names it. */
interface Located {
  path: string;
  fullUrl?: string;
  resource: { resourceType: string; id?: string } & Record<string, unknown>;
}

const VALUE_ELEMENTS = new Set(['valueQuantity', 'valueString', 'valueCodeableConcept']);
const REPORT_STATUSES: Record<DiagnosticReportResource['status'], IncomingReportStatus | null> = {
  registered: null,
  partial: 'preliminary',
  preliminary: 'preliminary',
  final: 'final',
  amended: 'corrected',
  corrected: 'corrected',
  appended: 'corrected',
  cancelled: null,
  'entered-in-error': null,
  unknown: null,
};

function issue(code: OperationOutcomeIssue['code'], expression: string, diagnostics: string): OperationOutcomeIssue {
  return { severity: 'error', code, diagnostics, expression: [expression] };
}

/** FHIRPath of an element: `Bundle.entry[2].resource` and zod's path (`['valueQuantity', 'value']`). */
function fhirPath(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${String(key)}`), prefix);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );
}

/** zod's issues as OperationOutcome issues: a missing element is `required`, a wrong JSON type `structure`, a bad value `value`. */
function schemaIssues(error: z.ZodError, input: unknown, prefix: string): OperationOutcomeIssue[] {
  return error.issues.map((problem) => {
    const expression = fhirPath(prefix, problem.path);
    if (valueAt(input, problem.path) === undefined) return issue('required', expression, `${expression} is required`);
    return issue(problem.code === 'invalid_type' ? 'structure' : 'value', expression, problem.message);
  });
}

function check<T>(schema: z.ZodType<T>, input: unknown, prefix: string, issues: OperationOutcomeIssue[]): T | undefined {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  issues.push(...schemaIssues(result.error, input, prefix));
  return undefined;
}

/** The elements of an array at `key` of a JSON value, none when it is not one: for counting before checking. */
function elementsAt(value: unknown, key: string): readonly unknown[] {
  const inside = valueAt(value, [key]);
  return Array.isArray(inside) ? inside : [];
}

/**
 * What makes a Bundle too costly to read, counted on the JSON before any of it is checked (issue #74):
 * more than `RESULTS_PER_MESSAGE_MAX` Observations or `RESOURCES_PER_BUNDLE_MAX` resources, contained ones
 * counted with the entries, or a DiagnosticReport listing more results than a message may carry.
 */
function tooCostly(body: unknown): OperationOutcomeIssue | undefined {
  let resources = 0;
  let observations = 0;
  for (const [index, entry] of elementsAt(body, 'entry').entries()) {
    const resource = valueAt(entry, ['resource']);
    for (const one of [resource, ...elementsAt(resource, 'contained')]) {
      resources += 1;
      if (valueAt(one, ['resourceType']) === 'Observation') observations += 1;
    }
    if (valueAt(resource, ['resourceType']) === 'DiagnosticReport' && elementsAt(resource, 'result').length > RESULTS_PER_MESSAGE_MAX) {
      return issue(
        'too-costly',
        `Bundle.entry[${index}].resource.result`,
        `DiagnosticReport.result may list at most ${RESULTS_PER_MESSAGE_MAX} Observations`,
      );
    }
  }
  if (observations > RESULTS_PER_MESSAGE_MAX) {
    return issue(
      'too-costly',
      'Bundle.entry',
      `A Bundle may carry at most ${RESULTS_PER_MESSAGE_MAX} Observations, contained ones included`,
    );
  }
  if (resources > RESOURCES_PER_BUNDLE_MAX) {
    return issue('too-costly', 'Bundle.entry', `A Bundle may carry at most ${RESOURCES_PER_BUNDLE_MAX} resources, contained ones included`);
  }
  return undefined;
}

/**
 * Reads a FHIR R4 Bundle (`transaction` or `collection`) holding one DiagnosticReport and its
 * Observations. The booking reference is an identifier of the ServiceRequest the report is `basedOn`
 * (in the Bundle, contained, or given by identifier), else the report's own; Bundle.identifier.value is
 * the message id (a resent Bundle is known by it, so it must be one the database can keep). A Bundle
 * past the caps (`tooCostly`) is refused with one `too-costly` issue before anything else is checked.
 */
export function parseFhirBundle(body: unknown): FhirBundleResult {
  const tooMuch = tooCostly(body);
  if (tooMuch) return { ok: false, issues: [tooMuch] };
  const issues: OperationOutcomeIssue[] = [];
  const bundle = check(bundleSchema, body, 'Bundle', issues);
  if (!bundle) return { ok: false, issues };

  const located: Located[] = bundle.entry.map((entry, index) => ({
    path: `Bundle.entry[${index}].resource`,
    ...(entry.fullUrl ? { fullUrl: entry.fullUrl } : {}),
    resource: entry.resource,
  }));
  const reports = located.filter((entry) => entry.resource.resourceType === 'DiagnosticReport');
  const [reportEntry, extraReport] = reports;
  if (!reportEntry) return { ok: false, issues: [issue('required', 'Bundle.entry', 'The Bundle must hold one DiagnosticReport')] };
  if (extraReport) return { ok: false, issues: [issue('not-supported', extraReport.path, 'One DiagnosticReport per Bundle')] };

  const report = check(diagnosticReportSchema, reportEntry.resource, reportEntry.path, issues);
  const contained: Located[] = (report?.contained ?? []).map((resource, index) => ({
    path: `${reportEntry.path}.contained[${index}]`,
    resource,
  }));
  const observations = new Map<Located, ObservationResource>();
  for (const entry of [...located, ...contained]) {
    if (entry.resource.resourceType !== 'Observation') continue;
    const observation = check(observationSchema, entry.resource, entry.path, issues);
    if (observation) observations.set(entry, observation);
  }
  if (!report || issues.length > 0) return { ok: false, issues };

  const resolve = resolver(located, contained);
  const status = REPORT_STATUSES[report.status];
  if (!status)
    issues.push(
      issue(
        'value',
        `${reportEntry.path}.status`,
        'DiagnosticReport.status must be preliminary, partial, final, corrected, amended or appended',
      ),
    );

  // In the report's order, then the Bundle's other Observations; a Set keeps each once.
  const ordered = new Set<Located>();
  for (const [index, result] of (report.result ?? []).entries()) {
    const target = result.reference ? resolve(result.reference) : undefined;
    if (target?.resource.resourceType !== 'Observation') {
      issues.push(
        issue('not-found', `${reportEntry.path}.result[${index}]`, 'DiagnosticReport.result must reference an Observation in the Bundle'),
      );
    } else {
      ordered.add(target);
    }
  }
  const isContained = new Set(contained);
  for (const entry of observations.keys()) if (!isContained.has(entry)) ordered.add(entry);

  const incoming: IncomingObservation[] = [];
  for (const entry of ordered) {
    const observation = observations.get(entry);
    if (!observation) continue;
    const read = readObservation(entry.path, entry.resource, observation, issues);
    if (read) incoming.push(read);
  }
  const bookingReference = readBookingReference(report, reportEntry.path, resolve, issues);
  if (issues.length === 0 && incoming.length === 0) {
    issues.push(issue('required', `${reportEntry.path}.result`, 'The DiagnosticReport carries no Observation with a value'));
  }
  if (issues.length > 0 || !status || !bookingReference) return { ok: false, issues };

  const out: IncomingReport = { messageId: bundle.identifier.value, bookingReference, status, observations: incoming };
  if (report.issued) out.issuedAt = new Date(report.issued).toISOString();
  const effective = report.effectiveDateTime ?? report.effectivePeriod?.start;
  if (effective) out.effectiveAt = new Date(effective).toISOString();
  const panel = readCode(report.code);
  if (panel) out.panel = panel.loinc ?? panel.first;
  const subject = report.subject?.reference ? resolve(report.subject.reference) : undefined;
  const patient = subject && readPatient(subject.resource);
  if (patient) out.patient = patient;
  return { ok: true, report: out };
}

/**
 * Finds a reference's target as a Bundle resolves it: by fullUrl (urn:uuid: or a URL), by `Type/id`, or
 * `#id` among the contained (the first with that id). Every lookup is in a Map built once, so a Bundle's
 * references cost one lookup each, however many resources it holds (issue #74).
 */
function resolver(located: readonly Located[], contained: readonly Located[]): (reference: string) => Located | undefined {
  const byUrl = new Map<string, Located>();
  const byTypeAndId = new Map<string, Located>();
  const containedById = new Map<string, Located>();
  for (const entry of located) {
    if (entry.fullUrl) byUrl.set(entry.fullUrl, entry);
    if (entry.resource.id) byTypeAndId.set(`${entry.resource.resourceType}/${entry.resource.id}`, entry);
  }
  for (const entry of contained) {
    const id = entry.resource.id;
    if (id !== undefined && !containedById.has(id)) containedById.set(id, entry);
  }
  return (reference) => {
    if (reference.startsWith('#')) return containedById.get(reference.slice(1));
    const byFullUrl = byUrl.get(reference);
    if (byFullUrl) return byFullUrl;
    const typeAndId = /(?:^|\/)([A-Z][A-Za-z]+\/[A-Za-z0-9\-.]{1,64})(?:\/_history\/[A-Za-z0-9\-.]{1,64})?$/.exec(reference)?.[1];
    return typeAndId ? byTypeAndId.get(typeAndId) : undefined;
  };
}

function readBookingReference(
  report: DiagnosticReportResource,
  path: string,
  resolve: (reference: string) => Located | undefined,
  issues: OperationOutcomeIssue[],
): string | undefined {
  const candidates: { value: string; expression: string }[] = [];
  // Each ServiceRequest is read once, however many times basedOn names it.
  const requested = new Map<Located, string | undefined>();
  const requestedBooking = (target: Located) => {
    if (!requested.has(target)) {
      const request = check(serviceRequestSchema, target.resource, target.path, issues);
      requested.set(target, request ? bookingIdentifier(request.identifier) : undefined);
    }
    return requested.get(target);
  };
  for (const [index, basedOn] of (report.basedOn ?? []).entries()) {
    const expression = `${path}.basedOn[${index}]`;
    let value = basedOn.identifier?.value;
    if (!value && basedOn.reference) {
      const target = resolve(basedOn.reference);
      value = target?.resource.resourceType === 'ServiceRequest' ? requestedBooking(target) : undefined;
    }
    if (value) candidates.push({ value, expression });
  }
  const [first, ...others] = candidates;
  const differing = others.find((candidate) => candidate.value.trim().toUpperCase() !== first?.value.trim().toUpperCase());
  if (differing) {
    issues.push(
      issue(
        'business-rule',
        differing.expression,
        'The ServiceRequests in basedOn name different bookings: one Bundle carries one booking',
      ),
    );
    return undefined;
  }
  const reference = first?.value ?? bookingIdentifier(report.identifier);
  if (!reference) {
    issues.push(
      issue(
        'required',
        `${path}.basedOn`,
        'The booking reference (e.g. TH-7K3M9QX2) is required: an identifier of the ServiceRequest in DiagnosticReport.basedOn, or of the DiagnosticReport',
      ),
    );
  }
  return reference;
}

/** The identifier that is the booking reference: ours by system, else the placer's (type PLAC), else the first. */
function bookingIdentifier(identifiers: Identifier[] | undefined): string | undefined {
  const withValue = (identifiers ?? []).filter((candidate) => candidate.value);
  const placer = (candidate: Identifier) =>
    candidate.type?.coding?.some((code) => code.code === 'PLAC' && (!code.system || code.system === IDENTIFIER_TYPE)) ?? false;
  return (withValue.find((candidate) => candidate.system === BOOKING_REFERENCE_SYSTEM) ?? withValue.find(placer) ?? withValue[0])?.value;
}

function readObservation(
  path: string,
  raw: Record<string, unknown>,
  observation: ObservationResource,
  issues: OperationOutcomeIssue[],
): IncomingObservation | undefined {
  const unsupported = Object.keys(raw).filter((key) => /^value[A-Z]/.test(key) && !VALUE_ELEMENTS.has(key));
  for (const key of unsupported) {
    issues.push(
      issue('not-supported', `${path}.${key}`, 'Observation values are read from valueQuantity, valueString or valueCodeableConcept'),
    );
  }
  const values = Object.keys(raw).filter((key) => VALUE_ELEMENTS.has(key));
  if (unsupported.length > 0 || values.length > 1) {
    if (values.length > 1) issues.push(issue('invalid', `${path}.value`, 'An Observation has one value[x]'));
    return undefined;
  }
  if (observation.status === 'entered-in-error') {
    issues.push(issue('not-supported', `${path}.status`, 'To correct a result, send the report again with the Observation corrected'));
    return undefined;
  }
  const coded = readCode(observation.code);
  if (!coded) {
    issues.push(issue('required', `${path}.code.coding`, 'Observation.code needs a coding (LOINC preferred)'));
    return undefined;
  }
  const base = { path, loinc: coded.loinc?.code ?? null, code: coded.loinc ?? coded.first };

  let value: Pick<IncomingObservation, 'valueType' | 'kind' | 'value' | 'comparator' | 'unit'>;
  if (observation.valueQuantity) {
    const { value: number, comparator, code, system, unit } = observation.valueQuantity;
    value = { valueType: 'NM', kind: 'quantity', value: String(number) };
    if (comparator) value.comparator = comparator;
    // The UCUM code when there is one (Quantity.code in UCUM's system, or in none), else the unit as
    // written (a local code system's code means nothing here); the caller reads it as labs write units.
    const unitCode = code && (!system || system === UCUM) ? code : (unit ?? code);
    if (unitCode) value.unit = unitCode;
  } else if (observation.valueString) {
    value = { valueType: 'ST', kind: 'text', value: observation.valueString };
  } else if (observation.valueCodeableConcept) {
    const concept = observation.valueCodeableConcept;
    const answer = concept.text ?? concept.coding?.find((candidate) => candidate.display)?.display ?? concept.coding?.[0]?.code;
    if (!answer) {
      issues.push(issue('required', `${path}.valueCodeableConcept`, 'valueCodeableConcept needs a text or a coding'));
      return undefined;
    }
    value = { valueType: 'CWE', kind: 'text', value: answer };
  } else {
    // No value: a test that could not be done says why (dataAbsentReason) or is cancelled, and is left out.
    if (observation.dataAbsentReason || observation.status === 'cancelled') return undefined;
    issues.push(
      issue(
        'required',
        `${path}.value`,
        'An Observation needs a value (valueQuantity, valueString or valueCodeableConcept) or a dataAbsentReason',
      ),
    );
    return undefined;
  }

  const incoming: IncomingObservation = { ...base, ...value, status: observation.status };
  const range = observation.referenceRange?.[0];
  if (range) incoming.referenceRange = readRange(range);
  const flags = (observation.interpretation ?? []).flatMap((concept) =>
    (concept.coding ?? [])
      .filter((code) => !code.system || code.system === OBSERVATION_INTERPRETATION || code.system === V2_ABNORMAL_FLAGS)
      .flatMap((code) => (code.code ? [code.code] : [])),
  );
  if (flags.length > 0) incoming.abnormalFlags = flags;
  const notes = (observation.note ?? []).map((annotation) => annotation.text);
  if (notes.length > 0) incoming.note = notes.join('\n');
  return incoming;
}

function readRange(range: NonNullable<ObservationResource['referenceRange']>[number]): IncomingRange {
  const out: IncomingRange = {};
  if (range.text) out.text = range.text;
  if (range.low?.value !== undefined) out.low = String(range.low.value);
  if (range.high?.value !== undefined) out.high = String(range.high.value);
  const unit = range.low?.code ?? range.low?.unit ?? range.high?.code ?? range.high?.unit;
  if (unit) out.unit = unit;
  return out;
}

/** A CodeableConcept's first coding with a code, and its LOINC coding if it has one. */
function readCode(concept: CodeableConcept): { first: IncomingCode; loinc?: IncomingCode } | undefined {
  const codings = (concept.coding ?? []).flatMap((candidate) =>
    candidate.code ? [{ system: candidate.system ?? '', code: candidate.code, display: candidate.display ?? concept.text ?? '' }] : [],
  );
  const [first] = codings;
  if (!first) return undefined;
  const loinc = codings.find((candidate) => candidate.system === LOINC);
  return loinc ? { first, loinc } : { first };
}

/** The Patient, for display: a Patient the sender wrote loosely is shown without, never a reason to refuse. */
function readPatient(resource: Record<string, unknown>): IncomingPatient | undefined {
  const parsed = patientSchema.safeParse(resource);
  if (!parsed.success) return undefined;
  const { name, birthDate, gender, identifier: identifiers } = parsed.data;
  const patient: IncomingPatient = {};
  const first = name?.[0];
  const fullName = first?.text ?? [...(first?.given ?? []), first?.family].filter(Boolean).join(' ');
  if (fullName) patient.name = fullName;
  if (birthDate) patient.birthDate = birthDate;
  if (gender) patient.sex = gender;
  const id = identifiers?.find((candidate) => candidate.value)?.value;
  if (id) patient.identifier = id;
  return Object.keys(patient).length > 0 ? patient : undefined;
}

/** The answer to a refused Bundle. */
export function operationOutcome(issues: OperationOutcomeIssue[]): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: issues };
}
