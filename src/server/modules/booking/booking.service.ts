import type { ExpressionBuilder, Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar, vatIncluded } from '../../../shared/money.ts';
import { clockOf, minutesOf, todayIn, zonedParts, zonedTimeToInstant } from '../../../shared/time.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './booking.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** How long a slot put in a cart stays reserved for its holder. */
export const HOLD_MINUTES = 10;
/** Bookings can be cancelled until this long before their time. */
export const CANCEL_BEFORE_HOURS = 4;
/**
 * A checkout still pending this long after its attempt began was abandoned: its server stopped
 * before the end (a crash, a deploy). No payment takes this long (the simulated one waits at most
 * 60 s), so the same request sent again takes the checkout over instead of being told to wait forever.
 */
export const CHECKOUT_ABANDONED_MINUTES = 2;

const MINUTE = 60_000;

interface Slot {
  slot_time: string;
  starts_at: string;
}

/** The lab's free slots on a date of its own calendar, in its time zone; past ones are not offered. */
export async function availableSlots(
  db: Kysely<Database>,
  labId: string,
  date: string,
  viewerId: string | null,
  now = new Date(),
): Promise<Slot[]> {
  const lab = await repo.findLabSchedule(db, labId);
  if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
  if (date < todayIn(lab.time_zone, now)) throw new AppError('DATE_IN_PAST');

  const noon = zonedTimeToInstant(date, '12:00', lab.time_zone);
  const hours = await repo.findWorkingHours(db, labId, zonedParts(noon, lab.time_zone).weekday);
  if (!hours) return [];

  const starts: Date[] = [];
  for (let minute = minutesOf(hours.opens_at); minute + lab.slot_minutes <= minutesOf(hours.closes_at); minute += lab.slot_minutes) {
    const startsAt = zonedTimeToInstant(date, clockOf(minute), lab.time_zone);
    if (startsAt.getTime() > now.getTime()) starts.push(startsAt);
  }
  if (starts.length === 0) return [];

  const taken = await repo.takenSeats(db, labId, starts[0]!, new Date(starts.at(-1)!.getTime() + MINUTE), viewerId, now);
  return starts
    .filter((startsAt) => (taken.get(startsAt.getTime()) ?? 0) < lab.slot_capacity)
    .map((startsAt) => ({ slot_time: zonedParts(startsAt, lab.time_zone).time, starts_at: startsAt.toISOString() }));
}

/** A booking time must be one of the lab's slots on a working day, and in the future. */
async function assertIsSlot(
  db: Kysely<Database>,
  offering: { lab_id: string; time_zone: string; slot_minutes: number },
  startsAt: Date,
  now: Date,
) {
  if (Number.isNaN(startsAt.getTime()) || startsAt.getTime() <= now.getTime()) throw new AppError('SLOT_UNAVAILABLE');
  const local = zonedParts(startsAt, offering.time_zone);
  const hours = await repo.findWorkingHours(db, offering.lab_id, local.weekday);
  const minute = minutesOf(local.time);
  const aligned =
    hours !== undefined &&
    local.time.endsWith(':00') &&
    minute >= minutesOf(hours.opens_at) &&
    minute + offering.slot_minutes <= minutesOf(hours.closes_at) &&
    (minute - minutesOf(hours.opens_at)) % offering.slot_minutes === 0;
  if (!aligned) throw new AppError('SLOT_UNAVAILABLE');
}

async function bookableOffering(db: Kysely<Database>, labTestId: number) {
  const offering = await repo.findBookableLabTest(db, labTestId);
  if (!offering) throw new AppError('NOT_FOUND', { entity: 'labTest' });
  return offering;
}

/** Reserves a seat for the holder for a few minutes, if one is free. Holding again extends it. */
export async function holdSlot(db: Kysely<Database>, holderId: string, labTestId: number, bookingTime: string, now = new Date()) {
  const offering = await bookableOffering(db, labTestId);
  const startsAt = new Date(bookingTime);
  await assertIsSlot(db, offering, startsAt, now);
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * MINUTE);
  await db.transaction().execute(async (tx) => {
    const booked = await repo.lockSlot(tx, offering.lab_id, startsAt);
    const held = await repo.otherLiveHolds(tx, offering.lab_id, startsAt, holderId, now);
    if (booked + held >= offering.slot_capacity) throw new AppError('SLOT_UNAVAILABLE', { labTestId, bookingTime });
    await repo.upsertHold(tx, { labId: offering.lab_id, labTestId, startsAt, holderId, expiresAt });
  });
  return { expires_at: expiresAt.toISOString() };
}

export async function releaseHold(db: Kysely<Database>, holderId: string, labTestId: number, bookingTime: string) {
  await repo.deleteHold(db, holderId, labTestId, new Date(bookingTime));
  return { released: true as const };
}

export interface BookingItem {
  labTestId: number;
  bookingTime: string;
}

/**
 * Books every item of a cart or nothing. The checkout row (unique per customer and key) makes a
 * retried request return the first result instead of paying or booking twice; seats are taken under
 * the slot row's lock, and the payment runs between two short transactions, never inside one.
 * A failed attempt, or one abandoned by a server that stopped mid-way, is taken over by the same
 * request sent again; each attempt is known by its start (`attempted_at`) and only the current one
 * may finish the checkout.
 */
export async function createBookings(
  db: Kysely<Database>,
  payments: PaymentProvider,
  customerId: string,
  items: BookingItem[],
  idempotencyKey: string,
  now = new Date(),
) {
  const existing = await db
    .selectFrom('checkouts')
    .select(['id', 'status', 'attempted_at'])
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (existing?.status === 'paid') return checkoutResult(db, existing.id);
  const abandonedBefore = new Date(now.getTime() - CHECKOUT_ABANDONED_MINUTES * MINUTE);
  if (existing?.status === 'pending' && existing.attempted_at.getTime() > abandonedBefore.getTime()) {
    throw new AppError('CHECKOUT_IN_PROGRESS');
  }
  const attemptedAt = now;
  const isThisAttempt = (eb: ExpressionBuilder<Database, 'checkouts'>) =>
    eb.and([eb('id', '=', checkoutId), eb('status', '=', 'pending'), eb('attempted_at', '=', attemptedAt)]);

  // One seat per slot and offering: the same item twice is one booking.
  const unique = [...new Map(items.map((item) => [`${item.labTestId}|${new Date(item.bookingTime).toISOString()}`, item])).values()];
  const offerings = await Promise.all(unique.map(async (item) => ({ item, offering: await bookableOffering(db, item.labTestId) })));
  for (const { item, offering } of offerings) await assertIsSlot(db, offering, new Date(item.bookingTime), now);
  const totalHalalas = offerings.reduce((sum, { offering }) => sum + offering.price_halalas, 0);
  // Lock slots in one order everywhere, so two carts sharing slots cannot deadlock.
  const ordered = [...offerings].sort((a, b) =>
    `${a.offering.lab_id}${new Date(a.item.bookingTime).toISOString()}`.localeCompare(`${b.offering.lab_id}${new Date(b.item.bookingTime).toISOString()}`),
  );

  // 1. Claim the checkout and hold every seat (or fail having changed nothing).
  const checkoutId: string = await db.transaction().execute(async (tx) => {
    let id = existing?.id;
    if (id) {
      // Take over a failed or abandoned attempt. The condition is checked again under the row lock,
      // so of two requests sent again at once only one goes on.
      const taken = await tx
        .updateTable('checkouts')
        .set({ status: 'pending', total_halalas: totalHalalas, vat_halalas: vatIncluded(totalHalalas), attempted_at: attemptedAt })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('attempted_at', '<=', abandonedBefore)])]))
        .returning('id')
        .executeTakeFirst();
      if (!taken) throw new AppError('CHECKOUT_IN_PROGRESS');
    } else {
      const claimed = await tx
        .insertInto('checkouts')
        .values({
          customer_id: customerId,
          idempotency_key: idempotencyKey,
          total_halalas: totalHalalas,
          vat_halalas: vatIncluded(totalHalalas),
          payment_provider: payments.name,
          attempted_at: attemptedAt,
        })
        .onConflict((oc) => oc.columns(['customer_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) throw new AppError('CHECKOUT_IN_PROGRESS');
      id = claimed.id;
    }
    const expiresAt = new Date(now.getTime() + HOLD_MINUTES * MINUTE);
    for (const { item, offering } of ordered) {
      const startsAt = new Date(item.bookingTime);
      const booked = await repo.lockSlot(tx, offering.lab_id, startsAt);
      const held = await repo.otherLiveHolds(tx, offering.lab_id, startsAt, customerId, now);
      if (booked + held >= offering.slot_capacity) {
        throw new AppError('SLOT_UNAVAILABLE', { labTestId: item.labTestId, bookingTime: item.bookingTime });
      }
      await repo.upsertHold(tx, { labId: offering.lab_id, labTestId: item.labTestId, startsAt, holderId: customerId, expiresAt });
    }
    return id;
  }).catch(async (error: unknown) => {
    // An abandoned attempt that could not be taken over (its seats are gone) is over: say so.
    if (existing?.status === 'pending') {
      await db
        .updateTable('checkouts')
        .set({ status: 'failed' })
        .where('id', '=', existing.id)
        .where('status', '=', 'pending')
        .where('attempted_at', '<=', abandonedBefore)
        .execute();
    }
    throw error;
  });

  // 2. Pay, outside any transaction. The reference is the checkout's, so an attempt that takes over
  // an abandoned one is charged once by the gateway, not twice.
  let payment: { reference: string };
  try {
    payment = await payments.charge({ amountHalalas: totalHalalas, reference: checkoutId, description: `Tahaleel checkout ${checkoutId}` });
  } catch {
    await db.updateTable('checkouts').set({ status: 'failed' }).where(isThisAttempt).execute();
    throw new AppError('PAYMENT_FAILED');
  }

  // 3. Turn the held seats into bookings, all or none.
  let superseded: 'leave the payment' | 'refund' | undefined;
  try {
    await db.transaction().execute(async (tx) => {
      // Only the current attempt books. One that ran so long that it was taken over stops here: the
      // attempt that took over has the same payment (same reference) and keeps or refunds it, unless
      // it could not go on at all (the checkout failed), and then this payment goes back.
      const current = await tx.selectFrom('checkouts').select(['status', 'attempted_at']).where('id', '=', checkoutId).forUpdate().executeTakeFirstOrThrow();
      if (current.status !== 'pending' || current.attempted_at.getTime() !== attemptedAt.getTime()) {
        superseded = current.status === 'failed' ? 'refund' : 'leave the payment';
        throw new AppError('CHECKOUT_IN_PROGRESS');
      }
      for (const { item, offering } of ordered) {
        const startsAt = new Date(item.bookingTime);
        const booked = await repo.lockSlot(tx, offering.lab_id, startsAt);
        const held = await repo.otherLiveHolds(tx, offering.lab_id, startsAt, customerId, new Date());
        if (booked + held >= offering.slot_capacity) {
          throw new AppError('SLOT_UNAVAILABLE', { labTestId: item.labTestId, bookingTime: item.bookingTime });
        }
        await repo.addBookedSeat(tx, offering.lab_id, startsAt, 1);
        await repo.deleteHold(tx, customerId, item.labTestId, startsAt);
        await tx
          .insertInto('bookings')
          .values({
            customer_id: customerId,
            lab_test_id: item.labTestId,
            checkout_id: checkoutId,
            booking_time: startsAt,
            total_price_halalas: offering.price_halalas,
            status: 'confirmed',
          })
          .execute();
      }
      await tx
        .updateTable('checkouts')
        .set({ status: 'paid', payment_reference: payment.reference, completed_at: new Date() })
        .where('id', '=', checkoutId)
        .execute();
    });
  } catch (error) {
    if (superseded === 'leave the payment') throw error;
    if (superseded === 'refund') {
      await payments.refund(payment.reference);
      throw error;
    }
    // A hold ran out during payment and someone took the seat: give the money back.
    await payments.refund(payment.reference);
    await db.updateTable('checkouts').set({ status: 'failed' }).where(isThisAttempt).execute();
    throw error;
  }
  return checkoutResult(db, checkoutId);
}

async function checkoutResult(db: Kysely<Database>, checkoutId: string) {
  const checkout = await db.selectFrom('checkouts').selectAll().where('id', '=', checkoutId).executeTakeFirstOrThrow();
  const bookings = await repo.bookingsWithDetails(db).where('bookings.checkout_id', '=', checkoutId).orderBy('bookings.booking_time').execute();
  return {
    checkout_id: checkout.id,
    total_price: halalasToSar(checkout.total_halalas),
    vat: halalasToSar(checkout.vat_halalas),
    bookings: bookings.map(presentBooking),
  };
}

export function presentBooking(row: Awaited<ReturnType<ReturnType<typeof repo.bookingsWithDetails>['execute']>>[number]) {
  const { total_price_halalas, booking_time, created_at, ...rest } = row;
  return {
    ...rest,
    booking_time: new Date(booking_time).toISOString(),
    created_at: new Date(created_at).toISOString(),
    total_price: halalasToSar(total_price_halalas),
  };
}

export async function myBookings(db: Kysely<Database>, customerId: string) {
  const rows = await repo.bookingsWithDetails(db).where('bookings.customer_id', '=', customerId).orderBy('bookings.booking_time', 'desc').execute();
  return rows.map(presentBooking);
}

/** The customer's own upcoming booking, up to 4 hours before it; the seat goes back to the lab. */
export async function cancelBooking(db: Kysely<Database>, customerId: string, bookingId: string, now = new Date()) {
  await db.transaction().execute(async (tx) => {
    const booking = await tx
      .selectFrom('bookings')
      .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
      .select(['bookings.id', 'bookings.customer_id', 'bookings.status', 'bookings.booking_time', 'lab_tests.lab_id'])
      .where('bookings.id', '=', bookingId)
      .forUpdate()
      .executeTakeFirst();
    // Someone else's booking looks exactly like a missing one.
    if (!booking || booking.customer_id !== customerId) throw new AppError('NOT_FOUND', { entity: 'booking' });
    if (booking.status !== 'confirmed') throw new AppError('CONFLICT', { status: booking.status });
    if (booking.booking_time.getTime() - now.getTime() < CANCEL_BEFORE_HOURS * 60 * MINUTE) throw new AppError('CANCEL_WINDOW_PASSED');
    await repo.lockSlot(tx, booking.lab_id, booking.booking_time);
    await repo.addBookedSeat(tx, booking.lab_id, booking.booking_time, -1);
    await tx.updateTable('bookings').set({ status: 'cancelled', cancelled_at: now }).where('id', '=', bookingId).execute();
  });
  return { cancelled: true as const };
}
