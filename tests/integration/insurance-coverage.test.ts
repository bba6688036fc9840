import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/app-router.ts';
import { coverageCheckLimitKey } from '../../src/server/modules/insurance-coverage/insurance-coverage.service.ts';
import { countAttempt, rateLimits } from '../../src/server/platform/rate-limit.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { riyadhToday } from '../../src/shared/insurance-schemas.ts';
import { type FakeNphies, startFakeNphies } from '../fakes/nphies.ts';
import { callerFor, contextFor, createTestUser, type TestAccount, testEnv } from '../setup/fixtures.ts';
import {
  bupa,
  connectLabToNphies,
  insuredCustomer as insuredCustomerOf,
  joinBupaNetwork,
  nationalId,
  tawuniya,
} from '../setup/insurance-fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Coverage before paying (issue #80 item 4) against the fake NPHIES (tests/fakes/nphies.ts, scripted by
// the card's member id): covered, partly covered, not covered, prior authorization, a timeout, each reason
// a check cannot be asked, the same check within ten minutes answered from the stored exchange, and
// another account's family member refused.

let database: TestDatabase;
let fake: FakeNphies;
/** A lab in network for Bupa (every class) with NPHIES settings pointing at the fake, offering two tests with billing codes. */
let lab: TestAccount;
let tests: { id: number; name_en: string }[];

/** Three days from today in the Kingdom: the visit's day. */
const visitDay = () => new Date(Date.parse(`${riyadhToday()}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);

const connectLab = (labId: string, endpointUrl: string) => connectLabToNphies(database.db, labId, endpointUrl);

/** An approved lab offering the tests at 60 and 300 SAR, in Bupa's network unless told, with codes unless told. */
async function openLab({ network = true, connected = true, codes = ['73250-00-80', '66500-00-10'] as (string | null)[] } = {}) {
  const account = await createTestUser(database.db, 'lab', { approved: true });
  await database.db
    .insertInto('lab_tests')
    .values(
      tests.map((test, index) => ({
        lab_id: account.id,
        test_id: test.id,
        price_halalas: index === 0 ? 6000 : 30000,
        nphies_billing_code: codes[index] ?? null,
      })),
    )
    .execute();
  if (network) {
    await joinBupaNetwork(database.db, account.id);
  }
  if (connected) await connectLab(account.id, fake.endpointUrl);
  return account;
}

/** A customer whose card (Bupa, class Gold) has the member id given; their ID verified by Nafath unless told. */
const insuredCustomer = (memberId: string, options: Parameters<typeof insuredCustomerOf>[2] = {}) =>
  insuredCustomerOf(database.db, memberId, options);

const check = async (customer: TestAccount, labId = lab.id, more: { familyMemberId?: string | null; testIds?: number[] } = {}) =>
  (await callerFor(database.db, customer)).insuranceCoverage.check({
    labId,
    testIds: more.testIds ?? tests.map((test) => test.id),
    familyMemberId: more.familyMemberId ?? null,
    date: visitDay(),
  });

const sentFor = (memberId: string) => fake.received.filter((message) => message.memberId === memberId).length;

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeNphies({ slowMs: 3000 });
  tests = await database.db.selectFrom('tests').select(['id', 'name_en']).where('kind', '=', 'test').orderBy('id').limit(2).execute();
  lab = await openLab();
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

describe('the answer, test by test', () => {
  it('covered: the insurer pays every test, the person nothing', async () => {
    const answer = await check(await insuredCustomer('M-COVERED-1'));
    expect(answer).toMatchObject({
      status: 'answered',
      replayed: false,
      eligible: true,
      totals: { priceSar: 360, patientShareSar: 0, insurerShareSar: 360 },
    });
    if (answer.status !== 'answered') throw new Error('answered');
    expect(answer.tests.map((test) => [test.testId, test.name_en, test.coverage, test.priceSar, test.patientShareSar])).toEqual([
      [tests[0]!.id, tests[0]!.name_en, 'covered', 60, 0],
      [tests[1]!.id, tests[1]!.name_en, 'covered', 300, 0],
    ]);
  });

  it('partly covered: a 20 % co-pay (at most 50 SAR a test) is the person’s share', async () => {
    const answer = await check(await insuredCustomer('COPAY-20'));
    if (answer.status !== 'answered') throw new Error(`not answered: ${JSON.stringify(answer)}`);
    expect(answer.tests.map((test) => [test.coverage, test.patientShareSar, test.insurerShareSar])).toEqual([
      ['covered', 12, 48],
      ['covered', 50, 250],
    ]);
    expect(answer.patientShare).toMatchObject({ copayPercent: 20, copayMaximumSar: 50 });
    expect(answer.totals).toEqual({ priceSar: 360, patientShareSar: 62, insurerShareSar: 298 });
  });

  it('not covered: the person pays every test in full', async () => {
    const answer = await check(await insuredCustomer('NOT-COVERED'));
    expect(answer).toMatchObject({ status: 'answered', eligible: false, totals: { patientShareSar: 360, insurerShareSar: 0 } });
    if (answer.status !== 'answered') throw new Error('answered');
    expect(answer.tests.map((test) => test.coverage)).toEqual(['not-covered', 'not-covered']);
  });

  it('prior authorization: each test needs one', async () => {
    const answer = await check(await insuredCustomer('NEEDS-AUTH'));
    if (answer.status !== 'answered') throw new Error('answered');
    expect(answer.tests.map((test) => test.coverage)).toEqual(['prior-auth-required', 'prior-auth-required']);
  });

  it('for a family member: their own verified ID and card, as the holder’s spouse', async () => {
    const customer = await insuredCustomer('M-HOLDER-2');
    const { id: memberId } = await database.db
      .insertInto('family_members')
      .values({
        account_id: customer.id,
        name: 'Saad Alqahtani',
        date_of_birth: '1987-01-30',
        sex: 'male',
        relation: 'spouse',
        national_id: nationalId(),
        national_id_verified_at: new Date(),
        national_id_name_en: 'Saad Mohammed Alqahtani',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // No card of their own yet: the holder's does not cover them.
    expect(await check(customer, lab.id, { familyMemberId: memberId })).toEqual({ status: 'unanswered', reason: 'no_insurance' });
    await database.db
      .insertInto('person_insurance')
      .values({
        account_id: customer.id,
        family_member_id: memberId,
        insurer_id: bupa.id,
        member_id: 'COPAY-20',
        policy_class: 'Gold',
        expires_on: '2099-12-31',
      })
      .execute();
    const answer = await check(customer, lab.id, { familyMemberId: memberId });
    expect(answer).toMatchObject({ status: 'answered', totals: { patientShareSar: 62 } });
  });
});

describe('asked once within ten minutes', () => {
  it('the same check again is the stored answer, not a new message; other tests, or ten minutes on, ask again', async () => {
    const customer = await insuredCustomer('M-AGAIN-1');
    const first = await check(customer);
    const again = await check(customer);
    expect(again).toMatchObject({ status: 'answered', replayed: true });
    if (first.status !== 'answered' || again.status !== 'answered') throw new Error('answered');
    expect(again.messageId).toBe(first.messageId);
    expect(again.totals).toEqual(first.totals);
    expect(sentFor('M-AGAIN-1')).toBe(1);

    // One test fewer is another ask.
    const fewer = await check(customer, lab.id, { testIds: [tests[0]!.id] });
    expect(fewer).toMatchObject({ status: 'answered', replayed: false, totals: { priceSar: 60 } });
    expect(sentFor('M-AGAIN-1')).toBe(2);

    await sql`update coverage_checks set checked_at = now() - interval '11 minutes'`.execute(database.db);
    const later = await check(customer);
    expect(later).toMatchObject({ status: 'answered', replayed: false });
    if (later.status !== 'answered') throw new Error('answered');
    expect(later.messageId).not.toBe(first.messageId);
    expect(sentFor('M-AGAIN-1')).toBe(3);
  });
});

describe('how often', () => {
  it('an account sends at most its hourly checks; past them it is told to wait and NPHIES hears nothing; a stored answer still comes', async () => {
    const customer = await insuredCustomer('M-OFTEN-1');
    const first = await check(customer);
    expect(first).toMatchObject({ status: 'answered', replayed: false });
    // Someone has used up the account's checks meanwhile (e.g. a script asking day after day).
    const { limit } = rateLimits.coverageChecksPerCustomer;
    for (let used = 1; used < limit; used++)
      await countAttempt(database.db, coverageCheckLimitKey(customer.id), rateLimits.coverageChecksPerCustomer);
    expect(await check(customer)).toMatchObject({ status: 'answered', replayed: true });
    const refused = await check(customer, lab.id, { testIds: [tests[0]!.id] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).cause).toMatchObject({ code: 'RATE_LIMITED' });
    expect(sentFor('M-OFTEN-1')).toBe(1);
  });
});

describe('when NPHIES does not answer, or refuses', () => {
  it('a timeout: the person may pay in full; asked again, it is sent again', async () => {
    const customer = await insuredCustomer('SLOW');
    const context = await contextFor(database.db, customer);
    const caller = createCallerFactory(appRouter)({ ...context, config: { ...testEnv, NPHIES_TIMEOUT_MS: 500 } });
    const ask = { labId: lab.id, testIds: tests.map((test) => test.id), familyMemberId: null, date: visitDay() };
    expect(await caller.insuranceCoverage.check(ask)).toEqual({ status: 'unanswered', reason: 'nphies_timeout', mayPayInFull: true });
    expect(await caller.insuranceCoverage.check(ask)).toEqual({ status: 'unanswered', reason: 'nphies_timeout', mayPayInFull: true });
    expect(sentFor('SLOW')).toBeGreaterThanOrEqual(2);
  });

  it('refused: NPHIES’s reasons', async () => {
    expect(await check(await insuredCustomer('REFUSED'))).toEqual({
      status: 'unanswered',
      reason: 'nphies_refused',
      nphiesReasons: [{ code: 'BV-00027', display: 'The patient identifier is not registered with the payer' }],
    });
  });
});

describe('when it cannot be asked, the reason', () => {
  it('no card, or a card whose policy has ended by the visit', async () => {
    const uninsured = await createTestUser(database.db, 'customer');
    expect(await check(uninsured)).toEqual({ status: 'unanswered', reason: 'no_insurance' });
    const ending = await insuredCustomer('M-ENDING', { expiresOn: riyadhToday() });
    expect(await check(ending)).toEqual({ status: 'unanswered', reason: 'no_insurance' });
  });

  it('an ID not verified by Nafath', async () => {
    expect(await check(await insuredCustomer('M-UNVERIFIED', { verified: false }))).toEqual({
      status: 'unanswered',
      reason: 'identity_not_verified',
    });
  });

  it('a profile without the sex or date of birth NPHIES needs', async () => {
    const customer = await insuredCustomer('M-NO-SEX');
    await database.db.updateTable('user_profiles').set({ sex: null }).where('id', '=', customer.id).execute();
    expect(await check(customer)).toEqual({ status: 'unanswered', reason: 'profile_incomplete' });
  });

  it('a card whose member id NPHIES cannot take as saved', async () => {
    expect(await check(await insuredCustomer('M 123/4'))).toEqual({ status: 'unanswered', reason: 'card_not_accepted' });
    expect(sentFor('M 123/4')).toBe(0);
  });

  it('a lab not in network for the person’s insurer', async () => {
    expect(await check(await insuredCustomer('M-TAWUNIYA', { insurerId: tawuniya.id }))).toEqual({
      status: 'unanswered',
      reason: 'lab_not_in_network',
    });
    const outside = await openLab({ network: false });
    expect(await check(await insuredCustomer('M-OUTSIDE'), outside.id)).toEqual({ status: 'unanswered', reason: 'lab_not_in_network' });
  });

  it('a lab not connected to NPHIES', async () => {
    const unconnected = await openLab({ connected: false });
    expect(await check(await insuredCustomer('M-UNCONNECTED'), unconnected.id)).toEqual({
      status: 'unanswered',
      reason: 'lab_not_connected',
    });
    // Settings saved before this server's list of NPHIES hosts left the lab's host out: nothing is sent there.
    const customer = await insuredCustomer('M-NOT-ALLOWED');
    const context = await contextFor(database.db, customer);
    const caller = createCallerFactory(appRouter)({ ...context, config: { ...testEnv, NPHIES_ENDPOINT_HOSTS: ['*.nphies.sa'] } });
    const ask = { labId: lab.id, testIds: tests.map((test) => test.id), familyMemberId: null, date: visitDay() };
    expect(await caller.insuranceCoverage.check(ask)).toEqual({ status: 'unanswered', reason: 'lab_not_connected' });
    expect(sentFor('M-NOT-ALLOWED')).toBe(0);
  });

  it('a test without a billing code, named', async () => {
    const uncoded = await openLab({ codes: ['73250-00-80', null] });
    expect(await check(await insuredCustomer('M-UNCODED'), uncoded.id)).toEqual({
      status: 'unanswered',
      reason: 'test_without_billing_code',
      testIds: [tests[1]!.id],
    });
    expect(sentFor('M-UNCODED')).toBe(0);
  });
});

describe('whose coverage', () => {
  it('another account’s family member is not found; a lab or an admin may not check', async () => {
    const owner = await insuredCustomer('M-OWNER');
    const { id: memberId } = await database.db
      .insertInto('family_members')
      .values({
        account_id: owner.id,
        name: 'Lama',
        date_of_birth: '2015-05-01',
        sex: 'female',
        relation: 'child',
        national_id: nationalId(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stranger = await insuredCustomer('M-STRANGER');
    const refused = await check(stranger, lab.id, { familyMemberId: memberId }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('NOT_FOUND');
    // The owner's own child under 15 counts under the owner's verified ID (ADR 0096); no card of theirs yet.
    expect(await check(owner, lab.id, { familyMemberId: memberId })).toEqual({ status: 'unanswered', reason: 'no_insurance' });

    for (const role of ['lab', 'admin'] as const) {
      const other = await createTestUser(database.db, role, { approved: true });
      const error = await check(other).catch((caught: unknown) => caught);
      expect((error as TRPCError).code).toBe('FORBIDDEN');
    }
  });

  it('a test the lab does not offer is not found', async () => {
    const other = await database.db
      .selectFrom('tests')
      .select('id')
      .where('kind', '=', 'test')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const error = await check(await insuredCustomer('M-NOT-OFFERED'), lab.id, { testIds: [other.id] }).catch((caught: unknown) => caught);
    expect((error as TRPCError).code).toBe('NOT_FOUND');
  });
});

describe("a test's NPHIES billing code on the lab's price list", () => {
  /** The field problems of a refused call, as `field: key`. */
  async function fieldProblems(promise: Promise<unknown>) {
    const error = await promise.then(
      () => new Error('expected a refusal'),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TRPCError);
    const issues = ((error as TRPCError).cause as { issues?: { path: PropertyKey[]; message: string }[] }).issues ?? [];
    return issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  }

  it('is set (Arabic-Indic digits taken, trimmed), shown on the list, cleared, and checked', async () => {
    const own = await openLab({ codes: [null, null], connected: false });
    const caller = await callerFor(database.db, own);
    const [offering] = await caller.lab.offerings();
    expect(offering?.nphies_billing_code).toBeNull();
    const labTestId = offering!.lab_test_id;

    await caller.lab.updateOffering({ labTestId, nphiesBillingCode: ' ٨٠٠٥٣-۰۰ ' });
    expect((await caller.lab.offerings()).find((row) => row.lab_test_id === labTestId)?.nphies_billing_code).toBe('80053-00');

    for (const typed of ['80053 00', 'كود-1', '', 'X'.repeat(41)]) {
      expect(await fieldProblems(caller.lab.updateOffering({ labTestId, nphiesBillingCode: typed })), typed).toEqual([
        'nphiesBillingCode: nphies_billing_code',
      ]);
    }
    expect((await caller.lab.offerings()).find((row) => row.lab_test_id === labTestId)?.nphies_billing_code).toBe('80053-00');

    await caller.lab.updateOffering({ labTestId, nphiesBillingCode: null });
    expect((await caller.lab.offerings()).find((row) => row.lab_test_id === labTestId)?.nphies_billing_code).toBeNull();
  });

  it("is the lab's own: another lab's offering is not found", async () => {
    const offering = (await (await callerFor(database.db, lab)).lab.offerings()).find((row) => row.test_id === tests[0]!.id);
    const other = await callerFor(database.db, await createTestUser(database.db, 'lab', { approved: true }));
    const error = await other.lab
      .updateOffering({ labTestId: offering!.lab_test_id, nphiesBillingCode: 'X-1' })
      .catch((caught: unknown) => caught);
    expect((error as TRPCError).code).toBe('NOT_FOUND');
    const after = await (await callerFor(database.db, lab)).lab.offerings();
    expect(after.find((row) => row.test_id === tests[0]!.id)?.nphies_billing_code).toBe('73250-00-80');
  });
});

describe("the cart's lines as a check names them", () => {
  it('gives each offering its lab and catalogue test, and leaves out what is not an active test', async () => {
    const offerings = await database.db
      .selectFrom('lab_tests')
      .select(['id', 'test_id'])
      .where('lab_id', '=', lab.id)
      .orderBy('id')
      .execute();
    const retired = await openLab();
    const [gone] = await database.db
      .updateTable('lab_tests')
      .set({ is_active: false })
      .where('lab_id', '=', retired.id)
      .returning('id')
      .execute();
    const customer = await insuredCustomer('M-CART-1');
    const lines = await (await callerFor(database.db, customer)).insuranceCoverage.cartTests({
      labTestIds: [...offerings.map((offering) => offering.id), gone!.id, offerings[0]!.id],
    });
    expect(lines).toEqual(offerings.map((offering) => ({ labTestId: offering.id, labId: lab.id, testId: offering.test_id })));
  });
});
