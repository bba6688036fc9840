import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { CheckoutPricing } from '../../../shared/checkout-pricing.ts';
import type { WholeRefundReason } from '../../../shared/payment-refunds.ts';
import { bookingDetails, bookingsWithDetails } from '../../db/booking-details.ts';
import type { BookingSeries } from '../../db/database.gen.ts';
import { PREPARE } from '../../db/prepared-statements.ts';
import type { Database } from '../../db/schema.ts';
import { visitHasResults } from '../../db/visit-results.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findLabSchedule(db: Db, labId: string) {
  return db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .where('labs.id', '=', labId)
    .where('user_profiles.approved', '=', true)
    .select([
      'labs.id',
      'labs.time_zone',
      'labs.slot_minutes',
      'labs.slot_capacity',
      'labs.home_collection_fee_halalas',
      'labs.home_window_minutes',
      'labs.home_window_capacity',
      'labs.home_opens_at',
      'labs.home_closes_at',
      'labs.prayer_pause_minutes',
      'labs.buffer_minutes',
      'labs.min_notice_minutes',
      'labs.ramadan_opens_at',
      'labs.ramadan_closes_at',
      'labs.fasting_until',
      'labs.latitude',
      'labs.longitude',
      'labs.city',
    ])
    .executeTakeFirst();
}

/** A test of the lab's, with its fasting hours; undefined when the lab does not sell it. */
export function findOfferingFasting(db: Db, labId: string, labTestId: number) {
  return db
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .select('tests.fasting_hours')
    .where('lab_tests.id', '=', labTestId)
    .where('lab_tests.lab_id', '=', labId)
    .executeTakeFirst();
}

export function findWorkingHours(db: Db, labId: string, weekday: number) {
  return db
    .selectFrom('lab_working_hours')
    .select(['opens_at', 'closes_at'])
    .where('lab_id', '=', labId)
    .where('weekday', '=', weekday)
    .executeTakeFirst();
}

/** Where a seat is: a slot at the lab, or a home collection window (counted apart from the slots). */
export type Collection = 'lab' | 'home';

/**
 * The starts among `starts` (of the lab's slots, or of its home windows) where the viewer (null: a
 * visitor) could take a seat now, by the capacity rule in migrations/functions/booking.sql (free_slot_starts).
 */
export async function freeSlotStarts(
  db: Db,
  labId: string,
  collection: Collection,
  starts: Date[],
  capacity: number,
  viewerId: string | null,
  now: Date,
) {
  const { rows } = await sql<{ starts_at: Date }>`${sql.raw(PREPARE)}
    select starts_at from free_slot_starts(${viewerId}::uuid, ${labId}, ${collection}, ${starts.map((start) => start.toISOString())}::timestamptz[],
                                           ${capacity}, ${now}) as s(starts_at)`.execute(db);
  return rows.map((row) => new Date(row.starts_at));
}

/** The bookable offering (active, approved lab) with its lab's schedule settings and weekly hours. */
export async function findBookableLabTest(db: Db, labTestId: number) {
  const { rows } = await sql<BookableLabTest>`${sql.raw(PREPARE)}
    select lt.id, lt.lab_id, lt.price_halalas, l.time_zone, l.slot_minutes, l.slot_capacity,
           l.latitude as lab_latitude, l.longitude as lab_longitude, l.home_collection_fee_halalas, l.home_radius_km,
           l.home_window_minutes, l.home_window_capacity, l.home_opens_at, l.home_closes_at,
           l.prayer_pause_minutes, l.city as lab_city, l.buffer_minutes, l.min_notice_minutes,
           l.ramadan_opens_at, l.ramadan_closes_at, l.fasting_until, t.fasting_hours,
           t.id as test_id, t.name_ar as test_name_ar, t.name_en as test_name_en, l.lab_name_ar, l.lab_name_en,
           l.address_ar as lab_address_ar, l.address_en as lab_address_en, l.phone as lab_phone, p.subscription_tier as lab_plan,
           tp.suits_sex, tp.min_age, tp.max_age,
           coalesce((select json_agg(json_build_object('weekday', h.weekday, 'opens_at', h.opens_at, 'closes_at', h.closes_at))
                       from lab_working_hours h where h.lab_id = l.id), '[]') as hours
      from lab_tests lt
      join labs l on l.id = lt.lab_id
      join user_profiles p on p.id = l.id and p.approved
      join tests t on t.id = lt.test_id
      left join test_packages tp on tp.test_id = t.id
     where lt.id = ${labTestId} and lt.is_active`.execute(db);
  return rows[0];
}

export interface BookableLabTest {
  id: number;
  lab_id: string;
  price_halalas: number;
  time_zone: string;
  slot_minutes: number;
  slot_capacity: number;
  lab_latitude: number | null;
  lab_longitude: number | null;
  /** Null: the lab does not collect samples at home. */
  home_collection_fee_halalas: number | null;
  home_radius_km: number;
  home_window_minutes: number;
  home_window_capacity: number;
  home_opens_at: string;
  home_closes_at: string;
  /** Null: the lab does not pause its slots for prayers (prayer-pauses.ts). */
  prayer_pause_minutes: number | null;
  lab_city: string | null;
  /** Minutes after each appointment before the next one in its seat (ADR 0068). */
  buffer_minutes: number;
  /** How long ahead an appointment must be booked. */
  min_notice_minutes: number;
  /** The lab's hours in Ramadan, on the days it opens (both or neither; ramadan.ts). */
  ramadan_opens_at: string | null;
  ramadan_closes_at: string | null;
  /** The latest start the lab offers a test needing fasting at (null: any time). */
  fasting_until: string | null;
  /** The test's fasting hours (null: none). */
  fasting_hours: number | null;
  test_id: number;
  test_name_ar: string;
  test_name_en: string;
  lab_name_ar: string;
  lab_name_en: string;
  lab_address_ar: string;
  lab_address_en: string;
  lab_phone: string | null;
  /** The lab's plan (its subscription tier) now: the commission its bookings' ledger rows take. */
  lab_plan: string;
  hours: { weekday: number; opens_at: string; closes_at: string }[];
  /** Whom a package is for (ADR 0091): null for anyone, and always for a catalogue test. */
  suits_sex: 'female' | 'male' | null;
  min_age: number | null;
  max_age: number | null;
}

/**
 * The sex and date of birth (YYYY-MM-DD) of the account holder (`id` null) and of these of their family
 * members, as far as the account knows them.
 */
export async function patientTraits(db: Db, holderId: string, memberIds: readonly string[]) {
  const { rows } = await sql<{ id: string | null; sex: 'female' | 'male' | null; date_of_birth: string | null }>`
    select null::uuid as id, sex::text as sex, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth
      from user_profiles where id = ${holderId}
    union all
    select id, sex::text, to_char(date_of_birth, 'YYYY-MM-DD')
      from family_members where account_id = ${holderId} and id = any(${[...memberIds]}::uuid[])`.execute(db);
  return rows;
}

/** A seat to take: the slot (or home window), its offering, and the lab's capacity per slot (or window). */
export interface Seat {
  lab_id: string;
  lab_test_id: number;
  collection: Collection;
  starts_at: string;
  capacity: number;
  price_halalas: number;
  /** The patient when not the account holder (complete_checkout writes it on the booking). */
  family_member_id?: string | null;
  /** A home collection's address and point, and the visit's fee on the one seat of the visit that carries it. */
  home_address?: string;
  home_latitude?: number;
  home_longitude?: number;
  home_collection_fee_halalas?: number;
  /** This seat's share of the checkout's promo code discount (ADR 0092); complete_checkout writes it on the booking. */
  promo_discount_halalas?: number;
  /** What the person's insurer pays of this seat (ADR 0099), and the coverage check's message id it relies on. */
  insurer_share_halalas?: number;
  coverage_message_id?: string | null;
  /** A home visit's round terms (ADR 0071): the window's length, the time at each home and the speed between them. */
  home_window_minutes?: number;
  home_visit_minutes?: number;
  home_travel_kmh?: number;
  /** The series a held visit is one of (ADR 0075), and its place in it (1 for the first); its booking takes both. */
  series_id?: string;
  series_visit?: number;
}

/** A home visit's place and its window's round terms, as home_round_fits (migrations/functions/booking.sql) takes them. */
export interface HomeRound {
  labId: string;
  windowMinutes: number;
  visitMinutes: number;
  travelKmh: number;
  latitude: number;
  longitude: number;
}

/**
 * The starts among `starts` (home windows of the lab) whose round, and the lab's day of rounds, would still fit a visit
 * at the round's place for the viewer (null: a visitor), by the round rule (home_round_fits, ADR 0071, 0076). It only
 * reads; a hold decides again.
 */
export async function homeRoundStarts(db: Db, viewerId: string | null, round: HomeRound, starts: Date[], now: Date) {
  if (starts.length === 0) return [];
  const { rows } = await sql<{ starts_at: Date }>`
    select s.starts_at from unnest(${starts.map((start) => start.toISOString())}::timestamptz[]) as s(starts_at)
     where home_round_fits(${viewerId}::uuid, ${round.labId}::uuid, s.starts_at, ${round.windowMinutes}::integer,
                           ${round.visitMinutes}::integer, ${round.travelKmh}::float8, ${round.latitude}::float8,
                           ${round.longitude}::float8, ${now})
     order by s.starts_at`.execute(db);
  return rows.map((row) => new Date(row.starts_at));
}

/** Raised by the seat functions (migrations/functions/booking.sql) when a slot is full; DETAIL is the seat's index. */
export const SLOT_UNAVAILABLE_STATE = 'TA001';
/** Raised by claim_checkout when the checkout is already being paid. */
export const CHECKOUT_IN_PROGRESS_STATE = 'TA002';
/** Raised by complete_checkout (confirm_paid_checkout) when another attempt took the checkout over; DETAIL is its status. */
export const ATTEMPT_SUPERSEDED_STATE = 'TA003';
/** hold_slot: the holder keeps as many live holds as they may. */
export const HOLD_LIMIT_STATE = 'TA004';
/**
 * A seat its person already has (ADR 0064): raised by hold_slot, claim_checkout and reschedules (assert_person_seats_free),
 * and by the bookings' trigger. DETAIL is JSON, `PersonSeatTaken`.
 */
export const ALREADY_BOOKED_STATE = 'TA005';

/** What ALREADY_BOOKED_STATE's DETAIL says: which seat, and whether it is booked or being paid by another checkout. */
export interface PersonSeatTaken {
  lab_test_id: number;
  starts_at: string;
  reason: 'booked' | 'paying';
}

export interface HoldLimits {
  maxHolds: number;
  /** A guest's client address (null for a signed-up customer), whose guests share `maxAddressHolds`. */
  guestAddress: string | null;
  maxAddressHolds: number;
}

/**
 * Holds the seats for the holder until `expiresAt`, all or none (one call, one transaction), unless the
 * holder would then keep more than `maxHolds` live holds, or a guest's address more than
 * `maxAddressHolds` (HOLD_LIMIT_STATE, nothing held). Each slot's usage row is locked first, so holds
 * and bookings of a slot queue there and capacity is decided by the database, never by a read-then-insert.
 */
export async function holdSeats(db: Db, holderId: string, seats: Seat[], now: Date, expiresAt: Date, limits: HoldLimits) {
  await sql`${sql.raw(PREPARE)}
    select hold_slot(${holderId}, ${JSON.stringify(seats)}::jsonb, ${now}, ${expiresAt}, ${limits.maxHolds}::integer,
      ${limits.guestAddress}::text, ${limits.maxAddressHolds}::integer)`.execute(db);
}

/**
 * Claims the customer's checkout for the key (new, or taking over a failed or abandoned attempt) and
 * holds every seat, in one call; a checkout already paid comes back with `paid` and holds nothing. A seat
 * its person already has, booked or claimed by another checkout being paid, is ALREADY_BOOKED_STATE.
 * The checkout keeps its seats (checkouts.items), all of what books them when the browser pays at a
 * gateway (`keepWhole`), else only which seat and patient, what the next claim compares (no home address).
 */
export async function claimCheckout(
  db: Db,
  checkout: { customerId: string; idempotencyKey: string; totalHalalas: number; vatHalalas: number; provider: string },
  /** What the customer's plan priced it at (checkout-pricing.ts), written with the claim. */
  pricing: Pick<
    CheckoutPricing,
    | 'plan'
    | 'subtotal_halalas'
    | 'discount_halalas'
    | 'fee_halalas'
    | 'home_collection_halalas'
    | 'promo_discount_halalas'
    | 'insurer_share_halalas'
  > & { promo_code_id: string | null; wallet_halalas: number },
  seats: Seat[],
  /** `instance`: the server instance that charges this attempt itself; null when the browser pays. */
  attempt: { startedAt: Date; holdsExpireAt: Date; abandonedBefore: Date; instance: string | null; keepWhole: boolean },
): Promise<{ id: string; paid: boolean }> {
  const items = seats.map((seat) => (attempt.keepWhole ? keptSeat(seat) : claimedSeat(seat)));
  const { rows } = await sql<{ id: string; paid: boolean }>`${sql.raw(PREPARE)}
    select id, paid from claim_checkout(${checkout.customerId}, ${checkout.idempotencyKey}, ${checkout.totalHalalas},
                          ${checkout.vatHalalas}, ${checkout.provider}, ${JSON.stringify(items)}::jsonb, ${attempt.startedAt},
                          ${attempt.holdsExpireAt}, ${attempt.abandonedBefore}, ${attempt.instance},
                          ${JSON.stringify({
                            plan: pricing.plan,
                            subtotal_halalas: pricing.subtotal_halalas,
                            discount_halalas: pricing.discount_halalas,
                            fee_halalas: pricing.fee_halalas,
                            home_collection_halalas: pricing.home_collection_halalas,
                            promo_code_id: pricing.promo_code_id,
                            promo_discount_halalas: pricing.promo_discount_halalas,
                            wallet_halalas: pricing.wallet_halalas,
                            insurer_share_halalas: pricing.insurer_share_halalas,
                          })}::jsonb)`.execute(db);
  return rows[0]!;
}

/**
 * Books a paid checkout's held seats with their mails, its tax invoice and its lab ledger rows, in one
 * statement (confirm_paid_checkout): one round trip, one transaction.
 */
export async function confirmPaidCheckout(
  db: Db,
  checkout: { id: string; customerId: string; attemptedAt: Date; paymentReference: string },
  seats: Array<Seat & { booking_id: string }>,
  now: Date,
  /** What the call writes beside the bookings, each as JSON: the mails and texts (mail.service.ts `outboxRows`, phone-messages.service.ts `bookingTextRowsJson`), the invoice and the ledger rows. */
  written: { mails: string; invoice: string; ledger: string },
) {
  const { rows } = await sql<{
    id: string;
    lab_test_id: number;
    booking_time: Date;
    created_at: Date;
    customer_name: string;
    reference: string;
  }>`${sql.raw(PREPARE)}
    select id, lab_test_id, booking_time, created_at, customer_name, reference
      from confirm_paid_checkout(${checkout.id}, ${checkout.customerId}, ${checkout.paymentReference}, ${JSON.stringify(seats)}::jsonb,
                                 ${now}, ${checkout.attemptedAt}, ${written.mails}::jsonb, ${written.invoice}::jsonb, ${written.ledger}::jsonb)`.execute(
    db,
  );
  return rows;
}

/** The checkout of a customer's idempotency key, if any. */
export function findCheckout(db: Db, customerId: string, idempotencyKey: string) {
  return db
    .selectFrom('checkouts')
    .select(['id', 'status'])
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** Fails the key's checkout if it lies abandoned (fail_abandoned_checkout). */
export async function failAbandoned(db: Db, customerId: string, idempotencyKey: string, abandonedBefore: Date) {
  await sql`select fail_abandoned_checkout(${customerId}, ${idempotencyKey}, ${abandonedBefore})`.execute(db);
}

/**
 * Fails every attempt still pending that the server instance `instance` was charging: it stopped before
 * they ended. Answers the checkouts, with their payment provider.
 */
export function failInstanceAttempts(db: Db, instance: string) {
  return db
    .updateTable('checkouts')
    .set({ status: 'failed' })
    .where('status', '=', 'pending')
    .where('attempt_instance', '=', instance)
    .returning(['id', 'customer_id', 'payment_provider', 'attempted_at'])
    .execute();
}

/**
 * What a gateway payment may still come to while nothing of it was given back: expected (the browser was
 * given its id, the gateway has not told us of it), being paid, or paid and not yet booked or refunded.
 */
const OPEN_GATEWAY_STATUSES = ['expected', 'initiated', 'paid', 'authorized', 'captured'];

/**
 * The gateway payments (paid in the browser) of lab-test checkouts or of store orders to ask about again
 * at start-up, oldest first: those of purchases still pending last heard of in a state that may yet pay
 * them (a server stopped between fetching a payment and confirming it, or the customer was still at 3-D
 * Secure), and, from `since` on, those the gateway may have taken that did not pay their purchase:
 * expected ones we never heard of, and any other of a purchase paid by another payment or ended, which
 * go back whole (ADR 0095).
 */
export async function findUnsettledGatewayPayments(db: Db, of: 'checkouts' | 'store_orders', limit: number, since: Date) {
  const purchase =
    of === 'checkouts' ? sql`join checkouts p on p.id = gp.checkout_id` : sql`join store_orders p on p.id = gp.store_order_id`;
  const { rows } = await sql<{ id: string }>`
    select gp.id from gateway_payments gp ${purchase}
     where gp.status in (${sql.join(OPEN_GATEWAY_STATUSES)}) and gp.refunded_halalas = 0
       and ((p.status = 'pending' and gp.status <> 'expected')
            or (gp.created_at > ${since} and (gp.status = 'expected' or p.payment_reference is distinct from gp.id)))
     order by gp.created_at
     limit ${limit}`.execute(db);
  return rows;
}

/** Fails the attempt begun at `attemptedAt` unless another has taken the checkout over (fail_checkout_attempt). */
export async function failAttempt(db: Db, checkoutId: string, attemptedAt: Date) {
  await sql`select fail_checkout_attempt(${checkoutId}, ${attemptedAt})`.execute(db);
}

/** Keeps a series (ADR 0075): its rule and how it is paid; its holds and bookings name it. */
export async function insertSeries(db: Db, series: Insertable<BookingSeries>): Promise<string> {
  const { id } = await db.insertInto('booking_series').values(series).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Lets go of a hold from the cart; a series' visit reserved until paid (ADR 0075) is kept: it is let go of alone. */
export async function deleteHold(db: Db, holderId: string, labTestId: number, collection: Collection, startsAt: Date) {
  await db
    .deleteFrom('slot_holds')
    .where('reserved', '=', false)
    .where('holder_id', '=', holderId)
    .where('lab_test_id', '=', labTestId)
    .where('collection', '=', collection)
    .where('starts_at', '=', startsAt)
    .execute();
}

/** Gives a cancelled booking's seat back to its slot; the update takes the slot row's lock (see holdSeats). */
export async function giveBackSeat(tx: Transaction<Database>, labId: string, collection: Collection, startsAt: Date) {
  await tx
    .updateTable('lab_slot_usage')
    .set((eb) => ({ booked_count: eb('booked_count', '-', 1) }))
    .where('lab_id', '=', labId)
    .where('collection', '=', collection)
    .where('starts_at', '=', startsAt)
    .execute();
}

/** A booking and its lab, its row locked for a change (cancel, reschedule) in the caller's transaction. */
export function lockBookingForChange(tx: Transaction<Database>, bookingId: string) {
  return tx
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .select([
      'bookings.id',
      'bookings.customer_id',
      'bookings.lab_test_id',
      'bookings.status',
      'bookings.booking_time',
      'bookings.reschedule_count',
      'bookings.collection',
      'bookings.family_member_id',
      'bookings.home_latitude',
      'bookings.home_longitude',
      'lab_tests.lab_id',
    ])
    .where('bookings.id', '=', bookingId)
    .forUpdate('bookings')
    .executeTakeFirst();
}

/**
 * Takes the customer's lock (lock_person_bookings) for the rest of the transaction and checks that the
 * seat is free for its person (ALREADY_BOOKED_STATE otherwise): a booking moved to another time, before
 * the move takes any slot's row lock. Seats claimed by checkouts begun after `liveSince` count.
 */
export async function assertPersonSeatFree(
  tx: Transaction<Database>,
  customerId: string,
  seat: { lab_test_id: number; starts_at: string; family_member_id: string | null },
  liveSince: Date,
) {
  await sql`select lock_person_bookings(${customerId})`.execute(tx);
  await sql`select assert_person_seats_free(${customerId}, ${JSON.stringify([seat])}::jsonb, null, ${liveSince})`.execute(tx);
}

/**
 * Moves a booking's seat to another slot of its lab under the capacity rule (move_booked_seat in
 * migrations/functions/booking.sql; SLOT_UNAVAILABLE_STATE when the new slot is full).
 */
export async function moveBookedSeat(
  tx: Transaction<Database>,
  move: { customerId: string; labId: string; collection: Collection; from: Date; to: Date; capacity: number; now: Date },
) {
  await sql`select move_booked_seat(${move.customerId}, ${move.labId}, ${move.collection}, ${move.from}, ${move.to},
    ${move.capacity}::integer, ${move.now})`.execute(tx);
}

/**
 * What the booking mails say: whose booking and for whom (a family member's name), where (the lab, or the
 * home of a home collection), when, and how long to fast before it (never the test: ADR 0068).
 */
export function bookingMailDetails(db: Db, bookingIds: string[]) {
  return bookingDetails(db)
    .innerJoin('users', 'users.id', 'bookings.customer_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'bookings.customer_id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.booking_time',
      'bookings.customer_id',
      'bookings.collection',
      'bookings.home_address',
      // A guest's mail goes to the address it gave for it, if any (ADR 0066).
      sql<string | null>`coalesce(users.email, users.contact_email)`.as('email'),
      'users.is_anonymous',
      'user_profiles.name',
      'user_profiles.locale',
      'family_members.name as patient_name',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.address_ar',
      'labs.address_en',
      'labs.phone',
      'labs.time_zone',
      'labs.slot_minutes',
      'labs.home_window_minutes',
      'bookings.reschedule_count',
      'tests.fasting_hours',
    ])
    .where('bookings.id', 'in', bookingIds)
    .execute();
}

/** A seat as a checkout paid at a gateway keeps it: everything its confirmation books it with, later. */
function keptSeat(seat: Seat) {
  return {
    ...claimedSeat(seat),
    price_halalas: seat.price_halalas,
    promo_discount_halalas: seat.promo_discount_halalas ?? 0,
    insurer_share_halalas: seat.insurer_share_halalas ?? 0,
    coverage_message_id: seat.coverage_message_id ?? null,
    ...(seat.collection === 'home' && {
      home_address: seat.home_address,
      home_latitude: seat.home_latitude,
      home_longitude: seat.home_longitude,
      home_collection_fee_halalas: seat.home_collection_fee_halalas ?? 0,
    }),
  };
}

/** A seat as a claim holds it (hold_seats), with its patient: what the person's next claim compares. */
function claimedSeat(seat: Seat) {
  return {
    lab_id: seat.lab_id,
    lab_test_id: seat.lab_test_id,
    collection: seat.collection,
    starts_at: seat.starts_at,
    capacity: seat.capacity,
    family_member_id: seat.family_member_id ?? null,
  };
}

/**
 * What a paid checkout's invoice and ledger name of its offerings, withdrawn ones too (an offering may
 * be withdrawn, or its lab's approval taken back, while its customer pays at the gateway).
 */
export async function findInvoicedOfferings(db: Db, labTestIds: number[]) {
  const rows = await db
    .selectFrom('lab_tests')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'lab_tests.lab_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .select([
      'lab_tests.id',
      'lab_tests.lab_id',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'user_profiles.subscription_tier as lab_plan',
    ])
    .where('lab_tests.id', 'in', labTestIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A checkout as a gateway's payment finds it (by `metadata.checkout_id`), with the plan's amounts it was priced with. */
export function findCheckoutById(db: Db, checkoutId: string) {
  return db
    .selectFrom('checkouts')
    .select([
      'id',
      'customer_id',
      'status',
      'total_halalas',
      'attempted_at',
      'payment_reference',
      'items',
      'customer_plan',
      'discount_halalas',
      'fee_halalas',
      'promo_discount_halalas',
      'wallet_halalas',
      (eb) => eb.selectFrom('promo_codes').select('code').whereRef('promo_codes.id', '=', 'checkouts.promo_code_id').as('promo_code'),
      (eb) => eb.selectFrom('promo_codes').select('paid_by').whereRef('promo_codes.id', '=', 'checkouts.promo_code_id').as('promo_paid_by'),
    ])
    .where('id', '=', checkoutId)
    .executeTakeFirst();
}

/** A gateway payment as it is kept: the purchase it is for, what it was made for, and what the gateway last said of it. */
interface GatewayPaymentHeard {
  id: string;
  provider: string;
  checkoutId: string | null;
  /** A built-in store order's payment names its order instead of a checkout (ADR 0039). */
  storeOrderId?: string | null;
  amount: number;
  currency: string;
  status: string;
  message: string | null;
}

function gatewayPaymentRow(payment: GatewayPaymentHeard, now: Date) {
  return {
    id: payment.id,
    provider: payment.provider,
    checkout_id: payment.checkoutId,
    store_order_id: payment.storeOrderId ?? null,
    amount_halalas: payment.amount,
    currency: payment.currency,
    status: payment.status,
    message: payment.message,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The payment the browser is about to make at the gateway, by the id the server gave it (Moyasar's
 * given_id): kept before it exists, `expected`, so that the checkout or order knows every payment it may
 * have been paid with, heard of or not (ADR 0095).
 */
export async function expectGatewayPayment(db: Db, payment: Omit<GatewayPaymentHeard, 'status' | 'message'>, now: Date) {
  await db
    .insertInto('gateway_payments')
    .values(gatewayPaymentRow({ ...payment, status: 'expected', message: null }, now))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * The payments of a checkout or a store order that may still have taken money, but `exceptId` (the one
 * just asked of the browser), newest first: expected, being paid, or paid and not given back.
 */
export function findOpenGatewayPayments(
  db: Db,
  of: { checkoutId: string } | { storeOrderId: string },
  exceptId: string | null,
  limit: number,
) {
  return db
    .selectFrom('gateway_payments')
    .select('id')
    .$if('checkoutId' in of, (qb) => qb.where('checkout_id', '=', (of as { checkoutId: string }).checkoutId))
    .$if('storeOrderId' in of, (qb) => qb.where('store_order_id', '=', (of as { storeOrderId: string }).storeOrderId))
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId!))
    .where('status', 'in', OPEN_GATEWAY_STATUSES)
    .where('refunded_halalas', '=', 0)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Why a payment was given back whole (the refund naming no booking), if it was. */
export async function wholeRefundReasonOf(db: Db, paymentId: string) {
  const row = await db
    .selectFrom('payment_refunds')
    .select('reason')
    .where('payment_reference', '=', paymentId)
    .where('booking_id', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.reason ?? null;
}

/** Records what the gateway last said of a payment (one row per gateway id): its status, and what it was made for. */
export async function recordGatewayPayment(db: Db, payment: GatewayPaymentHeard, now: Date) {
  await db
    .insertInto('gateway_payments')
    .values(gatewayPaymentRow(payment, now))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        status: payment.status,
        message: payment.message,
        amount_halalas: payment.amount,
        currency: payment.currency,
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * Claims `amount` of a payment for a refund, once: only while nothing of it was refunded before (the
 * callback and the webhook may both find a payment to give back; one of them does). False: already claimed.
 */
export async function claimWholeRefund(db: Db, paymentId: string, amount: number) {
  const row = await db
    .updateTable('gateway_payments')
    .set({ refunded_halalas: amount })
    .where('id', '=', paymentId)
    .where('refunded_halalas', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Undoes claimWholeRefund when the gateway refused the refund. */
export async function releaseRefundClaim(db: Db, paymentId: string) {
  await db.updateTable('gateway_payments').set({ refunded_halalas: 0 }).where('id', '=', paymentId).execute();
}

export async function recordRefund(
  db: Db,
  refund: {
    paymentReference: string;
    bookingId: string | null;
    storeOrderId?: string | null;
    amount: number;
    reason: 'cancellation' | WholeRefundReason;
    /** Of the amount, what went back to the customer's wallet (ADR 0093); the rest went to the card. */
    walletHalalas?: number;
  },
) {
  await db
    .insertInto('payment_refunds')
    .values({
      payment_reference: refund.paymentReference,
      booking_id: refund.bookingId,
      store_order_id: refund.storeOrderId ?? null,
      amount_halalas: refund.amount,
      reason: refund.reason,
      wallet_halalas: refund.walletHalalas ?? 0,
    })
    .execute();
}

/** What refunds have given back of a payment so far: to the wallet, and to the card. */
export async function refundedOfPayment(db: Db, paymentReference: string) {
  const row = await db
    .selectFrom('payment_refunds')
    .select([
      sql<string>`coalesce(sum(wallet_halalas), 0)`.as('wallet'),
      sql<string>`coalesce(sum(amount_halalas - wallet_halalas), 0)`.as('card'),
    ])
    .where('payment_reference', '=', paymentReference)
    .executeTakeFirstOrThrow();
  return { walletHalalas: Number(row.wallet), cardHalalas: Number(row.card) };
}

/** Ends a pending checkout whose payment came too late for its seats. */
export async function failCheckout(db: Db, checkoutId: string, paymentReference: string) {
  await db
    .updateTable('checkouts')
    .set({ status: 'failed', payment_reference: paymentReference })
    .where('id', '=', checkoutId)
    .where('status', '=', 'pending')
    .execute();
}

export async function markGatewayPayment(db: Db, paymentId: string, status: string, now: Date) {
  await db.updateTable('gateway_payments').set({ status, updated_at: now }).where('id', '=', paymentId).execute();
}

/** Adds a cancellation's refund to what was given back of a gateway payment (none for the simulated one). */
export async function addRefunded(db: Db, paymentId: string, amount: number, now: Date) {
  await db
    .updateTable('gateway_payments')
    .set((eb) => ({ refunded_halalas: eb('refunded_halalas', '+', amount), status: 'refunded', updated_at: now }))
    .where('id', '=', paymentId)
    .execute();
}

/**
 * Locks the checkout of a home collection booking (nothing for a visit to the lab): a cancellation of
 * one booking of a home visit takes it before any booking's row, so the visit's bookings are cancelled
 * one after the other and its fee is passed on or given back once.
 */
export async function lockHomeVisitCheckout(tx: Transaction<Database>, bookingId: string) {
  await tx
    .selectFrom('checkouts')
    .select('checkouts.id')
    .where('checkouts.id', '=', (eb) =>
      eb
        .selectFrom('bookings')
        .select('bookings.checkout_id')
        .where('bookings.id', '=', bookingId)
        .where('bookings.collection', '=', 'home'),
    )
    .forUpdate()
    .execute();
}

type HomeVisitBooking = { id: string; checkout_id: string | null; lab_id: string; booking_time: Date };

/** Another booking of the same home visit still booked, which its fee would pass to; undefined if none. */
export async function homeVisitHeir(db: Kysely<Database>, booking: HomeVisitBooking): Promise<string | undefined> {
  if (!booking.checkout_id) return undefined;
  const heir = await db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .select('bookings.id')
    .where('bookings.checkout_id', '=', booking.checkout_id)
    .where('lab_tests.lab_id', '=', booking.lab_id)
    .where('bookings.collection', '=', 'home')
    .where('bookings.booking_time', '=', booking.booking_time)
    .where('bookings.status', '=', 'confirmed')
    .where('bookings.id', '!=', booking.id)
    .orderBy('bookings.id')
    .executeTakeFirst();
  return heir?.id;
}

/** The home visit's fee moves from a cancelled booking to the heir that keeps the visit. */
export async function passHomeVisitFee(
  tx: Transaction<Database>,
  from: { id: string; home_collection_fee_halalas: number },
  heirId: string,
) {
  await tx
    .updateTable('bookings')
    .set((eb) => ({ home_collection_fee_halalas: eb('home_collection_fee_halalas', '+', from.home_collection_fee_halalas) }))
    .where('id', '=', heirId)
    .execute();
  await tx.updateTable('bookings').set({ home_collection_fee_halalas: 0 }).where('id', '=', from.id).execute();
}

/** A booking and what paid for it: what a cancellation would give back is worked out from this. */
export function bookingForCancel(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .leftJoin('checkouts', 'checkouts.id', 'bookings.checkout_id')
    .select([
      'bookings.id',
      'bookings.customer_id',
      'bookings.status',
      'bookings.booking_time',
      'bookings.total_price_halalas',
      'bookings.checkout_id',
      'bookings.collection',
      'bookings.home_collection_fee_halalas',
      'lab_tests.lab_id',
      'checkouts.payment_reference',
      'checkouts.customer_plan',
      'checkouts.fee_halalas as checkout_fee_halalas',
      'checkouts.discount_halalas as checkout_discount_halalas',
      'checkouts.total_halalas as checkout_total_halalas',
      'checkouts.wallet_halalas as checkout_wallet_halalas',
      'bookings.promo_discount_halalas',
      'bookings.insurer_share_halalas',
    ])
    .where('bookings.id', '=', bookingId);
}

/** The same, its row locked until the cancellation's transaction ends. */
export function lockBookingForCancel(tx: Transaction<Database>, bookingId: string) {
  return bookingForCancel(tx, bookingId).forUpdate('bookings').executeTakeFirst();
}

/** A booking with what setting out for it needs (its lab, kind, window), locked until the transaction ends. */
export function lockVisit(tx: Transaction<Database>, bookingId: string) {
  return bookingDetails(tx)
    .select([
      'bookings.id',
      'bookings.status',
      'bookings.booking_time',
      'bookings.collection',
      'bookings.collector_left_at',
      'lab_tests.lab_id',
      'labs.home_window_minutes',
    ])
    .where('bookings.id', '=', bookingId)
    .forUpdate('bookings')
    .executeTakeFirst();
}

export async function setCollectorLeft(tx: Transaction<Database>, bookingId: string, at: Date): Promise<void> {
  await tx.updateTable('bookings').set({ collector_left_at: at }).where('id', '=', bookingId).execute();
}

/**
 * A listed lab's rule on no-shows (whether it asks for payment up front) and the customer's no-shows there
 * since `since`; a no-show that has results is not counted (issue #77 item 2). Undefined for a lab that
 * is not listed (not approved).
 */
export function labNoShowTerms(db: Kysely<Database>, labId: string, customerId: string, since: Date) {
  const noShows = bookingDetails(db)
    .select(sql<string>`count(*)`.as('n'))
    .where('lab_tests.lab_id', '=', labId)
    .where('bookings.customer_id', '=', customerId)
    .where('bookings.status', '=', 'no_show')
    .where('bookings.booking_time', '>=', since)
    .where(sql<boolean>`not ${visitHasResults(sql.ref('bookings.id'))}`);
  return db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .select(['labs.no_show_prepay', noShows.$asScalar().as('no_shows')])
    .where('labs.id', '=', labId)
    .where('user_profiles.approved', '=', true)
    .executeTakeFirst();
}

/** A checkout's totals, as its answer shows them. */
export function findCheckoutTotals(db: Db, checkoutId: string) {
  return db
    .selectFrom('checkouts')
    .select([
      'total_halalas',
      'vat_halalas',
      'customer_plan',
      'subtotal_halalas',
      'discount_halalas',
      'fee_halalas',
      'home_collection_fee_halalas',
      'promo_discount_halalas',
      'wallet_halalas',
      'insurer_share_halalas',
      (eb) => eb.selectFrom('promo_codes').select('code').whereRef('promo_codes.id', '=', 'checkouts.promo_code_id').as('promo_code'),
    ])
    .where('id', '=', checkoutId)
    .executeTakeFirstOrThrow();
}

/** A checkout's bookings with their names, by time. */
export function checkoutBookings(db: Db, checkoutId: string) {
  return bookingsWithDetails(db).where('bookings.checkout_id', '=', checkoutId).orderBy('bookings.booking_time').execute();
}

/** One booking with its names. */
export function bookingWithDetails(db: Db, bookingId: string) {
  return bookingsWithDetails(db).where('bookings.id', '=', bookingId).executeTakeFirstOrThrow();
}

/**
 * The customer's bookings, newest first, with whom each is for, its checkout's payment and plan, what
 * of it was refunded, and its series.
 */
export function customerBookings(db: Db, customerId: string) {
  return bookingsWithDetails(db)
    .select('family_members.name as patient_name')
    .leftJoin('checkouts', 'checkouts.id', 'bookings.checkout_id')
    .select(['checkouts.payment_reference', 'checkouts.customer_plan', 'checkouts.fee_halalas as checkout_fee_halalas'])
    .select([
      'checkouts.discount_halalas as checkout_discount_halalas',
      'bookings.promo_discount_halalas',
      'bookings.insurer_share_halalas',
    ])
    .select((eb) => eb('bookings.checkout_id', 'is not', null).as('paid'))
    .select((eb) =>
      eb
        .selectFrom('payment_refunds')
        .select((r) => r.fn.coalesce(r.fn.sum<number>('payment_refunds.amount_halalas'), r.lit(0)).as('refunded'))
        .whereRef('payment_refunds.booking_id', '=', 'bookings.id')
        .as('refunded_halalas'),
    )
    .select('bookings.rescheduled_at')
    .leftJoin('booking_series', 'booking_series.id', 'bookings.series_id')
    .select(['bookings.series_id', 'bookings.series_visit', 'booking_series.visits as series_visits', 'booking_series.every_months'])
    .where('bookings.customer_id', '=', customerId)
    .orderBy('bookings.booking_time', 'desc')
    .execute();
}

export async function markBookingCancelled(tx: Transaction<Database>, bookingId: string, now: Date) {
  await tx.updateTable('bookings').set({ status: 'cancelled', cancelled_at: now }).where('id', '=', bookingId).execute();
}

/** A booking moved to `startsAt`, counted as one more move. */
export async function moveBooking(tx: Transaction<Database>, bookingId: string, startsAt: Date, now: Date, rescheduleCount: number) {
  await tx
    .updateTable('bookings')
    .set({ booking_time: startsAt, rescheduled_at: now, reschedule_count: rescheduleCount })
    .where('id', '=', bookingId)
    .execute();
}
