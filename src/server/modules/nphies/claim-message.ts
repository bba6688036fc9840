import type { Bundle, Claim, ClaimSupportingInfo } from '@medplum/fhirtypes';
import type { ClaimAsk, PriorAuthAsk } from './nphies-asks.ts';
import { messageBundle, NPHIES_PROFILES, NPHIES_SYSTEMS, parties, resourceBase, sar } from './nphies-message.ts';

/**
 * The `priorauth-request` and `claim-request` messages (ADR 0097): one Claim, `use` preauthorization or
 * claim, professional outpatient (a lab visit), with the tests as items at their billing codes and
 * prices, and for a claim the released results as supporting information (category `lab-test`: the
 * LOINC code and the value in UCUM), which is how the guide's Claim profiles carry results.
 */
export function priorAuthMessage(ask: PriorAuthAsk): Bundle {
  return claimBundle(ask, 'preauthorization', []);
}

export function claimMessage(ask: ClaimAsk): Bundle {
  const supportingInfo: ClaimSupportingInfo[] = ask.results.map((result, index) => ({
    sequence: index + 1,
    category: { coding: [{ system: NPHIES_SYSTEMS.claimInformationCategory, code: 'lab-test' }] },
    code: { coding: [{ system: NPHIES_SYSTEMS.loinc, code: result.loinc, display: result.display }] },
    timingDate: result.issued.slice(0, 10),
    valueQuantity: { value: result.value, system: NPHIES_SYSTEMS.ucum, code: result.unit, unit: result.unit },
  }));
  return claimBundle(ask, 'claim', supportingInfo);
}

function claimBundle(ask: PriorAuthAsk | ClaimAsk, use: 'preauthorization' | 'claim', supportingInfo: ClaimSupportingInfo[]): Bundle {
  const { refs, entries } = parties(ask);
  const base = resourceBase(ask.provider.license);
  const totalSar = ask.items.reduce((sum, item) => sum + Math.round(item.unitPriceSar * 100), 0) / 100;
  const claim: Claim = {
    resourceType: 'Claim',
    id: ask.messageId,
    meta: { profile: [use === 'claim' ? NPHIES_PROFILES.claimRequest : NPHIES_PROFILES.priorAuthRequest] },
    identifier: [
      { system: `${base}/identifiers/${use === 'claim' ? 'claim' : 'authorization'}`, value: ask.messageId },
      { system: `${base}/identifiers/booking`, value: ask.bookingReference },
    ],
    status: 'active',
    type: { coding: [{ system: NPHIES_SYSTEMS.claimType, code: 'professional' }] },
    subType: { coding: [{ system: NPHIES_SYSTEMS.claimSubtype, code: 'op' }] },
    use,
    patient: refs.patient,
    created: ask.sentAt,
    insurer: refs.insurer,
    provider: refs.provider,
    priority: { coding: [{ system: NPHIES_SYSTEMS.processPriority, code: 'normal' }] },
    payee: { type: { coding: [{ system: NPHIES_SYSTEMS.payeeType, code: 'provider' }] } },
    ...('resubmissionOf' in ask &&
      ask.resubmissionOf && {
        related: [
          {
            claim: { identifier: { system: `${base}/identifiers/claim`, value: ask.resubmissionOf } },
            relationship: { coding: [{ system: NPHIES_SYSTEMS.relatedClaimRelationship, code: 'prior' }] },
          },
        ],
      }),
    ...(supportingInfo.length > 0 && { supportingInfo }),
    diagnosis: ask.diagnoses.map((diagnosis, index) => ({
      sequence: index + 1,
      diagnosisCodeableConcept: { coding: [{ system: NPHIES_SYSTEMS.icd10am, code: diagnosis.code, display: diagnosis.display }] },
      type: [{ coding: [{ system: NPHIES_SYSTEMS.diagnosisType, code: index === 0 ? 'principal' : 'secondary' }] }],
    })),
    insurance: [
      {
        sequence: 1,
        focal: true,
        coverage: refs.coverage,
        ...('preAuthRef' in ask && ask.preAuthRef && { preAuthRef: [ask.preAuthRef] }),
      },
    ],
    item: ask.items.map((item) => ({
      sequence: item.sequence,
      diagnosisSequence: ask.diagnoses.map((_, index) => index + 1),
      ...(supportingInfo.length > 0 && { informationSequence: supportingInfo.map((info) => info.sequence) }),
      productOrService: { coding: [{ system: item.system, code: item.code, display: item.display }] },
      servicedDate: ask.servicedDate,
      quantity: { value: 1 },
      unitPrice: sar(item.unitPriceSar),
      net: sar(item.unitPriceSar),
    })),
    total: sar(totalSar),
  };
  const fullUrl = `${base}/Claim/${ask.messageId}`;
  return messageBundle(ask, use === 'claim' ? 'claim-request' : 'priorauth-request', { fullUrl, resource: claim }, entries);
}
