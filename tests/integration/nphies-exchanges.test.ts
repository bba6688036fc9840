import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { Bundle } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import {
  bookingExchanges,
  type ClaimAsk,
  checkEligibility,
  type EligibilityAsk,
  endpointPolicyOf,
  type NphiesLab,
  type NphiesOptions,
  nphiesOptionsFromEnv,
  type PriorAuthAsk,
  requestPriorAuthorization,
  storedExchange,
  submitClaim,
} from '../../src/server/modules/nphies/nphies.service.ts';
import { type ResultKeys, resultKeysFor } from '../../src/server/platform/result-sealing.ts';
import { AppError } from '../../src/shared/errors.ts';
import { type FakeNphies, startFakeNphies } from '../fakes/nphies.ts';
import { fhirR4Schema } from '../setup/fhir-r4-schema.ts';
import { createTestUser, testEnv, testEnvSource } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// The NPHIES message exchange against a fake NPHIES speaking the message protocol (issue #80, ADR 0097):
// each scripted outcome (tests/fakes/nphies.ts), a timeout, a network failure retried, a message id sent
// twice answered once, and every exchange stored, sealed, and readable by its lab alone.

let database: TestDatabase;
let fake: FakeNphies;
let keys: ResultKeys;
let validate: ReturnType<typeof fhirR4Schema>;
let lab: NphiesLab;
let otherLab: NphiesLab;

// The settings' limit, short here; retries wait 50 ms, then 100 ms.
const options: NphiesOptions = { ...nphiesOptionsFromEnv(parseEnv({ ...testEnvSource, NPHIES_TIMEOUT_MS: '1500' })), backoffMs: 50 };
const LICENSE = 'PR-FHIR-10000';

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeNphies({ slowMs: 5000 });
  keys = await resultKeysFor(testEnv);
  validate = fhirR4Schema();
  const settings = { endpointUrl: fake.endpointUrl, providerLicense: LICENSE };
  lab = { labId: (await createTestUser(database.db, 'lab', { approved: true })).id, settings };
  otherLab = { labId: (await createTestUser(database.db, 'lab', { approved: true })).id, settings };
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

const LAB_CODES = 'http://nphies.sa/terminology/CodeSystem/laboratory';

function eligibilityAsk(memberId: string): EligibilityAsk {
  return {
    messageId: randomUUID(),
    sentAt: new Date().toISOString(),
    provider: { license: LICENSE, name: 'مختبرات البرج — العليا' },
    payer: { nphiesId: 'INS-FHIR-7001001', name: 'Bupa Arabia' },
    patient: { idKind: 'nationalid', idNumber: '1012345678', name: 'Mohammed Abdullah Alharbi', sex: 'male', birthDate: '1988-04-12' },
    coverage: { memberId, policyClass: 'Gold', relationship: 'self', expiry: '2027-06-30' },
    items: [
      { sequence: 1, code: '73250-00-80', system: LAB_CODES, display: 'Blood group', unitPriceSar: 60 },
      { sequence: 2, code: '66500-00-10', system: LAB_CODES, display: 'HbA1c', unitPriceSar: 300 },
    ],
    servicedDate: '2026-12-02',
  };
}

function priorAuthAsk(memberId: string): PriorAuthAsk {
  return {
    ...eligibilityAsk(memberId),
    bookingReference: `TH-${randomUUID().slice(0, 6).toUpperCase()}`,
    diagnoses: [{ code: 'E11.9', display: 'Type 2 diabetes mellitus without complications' }],
  };
}

function claimAsk(memberId: string, bookingReference?: string): ClaimAsk {
  const ask = priorAuthAsk(memberId);
  return {
    ...ask,
    bookingReference: bookingReference ?? ask.bookingReference,
    results: [
      { loinc: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood', value: 7.2, unit: '%', issued: new Date().toISOString() },
    ],
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw error;
  return error;
}

const receivedOf = (messageId: string) => fake.received.filter((message) => message.messageId === messageId);

describe('coverage before paying', () => {
  it('covered in full: every test covered, the insurer pays all', async () => {
    const answer = await checkEligibility(database.db, keys, lab, eligibilityAsk('M-100200'), options);
    expect(answer.replayed).toBe(false);
    expect(answer.outcome).toMatchObject({
      eligible: true,
      siteEligibility: 'eligible',
      totals: { priceSar: 360, patientShareSar: 0, insurerShareSar: 360 },
    });
    expect(answer.outcome.items.map((item) => item.coverage)).toEqual(['covered', 'covered']);
  });

  it('partly covered: a 20 % co-pay, at most 50 SAR a test, is the patient’s share', async () => {
    const { outcome } = await checkEligibility(database.db, keys, lab, eligibilityAsk('COPAY-20'), options);
    expect(outcome.patientShare).toEqual({ copayPercent: 20, copaySar: null, copayMaximumSar: 50, deductibleSar: null });
    expect(outcome.items.map((item) => [item.code, item.patientShareSar, item.insurerShareSar])).toEqual([
      ['73250-00-80', 12, 48],
      ['66500-00-10', 50, 250],
    ]);
    expect(outcome.totals).toEqual({ priceSar: 360, patientShareSar: 62, insurerShareSar: 298 });
  });

  it('not covered: the policy excludes the tests, and the patient would pay in full', async () => {
    const ask = eligibilityAsk('NOT-COVERED');
    const { outcome } = await checkEligibility(database.db, keys, lab, ask, options);
    expect(outcome).toMatchObject({
      eligible: false,
      siteEligibility: 'not-covered',
      totals: { patientShareSar: 360, insurerShareSar: 0 },
    });
    expect(outcome.items.map((item) => item.coverage)).toEqual(['not-covered', 'not-covered']);
    expect((await storedExchange(database.db, keys, lab.labId, ask.messageId))?.outcome).toBe('not-eligible');
  });

  it('an expired policy is not in force', async () => {
    const { outcome } = await checkEligibility(database.db, keys, lab, eligibilityAsk('EXPIRED'), options);
    expect(outcome).toMatchObject({ eligible: false, siteEligibility: 'not-active' });
  });

  it('needs prior authorization: each test says so', async () => {
    const ask = eligibilityAsk('NEEDS-AUTH');
    const { outcome } = await checkEligibility(database.db, keys, lab, ask, options);
    expect(outcome.items.map((item) => item.coverage)).toEqual(['prior-auth-required', 'prior-auth-required']);
    expect((await storedExchange(database.db, keys, lab.labId, ask.messageId))?.outcome).toBe('prior-auth-required');
  });
});

describe('prior authorization', () => {
  it('approved: the approval reference and the approved amounts', async () => {
    const { outcome } = await requestPriorAuthorization(database.db, keys, lab, priorAuthAsk('NEEDS-AUTH'), options);
    expect(outcome.status).toBe('approved');
    expect(outcome.preAuthRef).toMatch(/^PA-\d+$/);
    expect(outcome.items.map((item) => [item.sequence, item.outcome, item.benefitSar])).toEqual([
      [1, 'approved', 60],
      [2, 'approved', 300],
    ]);
  });

  it('denied: no reference, and the insurer’s reason', async () => {
    const { outcome } = await requestPriorAuthorization(database.db, keys, lab, priorAuthAsk('AUTH-DENIED'), options);
    expect(outcome).toMatchObject({ status: 'denied', preAuthRef: null, reasons: [{ code: 'MN-1-1' }] });
  });

  it('pended: waiting for the insurer’s review', async () => {
    const { outcome } = await requestPriorAuthorization(database.db, keys, lab, priorAuthAsk('AUTH-PENDED'), options);
    expect(outcome.status).toBe('pended');
  });
});

describe('claims', () => {
  it('accepted, with what the insurer pays and the patient’s co-pay', async () => {
    const { outcome } = await submitClaim(database.db, keys, lab, claimAsk('COPAY-20'), options);
    expect(outcome).toMatchObject({ status: 'accepted', totals: { benefitSar: 288, copaySar: 72 }, payment: null });
  });

  it('rejected with a reason, then accepted when resubmitted as a correction of it', async () => {
    const first = claimAsk('CLAIM-REJECT');
    const rejected = await submitClaim(database.db, keys, lab, first, options);
    expect(rejected.outcome).toMatchObject({ status: 'rejected', reasons: [{ code: 'CV-1-3' }] });

    const corrected = { ...claimAsk('CLAIM-REJECT', first.bookingReference), resubmissionOf: first.messageId };
    const accepted = await submitClaim(database.db, keys, lab, corrected, options);
    expect(accepted.outcome.status).toBe('accepted');

    const history = await bookingExchanges(database.db, lab.labId, first.bookingReference);
    expect(history.map((exchange) => [exchange.kind, exchange.messageId, exchange.outcome])).toEqual([
      ['claim', first.messageId, 'rejected'],
      ['claim', corrected.messageId, 'accepted'],
    ]);
  });

  it('paid: the payment’s amount and date', async () => {
    const { outcome } = await submitClaim(database.db, keys, lab, claimAsk('CLAIM-PAID'), options);
    expect(outcome).toMatchObject({ status: 'paid', payment: { amountSar: 360, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
  });

  it('queued: the insurer answers later', async () => {
    const { outcome } = await submitClaim(database.db, keys, lab, claimAsk('CLAIM-QUEUED'), options);
    expect(outcome.status).toBe('queued');
  });
});

describe('reliability', () => {
  it('a slow answer ends in a timeout within NPHIES_TIMEOUT_MS, stored as such, and the same message is not sent again', async () => {
    const ask = eligibilityAsk('SLOW');
    const started = Date.now();
    const error = await refusal(checkEligibility(database.db, keys, lab, ask, options));
    expect(error.code).toBe('NPHIES_TIMEOUT');
    expect(error.details).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(options.timeoutMs + 1000);

    const stored = await storedExchange(database.db, keys, lab.labId, ask.messageId);
    expect(stored).toMatchObject({ state: 'failed', error: 'timeout', response: null, attempts: 1 });
    expect((await refusal(checkEligibility(database.db, keys, lab, ask, options))).code).toBe('NPHIES_TIMEOUT');
    expect(receivedOf(ask.messageId)).toHaveLength(1);
  });

  it('a connection lost once is tried again, and the second try’s answer is the one', async () => {
    const ask = eligibilityAsk('FLAKY');
    const answer = await checkEligibility(database.db, keys, lab, ask, options);
    expect(answer.outcome.eligible).toBe(true);
    expect(receivedOf(ask.messageId)).toHaveLength(2);
    expect(await storedExchange(database.db, keys, lab.labId, ask.messageId)).toMatchObject({
      state: 'answered',
      attempts: 2,
      httpStatus: 200,
    });
  });

  it('NPHIES out of reach: a few tries with backoff, then a timeout that says the network failed', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const unreachable = { ...lab, settings: { ...lab.settings, endpointUrl: `http://127.0.0.1:${closedPort}/$process-message` } };
    const ask = eligibilityAsk('M-100200');
    const error = await refusal(checkEligibility(database.db, keys, unreachable, ask, options));
    expect(error).toMatchObject({ code: 'NPHIES_TIMEOUT', details: { reason: 'network' } });
    expect(await storedExchange(database.db, keys, lab.labId, ask.messageId)).toMatchObject({
      state: 'failed',
      error: 'network',
      attempts: 3,
    });
  });

  it('the same message id sent twice is one exchange: the second call gets the stored answer', async () => {
    const ask = eligibilityAsk('COPAY-20');
    const first = await checkEligibility(database.db, keys, lab, ask, options);
    const again = await checkEligibility(database.db, keys, lab, ask, options);
    expect(again).toEqual({ ...first, replayed: true });
    expect(receivedOf(ask.messageId)).toHaveLength(1);
    const rows = await database.db.selectFrom('nphies_exchanges').select('id').where('message_id', '=', ask.messageId).execute();
    expect(rows).toHaveLength(1);
  });

  it('NPHIES refusing the message is a typed error with its codes, stored with the answer', async () => {
    const ask = eligibilityAsk('REFUSED');
    const error = await refusal(checkEligibility(database.db, keys, lab, ask, options));
    expect(error).toMatchObject({ code: 'NPHIES_ERROR', details: { issues: [{ code: 'BV-00027' }] } });
    expect(await storedExchange(database.db, keys, lab.labId, ask.messageId)).toMatchObject({
      state: 'failed',
      httpStatus: 400,
      error: 'refused:BV-00027',
      response: { resourceType: 'OperationOutcome' },
    });
    expect((await refusal(checkEligibility(database.db, keys, lab, ask, options))).code).toBe('NPHIES_ERROR');
    expect(receivedOf(ask.messageId)).toHaveLength(1);
  });
});

describe('the stored exchanges', () => {
  it('keep the message sent and the answer, both valid FHIR R4, with timings', async () => {
    const ask = claimAsk('M-100200');
    await submitClaim(database.db, keys, lab, ask, options);
    const stored = await storedExchange(database.db, keys, lab.labId, ask.messageId);
    expect(stored).toMatchObject({
      kind: 'claim',
      messageId: ask.messageId,
      bookingReference: ask.bookingReference,
      state: 'answered',
      httpStatus: 200,
      attempts: 1,
      outcome: 'accepted',
      error: null,
    });
    expect(stored!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(stored!.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(stored!.startedAt));
    expect(validate('Bundle', stored!.request)).toEqual([]);
    expect(validate('Bundle', stored!.response)).toEqual([]);
    expect((stored!.response as Bundle).entry?.[1]?.resource?.meta?.profile).toEqual([
      'http://nphies.sa/fhir/ksa/nphies-fs/StructureDefinition/claim-response|1.0.0',
    ]);
  });

  it('are sealed at rest: the patient’s ID and results are not in the row', async () => {
    const ask = claimAsk('M-100200');
    await submitClaim(database.db, keys, lab, ask, options);
    const row = await database.db
      .selectFrom('nphies_exchanges')
      .selectAll()
      .where('message_id', '=', ask.messageId)
      .executeTakeFirstOrThrow();
    const stored = Buffer.from(row.sealed_exchange).toString('latin1');
    expect(stored).not.toContain('1012345678');
    expect(stored).not.toContain('4548-4');
    expect(row.key_id).toBe(keys.keyring!.current.id);
  });

  it("another lab neither reads a lab's exchange nor takes over its message id", async () => {
    const ask = eligibilityAsk('M-100200');
    await checkEligibility(database.db, keys, lab, ask, options);
    expect(await storedExchange(database.db, keys, otherLab.labId, ask.messageId)).toBeNull();
    expect((await refusal(checkEligibility(database.db, keys, otherLab, ask, options))).code).toBe('CONFLICT');
    expect(await bookingExchanges(database.db, otherLab.labId, 'TH-ANY')).toEqual([]);
  });

  it("a message naming another provider license than the lab's, or an endpoint over plain HTTP elsewhere, is refused before it is stored", async () => {
    const wrongLicense = { ...eligibilityAsk('M-100200'), provider: { license: 'PR-SOMEONE-ELSE', name: 'Other' } };
    expect((await refusal(checkEligibility(database.db, keys, lab, wrongLicense, options))).code).toBe('VALIDATION_FAILED');
    const plainHttp = { ...lab, settings: { ...lab.settings, endpointUrl: 'http://hsb.nphies.sa/$process-message' } };
    const ask = eligibilityAsk('M-100200');
    expect((await refusal(checkEligibility(database.db, keys, plainHttp, ask, options))).code).toBe('VALIDATION_FAILED');
    const iqamaAsNationalId = { ...eligibilityAsk('M-100200'), patient: { ...ask.patient, idNumber: '2012345678' } };
    expect((await refusal(checkEligibility(database.db, keys, lab, iqamaAsNationalId, options))).code).toBe('VALIDATION_FAILED');
    const rows = await database.db
      .selectFrom('nphies_exchanges')
      .select('id')
      .where('message_id', 'in', [wrongLicense.messageId, ask.messageId])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('where messages may go', () => {
  it('never to a host the operator has not allowed: refused before anything is stored or sent', async () => {
    const elsewhere = [
      'https://169.254.169.254/latest/meta-data/$process-message',
      'https://hsb.nphies.sa.attacker.example/$process-message',
    ];
    const asks: EligibilityAsk[] = [];
    for (const endpointUrl of elsewhere) {
      const ask = eligibilityAsk('M-100200');
      asks.push(ask);
      const refused = await refusal(
        checkEligibility(database.db, keys, { ...lab, settings: { ...lab.settings, endpointUrl } }, ask, options),
      );
      expect(refused).toMatchObject({ code: 'NPHIES_SETTINGS_REFUSED', details: { reason: 'endpoint_not_allowed' } });
    }
    // A production server's list (NPHIES's domain alone) does not have the fake's loopback address: it hears nothing.
    const inProduction = { ...options, endpoints: endpointPolicyOf(parseEnv({ NODE_ENV: 'production', HOST: '0.0.0.0' })) };
    const ask = eligibilityAsk('M-100200');
    asks.push(ask);
    expect((await refusal(checkEligibility(database.db, keys, lab, ask, inProduction))).details).toEqual({
      reason: 'endpoint_not_allowed',
    });
    expect(receivedOf(ask.messageId)).toEqual([]);
    const rows = await database.db
      .selectFrom('nphies_exchanges')
      .select('id')
      .where(
        'message_id',
        'in',
        asks.map((each) => each.messageId),
      )
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the fake checks what it is sent', () => {
  it('refuses a message whose resource does not declare its profile', async () => {
    const { eligibilityMessage } = await import('../../src/server/modules/nphies/eligibility-message.ts');
    const bundle = eligibilityMessage(eligibilityAsk('M-100200'));
    bundle.entry![2]!.resource!.meta = {};
    const response = await fetch(fake.endpointUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json' },
      body: JSON.stringify(bundle),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ details: { coding: [{ code: 'BV-00006' }] } }],
    });
  });
});
