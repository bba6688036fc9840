// One person, one seat of a lab test at a time (issue #61 item 1, ADR 0064). The same customer with two
// tabs open booked the same test at the same lab and time twice and paid twice. A second seat for the
// same person (the account, and the same family member or none) of the same lab test at the same time
// is now refused with ALREADY_BOOKED before any payment: by the checkout's claim under the customer's
// lock, by a hold, by a move, and, last, by the bookings' trigger. A family member in the same slot, a
// cancelled booking and a failed checkout are no reason to refuse.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/app-router.ts';
import type { Database } from '../../src/server/db/schema.ts';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { type PaymentProvider, simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import type { FakeMoyasar } from '../fakes/moyasar.ts';
import { openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, callerFor, contextFor, createTestUser, type TestAccount, type TestUser } from '../setup/fixtures.ts';
import { type MoyasarApp, startMoyasarApp } from '../setup/moyasar-app.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let lab: TestUser;
let labTestId: number;
let otherLabTestId: number;
let testNames: { ar: string; en: string };
let fake: FakeMoyasar;
let moyasar: Pick<MoyasarApp, 'app' | 'payments' | 'env'>;
const createCaller = createCallerFactory(appRouter);

// The lab opens every day 08:00–12:00, 30-minute slots of three seats; it collects at home 08:00–12:00 in
// two-hour windows. Riyadh is UTC+3 all year. "Now" for the service calls is well before 2030.
const EARLY = new Date('2030-01-01T00:00:00Z');
let dayIndex = 0;
/** A day of its own for each test, from 2030-01-03 on. */
function nextDay() {
  dayIndex++;
  return new Date(Date.UTC(2030, 0, 2 + dayIndex)).toISOString().slice(0, 10);
}
const at = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`).toISOString();
const HOME = { address: 'حي الملقا، شارع الأمير محمد بن سعد، منزل 12', latitude: 24.7536, longitude: 46.6853 };

beforeAll(async () => {
  database = await openTestDatabase();
  const started = await startMoyasarApp(database.db, 'whsec_one_seat');
  fake = started.fake;
  moyasar = started;
  const [test, other] = await database.db.selectFrom('tests').select(['id', 'name_ar', 'name_en']).orderBy('id').limit(2).execute();
  testNames = { ar: test!.name_ar, en: test!.name_en };
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    test!.id,
    { opensAt: '08:00', closesAt: '12:00' },
    { slot_capacity: 3, latitude: 24.7136, longitude: 46.6753 },
  ));
  ({ id: otherLabTestId } = await database.db
    .insertInto('lab_tests')
    .values({ lab_id: lab.id, test_id: other!.id, price_halalas: 9_000 })
    .returning('id')
    .executeTakeFirstOrThrow());
  await (await callerFor(database.db, lab)).lab.updateHomeCollection({
    enabled: true,
    fee: 50,
    radiusKm: 15,
    windowMinutes: 120,
    windowCapacity: 2,
    opensAt: '08:00',
    closesAt: '12:00',
  });
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

const customer = () => createTestUser(database.db, 'customer');

/** The simulated payment, counting what it charged and gave back; a short wait, so two checkouts overlap. */
function countingPayments(delayMs = 20) {
  const simulated = simulatedPaymentProvider(delayMs);
  const charged: string[] = [];
  const refunded: string[] = [];
  const provider: PaymentProvider = {
    ...simulated,
    async charge(request) {
      charged.push(request.reference);
      return simulated.charge(request);
    },
    async refund(reference) {
      refunded.push(reference);
    },
  };
  return { provider, charged, refunded };
}

const liveBookingsOf = (customerId: string) =>
  database.db
    .selectFrom('bookings')
    .select(['id', 'lab_test_id', 'booking_time', 'family_member_id', 'checkout_id'])
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'cancelled')
    .execute();
const checkoutsOf = (customerId: string) =>
  database.db.selectFrom('checkouts').select(['id', 'idempotency_key', 'status']).where('customer_id', '=', customerId).execute();

async function addMember(person: TestUser, name = 'Noura') {
  const api = await callerFor(database.db, person);
  return api.family.add({ name, relation: 'mother', sex: 'female', dateOfBirth: '1961-03-14' });
}

/** What the client needs to say which booking it is, in both languages. */
const namedSeat = (bookingTime: string, reason: string) => ({
  reason,
  labTestId,
  bookingTime,
  testNameAr: testNames.ar,
  testNameEn: testNames.en,
  labNameAr: 'مختبر الاختبار',
  labNameEn: 'Test Lab',
  timeZone: 'Asia/Riyadh',
});

describe('the checkout', () => {
  it('refuses the same test and time booked again with another key, before any payment: one booking, one charge', async () => {
    const person = await customer();
    const slot = at(nextDay(), '09:00');
    const { provider, charged, refunded } = countingPayments(0);
    const first = await booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: slot }], 'tab-one', EARLY);
    expect(first.bookings).toHaveLength(1);

    await expect(
      booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: slot }], 'tab-two', EARLY),
    ).rejects.toMatchObject({ code: 'ALREADY_BOOKED', details: namedSeat(slot, 'booked') });
    expect(charged).toEqual([first.checkout_id]);
    expect(refunded).toEqual([]);
    expect(await liveBookingsOf(person.id)).toHaveLength(1);
    // Nothing of the second one was written: no checkout, no seat, no hold.
    expect((await checkoutsOf(person.id)).map((row) => row.idempotency_key)).toEqual(['tab-one']);
    const usage = await database.db.selectFrom('lab_slot_usage').select('booked_count').where('starts_at', '=', new Date(slot)).execute();
    expect(usage).toEqual([{ booked_count: 1 }]);
  });

  it('answers ALREADY_BOOKED as a conflict through booking.create, with the test, lab and time named', async () => {
    const person = await customer();
    const slot = at(nextDay(), '10:00');
    const api = await callerFor(database.db, person);
    booked(await api.booking.create({ items: [{ labTestId, bookingTime: slot }], idempotencyKey: randomUUID() }));
    await expect(api.booking.create({ items: [{ labTestId, bookingTime: slot }], idempotencyKey: randomUUID() })).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { code: 'ALREADY_BOOKED', details: namedSeat(slot, 'booked') },
    });
  });

  it('lets exactly one of two checkouts sent at once with different keys book, and charges once (five times over)', async () => {
    for (let round = 0; round < 5; round++) {
      const person = await customer();
      const slot = at(nextDay(), '08:30');
      const { provider, charged, refunded } = countingPayments();
      const outcomes = await Promise.allSettled(
        ['tab-one', 'tab-two'].map((key) =>
          booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: slot }], `${key}-${round}`, EARLY),
        ),
      );
      const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(fulfilled, `round ${round}`).toHaveLength(1);
      expect(
        rejected.map((outcome) => outcome.reason),
        `round ${round}`,
      ).toEqual([expect.objectContaining({ code: 'ALREADY_BOOKED', details: expect.objectContaining({ labTestId, bookingTime: slot }) })]);
      expect(await liveBookingsOf(person.id), `round ${round}`).toHaveLength(1);
      expect(charged, `round ${round}`).toHaveLength(1);
      expect(refunded, `round ${round}`).toEqual([]);
    }
  });

  it('answers the same key sent again with its first booking, not ALREADY_BOOKED, and charges once', async () => {
    const person = await customer();
    const slot = at(nextDay(), '11:00');
    const { provider, charged } = countingPayments(0);
    const first = await booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: slot }], 'same-key', EARLY);
    const again = await booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: slot }], 'same-key', EARLY);
    expect(again.checkout_id).toBe(first.checkout_id);
    expect(again.bookings.map((row) => row.id)).toEqual(first.bookings.map((row) => row.id));
    expect(charged).toHaveLength(1);
  });

  it('books a family member into the slot the account holder has, and the holder into one a member has', async () => {
    const person = await customer();
    const mother = await addMember(person);
    const day = nextDay();
    const { provider } = countingPayments(0);
    await booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: at(day, '09:00') }], randomUUID(), EARLY);
    const forMother = await booking.createBookings(
      database.db,
      provider,
      person,
      [{ labTestId, bookingTime: at(day, '09:00'), familyMemberId: mother.id }],
      randomUUID(),
      EARLY,
    );
    expect(forMother.bookings).toHaveLength(1);
    // The member twice is refused as the holder twice is.
    await expect(
      booking.createBookings(
        database.db,
        provider,
        person,
        [{ labTestId, bookingTime: at(day, '09:00'), familyMemberId: mother.id }],
        randomUUID(),
        EARLY,
      ),
    ).rejects.toMatchObject({ code: 'ALREADY_BOOKED' });
    // Both in one cart, and another test at the same time, are fine too.
    const both = await booking.createBookings(
      database.db,
      provider,
      person,
      [
        { labTestId, bookingTime: at(day, '10:00') },
        { labTestId, bookingTime: at(day, '10:00'), familyMemberId: mother.id },
        { labTestId: otherLabTestId, bookingTime: at(day, '09:00') },
      ],
      randomUUID(),
      EARLY,
    );
    expect(both.bookings).toHaveLength(3);
    expect(await liveBookingsOf(person.id)).toHaveLength(5);
  });

  it('lets a cancelled booking, a declined checkout and one abandoned long ago be booked again', async () => {
    const person = await customer();
    const day = nextDay();
    const { provider } = countingPayments(0);
    const first = await booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: at(day, '09:00') }], 'k1', EARLY);
    await booking.cancelBooking(database.db, person.id, first.bookings[0]!.id, EARLY, provider);
    const again = await booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: at(day, '09:00') }], 'k2', EARLY);
    expect(again.bookings).toHaveLength(1);

    const declining: PaymentProvider = {
      ...provider,
      async charge() {
        throw new Error('declined');
      },
    };
    await expect(
      booking.createBookings(database.db, declining, person, [{ labTestId, bookingTime: at(day, '10:00') }], 'k3', EARLY),
    ).rejects.toMatchObject({ code: 'PAYMENT_FAILED' });
    const afterDecline = await booking.createBookings(
      database.db,
      provider,
      person,
      [{ labTestId, bookingTime: at(day, '10:00') }],
      'k4',
      EARLY,
    );
    expect(afterDecline.bookings).toHaveLength(1);
  });

  it('counts a seat another checkout of the person is paying for while its holds live, not after', async () => {
    const person = await customer();
    const slot = at(nextDay(), '09:30');
    const item = { lab_id: lab.id, lab_test_id: labTestId, collection: 'lab', starts_at: slot, capacity: 3, family_member_id: null };
    const pending = (key: string, minutesAgo: number) =>
      database.db
        .insertInto('checkouts')
        .values({
          customer_id: person.id,
          idempotency_key: key,
          total_halalas: 15_750,
          vat_halalas: 2_054,
          payment_provider: 'simulated',
          attempted_at: new Date(EARLY.getTime() - minutesAgo * 60_000),
          items: JSON.stringify([item]),
        })
        .execute();
    // Begun longer ago than a hold lasts: its seats are no longer held, and it does not count.
    await pending('long-ago', booking.HOLD_MINUTES + 1);
    const { provider } = countingPayments(0);
    const first = await booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: slot }], 'now', EARLY);
    await booking.cancelBooking(database.db, person.id, first.bookings[0]!.id, EARLY, provider);
    // Begun a minute ago, still being paid: it does.
    await pending('a-minute-ago', 1);
    await expect(
      booking.createBookings(database.db, provider, person, [{ labTestId, bookingTime: slot }], 'another', EARLY),
    ).rejects.toMatchObject({ code: 'ALREADY_BOOKED', details: namedSeat(slot, 'paying') });
  });

  it('refuses the same test and time twice in one cart for one person, at the lab or once at home', async () => {
    const person = await customer();
    const day = nextDay();
    const { provider, charged } = countingPayments(0);
    const twice = [
      { labTestId, bookingTime: at(day, '08:00') },
      { labTestId, bookingTime: at(day, '08:00') },
    ];
    await expect(booking.createBookings(database.db, provider, person, twice, randomUUID(), EARLY)).rejects.toMatchObject({
      code: 'ALREADY_BOOKED',
      details: namedSeat(at(day, '08:00'), 'in_cart'),
    });
    const labAndHome = [
      { labTestId, bookingTime: at(day, '08:00') },
      { labTestId, bookingTime: at(day, '08:00'), home: HOME },
    ];
    await expect(booking.createBookings(database.db, provider, person, labAndHome, randomUUID(), EARLY)).rejects.toMatchObject({
      code: 'ALREADY_BOOKED',
      details: { reason: 'in_cart' },
    });
    expect(charged).toEqual([]);
    expect(await checkoutsOf(person.id)).toEqual([]);
  });
});

describe('a hold and a move', () => {
  it('refuses to hold a time the person already has this test at, so the booking panel says so when it is chosen', async () => {
    const person = await customer();
    const mother = await addMember(person);
    // 10:00 is both a slot at the lab and the start of a home collection window.
    const slot = at(nextDay(), '10:00');
    const api = await callerFor(database.db, person);
    booked(await api.booking.create({ items: [{ labTestId, bookingTime: slot }], idempotencyKey: randomUUID() }));

    await expect(api.booking.holdSlot({ labTestId, bookingTime: slot })).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { code: 'ALREADY_BOOKED', details: namedSeat(slot, 'booked') },
    });
    await expect(api.booking.holdSlot({ labTestId, bookingTime: slot, home: HOME })).rejects.toMatchObject({
      cause: { code: 'ALREADY_BOOKED' },
    });
    // For the mother the time is free, and so is another test for the holder.
    expect(await api.booking.holdSlot({ labTestId, bookingTime: slot, familyMemberId: mother.id })).toHaveProperty('expires_at');
    expect(await api.booking.holdSlot({ labTestId: otherLabTestId, bookingTime: slot })).toHaveProperty('expires_at');
    // Another account's family member is not this customer's to name.
    const stranger = await callerFor(database.db, await customer());
    await expect(stranger.booking.holdSlot({ labTestId, bookingTime: slot, familyMemberId: mother.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses to move a booking onto a time its person already has this test at; another person’s time is fine', async () => {
    const person = await customer();
    const mother = await addMember(person);
    const day = nextDay();
    const { provider } = countingPayments(0);
    const book = async (time: string, familyMemberId?: string) =>
      (
        await booking.createBookings(
          database.db,
          provider,
          person,
          [{ labTestId, bookingTime: at(day, time), ...(familyMemberId && { familyMemberId }) }],
          randomUUID(),
          EARLY,
        )
      ).bookings[0]!;
    await book('09:00');
    const later = await book('10:00');
    const mothers = await book('11:00', mother.id);

    await expect(booking.rescheduleBooking(database.db, person.id, later.id, at(day, '09:00'), EARLY)).rejects.toMatchObject({
      code: 'ALREADY_BOOKED',
      details: namedSeat(at(day, '09:00'), 'booked'),
    });
    const unchanged = await database.db.selectFrom('bookings').select('booking_time').where('id', '=', later.id).executeTakeFirstOrThrow();
    expect(new Date(unchanged.booking_time).toISOString()).toBe(at(day, '10:00'));
    const seats = await database.db
      .selectFrom('lab_slot_usage')
      .select(['starts_at', 'booked_count'])
      .where('starts_at', 'in', [new Date(at(day, '09:00')), new Date(at(day, '10:00'))])
      .orderBy('starts_at')
      .execute();
    expect(seats.map((row) => row.booked_count)).toEqual([1, 1]);

    const moved = await booking.rescheduleBooking(database.db, person.id, mothers.id, at(day, '09:00'), EARLY);
    expect(moved.booking_time).toBe(at(day, '09:00'));
  });
});

describe('at Moyasar, where the browser pays', () => {
  async function moyasarCaller(person: TestUser) {
    return createCaller({ ...(await contextFor(database.db, person)), payments: moyasar.payments, config: moyasar.env });
  }

  /** The browser's part: the card posted to the gateway, 3-D Secure approved, and the return to our callback. */
  async function payAndReturn(form: { amount: number; currency: string; description: string; callback_url: string; metadata: object }) {
    const created = await fake.createPayment({
      ...form,
      source: { type: 'creditcard', name: 'Sara Alqahtani', number: '4111111111111111', month: '12', year: '2031', cvc: '123' },
    });
    expect(created.status).toBe(201);
    const back = new URL(await fake.complete3ds(created.payment.id, 'approve'));
    const response = await moyasar.app.request(`/payments/moyasar/callback${back.search}`);
    return { id: created.payment.id, outcome: new URL(response.headers.get('location')!, 'http://localhost').searchParams.get('outcome') };
  }

  /** The payments the gateway took for the customer's checkouts. */
  async function gatewayPaymentsOf(customerId: string) {
    const ids = new Set((await checkoutsOf(customerId)).map((row) => row.id));
    return [...fake.payments.values()].filter((payment) => ids.has(String(payment.metadata?.checkout_id)));
  }

  it('refuses the second tab’s checkout once the first is paid: the gateway takes one payment', async () => {
    const person = await customer();
    const slot = at(nextDay(), '09:00');
    const api = await moyasarCaller(person);
    const first = await api.booking.create({ items: [{ labTestId, bookingTime: slot }], idempotencyKey: randomUUID() });
    if (!('payment' in first)) throw new Error('expected payment_required');
    expect((await payAndReturn(first.payment)).outcome).toBe('paid');

    await expect(api.booking.create({ items: [{ labTestId, bookingTime: slot }], idempotencyKey: randomUUID() })).rejects.toMatchObject({
      cause: { code: 'ALREADY_BOOKED', details: namedSeat(slot, 'booked') },
    });
    expect(await gatewayPaymentsOf(person.id)).toHaveLength(1);
    expect(await liveBookingsOf(person.id)).toHaveLength(1);
  });

  it('refuses the second of two checkouts started at once: only one payment form is given', async () => {
    const person = await customer();
    const slot = at(nextDay(), '10:00');
    const api = await moyasarCaller(person);
    const outcomes = await Promise.allSettled(
      [0, 1].map(() => api.booking.create({ items: [{ labTestId, bookingTime: slot }], idempotencyKey: randomUUID() })),
    );
    const forms = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' && 'payment' in outcome.value ? [outcome.value] : []));
    expect(forms).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason)).toEqual([
      expect.objectContaining({ cause: expect.objectContaining({ code: 'ALREADY_BOOKED', details: namedSeat(slot, 'paying') }) }),
    ]);
    expect((await payAndReturn(forms[0]!.payment)).outcome).toBe('paid');
    expect(await liveBookingsOf(person.id)).toHaveLength(1);
  });

  it('gives back a payment that comes after its hold ran out and the person booked the same time meanwhile', async () => {
    const person = (await customer()) as TestAccount;
    const slot = at(nextDay(), '11:00');
    // The first tab's checkout was started longer ago than a hold lasts, and its customer only pays now.
    const stale = await booking.startGatewayCheckout(
      database.db,
      moyasar.payments,
      person,
      [{ labTestId, bookingTime: slot }],
      randomUUID(),
      moyasar.env.PUBLIC_URL,
      new Date(Date.now() - (booking.HOLD_MINUTES + 1) * 60_000),
    );
    if (!('payment' in stale)) throw new Error('expected payment_required');
    const api = await moyasarCaller(person);
    const fresh = await api.booking.create({ items: [{ labTestId, bookingTime: slot }], idempotencyKey: randomUUID() });
    if (!('payment' in fresh)) throw new Error('expected payment_required');
    expect((await payAndReturn(fresh.payment)).outcome).toBe('paid');

    // The bookings' trigger refuses the second booking; its payment goes back whole, and the customer is told.
    const late = await payAndReturn(stale.payment);
    expect(late.outcome).toBe('paid');
    expect(fake.payments.get(late.id)).toMatchObject({ status: 'refunded', refunded: stale.payment.amount });
    expect(await liveBookingsOf(person.id)).toEqual([expect.objectContaining({ checkout_id: fresh.checkout_id })]);
    const staleCheckout = await database.db
      .selectFrom('checkouts')
      .select('status')
      .where('id', '=', stale.checkout_id)
      .executeTakeFirstOrThrow();
    expect(staleCheckout.status).toBe('failed');
    const mails = await database.db.selectFrom('outbox').select(['template', 'data']).where('user_id', '=', person.id).execute();
    expect(mails).toContainEqual({ template: 'payment-refunded', data: expect.objectContaining({ reason: 'duplicate' }) });
  });
});

describe('the bookings’ trigger, the last guard', () => {
  const insertBooking = (
    db: Kysely<Database> | Transaction<Database>,
    row: { customerId: string; bookingTime: string; familyMemberId?: string | null; status?: string },
  ) =>
    db
      .insertInto('bookings')
      .values({
        customer_id: row.customerId,
        lab_test_id: labTestId,
        booking_time: new Date(row.bookingTime),
        total_price_halalas: 15_000,
        status: (row.status ?? 'confirmed') as 'confirmed',
        family_member_id: row.familyMemberId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('refuses a second live row for the same person, test and time, even two written at once', async () => {
    const person = await customer();
    const mother = await addMember(person);
    const slot = at(nextDay(), '09:00');
    await insertBooking(database.db, { customerId: person.id, bookingTime: slot, status: 'cancelled' });
    const live = await insertBooking(database.db, { customerId: person.id, bookingTime: slot });
    await expect(insertBooking(database.db, { customerId: person.id, bookingTime: slot })).rejects.toMatchObject({ code: 'TA005' });
    // The same row written again, as the seeds do (`on conflict (id) do nothing`), is not a second booking.
    const again = await database.db
      .insertInto('bookings')
      .values({ id: live.id, customer_id: person.id, lab_test_id: labTestId, booking_time: new Date(slot), total_price_halalas: 15_000 })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    expect(again).toEqual([]);
    await expect(insertBooking(database.db, { customerId: person.id, bookingTime: slot, status: 'completed' })).rejects.toMatchObject({
      code: 'TA005',
    });
    await insertBooking(database.db, { customerId: person.id, bookingTime: slot, familyMemberId: mother.id });

    const other = at(nextDay(), '09:00');
    const outcomes = await Promise.allSettled(
      [0, 1].map(() =>
        database.db.transaction().execute(async (tx) => {
          const row = await insertBooking(tx, { customerId: person.id, bookingTime: other });
          // Still open while the other one tries: without the lock both would see no other row.
          await sql`select pg_sleep(0.05)`.execute(tx);
          return row;
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { code: 'TA005' } });
  });

  it('refuses a cancelled booking made live again, or moved, onto a time its person has', async () => {
    const person = await customer();
    const day = nextDay();
    const cancelled = await insertBooking(database.db, { customerId: person.id, bookingTime: at(day, '09:00'), status: 'cancelled' });
    const elsewhere = await insertBooking(database.db, { customerId: person.id, bookingTime: at(day, '10:00') });
    await insertBooking(database.db, { customerId: person.id, bookingTime: at(day, '09:00') });
    await expect(
      database.db.updateTable('bookings').set({ status: 'confirmed' }).where('id', '=', cancelled.id).execute(),
    ).rejects.toMatchObject({ code: 'TA005' });
    await expect(
      database.db
        .updateTable('bookings')
        .set({ booking_time: new Date(at(day, '09:00')) })
        .where('id', '=', elsewhere.id)
        .execute(),
    ).rejects.toMatchObject({ code: 'TA005' });
  });

  it('leaves rows booked twice before the rule, and a family member’s link set null by account erasure, writable', async () => {
    const person = await customer();
    const mother = await addMember(person);
    const day = nextDay();
    // Booked twice before the trigger existed.
    await sql`alter table bookings disable trigger bookings_one_seat_per_person`.execute(database.db);
    const [a, b] = [
      await insertBooking(database.db, { customerId: person.id, bookingTime: at(day, '09:00') }),
      await insertBooking(database.db, { customerId: person.id, bookingTime: at(day, '09:00') }),
    ];
    await sql`alter table bookings enable trigger bookings_one_seat_per_person`.execute(database.db);
    await database.db.updateTable('bookings').set({ status: 'completed', completed_at: EARLY }).where('id', '=', a.id).execute();
    await database.db.updateTable('bookings').set({ status: 'cancelled', cancelled_at: EARLY }).where('id', '=', b.id).execute();

    // The holder and the mother at one time; erasing the account deletes the member, and the link goes null.
    await insertBooking(database.db, { customerId: person.id, bookingTime: at(day, '10:00') });
    await insertBooking(database.db, { customerId: person.id, bookingTime: at(day, '10:00'), familyMemberId: mother.id });
    await database.db.deleteFrom('family_members').where('id', '=', mother.id).execute();
    const atTen = await database.db
      .selectFrom('bookings')
      .select('family_member_id')
      .where('customer_id', '=', person.id)
      .where('booking_time', '=', new Date(at(day, '10:00')))
      .execute();
    expect(atTen).toEqual([{ family_member_id: null }, { family_member_id: null }]);
  });
});
