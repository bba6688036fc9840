import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { LabBookingsInput, LabPaymentsInput, LabTestRequestsInput } from '../../../shared/list-schemas.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import { currentPlan, labCommissionRate, labTestLimit } from '../../../shared/plans.ts';
import type { HomeCollectionSettingsInput, LabProfileInput } from '../../../shared/schemas.ts';
import { NO_SHOW_DAYS } from '../../../shared/series.ts';
import { ageOn, todayIn, zonedTimeToInstant } from '../../../shared/time.ts';
import { decodeCursor, pageOf } from '../../db/keyset-page.ts';
import type { Database } from '../../db/schema.ts';
import { presentBooking } from '../booking/booking.service.ts';
import * as payouts from '../payouts/payouts.service.ts';
import { subscriptionTierOf } from '../subscriptions/subscriptions.service.ts';
import { rewardReferral } from '../wallet/referrals.service.ts';
import * as repo from './lab.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type LabBookingRow = Awaited<ReturnType<ReturnType<typeof repo.labBookings>['execute']>>[number];

/**
 * A booking as its lab sees it; the patient is the account holder or one of their family members (then
 * with their age today in the lab's zone, worked out from the date of birth, which the lab is not sent).
 */
function presentLabBooking(row: LabBookingRow) {
  const { patient_name, patient_date_of_birth, rescheduled_at, ...booking } = row;
  const dateOfBirth = patient_date_of_birth && new Date(patient_date_of_birth).toISOString().slice(0, 10);
  return {
    ...presentBooking(booking),
    result_count: Number(row.result_count ?? 0),
    /** Any result, a file or values (even a draft): the visit happened, so it is never a no-show. */
    has_results: row.has_results === true,
    rescheduled_at: iso(rescheduled_at),
    patient_name: patient_name ?? row.customer_name,
    patient_age: dateOfBirth ? ageOn(dateOfBirth, todayIn(row.time_zone)) : null,
    for_family_member: patient_name !== null,
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

async function labProfileOrThrow(db: Kysely<Database>, labId: string) {
  const profile = await repo.findLabProfile(db, labId);
  if (!profile) throw new AppError('NOT_FOUND', { entity: 'lab' });
  return profile;
}

/** The start of the lab's day and of the next one, as instants. */
function todayBounds(timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { from: zonedTimeToInstant(today, '00:00', timeZone), to: zonedTimeToInstant(tomorrow, '00:00', timeZone) };
}

/**
 * Today's bookings in the lab's zone, pending (confirmed) ones, revenue from completed ones, the no-shows
 * among the visits with an outcome in the last NO_SHOW_DAYS days, the latest five.
 */
export async function labOverview(db: Kysely<Database>, labId: string, now = new Date()) {
  const profile = await labProfileOrThrow(db, labId);
  const { from, to } = todayBounds(profile.time_zone, now);
  const [stats, recent] = await Promise.all([
    repo.bookingStats(db, labId, from, to, new Date(now.getTime() - NO_SHOW_DAYS * DAY_MS)),
    repo.labBookings(db, labId).orderBy('bookings.created_at', 'desc').limit(5).execute(),
  ]);
  return {
    lab: {
      id: profile.id,
      lab_name_ar: profile.lab_name_ar,
      lab_name_en: profile.lab_name_en,
      approved: profile.approved,
      subscription_tier: profile.subscription_tier,
      time_zone: profile.time_zone,
    },
    today_bookings: stats.today,
    confirmed_bookings: stats.confirmed,
    completed_bookings: stats.completed,
    revenue: halalasToSar(stats.revenueHalalas),
    no_shows: { count: stats.noShows, of_visits: stats.visits, days: NO_SHOW_DAYS },
    recent_bookings: recent.map(presentLabBooking),
  };
}

/** One page of the lab's bookings by appointment time, searched and filtered, and how many match in all. */
export async function labBookings(db: Kysely<Database>, labId: string, input: LabBookingsInput) {
  const [rows, total] = await Promise.all([
    repo.labBookingPage(db, labId, input, decodeCursor(input.cursor, input.sort)),
    repo.countLabBookings(db, labId, input),
  ]);
  const page = pageOf(rows, input.limit, input.sort, (row) => ({ key: row.cursor_at, id: row.id }));
  return { total, items: page.items.map(({ cursor_at: _, ...row }) => presentLabBooking(row)), nextCursor: page.nextCursor };
}

/**
 * A confirmed booking of the lab's own test becomes completed, or a no-show when its patient did not
 * come, from its start on (its slot's, or its home visit window's): what has not happened yet has no
 * outcome. A visit that has any result happened, so it is never a no-show (issue #77 item 2). Anyone
 * else's booking looks missing.
 */
async function recordVisitOutcome(db: Kysely<Database>, labId: string, bookingId: string, outcome: 'completed' | 'no_show', now: Date) {
  await db.transaction().execute(async (tx) => {
    const booking = await repo.lockBooking(tx, bookingId);
    if (!booking || booking.lab_id !== labId) throw new AppError('NOT_FOUND', { entity: 'booking' });
    if (booking.status !== 'confirmed') throw new AppError('BOOKING_NOT_CONFIRMED', { status: booking.status });
    const startsAt = new Date(booking.booking_time);
    if (startsAt > now) throw new AppError('BOOKING_NOT_STARTED', { startsAt: startsAt.toISOString() });
    if (outcome === 'no_show' && booking.has_results) throw new AppError('VISIT_HAS_RESULTS');
    await repo.setBookingStatus(tx, bookingId, outcome, now);
    if (outcome === 'completed') await rewardReferral(tx, bookingId, now);
  });
}

export async function completeBooking(db: Kysely<Database>, labId: string, bookingId: string, now = new Date()) {
  await recordVisitOutcome(db, labId, bookingId, 'completed', now);
  return { completed: true as const };
}

/** The patient did not come: nothing is refunded, as a cancellation after the cancelling window (cancellation.ts). */
export async function markNoShow(db: Kysely<Database>, labId: string, bookingId: string, now = new Date()) {
  await recordVisitOutcome(db, labId, bookingId, 'no_show', now);
  return { noShow: true as const };
}

function presentTestRequest<T extends { created_at: Date; reviewed_at: Date | null }>(row: T) {
  return { ...row, created_at: new Date(row.created_at).toISOString(), reviewed_at: iso(row.reviewed_at) };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** A new test for the catalogue, pending until an admin reviews it. */
export async function requestTest(db: Kysely<Database>, labId: string, input: { nameAr: string; nameEn: string }) {
  if (await repo.findTestByNameEn(db, input.nameEn)) throw new AppError('TEST_ALREADY_EXISTS', { field: 'nameEn' });
  if (await repo.findPendingRequest(db, labId, input.nameEn)) throw new AppError('TEST_ALREADY_REQUESTED', { field: 'nameEn' });
  try {
    const row = await repo.insertTestRequest(db, labId, input.nameAr, input.nameEn);
    return presentTestRequest(row);
  } catch (error) {
    // The partial unique index settles two identical requests sent at once.
    if (isUniqueViolation(error)) throw new AppError('TEST_ALREADY_REQUESTED', { field: 'nameEn' });
    throw error;
  }
}

/** One page of the lab's requests for new tests, searched by name, one status when asked, and how many match. */
export async function testRequests(db: Kysely<Database>, labId: string, input: LabTestRequestsInput) {
  const [rows, total] = await Promise.all([
    repo.testRequestPage(db, labId, input, decodeCursor(input.cursor, input.sort, 'integer')),
    repo.countTestRequests(db, labId, input),
  ]);
  const page = pageOf(rows, input.limit, input.sort, (row) => ({ key: row.cursor_at, id: String(row.id) }));
  return { total, items: page.items.map(({ cursor_at: _, ...row }) => presentTestRequest(row)), nextCursor: page.nextCursor };
}

export async function offerings(db: Kysely<Database>, labId: string) {
  const rows = await repo.listOfferings(db, labId);
  return rows.map(({ price_halalas, ...row }) => ({ ...row, price: halalasToSar(price_halalas) }));
}

export function testsNotOffered(db: Kysely<Database>, labId: string) {
  return repo.listTestsNotOffered(db, labId);
}

export async function updateOffering(
  db: Kysely<Database>,
  labId: string,
  input: {
    labTestId: number;
    price?: number;
    isActive?: boolean;
    statedTurnaroundHours?: number | null;
    nphiesBillingCode?: string | null;
  },
) {
  await db.transaction().execute(async (tx) => {
    const offering = await repo.findOffering(tx, input.labTestId);
    if (!offering || offering.lab_id !== labId) throw new AppError('NOT_FOUND', { entity: 'labTest' });
    if (input.isActive === true && !offering.is_active) await assertRoomForOneMoreTest(tx, labId);
    await repo.updateOffering(tx, input.labTestId, {
      ...(input.price !== undefined && { price_halalas: sarToHalalas(input.price) }),
      ...(input.isActive !== undefined && { is_active: input.isActive }),
      ...(input.statedTurnaroundHours !== undefined && { stated_turnaround_hours: input.statedTurnaroundHours }),
      ...(input.nphiesBillingCode !== undefined && { nphies_billing_code: input.nphiesBillingCode }),
    });
  });
  return { updated: true as const };
}

export async function addOffering(db: Kysely<Database>, labId: string, input: { testId: number; price: number }) {
  return db.transaction().execute(async (tx) => {
    if (!(await repo.testExists(tx, input.testId))) throw new AppError('NOT_FOUND', { entity: 'test' });
    await assertRoomForOneMoreTest(tx, labId);
    const inserted = await repo.insertOffering(tx, labId, input.testId, sarToHalalas(input.price));
    if (!inserted) throw new AppError('TEST_ALREADY_OFFERED');
    return { lab_test_id: inserted.id };
  });
}

/**
 * A lab offers at most its plan's number of tests at once (spec §9: Starter 20, Professional 100).
 * Counted under the lab's lock, so two additions at once cannot both take the last place. A lab that
 * moved to a smaller plan keeps what it offers, but adds nothing until it is under the limit.
 */
async function assertRoomForOneMoreTest(tx: Transaction<Database>, labId: string) {
  const limit = labTestLimit(await subscriptionTierOf(tx, labId, { lock: true }));
  if (limit !== null && (await repo.countActiveOfferings(tx, labId)) >= limit) throw new AppError('PLAN_TEST_LIMIT', { limit });
}

/**
 * What the lab earned, line by line (issue #77 item 6, ADR 0083): one page of the bookings it earned from
 * (completed, missed, or cancelled with a home visit's fee kept), newest completed first unless asked, each
 * with its ledger's price, commission (at the plan of the day it was paid, ADR 0041), home visit fee and
 * what the lab is owed; how many the search matches; and the totals of all of them, which are the Earned
 * of the lab's account (payouts), to the halala.
 */
export async function payments(db: Kysely<Database>, labId: string, input: LabPaymentsInput) {
  const profile = await labProfileOrThrow(db, labId);
  const [rows, total, earned] = await Promise.all([
    repo.earnedBookingPage(db, labId, input, decodeCursor(input.cursor, input.sort)),
    repo.countEarnedBookings(db, labId, input.q),
    payouts.labEarnings(db, labId),
  ]);
  const page = pageOf(rows, input.limit, input.sort, (row) => ({ key: row.cursor_at, id: row.id }));
  const items = page.items.map(
    ({
      cursor_at: _,
      completed_at,
      ledger_price_halalas,
      ledger_commission_halalas,
      ledger_home_visit_halalas,
      ledger_owed_halalas,
      ledger_lab_promo_halalas,
      ...row
    }) => ({
      ...presentLabBooking(row),
      completed_at: iso(completed_at),
      amount: halalasToSar(Number(ledger_price_halalas)),
      commission: halalasToSar(Number(ledger_commission_halalas)),
      home_visit_fee: halalasToSar(Number(ledger_home_visit_halalas)),
      net: halalasToSar(Number(ledger_owed_halalas)),
      /** A promo code's discount the lab bore (ADR 0092), already off its earnings. */
      promo_discount: halalasToSar(Number(ledger_lab_promo_halalas)),
    }),
  );
  return {
    plan: currentPlan('lab', profile.subscription_tier).id,
    commission_percent: Math.round(labCommissionRate(profile.subscription_tier) * 100),
    totals: {
      gross: halalasToSar(earned.priceHalalas),
      commission: halalasToSar(earned.commissionHalalas),
      home_visits: halalasToSar(earned.homeVisitHalalas),
      net: halalasToSar(earned.owedHalalas),
      promo_discounts: halalasToSar(earned.labPromoHalalas),
    },
    total,
    items,
    nextCursor: page.nextCursor,
  };
}

/** The settings form's data: the lab record and all seven weekdays (closed ones marked). */
export async function labProfile(db: Kysely<Database>, labId: string) {
  const [row, hours] = await Promise.all([labProfileOrThrow(db, labId), repo.listWorkingHours(db, labId)]);
  const {
    home_collection_fee_halalas,
    home_radius_km,
    home_window_minutes,
    home_window_capacity,
    home_opens_at,
    home_closes_at,
    promises_punctual_visits,
    ramadan_opens_at,
    ramadan_closes_at,
    fasting_until,
    ...profile
  } = row;
  const working_hours = Array.from({ length: 7 }, (_, weekday) => {
    const day = hours.find((row) => row.weekday === weekday);
    return {
      weekday,
      open: day !== undefined,
      opens_at: day?.opens_at.slice(0, 5) ?? '08:00',
      closes_at: day?.closes_at.slice(0, 5) ?? '17:00',
    };
  });
  const home_collection = {
    enabled: home_collection_fee_halalas !== null,
    fee: halalasToSar(home_collection_fee_halalas ?? 0),
    radius_km: home_radius_km,
    window_minutes: home_window_minutes,
    window_capacity: home_window_capacity,
    opens_at: home_opens_at.slice(0, 5),
    closes_at: home_closes_at.slice(0, 5),
    promises_punctual_visits,
  };
  const ramadan_hours =
    ramadan_opens_at !== null && ramadan_closes_at !== null
      ? { opens_at: ramadan_opens_at.slice(0, 5), closes_at: ramadan_closes_at.slice(0, 5) }
      : null;
  return { ...profile, working_hours, ramadan_hours, fasting_until: fasting_until?.slice(0, 5) ?? null, home_collection };
}

/**
 * Turns home collection on (with its fee, radius and windows) or off. The radius is measured from the
 * lab's position, so a lab without one cannot turn it on. Turning it off keeps the bookings already
 * made (their windows stay booked); it only stops new ones.
 */
export async function updateHomeCollection(db: Kysely<Database>, labId: string, input: HomeCollectionSettingsInput) {
  const profile = await labProfileOrThrow(db, labId);
  if (input.enabled && (profile.latitude === null || profile.longitude === null)) throw new AppError('LAB_LOCATION_REQUIRED');
  await repo.updateHomeCollection(db, labId, {
    home_collection_fee_halalas: input.enabled ? sarToHalalas(input.fee) : null,
    home_radius_km: input.radiusKm,
    home_window_minutes: input.windowMinutes,
    home_window_capacity: input.windowCapacity,
    home_opens_at: input.opensAt,
    home_closes_at: input.closesAt,
    ...(input.promisesPunctualVisits !== undefined && { promises_punctual_visits: input.promisesPunctualVisits }),
  });
  return labProfile(db, labId);
}

export async function updateProfile(db: Kysely<Database>, labId: string, input: LabProfileInput) {
  await labProfileOrThrow(db, labId);
  await db.transaction().execute(async (tx) => {
    await repo.updateLabProfile(tx, labId, {
      lab_name_ar: input.nameAr,
      lab_name_en: input.nameEn,
      address_ar: input.addressAr,
      address_en: input.addressEn,
      city: input.city,
      latitude: input.latitude,
      longitude: input.longitude,
      phone: input.phone,
      slot_minutes: input.slotMinutes,
      slot_capacity: input.slotCapacity,
      prayer_pause_minutes: input.prayerPauseMinutes ?? null,
      buffer_minutes: input.bufferMinutes,
      min_notice_minutes: input.minNoticeMinutes,
      no_show_prepay: input.noShowPrepay,
      ramadan_opens_at: input.ramadanHours?.opensAt ?? null,
      ramadan_closes_at: input.ramadanHours?.closesAt ?? null,
      fasting_until: input.fastingUntil,
    });
    await repo.replaceWorkingHours(
      tx,
      labId,
      input.workingHours.filter((day) => day.open).map((day) => ({ weekday: day.weekday, opens_at: day.opensAt, closes_at: day.closesAt })),
    );
  });
  return labProfile(db, labId);
}
