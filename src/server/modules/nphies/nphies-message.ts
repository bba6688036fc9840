import type {
  Bundle,
  BundleEntry,
  Coverage,
  Extension,
  MessageHeader,
  Money,
  Organization,
  Patient,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import type { NphiesParties } from './nphies-asks.ts';

/**
 * What every NPHIES message shares (ADR 0097): the implementation guide's profile URLs at the version
 * NPHIES validates, its code and identifier systems, and the envelope (a `message` Bundle whose first
 * entry is the MessageHeader) with the parties every message names: the patient, their coverage, the
 * lab (provider) and the insurer.
 */
export const NPHIES_IG_VERSION = '1.0.0';
const STRUCTURE = 'http://nphies.sa/fhir/ksa/nphies-fs/StructureDefinition';
const TERMINOLOGY = 'http://nphies.sa/terminology/CodeSystem';

const profile = (name: string) => `${STRUCTURE}/${name}|${NPHIES_IG_VERSION}`;

/** The profile each resource of a message declares in meta.profile. */
export const NPHIES_PROFILES = {
  bundle: profile('bundle'),
  messageHeader: profile('message-header'),
  eligibilityRequest: profile('eligibility-request'),
  eligibilityResponse: profile('eligibility-response'),
  priorAuthRequest: profile('professional-priorauth'),
  priorAuthResponse: profile('priorauth-response'),
  claimRequest: profile('professional-claim'),
  claimResponse: profile('claim-response'),
  patient: profile('patient'),
  coverage: profile('coverage'),
  providerOrganization: profile('provider-organization'),
  insurerOrganization: profile('insurer-organization'),
} as const;

export const NPHIES_SYSTEMS = {
  messageEvents: `${TERMINOLOGY}/ksa-message-events`,
  nationalId: 'http://nphies.sa/identifier/nationalid',
  iqama: 'http://nphies.sa/identifier/iqama',
  providerLicense: 'http://nphies.sa/license/provider-license',
  payerLicense: 'http://nphies.sa/license/payer-license',
  organizationType: `${TERMINOLOGY}/organization-type`,
  ksaGender: `${TERMINOLOGY}/ksa-administrative-gender`,
  coverageType: `${TERMINOLOGY}/coverage-type`,
  claimSubtype: `${TERMINOLOGY}/claim-subtype`,
  claimInformationCategory: `${TERMINOLOGY}/claim-information-category`,
  diagnosisType: `${TERMINOLOGY}/diagnosis-type`,
  siteEligibility: `${TERMINOLOGY}/siteEligibility`,
  adjudicationOutcome: `${TERMINOLOGY}/adjudication-outcome`,
  adjudicationReason: `${TERMINOLOGY}/adjudication-reason`,
  relatedClaimRelationship: `${TERMINOLOGY}/related-claim-relationship`,
  /** The guide's code system for laboratory tests (NPHIES services codes, e.g. 73250-00-80). */
  laboratory: `${TERMINOLOGY}/laboratory`,
  icd10am: 'http://hl7.org/fhir/sid/icd-10-am',
  loinc: 'http://loinc.org',
  ucum: 'http://unitsofmeasure.org',
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  subscriberRelationship: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship',
  coverageClass: 'http://terminology.hl7.org/CodeSystem/coverage-class',
  processPriority: 'http://terminology.hl7.org/CodeSystem/processpriority',
  claimType: 'http://terminology.hl7.org/CodeSystem/claim-type',
  payeeType: 'http://terminology.hl7.org/CodeSystem/payeetype',
  benefitType: 'http://terminology.hl7.org/CodeSystem/benefit-type',
  adjudication: 'http://terminology.hl7.org/CodeSystem/adjudication',
} as const;

export const NPHIES_EXTENSIONS = {
  ksaGender: `${STRUCTURE}/extension-ksa-administrative-gender`,
  siteEligibility: `${STRUCTURE}/extension-siteEligibility`,
  adjudicationOutcome: `${STRUCTURE}/extension-adjudication-outcome`,
} as const;

export type NphiesRequestEvent = 'eligibility-request' | 'priorauth-request' | 'claim-request';
export type NphiesResponseEvent = 'eligibility-response' | 'priorauth-response' | 'claim-response';

/** Where a message's resources live: full URLs under the lab's own base, as the guide's examples write them. */
export function resourceBase(providerLicense: string) {
  return `https://tahaleel.sa/nphies/providers/${encodeURIComponent(providerLicense)}`;
}

export function sar(amount: number): Money {
  return { value: Math.round(amount * 100) / 100, currency: 'SAR' };
}

/** FHIR's extension on a primitive (`_gender`), which @medplum/fhirtypes does not model: the guide's KSA gender rides on it. */
type PatientWithGender = Patient & { _gender: { extension: Extension[] } };

/** The resources every message names, with the full URLs the focal resource refers to them by. */
export function parties(ask: NphiesParties) {
  const base = resourceBase(ask.provider.license);
  const urls = {
    patient: `${base}/Patient/1`,
    coverage: `${base}/Coverage/1`,
    provider: `${base}/Organization/provider`,
    insurer: `${base}/Organization/insurer`,
  };
  const ref = <T extends Resource>(url: string): Reference<T> => ({ reference: url });
  const names = ask.patient.name.trim().split(/\s+/);
  const patient: PatientWithGender = {
    resourceType: 'Patient',
    id: '1',
    meta: { profile: [NPHIES_PROFILES.patient] },
    identifier: [
      {
        type: {
          coding: [
            ask.patient.idKind === 'nationalid'
              ? { system: NPHIES_SYSTEMS.identifierType, code: 'NI', display: 'National unique individual identifier' }
              : { system: NPHIES_SYSTEMS.identifierType, code: 'PRC', display: 'Permanent Resident Card Number' },
          ],
        },
        system: ask.patient.idKind === 'nationalid' ? NPHIES_SYSTEMS.nationalId : NPHIES_SYSTEMS.iqama,
        value: ask.patient.idNumber,
      },
    ],
    active: true,
    name: [
      {
        use: 'official',
        text: ask.patient.name.trim(),
        ...(names.length > 1 && { family: names[names.length - 1], given: names.slice(0, -1) }),
      },
    ],
    gender: ask.patient.sex,
    _gender: {
      extension: [
        {
          url: NPHIES_EXTENSIONS.ksaGender,
          valueCodeableConcept: { coding: [{ system: NPHIES_SYSTEMS.ksaGender, code: ask.patient.sex }] },
        },
      ],
    },
    birthDate: ask.patient.birthDate,
  };
  const coverage: Coverage = {
    resourceType: 'Coverage',
    id: '1',
    meta: { profile: [NPHIES_PROFILES.coverage] },
    identifier: [{ system: `${resourceBase(ask.payer.nphiesId)}/memberid`, value: ask.coverage.memberId }],
    status: 'active',
    type: { coding: [{ system: NPHIES_SYSTEMS.coverageType, code: 'EHCPOL', display: 'extended healthcare' }] },
    subscriber: ref<Patient>(urls.patient),
    subscriberId: ask.coverage.memberId,
    beneficiary: ref<Patient>(urls.patient),
    relationship: { coding: [{ system: NPHIES_SYSTEMS.subscriberRelationship, code: ask.coverage.relationship }] },
    ...(ask.coverage.expiry && { period: { end: ask.coverage.expiry } }),
    payor: [ref<Organization>(urls.insurer)],
    ...(ask.coverage.policyClass && {
      class: [
        {
          type: { coding: [{ system: NPHIES_SYSTEMS.coverageClass, code: 'plan' }] },
          value: ask.coverage.policyClass,
          name: ask.coverage.policyClass,
        },
      ],
    }),
    ...(ask.coverage.network && { network: ask.coverage.network }),
  };
  const provider: Organization = {
    resourceType: 'Organization',
    id: 'provider',
    meta: { profile: [NPHIES_PROFILES.providerOrganization] },
    identifier: [{ system: NPHIES_SYSTEMS.providerLicense, value: ask.provider.license }],
    active: true,
    type: [{ coding: [{ system: NPHIES_SYSTEMS.organizationType, code: 'prov' }] }],
    name: ask.provider.name,
  };
  const insurer: Organization = {
    resourceType: 'Organization',
    id: 'insurer',
    meta: { profile: [NPHIES_PROFILES.insurerOrganization] },
    identifier: [{ system: NPHIES_SYSTEMS.payerLicense, value: ask.payer.nphiesId }],
    active: true,
    type: [{ coding: [{ system: NPHIES_SYSTEMS.organizationType, code: 'ins' }] }],
    name: ask.payer.name,
  };
  return {
    urls,
    refs: {
      patient: ref<Patient>(urls.patient),
      coverage: ref<Coverage>(urls.coverage),
      provider: ref<Organization>(urls.provider),
      insurer: ref<Organization>(urls.insurer),
    },
    entries: [
      { fullUrl: urls.provider, resource: provider },
      { fullUrl: urls.insurer, resource: insurer },
      { fullUrl: urls.patient, resource: patient },
      { fullUrl: urls.coverage, resource: coverage },
    ] satisfies BundleEntry[],
  };
}

/**
 * The message: a Bundle of type `message`, its id the message id, the MessageHeader first (the event,
 * from the lab to the insurer through NPHIES, focused on the request), then the request and the parties.
 */
export function messageBundle(
  ask: NphiesParties,
  event: NphiesRequestEvent,
  focal: { fullUrl: string; resource: Resource },
  rest: BundleEntry[],
): Bundle {
  const header: MessageHeader = {
    resourceType: 'MessageHeader',
    id: ask.messageId,
    meta: { profile: [NPHIES_PROFILES.messageHeader] },
    eventCoding: { system: NPHIES_SYSTEMS.messageEvents, code: event },
    destination: [
      {
        endpoint: `http://nphies.sa/license/payer-license/${encodeURIComponent(ask.payer.nphiesId)}`,
        receiver: { type: 'Organization', identifier: { system: NPHIES_SYSTEMS.payerLicense, value: ask.payer.nphiesId } },
      },
    ],
    sender: { type: 'Organization', identifier: { system: NPHIES_SYSTEMS.providerLicense, value: ask.provider.license } },
    source: { endpoint: resourceBase(ask.provider.license) },
    focus: [{ reference: focal.fullUrl }],
  };
  return {
    resourceType: 'Bundle',
    id: ask.messageId,
    meta: { profile: [NPHIES_PROFILES.bundle] },
    type: 'message',
    timestamp: ask.sentAt,
    entry: [{ fullUrl: `urn:uuid:${ask.messageId}`, resource: header }, focal, ...rest],
  };
}
