import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationOutcome, parseFhirBundle } from '../../src/server/modules/result-intake/fhir-bundle.ts';
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

  it("reads a quantity's unit by its UCUM code, and by its written unit when the code is a local system's (#76)", () => {
    const bundle = validBundle();
    resourceOf(bundle, 2).valueQuantity = { value: 2.1, unit: 'mIU/L', system: 'http://unitsofmeasure.org', code: 'm[IU]/L' };
    resourceOf(bundle, 3).valueQuantity = { value: 150, unit: 'µmol/L', system: 'http://lab.example/units', code: 'UMOLL' };
    resourceOf(bundle, 4).valueQuantity = { value: 7.2, unit: 'K/uL' };
    const units = accepted(bundle).observations.map((observation) => observation.unit);
    expect(units.slice(0, 3)).toEqual(['m[IU]/L', 'µmol/L', 'K/uL']);
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

describe("a FHIR R4 Bundle's bounds (issue #74)", () => {
  /** The fixture with `count` copies of its potassium Observation contained in the report, listed in its results when `listed`. */
  function withContained(count: number, listed: boolean) {
    const bundle = validBundle();
    const report = resourceOf(bundle, 0);
    const potassium = resourceOf(bundle, 2);
    report.contained = Array.from({ length: count }, (_, index) => ({ ...structuredClone(potassium), id: `k${index}` }));
    if (listed) arrayAt(report, 'result').push(...Array.from({ length: count }, (_, index) => ({ reference: `#k${index}` })));
    return bundle;
  }

  it('refuses a Bundle.identifier.value the database could not keep, naming it, and reads one of 199 characters', () => {
    const withId = (value: string) => {
      const bundle = validBundle();
      objectAt(bundle, 'identifier').value = value;
      return bundle;
    };
    expect(accepted(withId('A'.repeat(199))).messageId).toHaveLength(199);
    // PostgreSQL counts characters, not UTF-16 units: 199 letters outside the BMP still fit.
    expect(accepted(withId('𝟙'.repeat(199))).messageId).toHaveLength(398);

    for (const value of ['A'.repeat(200), 'FHIR\u00001', 'FHIR\ud8001']) {
      const issues = refused(withId(value));
      expect(issues).toEqual([expect.objectContaining({ code: 'value', expression: ['Bundle.identifier.value'] })]);
      expect(validate('OperationOutcome', operationOutcome(issues))).toEqual([]);
    }
  });

  it('reads 500 Observations, contained ones counted, and refuses 501 as too costly before checking any', () => {
    expect(accepted(withContained(496, true)).observations).toHaveLength(500);

    // Four in the Bundle's entries and 497 contained, not even listed in the report's results.
    const tooMany = withContained(497, false);
    const issues = refused(tooMany);
    expect(issues).toEqual([expect.objectContaining({ code: 'too-costly', expression: ['Bundle.entry'] })]);
    expect(issues[0]!.diagnostics).toContain('at most 500 Observations');
    expect(validate('OperationOutcome', operationOutcome(issues))).toEqual([]);

    resourceOf(tooMany, 2).valueQuantity = '6.8 mmol/L';
    expect(refused(tooMany)).toEqual([expect.objectContaining({ code: 'too-costly' })]);
  });

  it('refuses more than 1000 resources, contained ones counted, and a report listing more than 500 results', () => {
    const withSpecimens = (count: number) => {
      const bundle = validBundle();
      resourceOf(bundle, 0).contained = Array.from({ length: count }, (_, index) => ({ resourceType: 'Specimen', id: `s${index}` }));
      return bundle;
    };
    // The fixture's seven entries and 993 contained Specimens are 1000 resources.
    expect(accepted(withSpecimens(993)).observations).toHaveLength(4);
    expect(refused(withSpecimens(994))).toEqual([expect.objectContaining({ code: 'too-costly', expression: ['Bundle.entry'] })]);

    const listing = validBundle();
    const results = arrayAt(resourceOf(listing, 0), 'result');
    results.push(...Array.from({ length: 497 }, () => results[0]));
    expect(refused(listing)).toEqual([expect.objectContaining({ code: 'too-costly', expression: ['Bundle.entry[0].resource.result'] })]);
  });

  it('resolves each #id to the first contained resource with that id, in the order the report lists them', () => {
    const bundle = withContained(300, false);
    const report = resourceOf(bundle, 0);
    const contained = arrayAt(report, 'contained') as JsonObject[];
    contained[299]!.id = 'k7';
    report.result = [{ reference: '#k250' }, { reference: '#k7' }, { reference: '#k3' }, { reference: '#k250' }];

    expect(accepted(bundle).observations.map((observation) => observation.path)).toEqual([
      'Bundle.entry[0].resource.contained[250]',
      'Bundle.entry[0].resource.contained[7]',
      'Bundle.entry[0].resource.contained[3]',
      'Bundle.entry[2].resource',
      'Bundle.entry[3].resource',
      'Bundle.entry[4].resource',
      'Bundle.entry[5].resource',
    ]);

    report.result = [{ reference: '#k300' }];
    expect(refused(bundle)).toEqual([expect.objectContaining({ code: 'not-found', expression: ['Bundle.entry[0].resource.result[0]'] })]);
  });

  it('reads a ServiceRequest once however many times basedOn names it, and names its problem once', () => {
    const bundle = validBundle();
    const report = resourceOf(bundle, 0);
    report.basedOn = Array.from({ length: 3 }, () => ({ reference: 'urn:uuid:0c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f' }));
    expect(accepted(bundle).bookingReference).toBe('TH-7K3M9QX2');

    resourceOf(bundle, 1).identifier = 'TH-7K3M9QX2';
    const aboutTheRequest = refused(bundle).filter((problem) => problem.expression?.[0]?.startsWith('Bundle.entry[1]'));
    expect(aboutTheRequest).toEqual([expect.objectContaining({ code: 'structure', expression: ['Bundle.entry[1].resource.identifier'] })]);
  });

  it('refuses a quantity no double can hold (1e999 in the JSON reads as Infinity), naming its value', () => {
    const text = JSON.stringify(validBundle()).replace('"value":6.8', '"value":1e999');
    expect(refused(JSON.parse(text))).toEqual([expect.objectContaining({ expression: ['Bundle.entry[2].resource.valueQuantity.value'] })]);
  });
});
