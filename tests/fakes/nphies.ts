// A fake of NPHIES's message exchange (the Saudi health insurance platform, FHIR R4 messaging; ADR 0097),
// on 127.0.0.1, for tests and local development (`npm run fake:nphies`). It takes what a provider posts to
// `$process-message` (`application/fhir+json`): a Bundle of type `message` whose first entry is a
// MessageHeader with a `ksa-message-events` event (eligibility-request, priorauth-request, claim-request),
// every resource declaring the implementation guide's profile (`…/nphies-fs/StructureDefinition/<name>|1.0.0`).
// A message that breaks these is refused with HTTP 400 and an OperationOutcome. Otherwise it answers the
// matching `-response` message: a Bundle whose MessageHeader answers the request's id, with a
// CoverageEligibilityResponse or a ClaimResponse at the guide's profiles.
//
// The answer is scripted by the patient's member id (Coverage.identifier), upper case:
//
//   member id       eligibility                          prior authorization   claim
//   (any other)     eligible, every test covered, no     approved              accepted (the insurer pays all)
//                   co-pay
//   COPAY-20        eligible, covered, co-pay 20 %,      approved              accepted, 20 % co-pay
//                   at most 50 SAR a test
//   NOT-COVERED     siteEligibility not-covered: every   —                     —
//                   test excluded
//   EXPIRED         not-active: the policy not in force  —                     —
//   NEEDS-AUTH      eligible, each test needs prior      approved, preAuthRef  accepted
//                   authorization                        PA-<n>
//   AUTH-DENIED     as NEEDS-AUTH                        denied, reason        —
//                                                        MN-1-1
//   AUTH-PENDED     as NEEDS-AUTH                        pended                —
//   CLAIM-REJECT    as any other                         approved              rejected (reason CV-1-3) unless it
//                                                                              is a resubmission (Claim.related
//                                                                              prior): then accepted
//   CLAIM-PAID      as any other                         approved              accepted and paid (payment)
//   CLAIM-QUEUED    as any other                         queued                queued (the insurer is offline)
//   SLOW            answers after `slowMs` (30 s by default), whatever was asked: for the caller's time limit
//   FLAKY           the first post of each message id loses its connection; the next answers as any other
//   REFUSED         HTTP 400 with an OperationOutcome (BV-00027), as NPHIES refuses a message it rejects
//
// The reason codes are the fake's own picks, shaped like NPHIES's adjudication reasons; the amounts follow
// the Claim's item prices. `received` lists every message taken (the event, message id and member id).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  Bundle,
  BundleEntry,
  Claim,
  ClaimResponse,
  ClaimResponseItem,
  Coverage,
  CoverageEligibilityRequest,
  CoverageEligibilityResponse,
  CoverageEligibilityResponseInsuranceItem,
  MessageHeader,
  Money,
  OperationOutcome,
  Resource,
} from '@medplum/fhirtypes';

const STRUCTURE = 'http://nphies.sa/fhir/ksa/nphies-fs/StructureDefinition';
const TERMINOLOGY = 'http://nphies.sa/terminology/CodeSystem';
const VERSION = '1.0.0';
const profile = (name: string) => `${STRUCTURE}/${name}|${VERSION}`;
const EVENTS = `${TERMINOLOGY}/ksa-message-events`;

/** The profile each resource of a request must declare. */
const REQUEST_PROFILES: Record<string, (resource: Resource) => string> = {
  MessageHeader: () => profile('message-header'),
  CoverageEligibilityRequest: () => profile('eligibility-request'),
  Claim: (resource) => profile((resource as Claim).use === 'claim' ? 'professional-claim' : 'professional-priorauth'),
  Patient: () => profile('patient'),
  Coverage: () => profile('coverage'),
  Organization: (resource) =>
    profile(
      (resource as { type?: { coding?: { code?: string }[] }[] }).type?.[0]?.coding?.[0]?.code === 'ins'
        ? 'insurer-organization'
        : 'provider-organization',
    ),
};

const RESPONSE_EVENT = {
  'eligibility-request': 'eligibility-response',
  'priorauth-request': 'priorauth-response',
  'claim-request': 'claim-response',
} as const;
type RequestEvent = keyof typeof RESPONSE_EVENT;

export interface ReceivedMessage {
  event: RequestEvent;
  messageId: string;
  memberId: string;
}

class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function operationOutcome(code: string, text: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    id: randomUUID(),
    issue: [{ severity: 'error', code: 'invalid', details: { coding: [{ system: `${TERMINOLOGY}/error`, code, display: text }] } }],
  };
}

const money = (value: number): Money => ({ value: Math.round(value * 100) / 100, currency: 'SAR' });

function checkMessage(body: unknown): { bundle: Bundle; header: MessageHeader; event: RequestEvent; focal: Resource; coverage: Coverage } {
  const bundle = body as Bundle;
  if (bundle?.resourceType !== 'Bundle' || bundle.type !== 'message') throw new Refused('BV-00001', 'Not a message Bundle');
  if (bundle.meta?.profile?.[0] !== profile('bundle'))
    throw new Refused('BV-00002', 'The Bundle does not declare the nphies bundle profile');
  const entries = bundle.entry ?? [];
  const header = entries[0]?.resource as MessageHeader | undefined;
  if (header?.resourceType !== 'MessageHeader') throw new Refused('BV-00003', 'The first entry is not a MessageHeader');
  const event = header.eventCoding?.code;
  if (header.eventCoding?.system !== EVENTS || !event || !(event in RESPONSE_EVENT)) throw new Refused('BV-00004', 'Unknown message event');
  for (const entry of entries) {
    const resource = entry.resource;
    const expected = resource && REQUEST_PROFILES[resource.resourceType];
    if (!resource || !expected)
      throw new Refused('BV-00005', `A ${resource?.resourceType ?? 'missing'} resource has no place in this message`);
    if (!resource.meta?.profile?.includes(expected(resource))) {
      throw new Refused('BV-00006', `${resource.resourceType}/${resource.id} does not declare ${expected(resource)}`);
    }
  }
  const focusUrl = header.focus?.[0]?.reference;
  const focal = entries.find((entry) => entry.fullUrl === focusUrl)?.resource;
  const wanted = event === 'eligibility-request' ? 'CoverageEligibilityRequest' : 'Claim';
  if (focal?.resourceType !== wanted) throw new Refused('BV-00007', `The MessageHeader's focus is not the ${wanted}`);
  if (focal.resourceType === 'Claim' && focal.use !== (event === 'claim-request' ? 'claim' : 'preauthorization')) {
    throw new Refused('BV-00008', "The Claim's use does not match the event");
  }
  const coverage = entries.find((entry) => entry.resource?.resourceType === 'Coverage')?.resource as Coverage | undefined;
  if (!coverage?.identifier?.[0]?.value) throw new Refused('BV-00009', 'No Coverage with a member id');
  return { bundle, header, event: event as RequestEvent, focal, coverage };
}

function answerBundle(request: MessageHeader, event: string, focal: Resource & { id: string }): Bundle {
  const focalUrl = `http://nphies.sa/${focal.resourceType}/${focal.id}`;
  const header: MessageHeader = {
    resourceType: 'MessageHeader',
    id: randomUUID(),
    meta: { profile: [profile('message-header')] },
    eventCoding: { system: EVENTS, code: event },
    destination: [{ endpoint: request.source.endpoint, receiver: request.sender }],
    sender: request.destination?.[0]?.receiver,
    source: { endpoint: 'http://nphies.sa' },
    response: { identifier: request.id as string, code: 'ok' },
    focus: [{ reference: focalUrl }],
  };
  const entries: BundleEntry[] = [
    { fullUrl: `urn:uuid:${header.id}`, resource: header },
    { fullUrl: focalUrl, resource: focal },
  ];
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    meta: { profile: [profile('bundle')] },
    type: 'message',
    timestamp: new Date().toISOString(),
    entry: entries,
  };
}

const benefit = (code: string, value: { allowedUnsignedInt?: number; allowedMoney?: Money }) => ({
  type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/benefit-type', code }] },
  ...value,
});

function eligibilityAnswer(request: CoverageEligibilityRequest, requestUrl: string, member: string): CoverageEligibilityResponse {
  const site = member === 'NOT-COVERED' ? 'not-covered' : member === 'EXPIRED' ? 'not-active' : 'eligible';
  const needsAuth = ['NEEDS-AUTH', 'AUTH-DENIED', 'AUTH-PENDED'].includes(member);
  const costs =
    member === 'COPAY-20'
      ? [benefit('copay-percent', { allowedUnsignedInt: 20 }), benefit('copay-maximum', { allowedMoney: money(50) })]
      : [];
  const general: CoverageEligibilityResponseInsuranceItem = {
    category: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/ex-benefitcategory', code: '1', display: 'Medical Care' }] },
    network: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/benefit-network', code: 'in' }] },
    ...(costs.length > 0 && { benefit: costs }),
  };
  const items = (request.item ?? []).map(
    (item): CoverageEligibilityResponseInsuranceItem => ({
      productOrService: item.productOrService,
      excluded: site === 'not-covered',
      ...(needsAuth && { authorizationRequired: true }),
      ...(costs.length > 0 && { benefit: costs }),
    }),
  );
  return {
    resourceType: 'CoverageEligibilityResponse',
    id: randomUUID(),
    meta: { profile: [profile('eligibility-response')] },
    extension: [
      {
        url: `${STRUCTURE}/extension-siteEligibility`,
        valueCodeableConcept: { coding: [{ system: `${TERMINOLOGY}/siteEligibility`, code: site }] },
      },
    ],
    status: 'active',
    purpose: request.purpose,
    patient: request.patient,
    servicedDate: request.servicedDate,
    created: new Date().toISOString(),
    request: { reference: requestUrl },
    outcome: 'complete',
    disposition: site === 'eligible' ? "Patient's coverage is subject to the contracted terms and conditions" : `Site eligibility: ${site}`,
    insurer: request.insurer,
    insurance: [
      {
        coverage: request.insurance?.[0]?.coverage ?? { reference: 'Coverage/unknown' },
        inforce: site !== 'not-active',
        item: [general, ...items],
      },
    ],
  };
}

const adjudicationOutcome = (code: string) => ({
  url: `${STRUCTURE}/extension-adjudication-outcome`,
  valueCodeableConcept: { coding: [{ system: `${TERMINOLOGY}/adjudication-outcome`, code }] },
});
const category = (code: string) => ({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/adjudication', code }] });

let preAuthNumber = 1000;

function claimAnswer(claim: Claim, requestUrl: string, member: string): ClaimResponse {
  const isClaim = claim.use === 'claim';
  const resubmission = (claim.related ?? []).some((related) => related.relationship?.coding?.[0]?.code === 'prior');
  const decision: 'approved' | 'rejected' | 'pended' | 'queued' =
    member === 'CLAIM-QUEUED'
      ? 'queued'
      : !isClaim && member === 'AUTH-DENIED'
        ? 'rejected'
        : !isClaim && member === 'AUTH-PENDED'
          ? 'pended'
          : isClaim && member === 'CLAIM-REJECT' && !resubmission
            ? 'rejected'
            : 'approved';
  const copayShare = member === 'COPAY-20' ? 0.2 : 0;
  const reason =
    decision === 'rejected'
      ? isClaim
        ? { code: 'CV-1-3', display: 'Diagnosis is not covered for the billed service' }
        : { code: 'MN-1-1', display: 'Service is not clinically justified for the diagnosis' }
      : null;
  let benefitTotal = 0;
  let copayTotal = 0;
  const items: ClaimResponseItem[] =
    decision === 'queued'
      ? []
      : (claim.item ?? []).map((item) => {
          const price = item.net?.value ?? 0;
          const copay = decision === 'approved' ? Math.round(price * copayShare * 100) / 100 : 0;
          const paid = decision === 'approved' ? Math.round((price - copay) * 100) / 100 : 0;
          benefitTotal += paid;
          copayTotal += copay;
          return {
            itemSequence: item.sequence,
            extension: [adjudicationOutcome(decision)],
            adjudication: [
              { category: category('eligible'), amount: money(decision === 'approved' ? price : 0) },
              { category: category('benefit'), amount: money(paid) },
              { category: category('copay'), amount: money(copay) },
              ...(reason
                ? [{ category: category('eligible'), reason: { coding: [{ system: `${TERMINOLOGY}/adjudication-reason`, ...reason }] } }]
                : []),
            ],
          };
        });
  const paid = isClaim && member === 'CLAIM-PAID' && decision === 'approved';
  return {
    resourceType: 'ClaimResponse',
    id: randomUUID(),
    meta: { profile: [profile(isClaim ? 'claim-response' : 'priorauth-response')] },
    ...(decision !== 'queued' && { extension: [adjudicationOutcome(decision)] }),
    identifier: [{ system: 'http://nphies.sa/identifiers/claimresponse', value: randomUUID() }],
    status: 'active',
    type: claim.type,
    subType: claim.subType,
    use: claim.use,
    patient: claim.patient,
    created: new Date().toISOString(),
    insurer: claim.insurer ?? { reference: 'Organization/insurer' },
    requestor: claim.provider,
    request: { reference: requestUrl },
    outcome: decision === 'queued' ? 'queued' : 'complete',
    ...(decision !== 'queued' && {
      disposition: decision === 'approved' ? 'Approved' : decision === 'pended' ? 'Pended for review' : 'Rejected',
    }),
    ...(!isClaim &&
      decision === 'approved' && { preAuthRef: `PA-${++preAuthNumber}`, preAuthPeriod: { start: claim.created, end: '2099-12-31' } }),
    ...(items.length > 0 && { item: items }),
    ...(decision !== 'queued' && {
      total: [
        { category: category('benefit'), amount: money(benefitTotal) },
        { category: category('copay'), amount: money(copayTotal) },
      ],
    }),
    ...(paid && {
      payment: {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/ex-paymenttype', code: 'complete' }] },
        date: new Date().toISOString().slice(0, 10),
        amount: money(benefitTotal),
      },
    }),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeNphies({ port = 0, slowMs = 30_000 }: { port?: number; slowMs?: number } = {}) {
  const received: ReceivedMessage[] = [];
  const answered: Bundle[] = [];
  const droppedOnce = new Set<string>();
  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/fhir+json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || !request.url?.endsWith('/$process-message')) {
      send(404, operationOutcome('GE-404', 'Messages are posted to $process-message'));
      return;
    }
    if (!request.headers['content-type']?.startsWith('application/fhir+json')) {
      send(415, operationOutcome('GE-415', 'Messages are application/fhir+json'));
      return;
    }
    let message: ReturnType<typeof checkMessage>;
    try {
      message = checkMessage(JSON.parse(await readBody(request)));
    } catch (error) {
      send(400, error instanceof Refused ? operationOutcome(error.code, error.message) : operationOutcome('BV-00000', 'Not JSON'));
      return;
    }
    const member = (message.coverage.identifier?.[0]?.value ?? '').toUpperCase();
    const messageId = message.header.id ?? '';
    received.push({ event: message.event, messageId, memberId: member });

    if (member === 'FLAKY' && !droppedOnce.has(messageId)) {
      droppedOnce.add(messageId);
      request.socket.destroy();
      return;
    }
    if (member === 'REFUSED') {
      send(400, operationOutcome('BV-00027', 'The patient identifier is not registered with the payer'));
      return;
    }
    if (member === 'SLOW') await new Promise((resolve) => setTimeout(resolve, slowMs));

    const focalUrl = message.header.focus?.[0]?.reference ?? '';
    const focal =
      message.event === 'eligibility-request'
        ? eligibilityAnswer(message.focal as CoverageEligibilityRequest, focalUrl, member)
        : claimAnswer(message.focal as Claim, focalUrl, member);
    const answer = answerBundle(message.header, RESPONSE_EVENT[message.event], focal as Resource & { id: string });
    answered.push(answer);
    send(200, answer);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The endpoint to give a lab's settings (endpointUrl). */
    endpointUrl: `${origin}/$process-message`,
    received,
    /** Every answer bundle sent, in order. */
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeNphies = Awaited<ReturnType<typeof startFakeNphies>>;

// `npm run fake:nphies`: the fake for local development, with the endpoint to give a lab's NPHIES settings.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const port = Number(process.env.FAKE_NPHIES_PORT ?? 4030);
  startFakeNphies({ port }).then(
    (fake) =>
      console.log(`Fake NPHIES at ${fake.endpointUrl}. Give it as a lab's NPHIES endpoint (no certificates needed).
Member ids script the answers: COPAY-20, NOT-COVERED, EXPIRED, NEEDS-AUTH, AUTH-DENIED, AUTH-PENDED,
CLAIM-REJECT, CLAIM-PAID, CLAIM-QUEUED, SLOW, FLAKY, REFUSED; any other is covered in full.`),
    (error: NodeJS.ErrnoException) => {
      // Another `npm start` (or `npm run fake:nphies`) already answers there: that one serves.
      if (error.code === 'EADDRINUSE') console.log(`Fake NPHIES: port ${port} is taken; the one there answers.`);
      else throw error;
    },
  );
}
