import type { Bundle, DiagnosticReport, Observation, Organization, Patient, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ExportedReport, resultsBundle } from '../../src/server/modules/result-reports/fhir-export.ts';
import { fhirR4Schema } from '../setup/fhir-r4-schema.ts';

const electrolytes: ExportedReport = {
  reference: 'TH-7K3M9QX2',
  status: 'final',
  issuedAt: '2026-11-27T06:15:00.000Z',
  effectiveAt: '2026-11-27T04:15:00.000Z',
  test: {
    name_en: 'Electrolytes (Sodium, Potassium, Chloride)',
    name_ar: 'الأملاح والمعادن (الصوديوم والبوتاسيوم والكلوريد)',
    loinc: '24326-1',
  },
  lab: { name_en: 'Al Borg Diagnostics', name_ar: 'مختبرات البرج' },
  patientName: 'Fahad Al-Harbi',
  observations: [
    {
      loinc: '2823-3',
      name_en: 'Potassium',
      name_ar: 'البوتاسيوم',
      value: 6.8,
      unit: 'mmol/L',
      low: 3.5,
      high: 5.1,
      rangeOrigin: { published: false, source: null },
      interpretation: 'HH',
      note: 'Critical value confirmed on repeat analysis.',
    },
    {
      loinc: '2951-2',
      name_en: 'Sodium',
      name_ar: 'الصوديوم',
      value: 139,
      unit: 'mmol/L',
      low: 136,
      high: 145,
      rangeOrigin: { published: true, source: 'Tietz Clinical Guide to Laboratory Tests, 4th ed. (2006)' },
      interpretation: 'N',
    },
  ],
};

const serology: ExportedReport = {
  reference: 'TH-4QW8Z2NC',
  status: 'corrected',
  issuedAt: '2026-12-02T09:00:00.000Z',
  effectiveAt: null,
  test: { name_en: 'Hepatitis B surface antigen and CRP', name_ar: 'مستضد التهاب الكبد ب السطحي وبروتين سي التفاعلي' },
  lab: { name_en: 'Al Mokhtabar', name_ar: 'المختبر' },
  patientName: 'Fahad Al-Harbi',
  observations: [
    {
      loinc: '5196-1',
      name_en: 'Hepatitis B surface antigen',
      name_ar: 'مستضد التهاب الكبد ب السطحي',
      value: 'Negative',
      rangeText: 'Negative',
      interpretation: 'N',
    },
    { loinc: '1988-5', name_en: 'C-reactive protein', name_ar: 'بروتين سي التفاعلي', value: 0.5, comparator: '<', unit: 'mg/L', high: 5 },
    { loinc: null, name_en: 'Sample comment', name_ar: 'ملاحظة على العينة', value: 'Slightly lipaemic', interpretation: null },
  ],
};

let validate: ReturnType<typeof fhirR4Schema>;
beforeAll(() => {
  validate = fhirR4Schema();
}, 120_000);

function resources<T extends Resource>(bundle: Bundle, type: T['resourceType']): T[] {
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource?.resourceType === type ? [entry.resource as T] : []));
}

function byUrl(bundle: Bundle, reference: string | undefined): Resource | undefined {
  return bundle.entry?.find((entry) => entry.fullUrl === reference)?.resource;
}

describe("a person's results as a FHIR R4 Bundle", () => {
  it('validates against the FHIR R4 JSON schema, in English and in Arabic', () => {
    expect(validate('Bundle', resultsBundle([electrolytes, serology]))).toEqual([]);
    expect(validate('Bundle', resultsBundle([electrolytes, serology], { language: 'ar' }))).toEqual([]);
  });

  it('fails that validation when an element is broken, so the check above can fail', () => {
    const bundle = resultsBundle([electrolytes]);
    const potassium = resources<Observation>(bundle, 'Observation')[0];
    Object.assign(potassium?.valueQuantity ?? {}, { value: '6.8' });

    expect(validate('Bundle', bundle)).not.toEqual([]);
    expect(validate('Observation', potassium).map((error) => error.instancePath)).toContain('/valueQuantity/value');

    const unknownElement = resultsBundle([electrolytes]);
    Object.assign(resources<Observation>(unknownElement, 'Observation')[1] as object, { flag: 'normal' });
    expect(validate('Bundle', unknownElement)).not.toEqual([]);

    const unknownStatus = resultsBundle([electrolytes]);
    Object.assign(resources<DiagnosticReport>(unknownStatus, 'DiagnosticReport')[0] as object, { status: 'released' });
    expect(validate('Bundle', unknownStatus)).not.toEqual([]);
  });

  it('holds a DiagnosticReport per report, named by its booking reference and performed by the lab', () => {
    const bundle = resultsBundle([electrolytes, serology]);
    const [first, second] = resources<DiagnosticReport>(bundle, 'DiagnosticReport');

    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry?.every((entry) => entry.fullUrl?.startsWith('urn:uuid:'))).toBe(true);
    expect(first).toMatchObject({
      identifier: [{ system: 'https://tahaleel.sa/booking-reference', value: 'TH-7K3M9QX2' }],
      status: 'final',
      code: {
        coding: [{ system: 'http://loinc.org', code: '24326-1', display: 'Electrolytes (Sodium, Potassium, Chloride)' }],
        text: 'Electrolytes (Sodium, Potassium, Chloride)',
      },
      effectiveDateTime: '2026-11-27T04:15:00.000Z',
      issued: '2026-11-27T06:15:00.000Z',
    });
    expect(byUrl(bundle, first?.performer?.[0]?.reference)).toEqual({
      resourceType: 'Organization',
      name: 'Al Borg Diagnostics',
      alias: ['مختبرات البرج'],
    } satisfies Organization);
    expect(second).toMatchObject({ status: 'corrected', code: { text: 'Hepatitis B surface antigen and CRP' } });
    expect(second?.code.coding).toBeUndefined();
    expect(second?.effectiveDateTime).toBeUndefined();
    expect(resources<Organization>(bundle, 'Organization')).toHaveLength(2);
  });

  it('names the person once, by name only', () => {
    const bundle = resultsBundle([electrolytes, serology]);
    const patients = resources<Patient>(bundle, 'Patient');

    expect(patients).toEqual([{ resourceType: 'Patient', name: [{ text: 'Fahad Al-Harbi' }] }]);
    for (const report of resources<DiagnosticReport>(bundle, 'DiagnosticReport')) {
      expect(byUrl(bundle, report.subject?.reference)).toBe(patients[0]);
    }
  });

  it('writes potassium 6.8 mmol/L as a UCUM quantity with its range and the critical-high interpretation', () => {
    const bundle = resultsBundle([electrolytes]);
    const report = resources<DiagnosticReport>(bundle, 'DiagnosticReport')[0];
    const potassium = byUrl(bundle, report?.result?.[0]?.reference);

    expect(potassium).toMatchObject({
      resourceType: 'Observation',
      status: 'final',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '2823-3', display: 'Potassium' }], text: 'Potassium' },
      valueQuantity: { value: 6.8, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
      interpretation: [
        {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'HH', display: 'Critical high' }],
        },
      ],
      referenceRange: [
        {
          low: { value: 3.5, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
          high: { value: 5.1, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
          text: "3.5–5.1 mmol/L (lab's range)",
        },
      ],
      note: [{ text: 'Critical value confirmed on repeat analysis.' }],
    } satisfies Partial<Observation>);
  });

  it("says whose range it is in referenceRange.text, in the reader's language: the lab's, or a published one with its source", () => {
    const [, sodium] = resources<Observation>(resultsBundle([electrolytes]), 'Observation');
    expect(sodium?.referenceRange?.[0]?.text).toBe(
      '136–145 mmol/L (published range: Tietz Clinical Guide to Laboratory Tests, 4th ed. (2006))',
    );
    const [potassiumAr, sodiumAr] = resources<Observation>(resultsBundle([electrolytes], { language: 'ar' }), 'Observation');
    expect(potassiumAr?.referenceRange?.[0]?.text).toBe('3.5–5.1 mmol/L (المدى المرجعي للمختبر)');
    expect(sodiumAr?.referenceRange?.[0]?.text).toBe(
      '136–145 mmol/L (مدى مرجعي منشور: Tietz Clinical Guide to Laboratory Tests, 4th ed. (2006))',
    );
  });

  it('writes a text result, a value under a detection limit, and a value with no range', () => {
    const bundle = resultsBundle([serology]);
    const [antigen, crp, comment] = resources<Observation>(bundle, 'Observation');

    expect(antigen).toMatchObject({ valueString: 'Negative', referenceRange: [{ text: 'Negative' }] });
    expect(crp).toMatchObject({
      valueQuantity: { value: 0.5, comparator: '<', unit: 'mg/L' },
      referenceRange: [{ high: { value: 5, unit: 'mg/L' }, text: '≤5 mg/L' }],
    });
    expect(comment).toMatchObject({ code: { text: 'Sample comment' }, valueString: 'Slightly lipaemic' });
    expect(comment?.code.coding).toBeUndefined();
    expect(comment?.referenceRange).toBeUndefined();
    expect(comment?.interpretation).toBeUndefined();
  });

  it("names tests, analytes and the lab in the reader's language, LOINC's displays staying English", () => {
    const bundle = resultsBundle([electrolytes], { language: 'ar' });
    const potassium = resources<Observation>(bundle, 'Observation')[0];

    expect(potassium).toMatchObject({
      language: 'ar',
      code: { coding: [{ code: '2823-3', display: 'Potassium' }], text: 'البوتاسيوم' },
    });
    expect(resources<Organization>(bundle, 'Organization')[0]).toMatchObject({ name: 'مختبرات البرج', alias: ['Al Borg Diagnostics'] });
  });
});
