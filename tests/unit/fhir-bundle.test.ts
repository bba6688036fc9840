import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationOutcome, parseFhirBundle } from '../../src/server/modules/results/intake/fhir-bundle.ts';
import { fhirR4Schema } from '../setup/fhir-r4-schema.ts';

type JsonObject = Record<string, unknown>;

const fixture = (name: string): JsonObject => JSON.parse(readFileSync(new URL(`../fixtures/fhir/${name}`, import.meta.url), 'utf8'));
const validBundle = () => fixture('bundle-potassium-critical.json');

/** What is at `path` in parsed JSON, to change it. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  return path.reduce<unknown>((inside, key) => (inside as Record<string | number, unknown>)[key], value);
}
const objectAt = (value: unknown, ...path: (string | number)[]) => at(value, ...path) as JsonObject;
const arrayAt = (value: unknown, ...path: (string | number)[]) => at(value, ...path) as unknown[];
const resourceOf = (bundle: unknown, index: number) => objectAt(bundle, 'entry', index, 'resource');

function accepted(body: unknown) {
  const result = parseFhirBundle(body);
  if (!result.ok) throw new Error(`expected the Bundle to be read, got ${JSON.stringify(result.issues)}`);
  return result.report;
}

function refused(body: unknown) {
  const result = parseFhirBundle(body);
  if (result.ok) throw new Error('expected the Bundle to be refused');
  return result.issues;
}

let validate: ReturnType<typeof fhirR4Schema>;
beforeAll(() => {
  validate = fhirR4Schema();
}, 120_000);

describe('a FHIR R4 Bundle from a lab system', () => {
  it('is a valid R4 Bundle, read into one report for the booking its ServiceRequest names', () => {
    const bundle = validBundle();
    expect(validate('Bundle', bundle)).toEqual([]);

    const report = accepted(bundle);
    expect(report).toMatchObject({
      messageId: 'ALB-FHIR-20261127-0042',
      bookingReference: 'TH-7K3M9QX2',
      status: 'final',
      issuedAt: '2026-11-27T06:15:00.000Z',
      effectiveAt: '2026-11-27T04:15:00.000Z',
      panel: { system: 'http://loinc.org', code: '24326-1', display: 'Electrolytes 1998 panel - Serum or Plasma' },
      patient: { name: 'Fahad Saleh Al-Harbi', birthDate: '1978-04-12', sex: 'male', identifier: 'MRN4471203' },
    });
    expect(report.observations.map((observation) => observation.loinc)).toEqual(['2823-3', '2951-2', '2075-0', '2028-9']);
  });

  it('reads potassium 6.8 mmol/L with its UCUM unit, its range, HH and its note', () => {
    const [potassium] = accepted(validBundle()).observations;

    expect(potassium).toEqual({
      path: 'Bundle.entry[2].resource',
      loinc: '2823-3',
      code: { system: 'http://loinc.org', code: '2823-3', display: 'Potassium [Moles/volume] in Serum or Plasma' },
      valueType: 'NM',
      kind: 'quantity',
      value: '6.8',
      unit: 'mmol/L',
      referenceRange: { low: '3.5', high: '5.1', unit: 'mmol/L' },
      abnormalFlags: ['HH'],
      status: 'final',
      note: 'Critical value confirmed on repeat analysis; sample not haemolysed.',
    });
  });

  it('refuses a malformed Observation with an OperationOutcome naming its FHIRPath, and never its value', () => {
    const bundle = fixture('bundle-malformed-observation.json');
    expect(validate('Bundle', bundle)).not.toEqual([]);

    const issues = refused(bundle);
    expect(issues).toEqual([
      expect.objectContaining({ severity: 'error', code: 'structure', expression: ['Bundle.entry[2].resource.valueQuantity.value'] }),
    ]);
    expect(JSON.stringify(issues)).not.toContain('6,8');
    const outcome = operationOutcome(issues);
    expect(validate('OperationOutcome', outcome)).toEqual([]);
  });

  it('names every problem of the Bundle at once, each by its path', () => {
    const bundle = validBundle();
    resourceOf(bundle, 2).valueQuantity = '6.8 mmol/L';
    delete resourceOf(bundle, 3).code;
    resourceOf(bundle, 4).status = 'done';

    expect(refused(bundle).map((problem) => [problem.code, problem.expression?.[0]])).toEqual([
      ['structure', 'Bundle.entry[2].resource.valueQuantity'],
      ['required', 'Bundle.entry[3].resource.code'],
      ['value', 'Bundle.entry[4].resource.status'],
    ]);
  });

  it('takes the booking reference from a contained ServiceRequest, a logical reference, or the report itself', () => {
    const contained = validBundle();
    const report = resourceOf(contained, 0);
    report.contained = [{ resourceType: 'ServiceRequest', id: 'order', identifier: [{ value: 'TH-CONTAIN1' }] }];
    report.basedOn = [{ reference: '#order' }];
    expect(accepted(contained).bookingReference).toBe('TH-CONTAIN1');

    const logical = validBundle();
    resourceOf(logical, 0).basedOn = [{ identifier: { system: 'https://tahaleel.sa/booking-reference', value: 'TH-LOGICAL1' } }];
    expect(accepted(logical).bookingReference).toBe('TH-LOGICAL1');

    const own = validBundle();
    delete resourceOf(own, 0).basedOn;
    resourceOf(own, 0).identifier = [{ system: 'https://lab.example/reports', value: 'TH-OWNREF1' }];
    expect(accepted(own).bookingReference).toBe('TH-OWNREF1');

    const none = validBundle();
    delete resourceOf(none, 0).basedOn;
    expect(refused(none)).toEqual([expect.objectContaining({ code: 'required', expression: ['Bundle.entry[0].resource.basedOn'] })]);
  });

  it('refuses a report based on orders of two bookings', () => {
    const bundle = validBundle();
    arrayAt(resourceOf(bundle, 0), 'basedOn').push({ identifier: { value: 'TH-ANOTHER1' } });

    expect(refused(bundle)).toEqual([
      expect.objectContaining({ code: 'business-rule', expression: ['Bundle.entry[0].resource.basedOn[1]'] }),
    ]);
  });

  it('resolves results by Type/id as well as by fullUrl, and names a result that resolves to nothing', () => {
    const byId = validBundle();
    for (const [index, entry] of arrayAt(byId, 'entry').entries()) {
      delete objectAt(entry).fullUrl;
      objectAt(entry, 'resource').id = `r${index}`;
    }
    resourceOf(byId, 0).basedOn = [{ reference: 'ServiceRequest/r1' }];
    resourceOf(byId, 0).subject = { reference: 'Patient/r6' };
    resourceOf(byId, 0).result = [{ reference: 'Observation/r3' }, { reference: 'Observation/r2' }];
    const report = accepted(byId);
    expect(report.bookingReference).toBe('TH-7K3M9QX2');
    // Observations the report does not list still belong to it, after the listed ones.
    expect(report.observations.map((observation) => observation.path)).toEqual([
      'Bundle.entry[3].resource',
      'Bundle.entry[2].resource',
      'Bundle.entry[4].resource',
      'Bundle.entry[5].resource',
    ]);

    const dangling = validBundle();
    arrayAt(resourceOf(dangling, 0), 'result')[1] = { reference: 'urn:uuid:00000000-0000-4000-8000-000000000000' };
    expect(refused(dangling)).toEqual([expect.objectContaining({ code: 'not-found', expression: ['Bundle.entry[0].resource.result[1]'] })]);
  });

  it('reads a detection limit, a text result and a coded answer; leaves out a test that could not be done', () => {
    const bundle = validBundle();
    resourceOf(bundle, 2).valueQuantity = { value: 0.5, comparator: '<', unit: 'mg/L', system: 'http://unitsofmeasure.org', code: 'mg/L' };
    delete resourceOf(bundle, 3).valueQuantity;
    resourceOf(bundle, 3).valueString = 'Haemolysed sample';
    delete resourceOf(bundle, 4).valueQuantity;
    resourceOf(bundle, 4).valueCodeableConcept = { coding: [{ system: 'http://snomed.info/sct', code: '260385009', display: 'Negative' }] };
    delete resourceOf(bundle, 5).valueQuantity;
    resourceOf(bundle, 5).dataAbsentReason = {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'error' }],
    };
    expect(validate('Bundle', bundle)).toEqual([]);

    const observations = accepted(bundle).observations;
    expect(observations.map(({ valueType, kind, value, comparator }) => ({ valueType, kind, value, comparator }))).toEqual([
      { valueType: 'NM', kind: 'quantity', value: '0.5', comparator: '<' },
      { valueType: 'ST', kind: 'text', value: 'Haemolysed sample', comparator: undefined },
      { valueType: 'CWE', kind: 'text', value: 'Negative', comparator: undefined },
    ]);
  });

  it('refuses what it cannot read: another Bundle type, two reports, a value of another type, no Bundle at all', () => {
    const batch = validBundle();
    batch.type = 'batch';
    expect(refused(batch)).toEqual([expect.objectContaining({ code: 'value', expression: ['Bundle.type'] })]);

    const noIdentifier = validBundle();
    delete noIdentifier.identifier;
    expect(refused(noIdentifier)).toEqual([expect.objectContaining({ code: 'required', expression: ['Bundle.identifier'] })]);

    const twoReports = validBundle();
    arrayAt(twoReports, 'entry').push({ fullUrl: 'urn:uuid:1d9f1f3e-1111-4a4a-8b8b-2c2c2c2c2c2c', resource: resourceOf(validBundle(), 0) });
    expect(refused(twoReports)).toEqual([expect.objectContaining({ code: 'not-supported', expression: ['Bundle.entry[7].resource'] })]);

    const integer = validBundle();
    delete resourceOf(integer, 2).valueQuantity;
    resourceOf(integer, 2).valueInteger = 7;
    expect(refused(integer)).toEqual([
      expect.objectContaining({ code: 'not-supported', expression: ['Bundle.entry[2].resource.valueInteger'] }),
    ]);

    const registered = validBundle();
    resourceOf(registered, 0).status = 'registered';
    expect(refused(registered)).toEqual([expect.objectContaining({ code: 'value', expression: ['Bundle.entry[0].resource.status'] })]);

    expect(refused(resourceOf(validBundle(), 0))).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'value', expression: ['Bundle.resourceType'] })]),
    );
    expect(refused('MSH|^~\\&|')).toEqual([expect.objectContaining({ code: 'structure', expression: ['Bundle'] })]);
  });
});
