import type {
  Bundle,
  ClaimResponse,
  ClaimResponseItemAdjudication,
  CodeableConcept,
  CoverageEligibilityResponse,
  CoverageEligibilityResponseInsuranceItem,
  Extension,
  MessageHeader,
  OperationOutcome,
} from '@medplum/fhirtypes';
import type { NphiesItem } from './nphies-asks.ts';
import { NPHIES_EXTENSIONS, NPHIES_SYSTEMS, type NphiesResponseEvent } from './nphies-message.ts';

/**
 * NPHIES's answers read into plain outcomes (ADR 0097): an eligibility response into each test's
 * coverage and the patient's share; a prior authorization's or a claim's ClaimResponse into approved,
 * denied, pended, queued, accepted, rejected or paid, with amounts and reasons. An OperationOutcome, a
 * MessageHeader answering with an error, or a body that is no answer at all becomes `NphiesRefusal`.
 */

export interface NphiesReason {
  code: string;
  display: string | null;
}

/** NPHIES (or the insurer through it) did not process the message: its error codes, e.g. BV-00221. */
export class NphiesRefusal extends Error {
  override name = 'NphiesRefusal';
  constructor(readonly issues: NphiesReason[]) {
    super(`NPHIES refused the message: ${issues.map((issue) => issue.code).join(', ') || 'no reason given'}`);
  }
}

export interface EligibilityItemOutcome {
  sequence: number;
  code: string;
  coverage: 'covered' | 'not-covered' | 'prior-auth-required';
  priceSar: number;
  /** What the patient pays for it by the policy's terms (all of it when it is not covered). */
  patientShareSar: number;
  insurerShareSar: number;
}

export interface EligibilityOutcome {
  /** The policy is in force and the lab's site is eligible (siteEligibility `eligible`). */
  eligible: boolean;
  /** NPHIES's siteEligibility code: eligible, not-active, not-covered, out-network, … (null when not given). */
  siteEligibility: string | null;
  disposition: string | null;
  items: EligibilityItemOutcome[];
  patientShare: {
    copayPercent: number | null;
    copaySar: number | null;
    copayMaximumSar: number | null;
    deductibleSar: number | null;
  };
  totals: { priceSar: number; patientShareSar: number; insurerShareSar: number };
}

export interface AdjudicatedItem {
  sequence: number;
  outcome: 'approved' | 'rejected' | 'partial' | 'pended' | null;
  eligibleSar: number | null;
  /** What the insurer pays. */
  benefitSar: number | null;
  /** What the patient pays. */
  copaySar: number | null;
  reasons: NphiesReason[];
}

interface Adjudicated {
  disposition: string | null;
  items: AdjudicatedItem[];
  totals: { benefitSar: number | null; copaySar: number | null };
  /** The answer's reasons: item reasons and ClaimResponse.error codes, each once. */
  reasons: NphiesReason[];
}

export interface PriorAuthOutcome extends Adjudicated {
  status: 'approved' | 'partly-approved' | 'denied' | 'pended' | 'queued';
  preAuthRef: string | null;
  preAuthPeriod: { start: string | null; end: string | null } | null;
}

export interface ClaimOutcome extends Adjudicated {
  status: 'queued' | 'accepted' | 'partly-accepted' | 'rejected' | 'paid';
  payment: { amountSar: number; date: string | null } | null;
}

const halalas = (sar: number) => Math.round(sar * 100);
const toSar = (amount: number) => amount / 100;

function reasonsOf(issues: OperationOutcome['issue'] | undefined): NphiesReason[] {
  return (issues ?? []).map((issue) => {
    const coding = issue.details?.coding?.[0];
    return { code: coding?.code ?? issue.code ?? 'unknown', display: coding?.display ?? issue.details?.text ?? issue.diagnostics ?? null };
  });
}

function codeOf(concept: CodeableConcept | undefined, system?: string): string | null {
  const coding = concept?.coding?.find((candidate) => !system || candidate.system === system) ?? concept?.coding?.[0];
  return coding?.code ?? null;
}

function extensionCode(extensions: Extension[] | undefined, url: string): string | null {
  return codeOf(extensions?.find((extension) => extension.url === url)?.valueCodeableConcept);
}

/**
 * The answer's focal resource, after checking that the body is a response message to ours: a Bundle of
 * type message whose MessageHeader carries the event expected and answers our message id.
 */
export function answerOf<T extends CoverageEligibilityResponse | ClaimResponse>(
  body: unknown,
  event: NphiesResponseEvent,
  requestMessageId: string,
): T {
  const resource = body as { resourceType?: unknown } | null;
  if (resource?.resourceType === 'OperationOutcome') throw new NphiesRefusal(reasonsOf((resource as OperationOutcome).issue));
  if (resource?.resourceType !== 'Bundle' || (resource as Bundle).type !== 'message') {
    throw new NphiesRefusal([{ code: 'not-a-message', display: 'The answer is not a FHIR message Bundle' }]);
  }
  const entries = (resource as Bundle).entry ?? [];
  const header = entries[0]?.resource as MessageHeader | undefined;
  if (header?.resourceType !== 'MessageHeader') {
    throw new NphiesRefusal([{ code: 'no-message-header', display: 'The answer does not start with a MessageHeader' }]);
  }
  const outcome = entries.find((entry) => entry.resource?.resourceType === 'OperationOutcome')?.resource as OperationOutcome | undefined;
  if (header.response?.code && header.response.code !== 'ok') {
    const issues = reasonsOf(outcome?.issue);
    throw new NphiesRefusal(issues.length > 0 ? issues : [{ code: header.response.code, display: null }]);
  }
  if (header.eventCoding?.system !== NPHIES_SYSTEMS.messageEvents || header.eventCoding.code !== event) {
    throw new NphiesRefusal([{ code: 'unexpected-event', display: `Expected ${event}, got ${header.eventCoding?.code ?? 'none'}` }]);
  }
  if (header.response?.identifier !== requestMessageId) {
    throw new NphiesRefusal([{ code: 'wrong-message', display: 'The answer is not to this message' }]);
  }
  const focus = header.focus?.[0]?.reference;
  const wanted = event === 'eligibility-response' ? 'CoverageEligibilityResponse' : 'ClaimResponse';
  const focal =
    entries.find((entry) => focus && entry.fullUrl === focus && entry.resource?.resourceType === wanted)?.resource ??
    entries.find((entry) => entry.resource?.resourceType === wanted)?.resource;
  if (!focal) {
    const issues = reasonsOf(outcome?.issue);
    throw new NphiesRefusal(issues.length > 0 ? issues : [{ code: 'no-answer', display: `The answer holds no ${wanted}` }]);
  }
  return focal as T;
}

const sameCode = (item: CoverageEligibilityResponseInsuranceItem, asked: NphiesItem) =>
  item.productOrService?.coding?.some((coding) => coding.code === asked.code && coding.system === asked.system) ?? false;

interface Costs {
  copayPercent: number | null;
  copay: number | null;
  copayMaximum: number | null;
  deductible: number | null;
}

function costsOf(item: CoverageEligibilityResponseInsuranceItem | undefined): Costs {
  const costs: Costs = { copayPercent: null, copay: null, copayMaximum: null, deductible: null };
  for (const benefit of item?.benefit ?? []) {
    const type = codeOf(benefit.type, NPHIES_SYSTEMS.benefitType);
    const money = benefit.allowedMoney?.value;
    if (type === 'copay-percent') costs.copayPercent = benefit.allowedUnsignedInt ?? null;
    else if (type === 'copay' && money != null) costs.copay = halalas(money);
    else if (type === 'copay-maximum' && money != null) costs.copayMaximum = halalas(money);
    else if (type === 'deductible' && money != null) costs.deductible = halalas(money);
  }
  return costs;
}

/** The patient's share of one covered test by the policy's costs, in halalas: the percent or the fixed co-pay, capped. */
function patientShare(price: number, costs: Costs): number {
  let share = costs.copayPercent != null ? Math.round((price * costs.copayPercent) / 100) : (costs.copay ?? 0);
  if (costs.copayMaximum != null) share = Math.min(share, costs.copayMaximum);
  return Math.min(share, price);
}

export function readEligibility(response: CoverageEligibilityResponse, asked: NphiesItem[]): EligibilityOutcome {
  const siteEligibility = extensionCode(response.extension, NPHIES_EXTENSIONS.siteEligibility);
  const insurance = response.insurance?.find((entry) => entry.inforce) ?? response.insurance?.[0];
  const inForce = insurance?.inforce === true;
  const eligible = response.outcome === 'complete' && inForce && (siteEligibility === null || siteEligibility === 'eligible');
  const general = insurance?.item?.find((item) => !item.productOrService);
  const generalCosts = costsOf(general);
  const items = asked.map((item): EligibilityItemOutcome => {
    const price = halalas(item.unitPriceSar);
    const answered = insurance?.item?.find((candidate) => sameCode(candidate, item)) ?? general;
    const covered = eligible && answered !== undefined && answered.excluded !== true;
    const coverage = !covered ? 'not-covered' : answered.authorizationRequired ? 'prior-auth-required' : 'covered';
    const itemCosts = costsOf(answered);
    const costs = Object.values(itemCosts).some((value) => value !== null) ? itemCosts : generalCosts;
    const share = covered ? patientShare(price, costs) : price;
    return {
      sequence: item.sequence,
      code: item.code,
      coverage,
      priceSar: toSar(price),
      patientShareSar: toSar(share),
      insurerShareSar: toSar(price - share),
    };
  });
  const sum = (pick: (item: EligibilityItemOutcome) => number) => toSar(items.reduce((total, item) => total + halalas(pick(item)), 0));
  return {
    eligible,
    siteEligibility,
    disposition: response.disposition ?? null,
    items,
    patientShare: {
      copayPercent: generalCosts.copayPercent,
      copaySar: generalCosts.copay === null ? null : toSar(generalCosts.copay),
      copayMaximumSar: generalCosts.copayMaximum === null ? null : toSar(generalCosts.copayMaximum),
      deductibleSar: generalCosts.deductible === null ? null : toSar(generalCosts.deductible),
    },
    totals: {
      priceSar: sum((item) => item.priceSar),
      patientShareSar: sum((item) => item.patientShareSar),
      insurerShareSar: sum((item) => item.insurerShareSar),
    },
  };
}

function adjudicationAmount(adjudications: ClaimResponseItemAdjudication[] | undefined, category: string): number | null {
  const found = adjudications?.find((adjudication) => codeOf(adjudication.category) === category);
  return found?.amount?.value ?? null;
}

function uniqueReasons(reasons: NphiesReason[]): NphiesReason[] {
  const seen = new Set<string>();
  return reasons.filter((reason) => !seen.has(reason.code) && seen.add(reason.code));
}

function adjudicated(response: ClaimResponse): Adjudicated & { outcome: string | null } {
  const items = (response.item ?? []).map((item): AdjudicatedItem => {
    const outcome = extensionCode(item.extension, NPHIES_EXTENSIONS.adjudicationOutcome);
    return {
      sequence: item.itemSequence,
      outcome: outcome === 'approved' || outcome === 'rejected' || outcome === 'partial' || outcome === 'pended' ? outcome : null,
      eligibleSar: adjudicationAmount(item.adjudication, 'eligible'),
      benefitSar: adjudicationAmount(item.adjudication, 'benefit'),
      copaySar: adjudicationAmount(item.adjudication, 'copay'),
      reasons: (item.adjudication ?? []).flatMap((adjudication) =>
        adjudication.reason?.coding?.[0]?.code
          ? [{ code: adjudication.reason.coding[0].code, display: adjudication.reason.coding[0].display ?? null }]
          : [],
      ),
    };
  });
  const total = (category: string) => response.total?.find((entry) => codeOf(entry.category) === category)?.amount?.value ?? null;
  const errors = (response.error ?? []).map((error) => ({
    code: error.code.coding?.[0]?.code ?? 'unknown',
    display: error.code.coding?.[0]?.display ?? null,
  }));
  return {
    outcome: extensionCode(response.extension, NPHIES_EXTENSIONS.adjudicationOutcome),
    disposition: response.disposition ?? null,
    items,
    totals: { benefitSar: total('benefit'), copaySar: total('copay') },
    reasons: uniqueReasons([...errors, ...items.flatMap((item) => item.reasons)]),
  };
}

export function readPriorAuth(response: ClaimResponse): PriorAuthOutcome {
  const { outcome, ...rest } = adjudicated(response);
  const status: PriorAuthOutcome['status'] =
    response.outcome === 'queued'
      ? 'queued'
      : response.outcome === 'error' || outcome === 'rejected'
        ? 'denied'
        : outcome === 'pended'
          ? 'pended'
          : outcome === 'partial' || response.outcome === 'partial'
            ? 'partly-approved'
            : 'approved';
  return {
    ...rest,
    status,
    preAuthRef: status === 'approved' || status === 'partly-approved' ? (response.preAuthRef ?? null) : null,
    preAuthPeriod: response.preAuthPeriod ? { start: response.preAuthPeriod.start ?? null, end: response.preAuthPeriod.end ?? null } : null,
  };
}

export function readClaim(response: ClaimResponse): ClaimOutcome {
  const { outcome, ...rest } = adjudicated(response);
  const paid = response.payment?.amount?.value;
  const status: ClaimOutcome['status'] =
    response.outcome === 'queued'
      ? 'queued'
      : response.outcome === 'error' || outcome === 'rejected'
        ? 'rejected'
        : paid != null
          ? 'paid'
          : outcome === 'partial' || response.outcome === 'partial'
            ? 'partly-accepted'
            : 'accepted';
  return {
    ...rest,
    status,
    payment: paid != null && status === 'paid' ? { amountSar: paid, date: response.payment?.date ?? null } : null,
  };
}
