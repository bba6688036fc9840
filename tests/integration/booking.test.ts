import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../src/client/lib/format.ts';
import { appRouter } from '../../src/server/app-router.ts';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { recoverInterruptedCheckouts } from '../../src/server/modules/booking/checkout-recovery.service.ts';
import { followCatalogVersion, followedCatalogVersion } from '../../src/server/platform/catalog-version.ts';
import { type PaymentProvider, simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { callerFor, contextFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let lab: TestUser;
let labTestId: number;
const payments = simulatedPaymentProvider(0);

// 2030-01-06 is a Sunday. Riyadh is UTC+3 all year, so 08:00 there is 05:00Z.
const SUNDAY = '2030-01-06';
const EARLY = new Date('2030-01-01T00:00:00Z');
const at = (time: string) => new Date(`${SUNDAY}T${time}+03:00`).toISOString();
const tuesday = (time: string) => new Date(`2030-01-08T${time}+03:00`).toISOString();
const bookingsOf = (customerId: string) => database.db.selectFrom('bookings').select('id').where('customer_id', '=', customerId).execute();

beforeAll(async () => {
  database = await openTestDatabase();
  // Sunday to Thursday, two seats a slot.
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '08:00', closesAt: '12:00', closedOn: [5, 6] },
    { slot_capacity: 2 },
  ));
});
afterAll(() => database.close());

const customer = () => createTestUser(database.db, 'customer');
const createCaller = createCallerFactory(appRouter);
const slotTimes = (slots: { slot_time: string }[]) => slots.map((slot) => slot.slot_time);

describe('available slots', () => {
  it('steps through the working hours by the slot length, in the lab time zone', async () => {
    const slots = await booking.availableSlots(database.db, lab.id, SUNDAY, null, EARLY);
    expect(slotTimes(slots)).toEqual(['08:00:00', '08:30:00', '09:00:00', '09:30:00', '10:00:00', '10:30:00', '11:00:00', '11:30:00']);
    expect(slots[0]!.starts_at).toBe('2030-01-06T05:00:00.000Z');
  });

  it('is shown in Riyadh time even though the server runs in UTC', async () => {
    expect(process.env.TZ).toBe('UTC');
    const [first] = await booking.availableSlots(database.db, lab.id, SUNDAY, null, EARLY);
    expect(formatTime(new Date(first!.starts_at), 'en')).toBe('8:00 AM');
    expect(formatTime(new Date(first!.starts_at), 'ar')).toMatch(/^8:00\s?ص$/);
  });

  it('offers nothing on a closed day', async () => {
    expect(await booking.availableSlots(database.db, lab.id, '2030-01-11', null, EARLY)).toEqual([]); // Friday
  });

  it("leaves out today's slots that have already begun", async () => {
    const now = new Date(at('10:10:00'));
    const slots = await booking.availableSlots(database.db, lab.id, SUNDAY, null, now);
    expect(slotTimes(slots)).toEqual(['10:30:00', '11:00:00', '11:30:00']);
  });

  it('refuses a date that has passed in the lab time zone', async () => {
    // 23:30Z on the 5th is already the 6th in Riyadh: the 5th is past there.
    await expect(booking.availableSlots(database.db, lab.id, '2030-01-05', null, new Date('2030-01-05T23:30:00Z'))).rejects.toMatchObject({
      code: 'DATE_IN_PAST',
    });
  });
});

describe('holds and bookings', () => {
  it('removes a full slot, counting other people’s live holds, until the holds expire', async () => {
    const [a, b, c] = [await customer(), await customer(), await customer()];
    const slot = at('09:00:00');
    await booking.holdSlot(database.db, a.id, labTestId, slot, EARLY);
    await booking.holdSlot(database.db, b.id, labTestId, slot, EARLY);
    const seenByC = await booking.availableSlots(database.db, lab.id, SUNDAY, c.id, EARLY);
    expect(slotTimes(seenByC)).not.toContain('09:00:00');
    const seenByA = await booking.availableSlots(database.db, lab.id, SUNDAY, a.id, EARLY);
    expect(slotTimes(seenByA)).toContain('09:00:00');
    await expect(booking.holdSlot(database.db, c.id, labTestId, slot, EARLY)).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });

    const later = new Date(EARLY.getTime() + (booking.HOLD_MINUTES + 1) * 60_000);
    const afterExpiry = await booking.availableSlots(database.db, lab.id, SUNDAY, c.id, later);
    expect(slotTimes(afterExpiry)).toContain('09:00:00');
  });

  it('books a slot, and once its capacity of two is taken nobody sees it', async () => {
    const slot = at('10:00:00');
    for (const person of [await customer(), await customer()]) {
      const result = await booking.createBookings(
        database.db,
        payments,
        person,
        [{ labTestId, bookingTime: slot }],
        `key-${person.id}`,
        EARLY,
      );
      expect(result.bookings).toHaveLength(1);
      expect(result.bookings[0]).toMatchObject({ status: 'confirmed', total_price: 150 });
      // A Basic customer pays the test and its 5% booking fee; the VAT is 15/115 of that.
      expect(result).toMatchObject({ subtotal: 150, booking_fee: 7.5, discount: 0, total_price: 157.5 });
      expect(result.vat).toBeCloseTo(20.54, 2);
    }
    const slots = await booking.availableSlots(database.db, lab.id, SUNDAY, null, EARLY);
    expect(slotTimes(slots)).not.toContain('10:00:00');
    const third = await customer();
    await expect(
      booking.createBookings(database.db, payments, third, [{ labTestId, bookingTime: slot }], 'key-third', EARLY),
    ).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    const checkout = await database.db.selectFrom('checkouts').select('id').where('idempotency_key', '=', 'key-third').execute();
    expect(checkout).toEqual([]); // nothing half-written
  });

  it('refuses a time that is not one of the lab’s slots', async () => {
    const person = await customer();
    for (const bookingTime of [at('09:10:00'), at('12:00:00'), at('09:00:00.500'), '2030-01-11T06:00:00.000Z']) {
      await expect(
        booking.createBookings(database.db, payments, person, [{ labTestId, bookingTime }], `odd-${bookingTime}`, EARLY),
      ).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    }
  });

  it('answers a retried request with the first result and books once', async () => {
    const person = await customer();
    const items = [{ labTestId, bookingTime: at('08:00:00') }];
    const first = await booking.createBookings(database.db, payments, person, items, 'retry-key-1', EARLY);
    const again = await booking.createBookings(database.db, payments, person, items, 'retry-key-1', EARLY);
    // The first answer is built from what the request had; the second is read back: they agree.
    expect(again).toEqual(first);
    expect(first.bookings[0]).toMatchObject({
      lab_test_id: labTestId,
      status: 'confirmed',
      customer_id: person.id,
      customer_name: expect.any(String),
    });
    const rows = await database.db.selectFrom('bookings').select('id').where('customer_id', '=', person.id).execute();
    expect(rows).toHaveLength(1);
    // Sent again after the slot's time has passed, it still gets its answer instead of an error.
    const afterwards = await booking.createBookings(
      database.db,
      payments,
      person,
      items,
      'retry-key-1',
      new Date(Date.parse(items[0]!.bookingTime) + 5 * 60_000),
    );
    expect(afterwards).toEqual(first);
  });

  it('keeps nothing of a declined payment, and a retry with the same key books once', async () => {
    const person = await customer();
    const items = [{ labTestId, bookingTime: tuesday('08:00:00') }];
    const declining: PaymentProvider = { ...payments, charge: () => Promise.reject(new Error('card declined')) };
    await expect(booking.createBookings(database.db, declining, person, items, 'declined-1', EARLY)).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
    });
    expect(await bookingsOf(person.id)).toHaveLength(0);
    const failed = await database.db
      .selectFrom('checkouts')
      .select('status')
      .where('customer_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');

    const result = await booking.createBookings(database.db, payments, person, items, 'declined-1', EARLY);
    expect(result.bookings).toHaveLength(1);
    expect(result.subtotal).toBe(150);
    expect(await bookingsOf(person.id)).toHaveLength(1);
  });

  it('pays once when the same checkout is sent twice at the same moment', async () => {
    const person = await customer();
    const charged: string[] = [];
    const counting: PaymentProvider = {
      ...payments,
      charge: async (request) => {
        charged.push(request.reference);
        return payments.charge(request);
      },
    };
    const items = [{ labTestId, bookingTime: tuesday('08:30:00') }];
    const outcomes = await Promise.allSettled(
      [0, 1].map(() => booking.createBookings(database.db, counting, person, items, 'twice-1', EARLY)),
    );
    expect(charged).toHaveLength(1);
    expect(await bookingsOf(person.id)).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as { code?: string }).code).toBe('CHECKOUT_IN_PROGRESS');
    }
  });

  it('gives the money back when the seat went to someone else during the payment', async () => {
    const [slow, quick] = [await customer(), await customer()];
    const bookingTime = tuesday('09:00:00');
    const refunded: string[] = [];
    // While the first customer pays, the slot's two seats are taken (their hold had run out).
    const meanwhile: PaymentProvider = {
      name: 'simulated',
      async charge(request) {
        await database.db.updateTable('slot_holds').set({ expires_at: EARLY }).where('holder_id', '=', slow.id).execute();
        await booking.createBookings(database.db, payments, quick, [{ labTestId, bookingTime }], 'meanwhile-quick', EARLY);
        const other = await customer();
        await booking.createBookings(database.db, payments, other, [{ labTestId, bookingTime }], 'meanwhile-other', EARLY);
        return { reference: `sim_${request.reference}` };
      },
      async refund(reference) {
        refunded.push(reference);
      },
    };
    await expect(booking.createBookings(database.db, meanwhile, slow, [{ labTestId, bookingTime }], 'slow-1', EARLY)).rejects.toMatchObject(
      {
        code: 'SLOT_UNAVAILABLE',
        details: { labTestId, bookingTime },
      },
    );
    expect(refunded).toHaveLength(1);
    expect(await bookingsOf(slow.id)).toHaveLength(0);
    const checkout = await database.db
      .selectFrom('checkouts')
      .select('status')
      .where('customer_id', '=', slow.id)
      .executeTakeFirstOrThrow();
    expect(checkout.status).toBe('failed');
  });

  it('lets exactly two of twenty simultaneous customers have a slot of capacity two', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const slot = at('11:30:00');
    const outcomes = await Promise.allSettled(
      people.map((person) =>
        booking.createBookings(database.db, payments, person, [{ labTestId, bookingTime: slot }], `race-${person.id}`, EARLY),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(won).toHaveLength(2);
    expect(lost.every((outcome) => (outcome.reason as { code?: string }).code === 'SLOT_UNAVAILABLE')).toBe(true);
    const rows = await database.db
      .selectFrom('bookings')
      .select('id')
      .where('lab_test_id', '=', labTestId)
      .where('booking_time', '=', new Date(slot))
      .execute();
    expect(rows).toHaveLength(2);
  });
});

describe('how many slots one customer may hold', () => {
  // Two open days' slots, 08:00–11:30 every 30 minutes: sixteen in all, on days no other test uses.
  const slotsOn = (...days: string[]) =>
    ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].flatMap((time) =>
      days.map((day) => new Date(`${day}T${time}:00+03:00`).toISOString()),
    );

  it(`holds at most ${booking.MAX_HOLDS} at once: one more is refused and holds nothing, one held again is kept`, async () => {
    const slots = slotsOn('2030-02-03', '2030-02-04');
    const greedy = await customer();
    for (const slot of slots.slice(0, booking.MAX_HOLDS)) await booking.holdSlot(database.db, greedy.id, labTestId, slot, EARLY);
    const extra = slots[booking.MAX_HOLDS]!;
    await expect(booking.holdSlot(database.db, greedy.id, labTestId, extra, EARLY)).rejects.toMatchObject({
      code: 'HOLD_LIMIT',
      details: { maxHolds: booking.MAX_HOLDS },
    });
    // The refused slot was not held.
    const held = await database.db.selectFrom('slot_holds').select('starts_at').where('holder_id', '=', greedy.id).execute();
    expect(held.map((hold) => hold.starts_at.toISOString())).not.toContain(extra);
    expect(held).toHaveLength(booking.MAX_HOLDS);
    // Holding one of their own again (the cart refreshing it) is not a new hold.
    await booking.holdSlot(database.db, greedy.id, labTestId, slots[0]!, EARLY);
    // Letting one go makes room; so does time.
    await booking.releaseHold(database.db, greedy.id, labTestId, slots[1]!);
    await booking.holdSlot(database.db, greedy.id, labTestId, extra, EARLY);
    const later = new Date(EARLY.getTime() + (booking.HOLD_MINUTES + 1) * 60_000);
    await booking.holdSlot(database.db, greedy.id, labTestId, slots[12]!, later);
  });

  it(`lets exactly ${booking.MAX_HOLDS} of ${booking.MAX_HOLDS + 4} holds sent at once through`, async () => {
    const slots = slotsOn('2030-02-05', '2030-02-06');
    const greedy = await customer();
    const outcomes = await Promise.allSettled(
      slots.slice(0, booking.MAX_HOLDS + 4).map((slot) => booking.holdSlot(database.db, greedy.id, labTestId, slot, EARLY)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(booking.MAX_HOLDS);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as { code: string }).code] : []));
    expect(refusals).toEqual(Array(4).fill('HOLD_LIMIT'));
    const held = await database.db.selectFrom('slot_holds').select('starts_at').where('holder_id', '=', greedy.id).execute();
    expect(held).toHaveLength(booking.MAX_HOLDS);
  });

  it('answers through the API with the code the app translates', async () => {
    const slots = slotsOn('2030-02-10', '2030-02-11');
    const holder = await customer();
    const api = await callerFor(database.db, holder);
    for (const slot of slots.slice(0, booking.MAX_HOLDS)) await booking.holdSlot(database.db, holder.id, labTestId, slot);
    await expect(api.booking.holdSlot({ labTestId, bookingTime: slots[booking.MAX_HOLDS]! })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

describe('how many slots the guests of one address may hold', () => {
  const slotsOn = (...days: string[]) =>
    ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].flatMap((time) =>
      days.map((day) => new Date(`${day}T${time}:00+03:00`).toISOString()),
    );
  const guest = async () => {
    const user = await customer();
    await database.db.updateTable('users').set({ is_anonymous: true, email: null }).where('id', '=', user.id).execute();
    return user;
  };
  /** The default cap (HOLDS_PER_ADDRESS). */
  const cap = testEnv.HOLDS_PER_ADDRESS;
  /** The API as a request from `address` would reach it, on a server whose settings are `config`. */
  const apiFrom = async (user: TestUser, address: string, config = testEnv) =>
    createCaller({ ...(await contextFor(database.db, user)), clientIp: address, config });

  it(`refuses guest accounts of one address more than ${cap} live holds between them, through the API`, async () => {
    // 2030-03-03 is a Sunday: four open days, 32 slots.
    const slots = slotsOn('2030-03-03', '2030-03-04', '2030-03-05', '2030-03-06');
    const address = '198.51.100.20';
    const guests = [await guest(), await guest(), await guest(), await guest()];
    const perGuest = booking.MAX_HOLDS;
    let next = 0;
    for (const holder of guests.slice(0, cap / perGuest)) {
      const api = await apiFrom(holder, address);
      for (let i = 0; i < perGuest; i += 1) await api.booking.holdSlot({ labTestId, bookingTime: slots[next++]! });
    }
    expect(next).toBe(cap);
    // A fresh guest from the same address holds nothing: the address has all it may.
    const fresh = await apiFrom(guests[3]!, address);
    await expect(fresh.booking.holdSlot({ labTestId, bookingTime: slots[next]! })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      cause: { code: 'HOLD_LIMIT', details: { maxHolds: cap } },
    });
    const held = await database.db.selectFrom('slot_holds').select('holder_id').where('holder_id', '=', guests[3]!.id).execute();
    expect(held).toEqual([]);
    // A guest held again from that address is not a new hold; a guest elsewhere and a signed-up customer
    // at that address are not counted with it.
    await (await apiFrom(guests[0]!, address)).booking.holdSlot({ labTestId, bookingTime: slots[0]! });
    await (await apiFrom(guests[3]!, '198.51.100.21')).booking.holdSlot({ labTestId, bookingTime: slots[next]! });
    await (await apiFrom(await customer(), address)).booking.holdSlot({ labTestId, bookingTime: slots[next + 1]! });
    // Once a guest lets one go, the address has room again.
    await (await apiFrom(guests[1]!, address)).booking.releaseHold({ labTestId, bookingTime: slots[perGuest]! });
    await fresh.booking.holdSlot({ labTestId, bookingTime: slots[perGuest]! });
  });

  it('lets exactly the address cap through when its guests hold at once', async () => {
    const slots = slotsOn('2030-03-10', '2030-03-11', '2030-03-12', '2030-03-13');
    const address = '198.51.100.30';
    const guests = [await guest(), await guest(), await guest(), await guest()];
    const outcomes = await Promise.allSettled(
      slots.map((slot, index) =>
        booking.holdSlot(database.db, guests[index % guests.length]!.id, labTestId, slot, EARLY, { address, maxHolds: cap }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(cap);
    const live = await database.db.selectFrom('slot_holds').select('holder_id').where('client_address', '=', address).execute();
    expect(live).toHaveLength(cap);
  });

  it('takes the cap from HOLDS_PER_ADDRESS, for an operator whose visitors share addresses', async () => {
    const slots = slotsOn('2030-03-17', '2030-03-18');
    const address = '198.51.100.40';
    const config = { ...testEnv, HOLDS_PER_ADDRESS: 3 };
    const [first, second] = [await guest(), await guest()];
    for (const slot of slots.slice(0, 2)) await (await apiFrom(first!, address, config)).booking.holdSlot({ labTestId, bookingTime: slot });
    const other = await apiFrom(second!, address, config);
    await other.booking.holdSlot({ labTestId, bookingTime: slots[2]! });
    await expect(other.booking.holdSlot({ labTestId, bookingTime: slots[3]! })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      cause: { code: 'HOLD_LIMIT', details: { maxHolds: 3 } },
    });
    // Raised, the same address holds more.
    await (await apiFrom(second!, address, { ...config, HOLDS_PER_ADDRESS: 4 })).booking.holdSlot({ labTestId, bookingTime: slots[3]! });
  });
});

describe('after booking', () => {
  it('cancels up to four hours before, freeing the seat, and not later', async () => {
    const person = await customer();
    const slot = at('11:00:00');
    const { bookings } = await booking.createBookings(
      database.db,
      payments,
      person,
      [{ labTestId, bookingTime: slot }],
      `cancel-${person.id}`,
      EARLY,
    );
    const id = bookings[0]!.id;
    const threeHoursBefore = new Date(new Date(slot).getTime() - 3 * 3_600_000);
    await expect(booking.cancelBooking(database.db, person.id, id, threeHoursBefore)).rejects.toMatchObject({
      code: 'CANCEL_WINDOW_PASSED',
    });
    await booking.cancelBooking(database.db, person.id, id, EARLY);
    const usage = await database.db
      .selectFrom('lab_slot_usage')
      .select('booked_count')
      .where('lab_id', '=', lab.id)
      .where('starts_at', '=', new Date(slot))
      .executeTakeFirstOrThrow();
    expect(usage.booked_count).toBe(0);
    const mine = await booking.myBookings(database.db, person.id);
    expect(mine[0]).toMatchObject({ id, status: 'cancelled' });
  });

  it('shows a customer only their own bookings, with test and lab names', async () => {
    const [owner, stranger] = [await customer(), await customer()];
    const { bookings } = await booking.createBookings(
      database.db,
      payments,
      owner,
      [{ labTestId, bookingTime: at('08:30:00') }],
      `own-${owner.id}`,
      EARLY,
    );
    const ownerView = await (await callerFor(database.db, owner)).booking.mine();
    expect(ownerView.map((entry) => entry.id)).toEqual([bookings[0]!.id]);
    expect(ownerView[0]).toMatchObject({ lab_name_en: 'Test Lab', customer_name: 'Test customer' });
    expect(ownerView[0]!.test_name_ar).toBeTruthy();
    expect(await (await callerFor(database.db, stranger)).booking.mine()).toEqual([]);
  });

  it("refuses to cancel someone else's booking, as if it did not exist", async () => {
    const [owner, stranger] = [await customer(), await customer()];
    const { bookings } = await booking.createBookings(
      database.db,
      payments,
      owner,
      [{ labTestId, bookingTime: at('09:30:00') }],
      `theirs-${owner.id}`,
      EARLY,
    );
    await expect((await callerFor(database.db, stranger)).booking.cancel({ id: bookings[0]!.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const still = await database.db.selectFrom('bookings').select('status').where('id', '=', bookings[0]!.id).executeTakeFirstOrThrow();
    expect(still.status).toBe('confirmed');
  });

  it('keeps labs, admins and visitors from booking or reading bookings', async () => {
    const admin = await createTestUser(database.db, 'admin');
    const input = { items: [{ labTestId, bookingTime: at('10:30:00') }], idempotencyKey: 'not-a-customer' };
    await expect((await callerFor(database.db, lab)).booking.create(input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await callerFor(database.db, admin)).booking.mine()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await callerFor(database.db)).booking.create(input)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

// A server killed mid-checkout leaves it pending; the checkout page sends the same request again.
describe('a checkout cut off half-way', () => {
  const MONDAY = '2030-01-07';
  const onMonday = (time: string) => new Date(`${MONDAY}T${time}+03:00`).toISOString();
  const minutesAfter = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

  /** A gateway that answers a charge only when told to: the request stops mid-payment, as when its server dies. */
  function stalledGateway() {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const refunds: string[] = [];
    const provider: PaymentProvider = {
      name: 'simulated',
      async charge({ reference }) {
        await answered;
        return { reference: `sim_${reference}` };
      },
      async refund(reference) {
        refunds.push(reference);
      },
    };
    return { provider, release, refunds };
  }

  /** The checkout row once the first step has committed it. */
  async function claimedCheckout(customerId: string, key: string) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const row = await database.db
        .selectFrom('checkouts')
        .select(['id', 'status'])
        .where('customer_id', '=', customerId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the checkout was never claimed');
  }

  const bookingsOf = (customerId: string) =>
    database.db.selectFrom('bookings').select(['id', 'checkout_id']).where('customer_id', '=', customerId).execute();

  it('is finished by the same request sent again once abandoned, booking once, never refunding what it keeps', async () => {
    const person = await customer();
    const items = [{ labTestId, bookingTime: onMonday('08:00:00') }];
    const gateway = stalledGateway();
    const cutOff = booking.createBookings(database.db, gateway.provider, person, items, 'cut-off-1', EARLY).then(
      () => 'booked',
      (error: { code?: string }) => error.code,
    );
    const stuck = await claimedCheckout(person.id, 'cut-off-1');
    expect(stuck.status).toBe('pending');

    // While the first attempt may still be paying, the customer is told to wait…
    await expect(booking.createBookings(database.db, payments, person, items, 'cut-off-1', minutesAfter(EARLY, 1))).rejects.toMatchObject({
      code: 'CHECKOUT_IN_PROGRESS',
    });
    // …and once it is abandoned, the same request takes it over and books.
    const later = minutesAfter(EARLY, booking.CHECKOUT_ABANDONED_MINUTES + 1);
    const result = await booking.createBookings(database.db, payments, person, items, 'cut-off-1', later);
    expect(result.checkout_id).toBe(stuck.id);
    expect(result.bookings).toHaveLength(1);

    // Had the first attempt been alive all along, it now neither books nor refunds the kept payment.
    gateway.release();
    expect(await cutOff).toBe('CHECKOUT_IN_PROGRESS');
    expect(gateway.refunds).toEqual([]);
    expect(await bookingsOf(person.id)).toEqual([{ id: result.bookings[0]!.id, checkout_id: stuck.id }]);
    const checkout = await database.db
      .selectFrom('checkouts')
      .select(['status', 'payment_reference'])
      .where('id', '=', stuck.id)
      .executeTakeFirstOrThrow();
    expect(checkout).toEqual({ status: 'paid', payment_reference: `sim_${stuck.id}` });
    const usage = await database.db
      .selectFrom('lab_slot_usage')
      .select('booked_count')
      .where('lab_id', '=', lab.id)
      .where('starts_at', '=', new Date(items[0]!.bookingTime))
      .executeTakeFirstOrThrow();
    expect(usage.booked_count).toBe(1);
  });

  it('ends as failed, with nothing booked, when its seat was taken while it lay abandoned', async () => {
    const person = await customer();
    const items = [{ labTestId, bookingTime: onMonday('09:00:00') }];
    const gateway = stalledGateway();
    const cutOff = booking.createBookings(database.db, gateway.provider, person, items, 'cut-off-2', EARLY).then(
      () => 'booked',
      (error: { code?: string }) => error.code,
    );
    const stuck = await claimedCheckout(person.id, 'cut-off-2');

    // Its hold lapses and two others take both seats. (Booking reads the real clock after paying, so
    // the hold is made to have ended a minute ago rather than only passing a later time.)
    const afterHolds = minutesAfter(EARLY, booking.HOLD_MINUTES + 1);
    await database.db
      .updateTable('slot_holds')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('holder_id', '=', person.id)
      .execute();
    for (const other of [await customer(), await customer()]) {
      await booking.createBookings(database.db, payments, other, items, `seat-${other.id}`, afterHolds);
    }
    await expect(booking.createBookings(database.db, payments, person, items, 'cut-off-2', afterHolds)).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    const checkout = await database.db.selectFrom('checkouts').select('status').where('id', '=', stuck.id).executeTakeFirstOrThrow();
    expect(checkout.status).toBe('failed');
    expect(await bookingsOf(person.id)).toEqual([]);

    // A first attempt still alive gives back the payment nobody kept.
    gateway.release();
    expect(await cutOff).toBe('CHECKOUT_IN_PROGRESS');
    expect(gateway.refunds).toEqual([`sim_${stuck.id}`]);
    expect(await bookingsOf(person.id)).toEqual([]);
  });

  it('is ended when the instance that was charging it starts again: the customer is mailed and sending it again books at once', async () => {
    const [person, neighbour] = [await customer(), await customer()];
    const mine = [{ labTestId, bookingTime: onMonday('11:00:00') }];
    const theirs = [{ labTestId, bookingTime: onMonday('11:30:00') }];
    // Two instances are each charging a checkout when the first one stops (its payment never answers).
    const stopped = stalledGateway();
    const running = stalledGateway();
    void booking.createBookings(database.db, stopped.provider, person, mine, 'stopped-1', EARLY, 'host-a:3000').catch(() => {});
    void booking.createBookings(database.db, running.provider, neighbour, theirs, 'running-1', EARLY, 'host-b:3000').catch(() => {});
    const stuck = await claimedCheckout(person.id, 'stopped-1');
    const other = await claimedCheckout(neighbour.id, 'running-1');
    // Before: sending it again is told to wait, as long as the attempt is not counted abandoned.
    await expect(booking.createBookings(database.db, payments, person, mine, 'stopped-1', minutesAfter(EARLY, 1))).rejects.toMatchObject({
      code: 'CHECKOUT_IN_PROGRESS',
    });

    const recovered = await recoverInterruptedCheckouts(database.db, payments, 'host-a:3000');
    expect(recovered.ended).toEqual([stuck.id]);
    const mail = await database.db
      .selectFrom('outbox')
      .select(['template', 'recipient', 'data'])
      .where('dedupe_key', 'like', `checkout-interrupted:${stuck.id}:%`)
      .execute();
    expect(mail).toEqual([
      { template: 'checkout-interrupted', recipient: person.email, data: expect.objectContaining({ link: '/checkout' }) },
    ]);

    // The same request, a minute later, books; nothing was booked by the stopped attempt.
    expect(await bookingsOf(person.id)).toEqual([]);
    const result = await booking.createBookings(database.db, payments, person, mine, 'stopped-1', minutesAfter(EARLY, 1));
    expect(result.checkout_id).toBe(stuck.id);
    expect(result.bookings).toHaveLength(1);

    // The other instance's attempt may still be running: left alone, still pending, its customer still told to wait.
    const untouched = await database.db.selectFrom('checkouts').select('status').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(untouched.status).toBe('pending');
    await expect(
      booking.createBookings(database.db, payments, neighbour, theirs, 'running-1', minutesAfter(EARLY, 1)),
    ).rejects.toMatchObject({ code: 'CHECKOUT_IN_PROGRESS' });
    // Starting again ends nothing more.
    expect((await recoverInterruptedCheckouts(database.db, payments, 'host-a:3000')).ended).toEqual([]);
    running.release();
  });

  it('books once when a failed checkout is sent again twice at once', async () => {
    const person = await customer();
    const items = [{ labTestId, bookingTime: onMonday('10:00:00') }];
    const declining: PaymentProvider = {
      name: 'simulated',
      async charge() {
        throw new Error('declined');
      },
      async refund() {},
    };
    await expect(booking.createBookings(database.db, declining, person, items, 'failed-once', EARLY)).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
    });
    // The payment is held open so both retries meet while one of them is paying (an instant payment
    // could finish before the other arrives, which would then just get its answer).
    const gateway = stalledGateway();
    const retries = [1, 2].map(() =>
      booking.createBookings(database.db, gateway.provider, person, items, 'failed-once', EARLY).then(
        () => 'booked',
        (error: { code?: string }) => error.code,
      ),
    );
    expect(await Promise.race(retries)).toBe('CHECKOUT_IN_PROGRESS');
    gateway.release();
    expect((await Promise.all(retries)).sort()).toEqual(['CHECKOUT_IN_PROGRESS', 'booked']);
    expect(await bookingsOf(person.id)).toHaveLength(1);
  });
});

describe('offerings remembered while the catalog version is followed', () => {
  /** Waits until the followed version has caught up with the table (announcements are asynchronous). */
  async function caughtUp() {
    const deadline = Date.now() + 3000;
    for (;;) {
      const { rows } = await sql<{ version: string }>`select version::text from catalog_version`.execute(database.db);
      if (followedCatalogVersion(database.db) === rows[0]!.version) return;
      if (Date.now() > deadline) throw new Error('the followed catalog version did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('books at the new price, not on a closed day and not a withdrawn test, right after each change', async () => {
    const follower = followCatalogVersion(database.db, database.listen);
    try {
      // Open on Monday and Tuesday only.
      const { lab: owner, labTestId: offered } = await openLabSelling(
        database.db,
        await nonFastingTestId(database.db),
        { opensAt: '08:00', closesAt: '12:00', closedOn: [0, 3, 4, 5, 6] },
        { slot_capacity: 2 },
        10_000,
      );
      const monday = (time: string) => new Date(`2030-01-07T${time}+03:00`).toISOString();
      const person = await customer();
      await caughtUp();
      const book = (bookingTime: string, key: string) =>
        booking.createBookings(database.db, payments, person, [{ labTestId: offered, bookingTime }], key, EARLY);

      expect((await book(monday('08:00:00'), 'cached-1')).subtotal).toBe(100);
      await database.db.updateTable('lab_tests').set({ price_halalas: 12_500 }).where('id', '=', offered).execute();
      await caughtUp();
      expect((await book(monday('08:30:00'), 'cached-2')).subtotal).toBe(125);

      await database.db.deleteFrom('lab_working_hours').where('lab_id', '=', owner.id).where('weekday', '=', 2).execute();
      await caughtUp();
      await expect(book(tuesday('08:00:00'), 'cached-3')).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });

      await database.db.updateTable('lab_tests').set({ is_active: false }).where('id', '=', offered).execute();
      await caughtUp();
      await expect(book(monday('09:00:00'), 'cached-4')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await bookingsOf(person.id)).toHaveLength(2);
    } finally {
      await follower.stop();
    }
  });
});
