import type { Bundle, Claim, ClaimResponse, CoverageEligibilityResponse, MessageHeader, Patient } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimMessage, priorAuthMessage } from '../../src/server/modules/nphies/claim-message.ts';
import { eligibilityMessage } from '../../src/server/modules/nphies/eligibility-message.ts';
import type { ClaimAsk, EligibilityAsk, PriorAuthAsk } from '../../src/server/modules/nphies/nphies-asks.ts';
import { answerOf, NphiesRefusal, readClaim, readEligibility, readPriorAuth } from '../../src/server/modules/nphies/nphies-response.ts';
import { fhirR4Schema } from '../setup/fhir-r4-schema.ts';

// The NPHIES messages as the implementation guide shapes them (issue #80, ADR 0097): every Bundle built
// is valid FHIR R4 and declares the guide's profiles; the answers read into plain outcomes.

const IG = 'http://nphies.sa/fhir/ksa/nphies-fs/StructureDefinition';

const eligibilityAsk: EligibilityAsk = {
  messageId: '0d3b1d8e-7f1c-4c1a-9d9e-3a4f7c2b9e01',
  sentAt: '2026-11-30T09:00:00+03:00',
  provider: { license: 'PR-FHIR-10000', name: 'Al Borg Laboratories — Olaya' },
  payer: { nphiesId: 'INS-FHIR-7001001', name: 'Bupa Arabia' },
  patient: { idKind: 'nationalid', idNumber: '1012345678', name: 'Mohammed Abdullah Alharbi', sex: 'male', birthDate: '1988-04-12' },
  coverage: { memberId: 'COPAY-20', policyClass: 'Gold', network: 'GN-1', relationship: 'self', expiry: '2027-06-30' },
  items: [
    {
      sequence: 1,
      code: '73250-00-80',
      system: 'http://nphies.sa/terminology/CodeSystem/laboratory',
      display: 'Blood group',
      unitPriceSar: 60,
    },
    { sequence: 2, code: '66500-00-10', system: 'http://nphies.sa/terminology/CodeSystem/laboratory', display: 'HbA1c', unitPriceSar: 300 },
  ],
  servicedDate: '2026-12-02',
};

const priorAuthAsk: PriorAuthAsk = {
  ...eligibilityAsk,
  messageId: '6a2f5c1e-2b9d-4e7a-8c3f-1d2e3f4a5b6c',
  patient: { ...eligibilityAsk.patient, idKind: 'iqama', idNumber: '2098765432' },
  bookingReference: 'TH-7K2M9Q',
  diagnoses: [{ code: 'E11.9', display: 'Type 2 diabetes mellitus without complications' }],
};

const claimAsk: ClaimAsk = {
  ...priorAuthAsk,
  messageId: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
  results: [
    { loinc: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood', value: 7.2, unit: '%', issued: '2026-12-02T12:00:00+03:00' },
    {
      loinc: '2345-7',
      display: 'Glucose [Mass/volume] in Serum or Plasma',
      value: 142,
      unit: 'mg/dL',
      issued: '2026-12-02T12:00:00+03:00',
    },
  ],
  preAuthRef: 'PA-1001',
  resubmissionOf: '0d3b1d8e-7f1c-4c1a-9d9e-3a4f7c2b9e01',
};

let validate: ReturnType<typeof fhirR4Schema>;
beforeAll(() => {
  validate = fhirR4Schema();
}, 60_000);

const resources = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource!);
const header = (bundle: Bundle) => bundle.entry?.[0]?.resource as MessageHeader;
const focal = <T>(bundle: Bundle) => bundle.entry?.find((entry) => entry.fullUrl === header(bundle).focus?.[0]?.reference)?.resource as T;

describe.each([
  ['eligibility-request', () => eligibilityMessage(eligibilityAsk), 'CoverageEligibilityRequest', 'eligibility-request'],
  ['priorauth-request', () => priorAuthMessage(priorAuthAsk), 'Claim', 'professional-priorauth'],
  ['claim-request', () => claimMessage(claimAsk), 'Claim', 'professional-claim'],
] as const)('the %s message', (event, build, focalType, focalProfile) => {
  it('is a valid FHIR R4 Bundle', () => {
    expect(validate('Bundle', build())).toEqual([]);
  });

  it('is a message Bundle that starts with its MessageHeader event and focuses on the request', () => {
    const bundle = build();
    expect(bundle.type).toBe('message');
    expect(header(bundle).eventCoding).toEqual({ system: 'http://nphies.sa/terminology/CodeSystem/ksa-message-events', code: event });
    expect(focal<{ resourceType: string }>(bundle).resourceType).toBe(focalType);
    expect(header(bundle).sender?.identifier).toEqual({ system: 'http://nphies.sa/license/provider-license', value: 'PR-FHIR-10000' });
    expect(header(bundle).destination?.[0]?.receiver?.identifier).toEqual({
      system: 'http://nphies.sa/license/payer-license',
      value: 'INS-FHIR-7001001',
    });
  });

  it("declares the guide's profile on the Bundle and on every resource", () => {
    const bundle = build();
    expect(bundle.meta?.profile).toEqual([`${IG}/bundle|1.0.0`]);
    const declared = Object.fromEntries(
      resources(bundle).map((resource) => [`${resource.resourceType}/${resource.id}`, resource.meta?.profile]),
    );
    expect(declared).toEqual({
      [`MessageHeader/${bundle.id}`]: [`${IG}/message-header|1.0.0`],
      [`${focalType}/${bundle.id}`]: [`${IG}/${focalProfile}|1.0.0`],
      'Organization/provider': [`${IG}/provider-organization|1.0.0`],
      'Organization/insurer': [`${IG}/insurer-organization|1.0.0`],
      'Patient/1': [`${IG}/patient|1.0.0`],
      'Coverage/1': [`${IG}/coverage|1.0.0`],
    });
  });
});

describe('what the messages say', () => {
  it('names the patient by national ID or iqama, with the KSA gender', () => {
    const byNationalId = resources(eligibilityMessage(eligibilityAsk)).find((resource) => resource.resourceType === 'Patient') as Patient;
    expect(byNationalId.identifier?.[0]).toMatchObject({ system: 'http://nphies.sa/identifier/nationalid', value: '1012345678' });
    expect(byNationalId.name?.[0]).toMatchObject({ family: 'Alharbi', given: ['Mohammed', 'Abdullah'] });
    const byIqama = resources(priorAuthMessage(priorAuthAsk)).find((resource) => resource.resourceType === 'Patient') as Patient;
    expect(byIqama.identifier?.[0]).toMatchObject({ system: 'http://nphies.sa/identifier/iqama', value: '2098765432' });
  });

  it('bills each test at its code and price in SAR, with the total', () => {
    const claim = focal<Claim>(claimMessage(claimAsk));
    expect(claim.use).toBe('claim');
    expect(claim.item?.map((item) => [item.productOrService.coding?.[0]?.code, item.unitPrice])).toEqual([
      ['73250-00-80', { value: 60, currency: 'SAR' }],
      ['66500-00-10', { value: 300, currency: 'SAR' }],
    ]);
    expect(claim.total).toEqual({ value: 360, currency: 'SAR' });
    expect(claim.insurance?.[0]?.preAuthRef).toEqual(['PA-1001']);
    expect(claim.related?.[0]?.claim?.identifier?.value).toBe(eligibilityAsk.messageId);
  });

  it('carries the released results as lab-test supporting information, LOINC coded, in UCUM', () => {
    const claim = focal<Claim>(claimMessage(claimAsk));
    expect(claim.supportingInfo?.map((info) => [info.category.coding?.[0]?.code, info.code?.coding?.[0], info.valueQuantity])).toEqual([
      [
        'lab-test',
        { system: 'http://loinc.org', code: '4548-4', display: claimAsk.results[0]!.display },
        { value: 7.2, system: 'http://unitsofmeasure.org', code: '%', unit: '%' },
      ],
      [
        'lab-test',
        { system: 'http://loinc.org', code: '2345-7', display: claimAsk.results[1]!.display },
        { value: 142, system: 'http://unitsofmeasure.org', code: 'mg/dL', unit: 'mg/dL' },
      ],
    ]);
    expect(focal<Claim>(priorAuthMessage(priorAuthAsk)).use).toBe('preauthorization');
  });
});

function responseMessage(event: string, answersId: string, resource: CoverageEligibilityResponse | ClaimResponse): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'message',
    entry: [
      {
        fullUrl: 'urn:uuid:1',
        resource: {
          resourceType: 'MessageHeader',
          eventCoding: { system: 'http://nphies.sa/terminology/CodeSystem/ksa-message-events', code: event },
          source: { endpoint: 'http://nphies.sa' },
          response: { identifier: answersId, code: 'ok' },
          focus: [{ reference: 'http://nphies.sa/answer' }],
        },
      },
      { fullUrl: 'http://nphies.sa/answer', resource },
    ],
  };
}

const benefitType = (code: string) => ({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/benefit-type', code }] });
const adjudication = (code: string, value: number) => ({ category: { coding: [{ code }] }, amount: { value, currency: 'SAR' as const } });
const outcomeExtension = (code: string) => [{ url: `${IG}/extension-adjudication-outcome`, valueCodeableConcept: { coding: [{ code }] } }];

describe('reading the answers', () => {
  const eligibilityResponse = (overrides: Partial<CoverageEligibilityResponse>): CoverageEligibilityResponse => ({
    resourceType: 'CoverageEligibilityResponse',
    status: 'active',
    purpose: ['benefits'],
    patient: { reference: 'Patient/1' },
    created: '2026-11-30',
    request: { reference: 'CoverageEligibilityRequest/1' },
    insurer: { reference: 'Organization/insurer' },
    outcome: 'complete',
    extension: [{ url: `${IG}/extension-siteEligibility`, valueCodeableConcept: { coding: [{ code: 'eligible' }] } }],
    ...overrides,
  });

  it('a 20 % co-pay capped at 50 SAR a test: the patient pays 12 of 60 and 50 of 300', () => {
    const costs = [
      { type: benefitType('copay-percent'), allowedUnsignedInt: 20 },
      { type: benefitType('copay-maximum'), allowedMoney: { value: 50, currency: 'SAR' as const } },
    ];
    const outcome = readEligibility(
      eligibilityResponse({ insurance: [{ coverage: { reference: 'Coverage/1' }, inforce: true, item: [{ benefit: costs }] }] }),
      eligibilityAsk.items,
    );
    expect(outcome.eligible).toBe(true);
    expect(outcome.items.map((item) => [item.coverage, item.patientShareSar, item.insurerShareSar])).toEqual([
      ['covered', 12, 48],
      ['covered', 50, 250],
    ]);
    expect(outcome.patientShare).toEqual({ copayPercent: 20, copaySar: null, copayMaximumSar: 50, deductibleSar: null });
    expect(outcome.totals).toEqual({ priceSar: 360, patientShareSar: 62, insurerShareSar: 298 });
  });

  it('an excluded test is not covered and paid in full; one needing authorization says so', () => {
    const item = (code: string, extra: object) => ({
      productOrService: { coding: [{ system: 'http://nphies.sa/terminology/CodeSystem/laboratory', code }] },
      ...extra,
    });
    const outcome = readEligibility(
      eligibilityResponse({
        insurance: [
          {
            coverage: { reference: 'Coverage/1' },
            inforce: true,
            item: [item('73250-00-80', { excluded: true }), item('66500-00-10', { authorizationRequired: true })],
          },
        ],
      }),
      eligibilityAsk.items,
    );
    expect(outcome.items.map((entry) => [entry.coverage, entry.patientShareSar])).toEqual([
      ['not-covered', 60],
      ['prior-auth-required', 0],
    ]);
  });

  it('a policy not in force covers nothing', () => {
    const outcome = readEligibility(
      eligibilityResponse({
        extension: [{ url: `${IG}/extension-siteEligibility`, valueCodeableConcept: { coding: [{ code: 'not-active' }] } }],
        insurance: [{ coverage: { reference: 'Coverage/1' }, inforce: false }],
      }),
      eligibilityAsk.items,
    );
    expect(outcome).toMatchObject({ eligible: false, siteEligibility: 'not-active', totals: { patientShareSar: 360, insurerShareSar: 0 } });
  });

  const claimResponse = (overrides: Partial<ClaimResponse>): ClaimResponse => ({
    resourceType: 'ClaimResponse',
    status: 'active',
    type: { coding: [{ code: 'professional' }] },
    use: 'claim',
    patient: { reference: 'Patient/1' },
    created: '2026-12-03',
    insurer: { reference: 'Organization/insurer' },
    outcome: 'complete',
    ...overrides,
  });

  it('a prior authorization approved gives its reference; denied gives its reasons', () => {
    const approved = readPriorAuth(
      claimResponse({ use: 'preauthorization', extension: outcomeExtension('approved'), preAuthRef: 'PA-77' }),
    );
    expect(approved).toMatchObject({ status: 'approved', preAuthRef: 'PA-77' });
    const denied = readPriorAuth(
      claimResponse({
        use: 'preauthorization',
        extension: outcomeExtension('rejected'),
        item: [
          {
            itemSequence: 1,
            adjudication: [
              { category: { coding: [{ code: 'eligible' }] }, reason: { coding: [{ code: 'MN-1-1', display: 'Not justified' }] } },
            ],
          },
        ],
      }),
    );
    expect(denied).toMatchObject({ status: 'denied', preAuthRef: null, reasons: [{ code: 'MN-1-1', display: 'Not justified' }] });
    expect(readPriorAuth(claimResponse({ use: 'preauthorization', extension: outcomeExtension('pended') })).status).toBe('pended');
  });

  it('a claim queued, accepted with amounts, rejected with NPHIES error codes, paid', () => {
    expect(readClaim(claimResponse({ outcome: 'queued' })).status).toBe('queued');
    const accepted = readClaim(
      claimResponse({
        extension: outcomeExtension('approved'),
        item: [{ itemSequence: 1, adjudication: [adjudication('eligible', 60), adjudication('benefit', 48), adjudication('copay', 12)] }],
        total: [adjudication('benefit', 48), adjudication('copay', 12)],
      }),
    );
    expect(accepted).toMatchObject({
      status: 'accepted',
      totals: { benefitSar: 48, copaySar: 12 },
      items: [{ sequence: 1, benefitSar: 48, copaySar: 12 }],
    });
    const rejected = readClaim(
      claimResponse({ outcome: 'error', error: [{ code: { coding: [{ code: 'BV-00364', display: 'Invalid service code' }] } }] }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reasons: [{ code: 'BV-00364', display: 'Invalid service code' }] });
    const paid = readClaim(
      claimResponse({
        extension: outcomeExtension('approved'),
        payment: { type: { coding: [{ code: 'complete' }] }, amount: { value: 48, currency: 'SAR' }, date: '2026-12-20' },
      }),
    );
    expect(paid).toMatchObject({ status: 'paid', payment: { amountSar: 48, date: '2026-12-20' } });
  });

  it('an OperationOutcome, an error MessageHeader, another event or another message id is a refusal', () => {
    const outcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'invalid', details: { coding: [{ code: 'BV-00027', display: 'Unknown patient' }] } }],
    };
    expect(() => answerOf(outcome, 'claim-response', 'm-1')).toThrow(NphiesRefusal);
    try {
      answerOf(outcome, 'claim-response', 'm-1');
    } catch (error) {
      expect((error as NphiesRefusal).issues).toEqual([{ code: 'BV-00027', display: 'Unknown patient' }]);
    }
    const answer = responseMessage('claim-response', 'm-1', claimResponse({}));
    expect(answerOf(answer, 'claim-response', 'm-1')).toMatchObject({ resourceType: 'ClaimResponse' });
    expect(() => answerOf(answer, 'priorauth-response', 'm-1')).toThrow(/unexpected-event|refused/);
    expect(() => answerOf(answer, 'claim-response', 'm-2')).toThrow(/wrong-message/);
    const failed = structuredClone(answer);
    (failed.entry![0]!.resource as MessageHeader).response!.code = 'fatal-error';
    expect(() => answerOf(failed, 'claim-response', 'm-1')).toThrow(NphiesRefusal);
    expect(() => answerOf('<html>Bad gateway</html>', 'claim-response', 'm-1')).toThrow(/not-a-message/);
  });
});
