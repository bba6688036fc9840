import { TRPCError } from '@trpc/server';
import type { Kysely, Updateable } from 'kysely';
import type { BookingStatus, Database } from '../../src/server/db/schema.ts';
import { createTestUser } from './fixtures.ts';

/** Puts a catalogue test the lab does not offer yet on its price list. */
export async function offerTest(db: Kysely<Database>, labId: string, priceHalalas = 20_000) {
  const test = await db
    .selectFrom('tests')
    .select('id')
    // Booked at any time of the day: one needing fasting is kept to the morning (ADR 0068).
    .where('fasting_hours', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lab_tests')
            .select('lab_tests.id')
            .whereRef('lab_tests.test_id', '=', 'tests.id')
            .where('lab_tests.lab_id', '=', labId),
        ),
      ),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('lab_tests')
    .values({ lab_id: labId, test_id: test.id, price_halalas: priceHalalas })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { labTestId: id, testId: test.id };
}

/** Minutes apart, so that bookings written without a time are never one person's same test and time (ADR 0064). */
let untimedBookings = 0;

/** A booking written straight to the database, as checkout would leave it. */
export async function insertBooking(
  db: Kysely<Database>,
  booking: { customerId: string; labTestId: number; status?: BookingStatus; bookingTime?: Date; priceHalalas?: number },
) {
  const status = booking.status ?? 'confirmed';
  const { id } = await db
    .insertInto('bookings')
    .values({
      customer_id: booking.customerId,
      lab_test_id: booking.labTestId,
      booking_time: booking.bookingTime ?? new Date(Date.now() + 3 * 86_400_000 + untimedBookings++ * 60_000),
      total_price_halalas: booking.priceHalalas ?? 20_000,
      status,
      completed_at: status === 'completed' ? new Date() : null,
      cancelled_at: status === 'cancelled' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The tRPC code and the app's own code a rejected procedure call carries. */
export async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return { code: error.code, appCode: (error.cause as { code?: string } | undefined)?.code ?? null };
}

/** Catalogue tests' ids (tests, not packages), in the order their English names are given. */
export async function catalogueTestIds(db: Kysely<Database>, ...names: string[]) {
  const rows = await db.selectFrom('tests').select(['id', 'name_en']).where('name_en', 'in', names).where('kind', '=', 'test').execute();
  return names.map((name) => {
    const row = rows.find((candidate) => candidate.name_en === name);
    if (!row) throw new Error(`No catalogue test named ${name}`);
    return row.id;
  });
}

/** Puts the catalogue test of this English name on the lab's price list (unless it is there) and answers its offering. */
export async function offerNamedTest(db: Kysely<Database>, labId: string, testNameEn: string, priceHalalas = 20_000) {
  const test = await db.selectFrom('tests').select('id').where('name_en', '=', testNameEn).executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom('lab_tests')
    .select('id')
    .where('lab_id', '=', labId)
    .where('test_id', '=', test.id)
    .executeTakeFirst();
  const offering =
    existing ??
    (await db
      .insertInto('lab_tests')
      .values({ lab_id: labId, test_id: test.id, price_halalas: priceHalalas })
      .returning('id')
      .executeTakeFirstOrThrow());
  return { labTestId: offering.id, testId: test.id };
}

/**
 * The lab settings form as a Riyadh test lab sends it with its current weekly hours (`profile`, as
 * lab.profile answers) and the given appointment length and capacity; the rest of the settings omitted.
 */
export function riyadhLabSettings(
  profile: { working_hours: { weekday: number; open: boolean; opens_at: string; closes_at: string }[] },
  slotMinutes: number,
  slotCapacity: number,
) {
  return {
    nameAr: 'مختبر الاختبار',
    nameEn: 'Test Lab',
    addressAr: '',
    addressEn: '',
    city: 'riyadh' as const,
    latitude: 24.7136,
    longitude: 46.6753,
    phone: '0112345678',
    workingHours: profile.working_hours.map((day) => ({
      weekday: day.weekday,
      open: day.open,
      opensAt: day.opens_at,
      closesAt: day.closes_at,
    })),
    slotMinutes,
    slotCapacity,
  };
}

/**
 * A catalogue test that needs no fasting, the same one every time (the first by id): it can be booked at any
 * time of the day, where one needing fasting is kept to the morning (ADR 0068).
 */
export async function nonFastingTestId(db: Kysely<Database>): Promise<number> {
  const { id } = await db
    .selectFrom('tests')
    .select('id')
    .where('fasting_hours', 'is', null)
    .where('kind', '=', 'test')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * An approved lab in Riyadh (UTC+3 all year), open `opensAt`–`closesAt` every day but `closedOn` (weekdays,
 * Sunday 0), with 30-minute slots of one seat unless `settings` say otherwise (they are written over the
 * lab's row: capacity, names, addresses, buffers…), selling the test `testId` at `priceHalalas` (150 SAR unless
 * given): the lab a test books against. Its other settings are a new lab's.
 */
export async function openLabSelling(
  db: Kysely<Database>,
  testId: number,
  hours: { opensAt: string; closesAt: string; closedOn?: number[] },
  settings: Partial<Updateable<Database['labs']>> = {},
  priceHalalas = 15_000,
) {
  const lab = await createTestUser(db, 'lab', { approved: true });
  await db
    .updateTable('labs')
    .set({ city: 'riyadh', latitude: 24.7136, longitude: 46.6753, slot_minutes: 30, slot_capacity: 1, ...settings })
    .where('id', '=', lab.id)
    .execute();
  await db
    .insertInto('lab_working_hours')
    .values(
      [0, 1, 2, 3, 4, 5, 6]
        .filter((weekday) => !hours.closedOn?.includes(weekday))
        .map((weekday) => ({ lab_id: lab.id, weekday, opens_at: hours.opensAt, closes_at: hours.closesAt })),
    )
    .execute();
  const { id: labTestId } = await db
    .insertInto('lab_tests')
    .values({ lab_id: lab.id, test_id: testId, price_halalas: priceHalalas })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { lab, labTestId };
}

/**
 * A test file's own appointment times at a lab open all day (openLabSelling 00:00–23:30): each call the
 * next half hour from 01:00 Riyadh time (UTC+3 all year), forty a day, from three days ahead on.
 */
export function halfHourSlots() {
  let index = 0;
  return (): string => {
    const day = new Date(Date.now() + (3 + Math.floor(index / 40)) * 86_400_000).toISOString().slice(0, 10);
    const minutes = 60 + (index % 40) * 30;
    index++;
    const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return new Date(`${day}T${clock}:00+03:00`).toISOString();
  };
}
