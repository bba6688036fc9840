import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoNphiesSettings } from '../../seeds/data/demo-nphies.ts';
import { demoInsurers } from '../../seeds/insurance.ts';
import { appRouter } from '../../src/server/app-router.ts';
import { saveLabNphiesSettings } from '../../src/server/modules/lab-insurance/lab-insurance.service.ts';
import { type PaymentProvider, simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { resultKeysFor } from '../../src/server/platform/result-sealing.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { visitDay } from '../../src/shared/insurance-coverage-schemas.ts';
import { type FakeNphies, startFakeNphies } from '../fakes/nphies.ts';
import { halfHourSlots, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, contextFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Paying only the person's share (issue #80 item 4, ADR 0099), through the real procedures against the fake
// NPHIES (scripted by the card's member id) and the simulated payment: the card's answer is asked again at
// payment (the stored one, no new message), the covered tests' insurer shares come off the charge, and the
// bookings, the tax invoice, the lab's ledger and a cancellation's refund all count only what the person paid.
// An answer the page did not show, one that cannot be had any more, or a promo code beside insurance books
// nothing and charges nothing.

let database: TestDatabase;
let fake: FakeNphies;
let lab: TestUser;
/** The lab's two offerings: 60 SAR and 300 SAR, each with its NPHIES billing code. */
let cheap: { labTestId: number; testId: number };
let dear: { labTestId: number; testId: number };
const createCaller = createCallerFactory(appRouter);
const [bupa] = demoInsurers;
const nextSlot = halfHourSlots();

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeNphies();
  const [first, second] = await database.db
    .selectFrom('tests')
    .select('id')
    .where('fasting_hours', 'is', null)
    .where('kind', '=', 'test')
    .orderBy('id')
    .limit(2)
    .execute();
  const opened = await openLabSelling(database.db, first!.id, { opensAt: '00:00', closesAt: '23:30' }, { slot_capacity: 50 }, 6_000);
  lab = opened.lab;
  cheap = { labTestId: opened.labTestId, testId: first!.id };
  const { id } = await database.db
    .insertInto('lab_tests')
    .values({ lab_id: lab.id, test_id: second!.id, price_halalas: 30_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  dear = { labTestId: id, testId: second!.id };
  await database.db.updateTable('lab_tests').set({ nphies_billing_code: '73250-00-80' }).where('id', '=', cheap.labTestId).execute();
  await database.db.updateTable('lab_tests').set({ nphies_billing_code: '66500-00-10' }).where('id', '=', dear.labTestId).execute();
  await database.db
    .insertInto('lab_insurance_networks')
    .values({ lab_id: lab.id, insurer_id: bupa!.id, all_classes: true, policy_classes: [] })
    .execute();
  await connectLab();
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

async function connectLab() {
  const { clientCertPem, clientKeyPem } = demoNphiesSettings;
  await saveLabNphiesSettings(database.db, await resultKeysFor(testEnv), testEnv, lab.id, lab.id, {
    providerLicense: `PR-${lab.id.slice(0, 8)}`,
    endpointUrl: fake.endpointUrl,
    clientCertPem,
    clientKeyPem,
    caPem: null,
  });
}

let nextId = 0;
/** A customer with a Bupa card of this member id in force and their ID verified by Nafath. */
async function insuredCustomer(memberId: string) {
  const customer = await createTestUser(database.db, 'customer');
  await database.db
    .updateTable('user_profiles')
    .set({
      sex: 'male',
      date_of_birth: '1985-01-20',
      national_id: `10${String(Date.now() % 1e6).padStart(6, '0')}${String(nextId++ % 100).padStart(2, '0')}`,
      national_id_verified_at: new Date(),
      national_id_name_en: 'Fahad Ali Alharbi',
      national_id_name_ar: 'فهد علي الحربي',
    })
    .where('id', '=', customer.id)
    .execute();
  await database.db
    .insertInto('person_insurance')
    .values({ account_id: customer.id, insurer_id: bupa!.id, member_id: memberId, policy_class: 'Gold', expires_on: '2099-12-31' })
    .execute();
  return customer;
}

/** The simulated payment, with every charge and refund written down. */
function recordingPayments() {
  const charges: number[] = [];
  const refunds: (number | undefined)[] = [];
  const base = simulatedPaymentProvider(0);
  const provider: PaymentProvider = {
    ...base,
    charge: (request) => {
      charges.push(request.amount);
      return base.charge(request);
    },
    refund: async (_reference, amount) => {
      refunds.push(amount);
    },
  };
  return { provider, charges, refunds };
}

async function callerOf(customer: TestUser, payments: PaymentProvider = simulatedPaymentProvider(0)) {
  return createCaller({ ...(await contextFor(database.db, customer)), payments });
}

/** The holder's tests on one visit day (both unless told), as the page's card asks about them. */
async function shownCheck(customer: TestUser, slots: string[], testIds = [cheap.testId, dear.testId]) {
  const answer = await (await callerOf(customer)).insuranceCoverage.check({
    labId: lab.id,
    testIds,
    familyMemberId: null,
    date: visitDay(slots[0]!),
  });
  if (answer.status !== 'answered') throw new Error(`not answered: ${JSON.stringify(answer)}`);
  return answer;
}

const twoSlots = () => [nextSlot(), nextSlot()];

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; details?: Record<string, unknown> } }).cause;
    return { code: cause?.code, reason: cause?.details?.reason };
  }
  return { code: 'accepted' };
}

describe('paying only the share', () => {
  it("charges the person's share of a 20 % co-pay: the insurer's part is off the total, the invoice, the bookings and the ledger", async () => {
    const customer = await insuredCustomer('COPAY-20');
    const slots = twoSlots();
    const shown = await shownCheck(customer, slots);
    const sentBefore = fake.received.length;
    const payments = recordingPayments();
    const result = booked(
      await (await callerOf(customer, payments.provider)).booking.create({
        items: [
          { labTestId: cheap.labTestId, bookingTime: slots[0]! },
          { labTestId: dear.labTestId, bookingTime: slots[1]! },
        ],
        idempotencyKey: randomUUID(),
        coverageMessageIds: [shown.messageId],
      }),
    );
    // 60 and 300 SAR: the insurer pays 48 and 250; the person 12 and 50, and the Basic booking fee of 5 % (3 and 15).
    expect(result).toMatchObject({ subtotal: 360, insurer_paid: 298, booking_fee: 18, total_price: 80 });
    expect(payments.charges).toEqual([8_000]);
    // The stored answer was the one asked again: no new message went to NPHIES.
    expect(fake.received.length).toBe(sentBefore);

    const bookings = await database.db
      .selectFrom('bookings')
      .select(['id', 'lab_test_id', 'insurer_share_halalas', 'coverage_message_id'])
      .where('customer_id', '=', customer.id)
      .execute();
    expect(bookings.map((row) => [row.lab_test_id, row.insurer_share_halalas, row.coverage_message_id]).sort()).toEqual(
      [
        [cheap.labTestId, 4_800, shown.messageId],
        [dear.labTestId, 25_000, shown.messageId],
      ].sort(),
    );

    const invoice = await database.db
      .selectFrom('invoices')
      .select(['total_halalas', 'lines'])
      .where('checkout_id', '=', result.checkout_id)
      .executeTakeFirstOrThrow();
    expect(invoice.total_halalas).toBe(8_000);
    const lines = invoice.lines as { kind: string; name_en: string; total_halalas: number }[];
    expect(lines.find((line) => line.kind === 'insurer')).toMatchObject({
      name_en: "Your insurer's share (claimed by the lab through NPHIES)",
      total_halalas: -29_800,
    });

    // The lab is owed the price less the commission and less what it claims from the insurer.
    const ledger = await database.db
      .selectFrom('lab_ledger_entries')
      .select(['booking_id', 'price_halalas', 'paid_halalas', 'commission_halalas', 'lab_owed_halalas', 'insurer_share_halalas'])
      .where('lab_id', '=', lab.id)
      .where('booking_id', 'in', bookings.map((row) => row.id))
      .execute();
    for (const row of ledger) {
      const share = row.price_halalas === 6_000 ? 4_800 : 25_000;
      expect(row.insurer_share_halalas).toBe(share);
      expect(row.paid_halalas).toBe(Math.round(row.price_halalas * 1.05) - share);
      expect(row.lab_owed_halalas).toBe(row.price_halalas - row.commission_halalas - share);
    }
  });

  it('refunds a cancelled insured booking only what the person paid for it', async () => {
    const customer = await insuredCustomer('COPAY-20');
    const slots = twoSlots();
    const shown = await shownCheck(customer, slots);
    const payments = recordingPayments();
    const caller = await callerOf(customer, payments.provider);
    const result = booked(
      await caller.booking.create({
        items: [
          { labTestId: cheap.labTestId, bookingTime: slots[0]! },
          { labTestId: dear.labTestId, bookingTime: slots[1]! },
        ],
        idempotencyKey: randomUUID(),
        coverageMessageIds: [shown.messageId],
      }),
    );
    const dearBooking = result.bookings.find((booking) => booking.total_price === 300)!;
    // Three days ahead: the whole of what was paid for it comes back, 50 SAR of share and its 15 SAR fee.
    expect(await caller.booking.cancel({ id: dearBooking.id })).toMatchObject({ refund: 65 });
    expect(payments.refunds).toEqual([6_500]);
    const credit = await database.db
      .selectFrom('invoices')
      .select(['total_halalas', 'lines'])
      .where('kind', '=', 'credit_note')
      .where('booking_id', '=', dearBooking.id)
      .executeTakeFirstOrThrow();
    expect(credit.total_halalas).toBe(6_500);
    expect((credit.lines as { kind: string; total_halalas: number }[]).find((line) => line.kind === 'insurer')?.total_halalas).toBe(-25_000);
  });

  it('a test covered in full leaves the person only the booking fee, and a person without a card pays in full beside them', async () => {
    const customer = await insuredCustomer('M-FULL-1');
    const member = await database.db
      .insertInto('family_members')
      .values({ account_id: customer.id, name: 'Sara', relation: 'child', date_of_birth: '2015-03-01', sex: 'female' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const slots = twoSlots();
    const shown = await shownCheck(customer, slots, [cheap.testId]);
    const payments = recordingPayments();
    const result = booked(
      await (await callerOf(customer, payments.provider)).booking.create({
        items: [
          { labTestId: cheap.labTestId, bookingTime: slots[0]! },
          { labTestId: cheap.labTestId, bookingTime: slots[1]!, familyMemberId: member.id },
        ],
        idempotencyKey: randomUUID(),
        coverageMessageIds: [shown.messageId],
      }),
    );
    // The holder's 60 SAR test: the insurer pays it all, the holder its 3 SAR fee; Sara has no card: 63 SAR.
    expect(result).toMatchObject({ insurer_paid: 60, total_price: 66 });
    expect(payments.charges).toEqual([6_600]);
  });
});

describe('nothing is charged when the answer is not the one shown', () => {
  const cart = (slots: string[]) => [
    { labTestId: cheap.labTestId, bookingTime: slots[0]! },
    { labTestId: dear.labTestId, bookingTime: slots[1]! },
  ];

  it('an answer the page never showed (another customer’s check, or none) is COVERAGE_CHANGED', async () => {
    const customer = await insuredCustomer('COPAY-20');
    const other = await insuredCustomer('M-OTHER-1');
    const slots = twoSlots();
    const othersAnswer = await shownCheck(other, slots);
    const payments = recordingPayments();
    const caller = await callerOf(customer, payments.provider);
    // Another person's message id does not lower this person's price: their own check is made, and it is new.
    expect(
      await refusal(caller.booking.create({ items: cart(slots), idempotencyKey: randomUUID(), coverageMessageIds: [othersAnswer.messageId] })),
    ).toEqual({ code: 'COVERAGE_CHANGED', reason: undefined });
    expect(await refusal(caller.booking.create({ items: cart(slots), idempotencyKey: randomUUID(), coverageMessageIds: [randomUUID()] }))).toEqual(
      { code: 'COVERAGE_CHANGED', reason: undefined },
    );
    expect(payments.charges).toEqual([]);
    expect(await database.db.selectFrom('bookings').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
  });

  it('a check that cannot be had at payment is COVERAGE_UNANSWERED with its reason; paying in full still books', async () => {
    const customer = await insuredCustomer('COPAY-20');
    const slots = twoSlots();
    const shown = await shownCheck(customer, slots);
    await database.db.deleteFrom('lab_nphies_settings').where('lab_id', '=', lab.id).execute();
    try {
      const payments = recordingPayments();
      const caller = await callerOf(customer, payments.provider);
      expect(
        await refusal(caller.booking.create({ items: cart(slots), idempotencyKey: randomUUID(), coverageMessageIds: [shown.messageId] })),
      ).toEqual({ code: 'COVERAGE_UNANSWERED', reason: 'lab_not_connected' });
      expect(payments.charges).toEqual([]);
      const inFull = booked(await caller.booking.create({ items: cart(slots), idempotencyKey: randomUUID() }));
      expect(inFull).toMatchObject({ insurer_paid: 0, total_price: 378 });
      expect(payments.charges).toEqual([37_800]);
    } finally {
      await connectLab();
    }
  });

  it('a promo code beside insurance is refused before anything is asked or held', async () => {
    const customer = await insuredCustomer('COPAY-20');
    const slots = twoSlots();
    const shown = await shownCheck(customer, slots);
    const sentBefore = fake.received.length;
    const payments = recordingPayments();
    const caller = await callerOf(customer, payments.provider);
    expect(
      await refusal(
        caller.booking.create({
          items: cart(slots),
          idempotencyKey: randomUUID(),
          coverageMessageIds: [shown.messageId],
          promoCode: 'WELCOME10',
        }),
      ),
    ).toEqual({ code: 'PROMO_REFUSED', reason: 'with_insurance' });
    expect(payments.charges).toEqual([]);
    expect(fake.received.length).toBe(sentBefore);
  });
});
