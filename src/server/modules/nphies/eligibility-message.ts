import type { Bundle, CoverageEligibilityRequest } from '@medplum/fhirtypes';
import type { EligibilityAsk } from './nphies-asks.ts';
import { messageBundle, NPHIES_PROFILES, NPHIES_SYSTEMS, parties, resourceBase, sar } from './nphies-message.ts';

/**
 * An `eligibility-request` message (ADR 0097): is the patient's coverage in force on the visit's day,
 * and what does it say of each test (covered, excluded, prior authorization needed, the patient's share).
 */
export function eligibilityMessage(ask: EligibilityAsk): Bundle {
  const { refs, entries } = parties(ask);
  const request: CoverageEligibilityRequest = {
    resourceType: 'CoverageEligibilityRequest',
    id: ask.messageId,
    meta: { profile: [NPHIES_PROFILES.eligibilityRequest] },
    identifier: [{ system: `${resourceBase(ask.provider.license)}/identifiers/coverageeligibilityrequest`, value: ask.messageId }],
    status: 'active',
    priority: { coding: [{ system: NPHIES_SYSTEMS.processPriority, code: 'normal' }] },
    purpose: ['benefits', 'validation'],
    patient: refs.patient,
    servicedDate: ask.servicedDate,
    created: ask.sentAt,
    provider: refs.provider,
    insurer: refs.insurer,
    insurance: [{ focal: true, coverage: refs.coverage }],
    item: ask.items.map((item) => ({
      productOrService: { coding: [{ system: item.system, code: item.code, display: item.display }] },
      quantity: { value: 1 },
      unitPrice: sar(item.unitPriceSar),
    })),
  };
  const fullUrl = `${resourceBase(ask.provider.license)}/CoverageEligibilityRequest/${ask.messageId}`;
  return messageBundle(ask, 'eligibility-request', { fullUrl, resource: request }, entries);
}
