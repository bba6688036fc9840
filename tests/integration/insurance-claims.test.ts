import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDueClaims } from '../../src/server/modules/insurance-claims/insurance-claims.service.ts';
import { checkCoverage } from '../../src/server/modules/insurance-coverage/insurance-coverage.service.ts';
import { nphiesOptionsFromEnv, storedExchange } from '../../src/server/modules/nphies/nphies.service.ts';
import { resultKeysFor } from '../../src/server/platform/result-sealing.ts';
import { type FakeNphies, startFakeNphies } from '../fakes/nphies.ts';
import { insertBooking, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { connectLabToNphies, insuredCustomer, joinBupaNetwork } from '../setup/insurance-fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Claims after the visit (issue #80 item 5, ADR 0100) against the fake NPHIES, scripted by the card's member
// id: an insured booking is claimed once its results are final (not before), with the test's billing code
// and the final values (LOINC, UCUM) as supporting information; accepted, paid, queued and rejected answers
// become the claim's status on the lab's list; a rejected claim is corrected and sent again (Claim.related),
// once; a claim NPHIES does not answer is tried again as a new message; another lab sees none of it.

let database: TestDatabase;
let fake: FakeNphies;
let lab: TestUser;
let offering: { labTestId: number; testId: number; analyteId: number; loinc: string };
const PRICE = 12_000;

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeNphies({ slowMs: 2_000 });
  lab = await createTestUser(database.db, 'lab', { approved: true });
  // A catalogue test with a coded analyte, offered with its NPHIES billing code.
  const test = await database.db
    .selectFrom('test_analytes')
    .innerJoin('analytes', 'analytes.id', 'test_analytes.analyte_id')
    .innerJoin('tests', 'tests.id', 'test_analytes.test_id')
    .select(['tests.id as testId', 'analytes.id as analyteId', 'analytes.loinc'])
    .where('tests.kind', '=', 'test')
    .where('analytes.loinc', 'is not', null)
    .where('analytes.unit', 'is not', null)
    .orderBy('tests.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const { id } = await database.db
    .insertInto('lab_tests')
    .values({ lab_id: lab.id, test_id: test.testId, price_halalas: PRICE, nphies_billing_code: '73250-00-80' })
    .returning('id')
    .executeTakeFirstOrThrow();
  offering = { labTestId: id, testId: test.testId, analyteId: test.analyteId, loinc: test.loinc! };
  await joinBupaNetwork(database.db, lab.id);
  await connectLabToNphies(database.db, lab.id, fake.endpointUrl);
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

const options = () => nphiesOptionsFromEnv(testEnv);
const keys = () => resultKeysFor(testEnv);
const yesterday = () => new Date(Date.now() - 86_400_000);

/**
 * Yesterday's visit of a customer with a Bupa card of this member id, paid with the insurer's share of
 * 96 SAR on the coverage answer of that day (as the checkout leaves it), and its results written by the lab
 * (released as `releaseAs`, or left a draft).
 */
async function insuredVisit(memberId: string, releaseAs: 'final' | 'preliminary' | 'draft' = 'final') {
  const customer = await insuredCustomer(database.db, memberId, { policyClass: 'Silver' });
  const visitAt = yesterday();
  const coverage = await checkCoverage(database.db, await keys(), options(), customer.id, {
    labId: lab.id,
    testIds: [offering.testId],
    familyMemberId: null,
    date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(visitAt),
  });
  if (coverage.status !== 'answered') throw new Error(`coverage not answered: ${JSON.stringify(coverage)}`);
  const bookingId = await insertBooking(database.db, {
    customerId: customer.id,
    labTestId: offering.labTestId,
    status: 'completed',
    bookingTime: visitAt,
    priceHalalas: PRICE,
  });
  await database.db
    .updateTable('bookings')
    .set({ insurer_share_halalas: 9_600, coverage_message_id: coverage.messageId })
    .where('id', '=', bookingId)
    .execute();
  const labCaller = await callerFor(database.db, lab);
  await labCaller.results.saveDraft({
    bookingId,
    patientSex: 'female',
    releaseAs: releaseAs === 'draft' ? 'final' : releaseAs,
    note: null,
    observations: [{ analyteId: offering.analyteId, value: '4.2', unit: null, comment: null }],
  });
  if (releaseAs !== 'draft') await labCaller.results.release({ bookingId });
  return { customer, bookingId };
}

const claimsOf = async (bookingId: string, by: TestUser = lab) =>
  (await (await callerFor(database.db, by)).insuranceClaims.mine()).filter((claim) => claim.bookingId === bookingId);

describe('a claim after the visit', () => {
  it('is sent once the results are final, with the billing code and the final values, and accepted', async () => {
    const { bookingId, customer } = await insuredVisit('M-CLAIM-1');
    const draft = await insuredVisit('M-CLAIM-2', 'draft');
    const preliminary = await insuredVisit('M-CLAIM-3', 'preliminary');
    await fileDueClaims(database.db, await keys(), options());

    const [claim] = await claimsOf(bookingId);
    const told = await database.db.selectFrom('outbox').select('template').where('user_id', '=', customer.id).execute();
    expect(told.map((mail) => mail.template)).not.toContain('insurance-claim-rejected');
    expect(claim).toMatchObject({
      status: 'accepted',
      insurerShareSar: 96,
      priceSar: 120,
      correction: false,
      replaced: false,
      diagnosisCode: 'Z01.7',
    });
    // Not before the results are final: a draft and a preliminary release are not claimed.
    expect(await claimsOf(draft.bookingId)).toEqual([]);
    expect(await claimsOf(preliminary.bookingId)).toEqual([]);

    // The message sent: the test at its billing code and price, the diagnosis, and the value as supporting information.
    const sent = await storedExchange(database.db, await keys(), lab.id, (await messageIdOf(claim!.id))!);
    const claimResource = sent!.request.entry?.find((entry) => entry.resource?.resourceType === 'Claim')?.resource as {
      item: { productOrService: { coding: { code: string }[] }; unitPrice: { value: number } }[];
      diagnosis: { diagnosisCodeableConcept: { coding: { code: string }[] } }[];
      supportingInfo: { code: { coding: { system: string; code: string }[] }; valueQuantity: { value: number } }[];
    };
    expect(claimResource.item[0]).toMatchObject({ productOrService: { coding: [{ code: '73250-00-80' }] }, unitPrice: { value: 120 } });
    expect(claimResource.diagnosis[0]!.diagnosisCodeableConcept.coding[0]!.code).toBe('Z01.7');
    expect(claimResource.supportingInfo[0]).toMatchObject({
      code: { coding: [{ system: 'http://loinc.org', code: offering.loinc }] },
      valueQuantity: { value: 4.2 },
    });

    // Another round sends nothing again.
    const before = fake.received.filter((message) => message.event === 'claim-request').length;
    await fileDueClaims(database.db, await keys(), options());
    expect(fake.received.filter((message) => message.event === 'claim-request').length).toBe(before);
  });

  it("paid and queued answers are the claim's status, with what the insurer pays", async () => {
    const paid = await insuredVisit('CLAIM-PAID');
    const queued = await insuredVisit('CLAIM-QUEUED');
    await fileDueClaims(database.db, await keys(), options());
    expect(await claimsOf(paid.bookingId)).toMatchObject([{ status: 'paid', benefitSar: 120 }]);
    expect(await claimsOf(queued.bookingId)).toMatchObject([{ status: 'queued' }]);
  });

  it('a rejected claim is corrected and sent again once, naming the claim it replaces', async () => {
    const { bookingId, customer } = await insuredVisit('CLAIM-REJECT');
    await fileDueClaims(database.db, await keys(), options());
    const [rejected] = await claimsOf(bookingId);
    expect(rejected).toMatchObject({ status: 'rejected', reasons: [expect.objectContaining({ code: 'CV-1-3' })] });
    // The account holder is told, once, that nothing more is charged without telling them; never the reasons.
    const mails = await database.db.selectFrom('outbox').select(['template', 'data']).where('user_id', '=', customer.id).execute();
    expect(mails.filter((mail) => mail.template === 'insurance-claim-rejected')).toHaveLength(1);
    expect(JSON.stringify(mails)).not.toContain('CV-1-3');

    const labCaller = await callerFor(database.db, lab);
    const corrected = await labCaller.insuranceClaims.resubmit({ claimId: rejected!.id, diagnosisCode: 'z00.0' });
    expect(corrected).toMatchObject({ status: 'accepted', correction: true, diagnosisCode: 'Z00.0' });
    const sent = await storedExchange(database.db, await keys(), lab.id, (await messageIdOf(corrected.id))!);
    const claimResource = sent!.request.entry?.find((entry) => entry.resource?.resourceType === 'Claim')?.resource as {
      related: { claim: { identifier: { value: string } } }[];
    };
    expect(claimResource.related[0]!.claim.identifier.value).toBe(await messageIdOf(rejected!.id));
    expect((await claimsOf(bookingId)).find((claim) => claim.id === rejected!.id)).toMatchObject({ replaced: true });

    // Once: the rejected claim is replaced, and an accepted one is not the lab's to send again.
    expect(await refusal(labCaller.insuranceClaims.resubmit({ claimId: rejected!.id }))).toMatchObject({
      appCode: 'CLAIM_NOT_RESUBMITTABLE',
    });
    expect(await refusal(labCaller.insuranceClaims.resubmit({ claimId: corrected.id }))).toMatchObject({
      appCode: 'CLAIM_NOT_RESUBMITTABLE',
    });
    expect(await refusal(labCaller.insuranceClaims.resubmit({ claimId: rejected!.id, diagnosisCode: 'not a code' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it("is another lab's to see and send again: NOT_FOUND, and not in its list", async () => {
    const { bookingId } = await insuredVisit('CLAIM-REJECT');
    await fileDueClaims(database.db, await keys(), options());
    const [claim] = await claimsOf(bookingId);
    const otherLab = await createTestUser(database.db, 'lab', { approved: true });
    expect(await claimsOf(bookingId, otherLab)).toEqual([]);
    expect(await refusal((await callerFor(database.db, otherLab)).insuranceClaims.resubmit({ claimId: claim!.id }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
  });

  it('a claim NPHIES does not answer in time stays pending and is tried again later as a new message', async () => {
    const { bookingId } = await insuredVisit('SLOW');
    await fileDueClaims(database.db, await keys(), { ...options(), timeoutMs: 300 });
    const [claim] = await claimsOf(bookingId);
    expect(claim).toMatchObject({ status: 'pending', attempts: 1 });
    const row = await database.db
      .selectFrom('insurance_claims')
      .select(['message_id', 'next_try_at'])
      .where('id', '=', claim!.id)
      .executeTakeFirstOrThrow();
    const firstTry = fake.received.filter((message) => message.memberId === 'SLOW' && message.event === 'claim-request');
    expect(firstTry.map((message) => message.messageId)).not.toContain(row.message_id);
    expect(new Date(row.next_try_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});

async function messageIdOf(claimId: string) {
  const row = await database.db.selectFrom('insurance_claims').select('message_id').where('id', '=', claimId).executeTakeFirst();
  return row?.message_id;
}
