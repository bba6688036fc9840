import type { StoredObservation } from './report-values.ts';

/*
 * Results per member test of a package (issue #79 item 1, ADR 0091 amended). A package visit has one
 * report, and it grows a test at a time: a lab's system reports each order (HL7 OBR, FHIR
 * DiagnosticReport) as it is done, so the CBC comes today and the vitamin D tomorrow. A message about
 * some of the visit's tests leaves the others' values as they were; a version that only adds values
 * does not amend the report, and the patient hears "more results are ready", not "amended".
 */

/** One test of a package visit and the analytes it reports. A test booked alone has none: its report is one part. */
export interface ReportPart {
  testId: number;
  name: { ar: string; en: string };
  analyteIds: ReadonlySet<number>;
}

/** The same value in the same unit, however it was typed (٦٫٨ and 6.8 are one value). */
export function sameValue(a: StoredObservation, b: StoredObservation) {
  return a.unit === b.unit && JSON.stringify(a.value) === JSON.stringify(b.value) && a.comment === b.comment;
}

/** What an observation is known by within a report: its analyte, else the sender's code or label (an extra). */
const keyOf = (observation: StoredObservation) =>
  observation.analyteId !== null ? `a:${observation.analyteId}` : `x:${observation.loinc ?? observation.label ?? ''}`;

/**
 * A message's values with the earlier values of the tests it does not report: each part is reported
 * whole or not at all, so a part the message touches (any of its analytes) takes only the message's
 * values, and one it does not keeps what it had. An extra value (an analyte of no part) is kept unless
 * the message sends it again. A report of one part (a test booked alone) is the message's values.
 */
export function withUntouchedParts(
  parts: readonly ReportPart[],
  earlier: readonly StoredObservation[] | null,
  incoming: readonly StoredObservation[],
): StoredObservation[] {
  if (parts.length === 0 || !earlier) return [...incoming];
  const sent = new Set(incoming.map(keyOf));
  const touched = parts.filter((part) =>
    incoming.some((observation) => observation.analyteId !== null && part.analyteIds.has(observation.analyteId)),
  );
  const replaced = (observation: StoredObservation) =>
    sent.has(keyOf(observation)) ||
    (observation.analyteId !== null && touched.some((part) => part.analyteIds.has(observation.analyteId as number)));
  return [...incoming, ...earlier.filter((observation) => !replaced(observation))];
}

/**
 * Whether a version changes what its patient was given: a released value it drops or holds otherwise.
 * Values it adds (another test of the package, a value the lab had left out) are not an amendment.
 */
export function amendsReleased(released: readonly StoredObservation[] | null, next: readonly StoredObservation[]): boolean {
  if (!released) return false;
  const now = new Map(next.map((observation) => [keyOf(observation), observation]));
  return released.some((observation) => {
    const kept = now.get(keyOf(observation));
    return !kept || !sameValue(kept, observation);
  });
}

/** Each part with whether the report holds any of its values. */
export function partsReported(parts: readonly ReportPart[], observations: readonly StoredObservation[]) {
  const reported = new Set(observations.flatMap((observation) => (observation.analyteId === null ? [] : [observation.analyteId])));
  return parts.map((part) => ({ part, reported: [...part.analyteIds].some((id) => reported.has(id)) }));
}
