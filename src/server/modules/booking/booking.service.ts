import type { Kysely, Transaction } from 'kysely';
import { canChangeBooking, cancellationTerms } from '../../../shared/cancellation.ts';
import { type CheckoutPricing, priceCheckout, promoBase, withInsurer, withPromo } from '../../../shared/checkout-pricing.ts';
import { AppError } from '../../../shared/errors.ts';
import {
  HOME_TRAVEL_KMH,
  HOME_VISIT_MINUTES,
  homeVisitFees,
  homeWindowMinutesOfDay,
  withinHomeRadius,
} from '../../../shared/home-collection.ts';
import { halalasToSar, vatIncluded } from '../../../shared/money.ts';
import type { HomeAddressInput } from '../../../shared/schemas.ts';
import type { HoldSeriesInput } from '../../../shared/series-schemas.ts';
import { clockOf, minutesOf, todayIn, zonedParts, zonedTimeToInstant } from '../../../shared/time.ts';
import type { bookingsWithDetails } from '../../db/booking-details.ts';
import type { Database } from '../../db/schema.ts';
import { followedCatalogVersion, VersionedCache } from '../../platform/catalog-version.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import type { SessionUser } from '../../platform/session.ts';
import { type CheckoutPriced, checkoutInvoiceJson, type InvoicedOffering, issueBookingCreditNote } from '../billing/billing.service.ts';
import { checkoutLedgerJson, reverseBookingLedger } from '../billing/ledger.service.ts';
import { assertOwnMembers, namesOfMembers } from '../family/family.service.ts';
import { issueGuestLink } from '../guest-links/guest-links.service.ts';
import { outboxRows, type Recipient } from '../mail/mail.service.ts';
import { bookingTextRowsJson } from '../phone/phone-messages.service.ts';
import { bookingPromo, PROMO_REFUSED_STATE, refusalOfState } from '../promo/promo.service.ts';
import { refundToWallet, spendFromWallet, walletBalanceHalalas } from '../wallet/wallet.service.ts';
import { splitRefund } from '../wallet/wallet-refunds.service.ts';
import * as repo from './booking.repository.ts';
import { bookingConfirmationMails, bookingsEnd, mailBookingCancelled, mailBookingRescheduled } from './booking-mail.ts';
import { bookingConfirmationTexts, checkoutTextRecipient, textBookingCancelled, textBookingRescheduled } from './booking-texts.ts';
import { packagesSuitPatients } from './package-fit.ts';
import { meetsPause, type PrayerPauseSettings, prayerPauses } from './prayer-pauses.ts';
import { hoursOn } from './ramadan.ts';
import { type PlannedVisit, planSeries, type SeriesMove } from './series-plan.ts';
import { seriesOfHeldSeats, seriesSummaries } from './series-summary.service.ts';
import { assertMayPayEachVisit } from './series-terms.service.ts';

/** How long a slot put in a cart stays reserved for its holder. */
export const HOLD_MINUTES = 10;
/** How many slots one customer (or guest) may keep reserved at once: a cart's worth, not a lab's day. */
export const MAX_HOLDS = 10;

/**
 * A guest's hold names the client address it came from, whose guests share a cap across their guest
 * accounts (anyone can make many): HOLDS_PER_ADDRESS, a few carts' worth by default.
 */
export interface GuestAddressCap {
  address: string;
  maxHolds: number;
}
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

/**
 * The lab's free slots on a date of its own calendar, in its time zone; past ones are not offered, nor
 * (for a test of its that needs fasting, `labTestId`) ones after its fasting cut-off.
 */
export async function availableSlots(
  db: Kysely<Database>,
  labId: string,
  date: string,
  viewerId: string | null,
  now = new Date(),
  labTestId: number | null = null,
): Promise<Slot[]> {
  const { lab, starts } = await slotStartsOn(db, labId, date, now, labTestId);
  if (starts.length === 0) return [];
  const free = await repo.freeSlotStarts(db, labId, 'lab', starts, lab.slot_capacity, viewerId, now);
  return free.map((startsAt) => ({ slot_time: zonedParts(startsAt, lab.time_zone).time, starts_at: startsAt.toISOString() }));
}

/**
 * Every slot the lab has on a date of its calendar that could still be booked now (for `labTestId`,
 * by its fasting cut-off), free or not: its hours, buffers, prayer pauses and minimum notice decide.
 */
export async function slotStartsOn(db: Kysely<Database>, labId: string, date: string, now: Date, labTestId: number | null) {
  const lab = await repo.findLabSchedule(db, labId);
  if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
  if (date < todayIn(lab.time_zone, now)) throw new AppError('DATE_IN_PAST');
  const latest = fastingCutoff(lab, await fastingHoursOf(db, labId, labTestId));

  const noon = zonedTimeToInstant(date, '12:00', lab.time_zone);
  const hours = hoursOn(lab, await repo.findWorkingHours(db, labId, zonedParts(noon, lab.time_zone).weekday), date);
  const starts = hours
    ? slotMinutesOfDay(hours, lab, prayerPauses(lab, date))
        .filter((minute) => minute <= latest)
        .map((minute) => zonedTimeToInstant(date, clockOf(minute), lab.time_zone))
        .filter((startsAt) => farEnoughAhead(startsAt, lab.min_notice_minutes, now))
    : [];
  return { lab, starts };
}

/**
 * Why a day's slots are fewer than its hours would hold (issue #77 item 14), on the lab's clock: its hours
 * that day (its Ramadan hours, `ramadan`), its prayer pauses within them, the break after each appointment,
 * and for a test needing fasting (`labTestId`) the latest start. Null hours: it is closed that day.
 */
export async function slotRulesOn(db: Kysely<Database>, labId: string, date: string, labTestId: number | null) {
  const lab = await repo.findLabSchedule(db, labId);
  if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
  const noon = zonedTimeToInstant(date, '12:00', lab.time_zone);
  const weekly = await repo.findWorkingHours(db, labId, zonedParts(noon, lab.time_zone).weekday);
  const hours = hoursOn(lab, weekly, date);
  if (!hours) return { hours: null, ramadan: false, prayer_pauses: [], break_minutes: 0, fasting_until: null };
  const [opens, closes] = [minutesOf(hours.opens_at), minutesOf(hours.closes_at)];
  const latest = fastingCutoff(lab, await fastingHoursOf(db, labId, labTestId));
  return {
    hours: { opens_at: clockOf(opens), closes_at: clockOf(closes) },
    ramadan: hours !== weekly,
    prayer_pauses: prayerPauses(lab, date)
      .filter(([from, to]) => from < closes && opens < to)
      .map(([from, to]) => ({ from: clockOf(from), to: clockOf(to) })),
    break_minutes: lab.buffer_minutes,
    fasting_until: latest < closes ? clockOf(latest) : null,
  };
}

/**
 * The lab's free home collection windows on a date of its calendar (none when it does not collect at
 * home, or is closed that day): each window's start and end on the lab's clock. Past ones are not offered,
 * nor (for a test needing fasting) ones starting after the fasting cut-off, nor, for a home placed on the map
 * (`home`), ones whose round, or a later round of the day, its collector could not ride with this home in it (ADR 0071, 0076).
 */
export async function availableHomeWindows(
  db: Kysely<Database>,
  labId: string,
  date: string,
  viewerId: string | null,
  now = new Date(),
  labTestId: number | null = null,
  home: { latitude: number; longitude: number } | null = null,
): Promise<{ window_time: string; ends_time: string; starts_at: string; ends_at: string }[]> {
  const lab = await repo.findLabSchedule(db, labId);
  if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
  if (date < todayIn(lab.time_zone, now)) throw new AppError('DATE_IN_PAST');
  if (lab.home_collection_fee_halalas === null) return [];
  const latest = fastingCutoff(lab, await fastingHoursOf(db, labId, labTestId));

  const noon = zonedTimeToInstant(date, '12:00', lab.time_zone);
  const hours = await repo.findWorkingHours(db, labId, zonedParts(noon, lab.time_zone).weekday);
  if (!hours) return [];

  const starts = homeWindowsOfDay(lab)
    .filter((minute) => minute <= latest)
    .map((minute) => zonedTimeToInstant(date, clockOf(minute), lab.time_zone))
    .filter((startsAt) => farEnoughAhead(startsAt, lab.min_notice_minutes, now));
  if (starts.length === 0) return [];

  const withSeat = await repo.freeSlotStarts(db, labId, 'home', starts, lab.home_window_capacity, viewerId, now);
  const free = home ? await repo.homeRoundStarts(db, viewerId, homeRoundOf(lab, labId, home), withSeat, now) : withSeat;
  return free.map((startsAt) => {
    const endsAt = new Date(startsAt.getTime() + lab.home_window_minutes * MINUTE);
    return {
      window_time: zonedParts(startsAt, lab.time_zone).time,
      ends_time: zonedParts(endsAt, lab.time_zone).time,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
    };
  });
}

/** A visit at `home` in one of the lab's windows, as its round is checked (ADR 0071). */
function homeRoundOf(lab: { home_window_minutes: number }, labId: string, home: { latitude: number; longitude: number }): repo.HomeRound {
  return {
    labId,
    windowMinutes: lab.home_window_minutes,
    visitMinutes: HOME_VISIT_MINUTES,
    travelKmh: HOME_TRAVEL_KMH,
    latitude: home.latitude,
    longitude: home.longitude,
  };
}

/** The home collection windows of a day the lab opens, in minutes after midnight on its clock. */
function homeWindowsOfDay(lab: { home_opens_at: string; home_closes_at: string; home_window_minutes: number }) {
  return homeWindowMinutesOfDay(minutesOf(lab.home_opens_at), minutesOf(lab.home_closes_at), lab.home_window_minutes);
}

/**
 * The slot rule: on a day the lab opens (its Ramadan hours in Ramadan: hoursOn), slots start at its
 * opening time and every `slot_minutes` plus `buffer_minutes` after it (the buffer follows each
 * appointment in its seat, ADR 0068), each ending by closing time, but for those running into one of its
 * prayer pauses. In minutes after midnight on the lab's clock.
 */
function slotMinutesOfDay(
  hours: { opens_at: string; closes_at: string },
  lab: { slot_minutes: number; buffer_minutes: number },
  pauses: [number, number][],
): number[] {
  const minutes: number[] = [];
  const closes = minutesOf(hours.closes_at);
  const step = lab.slot_minutes + lab.buffer_minutes;
  for (let minute = minutesOf(hours.opens_at); minute + lab.slot_minutes <= closes; minute += step) {
    if (!meetsPause(pauses, minute, lab.slot_minutes)) minutes.push(minute);
  }
  return minutes;
}

/** The fasting hours of the lab's test asked about (none asked: null); a test it does not sell is not found. */
async function fastingHoursOf(db: Kysely<Database>, labId: string, labTestId: number | null): Promise<number | null> {
  if (labTestId === null) return null;
  const offering = await repo.findOfferingFasting(db, labId, labTestId);
  if (!offering) throw new AppError('NOT_FOUND', { entity: 'labTest' });
  return offering.fasting_hours;
}

/**
 * The latest start (minutes after midnight on the lab's clock) for a test with `fastingHours`: the lab's
 * fasting cut-off when the test needs fasting and the lab keeps one, else the end of the day.
 */
function fastingCutoff(lab: { fasting_until: string | null }, fastingHours: number | null): number {
  return fastingHours && lab.fasting_until !== null ? minutesOf(lab.fasting_until) : 24 * 60;
}

/** Whether a visit starting at `startsAt` is far enough ahead of `now` for the lab's minimum notice. */
function farEnoughAhead(startsAt: Date, minNoticeMinutes: number, now: Date): boolean {
  return startsAt.getTime() > now.getTime() && startsAt.getTime() - now.getTime() >= minNoticeMinutes * MINUTE;
}

/** An offering's lab as its prayer pauses are computed. */
const pauseSettingsOf = (offering: repo.BookableLabTest): PrayerPauseSettings => ({
  prayer_pause_minutes: offering.prayer_pause_minutes,
  latitude: offering.lab_latitude,
  longitude: offering.lab_longitude,
  city: offering.lab_city,
  time_zone: offering.time_zone,
});

/**
 * A booking time must be one of the lab's slots (slotMinutesOfDay: none in a prayer pause nor a buffer), or
 * for a home collection one of its windows (homeWindowsOfDay), on a day it opens, to the millisecond, at
 * least the lab's minimum notice ahead, and by its fasting cut-off for a test needing fasting.
 */
function assertIsSlot(offering: repo.BookableLabTest, collection: repo.Collection, startsAt: Date, now: Date) {
  if (Number.isNaN(startsAt.getTime()) || !farEnoughAhead(startsAt, offering.min_notice_minutes, now)) {
    throw new AppError('SLOT_UNAVAILABLE');
  }
  const local = zonedParts(startsAt, offering.time_zone);
  const hours = hoursOn(
    offering,
    offering.hours.find((day) => day.weekday === local.weekday),
    local.date,
  );
  // Whole minutes: 09:00:00.500 is not the 09:00 slot, and would be counted apart from it.
  const starts =
    hours &&
    (collection === 'home'
      ? homeWindowsOfDay(offering)
      : slotMinutesOfDay(hours, offering, prayerPauses(pauseSettingsOf(offering), local.date)));
  const minute = minutesOf(local.time);
  const isSlot =
    starts !== undefined &&
    startsAt.getTime() % MINUTE === 0 &&
    starts.includes(minute) &&
    minute <= fastingCutoff(offering, offering.fasting_hours);
  if (!isSlot) throw new AppError('SLOT_UNAVAILABLE');
}

/** A home collection needs a lab that collects at home, and a home within its radius. */
function assertCollectsAt(offering: repo.BookableLabTest, home: HomeAddressInput) {
  if (offering.home_collection_fee_halalas === null) throw new AppError('HOME_COLLECTION_UNAVAILABLE');
  const lab = { latitude: offering.lab_latitude, longitude: offering.lab_longitude, home_radius_km: offering.home_radius_km };
  if (!withinHomeRadius(lab, home)) throw new AppError('OUTSIDE_HOME_AREA', { radiusKm: offering.home_radius_km });
}

/** A lab test as it is booked (active, at an approved lab), with its lab's schedule; undefined if not bookable. */
export function findBookableOffering(db: Kysely<Database>, labTestId: number) {
  return repo.findBookableLabTest(db, labTestId);
}

/** Bookable offerings by catalog version and id: a booking need not read its offering again. */
const offeringCache = new VersionedCache<repo.BookableLabTest>(10_000);

async function bookableOffering(db: Kysely<Database>, labTestId: number) {
  // Only while the catalog version is known without a query (else the cache would save nothing).
  const version = followedCatalogVersion(db);
  const find = () => repo.findBookableLabTest(db, labTestId);
  const offering = version === undefined ? await find() : await offeringCache.remember(db, `${version}:${labTestId}`, find);
  if (!offering) throw new AppError('NOT_FOUND', { entity: 'labTest' });
  return offering;
}

/**
 * The seats a list of items asks for, checked against the labs' hours, in lock order. One person has one
 * seat of a lab test at a time (ADR 0064): the same test at the same time twice for one patient, at the
 * lab or at home, is ALREADY_BOOKED (`in_cart`), not two bookings nor one silently.
 */
async function seatsFor(db: Kysely<Database>, items: BookingItem[], now: Date) {
  const offerings = new Map<number, repo.BookableLabTest>();
  const seats = await Promise.all(
    items.map(async (item): Promise<RequestedSeat> => {
      const offering = await bookableOffering(db, item.labTestId);
      offerings.set(offering.id, offering);
      const startsAt = new Date(item.bookingTime);
      const collection = item.home ? 'home' : 'lab';
      if (item.home) assertCollectsAt(offering, item.home);
      assertIsSlot(offering, collection, startsAt, now);
      return {
        lab_id: offering.lab_id,
        lab_test_id: offering.id,
        collection,
        starts_at: startsAt.toISOString(),
        capacity: collection === 'home' ? offering.home_window_capacity : offering.slot_capacity,
        price_halalas: offering.price_halalas,
        family_member_id: item.familyMemberId ?? null,
        ...(item.home && {
          home_address: item.home.address,
          home_latitude: item.home.latitude,
          home_longitude: item.home.longitude,
          home_window_minutes: offering.home_window_minutes,
          home_visit_minutes: HOME_VISIT_MINUTES,
          home_travel_kmh: HOME_TRAVEL_KMH,
        }),
        bookingTime: item.bookingTime,
      };
    }),
  );
  const people = new Set<string>();
  for (const seat of seats) {
    const person = `${seat.lab_test_id}|${seat.starts_at}|${seat.family_member_id ?? ''}`;
    if (people.has(person)) throw alreadyBooked(seat, offerings.get(seat.lab_test_id), 'in_cart');
    people.add(person);
  }
  // Lock seats in one order everywhere, so two carts sharing seats cannot deadlock.
  seats.sort((a, b) => `${a.lab_id}${a.collection}${a.starts_at}`.localeCompare(`${b.lab_id}${b.collection}${b.starts_at}`));
  // One fee per home visit (a lab and a window), carried by the visit's first seat.
  const fees = homeVisitFees(
    seats.map((seat) =>
      seat.collection === 'home'
        ? { labId: seat.lab_id, startsAt: seat.starts_at, feeHalalas: offerings.get(seat.lab_test_id)?.home_collection_fee_halalas ?? 0 }
        : null,
    ),
  );
  seats.forEach((seat, index) => {
    if (seat.collection === 'home') seat.home_collection_fee_halalas = fees[index];
  });
  return { seats, offerings };
}

type RequestedSeat = repo.Seat & { bookingTime: string };

/**
 * ALREADY_BOOKED for a seat its person has already (`booked`), is paying for in another checkout (`paying`),
 * or asks for twice in one cart (`in_cart`): which test, lab and time, in both languages, for the sentence.
 */
function alreadyBooked(
  seat: { lab_test_id: number; starts_at: string },
  offering: repo.BookableLabTest | undefined,
  reason: repo.PersonSeatTaken['reason'] | 'in_cart',
) {
  return new AppError('ALREADY_BOOKED', {
    reason,
    labTestId: seat.lab_test_id,
    bookingTime: new Date(seat.starts_at).toISOString(),
    ...(offering && {
      testNameAr: offering.test_name_ar,
      testNameEn: offering.test_name_en,
      labNameAr: offering.lab_name_ar,
      labNameEn: offering.lab_name_en,
      timeZone: offering.time_zone,
    }),
  });
}

/** Runs a seat function, turning its SQLSTATEs into the errors the client knows. */
async function takingSeats<T>(seats: RequestedSeat[], offerings: Map<number, repo.BookableLabTest>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw takingSeatsError(seats, offerings, error);
  }
}

function takingSeatsError(seats: RequestedSeat[], offerings: Map<number, repo.BookableLabTest>, error: unknown): unknown {
  const state = (error as { code?: string }).code;
  if (state === repo.ALREADY_BOOKED_STATE) {
    const taken = JSON.parse((error as { detail: string }).detail) as repo.PersonSeatTaken;
    return alreadyBooked(taken, offerings.get(taken.lab_test_id), taken.reason);
  }
  if (state === repo.SLOT_UNAVAILABLE_STATE) {
    const seat = seats[Number((error as { detail?: string }).detail)];
    return new AppError('SLOT_UNAVAILABLE', seat ? { labTestId: seat.lab_test_id, bookingTime: seat.bookingTime } : undefined);
  }
  if (state === repo.CHECKOUT_IN_PROGRESS_STATE) return new AppError('CHECKOUT_IN_PROGRESS');
  // DETAIL is the cap that was reached: the holder's own, or their address's.
  if (state === repo.HOLD_LIMIT_STATE)
    return new AppError('HOLD_LIMIT', { maxHolds: Number((error as { detail?: string }).detail) || MAX_HOLDS });
  return error;
}

/**
 * Reserves a seat for the holder for a few minutes, if one is free. Holding again extends it. A guest's
 * hold counts against its address's cap (`guestAddress`).
 */
export async function holdSlot(
  db: Kysely<Database>,
  holderId: string,
  labTestId: number,
  bookingTime: string,
  now = new Date(),
  guestAddress: GuestAddressCap | null = null,
  /** A home collection window at this address, rather than a slot at the lab. */
  home: HomeAddressInput | null = null,
  /** The patient, when not the holder: a seat they already have is ALREADY_BOOKED here, before the checkout. */
  familyMemberId: string | null = null,
) {
  if (familyMemberId) await assertOwnMembers(db, holderId, [familyMemberId]);
  const { seats, offerings } = await seatsFor(
    db,
    [{ labTestId, bookingTime, ...(home && { home }), ...(familyMemberId && { familyMemberId }) }],
    now,
  );
  // A package for the other sex is refused here, before the cart; an age outside its band is said.
  const outsideAgeBand = await packagesSuitPatients(db, holderId, seats, offerings, now);
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * MINUTE);
  const limits = { maxHolds: MAX_HOLDS, guestAddress: guestAddress?.address ?? null, maxAddressHolds: guestAddress?.maxHolds ?? 0 };
  await takingSeats(seats, offerings, () => repo.holdSeats(db, holderId, seats, now, expiresAt, limits));
  return { expires_at: expiresAt.toISOString(), outside_age_band: outsideAgeBand };
}

/**
 * Why a time of day (minutes on the lab's clock) is not free on a date of the lab's calendar: the lab is
 * closed that weekday, the time is outside its (Ramadan) hours, in a prayer pause or after its fasting
 * cut-off for this test; else it is taken.
 */
function whyNotFree(offering: repo.BookableLabTest, collection: repo.Collection, date: string, minute: number): SeriesMove {
  const weekday = zonedParts(zonedTimeToInstant(date, '12:00', offering.time_zone), offering.time_zone).weekday;
  const weekly = offering.hours.find((day) => day.weekday === weekday);
  if (!weekly) return 'closed';
  if (minute > fastingCutoff(offering, offering.fasting_hours)) return 'fasting_cutoff';
  if (collection === 'home') return 'full';
  const hours = hoursOn(offering, weekly, date) ?? weekly;
  if (!slotMinutesOfDay(hours, offering, []).includes(minute)) return hours === weekly ? 'hours' : 'ramadan_hours';
  if (meetsPause(prayerPauses(pauseSettingsOf(offering), date), minute, offering.slot_minutes)) return 'prayer_pause';
  return 'full';
}

/**
 * Where each visit of a series would be (series-plan.ts, ADR 0082): its rule's day and the first visit's time
 * when free for `viewerId`, else the nearest free time that day or the next day with one, each move with its
 * reason. What the booking panel shows before holding, and what holdSeries holds.
 */
export async function seriesPlan(
  db: Kysely<Database>,
  viewerId: string | null,
  input: Pick<HoldSeriesInput, 'labTestId' | 'bookingTime' | 'everyMonths' | 'visits' | 'home'>,
  now = new Date(),
): Promise<{ time_zone: string; visits: PlannedVisit[] }> {
  const offering = await bookableOffering(db, input.labTestId);
  const firstTime = new Date(input.bookingTime);
  const first = zonedParts(firstTime, offering.time_zone);
  const collection = input.home ? 'home' : 'lab';
  const freeOn = async (date: string) => {
    const free = input.home
      ? await availableHomeWindows(db, offering.lab_id, date, viewerId, now, offering.id, input.home)
      : await availableSlots(db, offering.lab_id, date, viewerId, now, offering.id);
    return free.map((time) => new Date(time.starts_at));
  };
  const visits = await planSeries(
    {
      firstTime,
      firstDay: first.date,
      time: first.time.slice(0, 5),
      everyMonths: input.everyMonths,
      visits: input.visits,
      timeZone: offering.time_zone,
    },
    freeOn,
    (date, minute) => whyNotFree(offering, collection, date, minute),
  );
  return { time_zone: offering.time_zone, visits };
}

/**
 * Holds every visit of a series (issue #58): the first visit's time, then every `everyMonths` months as
 * seriesPlan places them (a visit whose time is not free that day moved to the nearest free one, saying
 * why: ADR 0082), `visits` in all, each checked as a booking is and held together or not at all: a visit
 * that cannot be had (no free time near its day, or taken since it was shown) refuses the whole series
 * with its date (SERIES_DATE_UNAVAILABLE), and nothing is held. The series is kept (booking_series) and each
 * hold names it and its place, which the bookings take at checkout (ADR 0075). Paid all at once, every visit
 * goes in the cart; paid each when due (`payEachVisit`, an account's, not a guest's: it is told by mail when
 * a visit comes due), the first alone, and its checkout reserves the others until their payment's deadline.
 * At home (`home`), every visit is in one of the lab's home windows, each checked against its round.
 */
export async function holdSeries(
  db: Kysely<Database>,
  holder: { id: string; is_anonymous: boolean },
  input: HoldSeriesInput,
  now = new Date(),
  guestAddress: GuestAddressCap | null = null,
) {
  if (input.familyMemberId) await assertOwnMembers(db, holder.id, [input.familyMemberId]);
  const offering = await bookableOffering(db, input.labTestId);
  // Paying each visit when due is an account's, and not at a lab that asks this customer to pay up front (ADR 0075, 0077).
  if (input.payEachVisit) await assertMayPayEachVisit(db, holder, offering.lab_id, now);
  const refused = (bookingTime: string) =>
    new AppError('SERIES_DATE_UNAVAILABLE', { bookingTime: new Date(bookingTime).toISOString(), timeZone: offering.time_zone });
  // The first visit as asked, so a time that is not the lab's is named before the others are placed.
  const firstItem: BookingItem = {
    labTestId: offering.id,
    bookingTime: input.bookingTime,
    ...(input.familyMemberId && { familyMemberId: input.familyMemberId }),
    ...(input.home && { home: input.home }),
  };
  await seatsFor(db, [firstItem], now).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'SLOT_UNAVAILABLE' ? refused(input.bookingTime) : error;
  });
  const { visits } = await seriesPlan(db, holder.id, input, now);
  const items: BookingItem[] = visits.map((visit) => ({ ...firstItem, bookingTime: visit.booking_time }));
  const { seats, offerings } = await seatsFor(db, items, now);
  await packagesSuitPatients(db, holder.id, seats, offerings, now);
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * MINUTE);
  const limits = { maxHolds: MAX_HOLDS, guestAddress: guestAddress?.address ?? null, maxAddressHolds: guestAddress?.maxHolds ?? 0 };
  const seriesId = await db
    .transaction()
    .execute(async (tx) => {
      const seriesId = await repo.insertSeries(tx, {
        customer_id: holder.id,
        lab_test_id: offering.id,
        family_member_id: input.familyMemberId ?? null,
        every_months: input.everyMonths,
        visits: input.visits,
        pay_each_visit: input.payEachVisit,
        home_address: input.home?.address ?? null,
      });
      // seatsFor puts one lab's seats in time order: the visits' order, which is their place in the series.
      const inSeries = seats.map((seat, index) => ({ ...seat, series_id: seriesId, series_visit: index + 1 }));
      await takingSeats(inSeries, offerings, () => repo.holdSeats(tx, holder.id, inSeries, now, expiresAt, limits));
      return seriesId;
    })
    .catch((error: unknown) => {
      const full = error instanceof AppError && error.code === 'SLOT_UNAVAILABLE' ? error.details.bookingTime : undefined;
      throw typeof full === 'string' ? refused(full) : error;
    });
  return {
    series_id: seriesId,
    booking_times: items.map((item) => item.bookingTime),
    visits,
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * Holds a seat the waitlist offers its holder until `expiresAt` (waitlist.service.ts), by the same rules
 * as any hold: one of the lab's slots, free for them, not one they already have, within their cap of holds.
 */
export async function holdOfferedSeat(
  db: Kysely<Database>,
  holderId: string,
  labTestId: number,
  startsAt: Date,
  now: Date,
  expiresAt: Date,
) {
  const { seats, offerings } = await seatsFor(db, [{ labTestId, bookingTime: startsAt.toISOString() }], now);
  const limits = { maxHolds: MAX_HOLDS, guestAddress: null, maxAddressHolds: 0 };
  await takingSeats(seats, offerings, () => repo.holdSeats(db, holderId, seats, now, expiresAt, limits));
}

/**
 * Holds a seat as a visit of a series (`seriesId`, its place `seriesVisit`) until `expiresAt`, by the same
 * rules as any hold: one of the lab's slots (or home windows, in its round), free, not one its patient has,
 * within the holder's cap. Where a reserved visit moves to (series-payments.service.ts), in its transaction.
 */
export async function holdSeriesSeat(
  tx: Transaction<Database>,
  holderId: string,
  item: BookingItem,
  series: { id: string; visit: number },
  now: Date,
  expiresAt: Date,
) {
  const { seats, offerings } = await seatsFor(tx, [item], now);
  const inSeries = seats.map((seat) => ({ ...seat, series_id: series.id, series_visit: series.visit }));
  const limits = { maxHolds: MAX_HOLDS, guestAddress: null, maxAddressHolds: 0 };
  await takingSeats(inSeries, offerings, () => repo.holdSeats(tx, holderId, inSeries, now, expiresAt, limits));
}

export async function releaseHold(
  db: Kysely<Database>,
  holderId: string,
  labTestId: number,
  bookingTime: string,
  collection: repo.Collection = 'lab',
) {
  await repo.deleteHold(db, holderId, labTestId, collection, new Date(bookingTime));
  return { released: true as const };
}

/**
 * The customer who books, as the request's session read them: their plan prices the checkout, and the
 * confirmation goes to their address, by their name, in their language (none for a guest).
 */
export type BookingCustomer = Pick<
  SessionUser,
  'id' | 'email' | 'contact_email' | 'is_anonymous' | 'name' | 'locale' | 'subscription_tier'
>;

export interface BookingItem {
  labTestId: number;
  bookingTime: string;
  /** The patient, when not the account holder: one of their family members. */
  familyMemberId?: string;
  /** A home collection at this address (in a window of the lab's), rather than a visit to the lab. */
  home?: HomeAddressInput;
}

/**
 * Books every item of a cart or nothing. The checkout row (unique per customer and key) makes a
 * retried request return the first result instead of paying or booking twice; seats are taken under
 * the slot row's lock, and the payment runs between two short transactions, never inside one.
 * A failed attempt, or one abandoned by a server that stopped mid-way, is taken over by the same
 * request sent again; each attempt is known by its start (`attempted_at`) and only the current one
 * may finish the checkout (ADR 0008).
 */
export async function createBookings(
  db: Kysely<Database>,
  payments: PaymentProvider,
  customer: BookingCustomer,
  items: BookingItem[],
  idempotencyKey: string,
  now = new Date(),
  /** The server instance running the payment (AppDeps.instance), so that it can end the attempt if it stops midway. */
  instance: string | null = null,
  paying: PayingWith = {},
) {
  if (payments.browser) throw new Error('a gateway the browser pays at starts its checkouts with startGatewayCheckout');
  const result = await checkout(db, payments, customer, items, idempotencyKey, now, '', instance, paying);
  if ('payment' in result) throw new Error('unreachable: the simulated payment never asks the browser to pay');
  return result;
}

/**
 * The checkout of a gateway the browser pays at (Moyasar): claims the checkout and holds its seats as
 * createBookings does, then answers the payment form's configuration (`payment_required`) instead of
 * charging; a checkout already paid answers its bookings.
 */
export async function startGatewayCheckout(
  db: Kysely<Database>,
  payments: PaymentProvider,
  customer: BookingCustomer,
  items: BookingItem[],
  idempotencyKey: string,
  publicUrl: string,
  now = new Date(),
  paying: PayingWith = {},
) {
  return checkout(db, payments, customer, items, idempotencyKey, now, publicUrl, null, paying);
}

/** What the customer pays with besides the card: a promo code's discount, their wallet's balance, their insurer (ADR 0092, 0093, 0099). */
export interface PayingWith {
  promo?: PromoAsked | null;
  /** The wallet pays what it holds of the total, up to all of it; the card the rest. */
  wallet?: boolean;
  /**
   * The insurer pays its share of the covered tests (ADR 0099): each seat's share in halalas and the
   * coverage check's message id it relies on, asked again at payment (insurance-coverage.service.ts
   * insurerSharesAtCheckout); it throws COVERAGE_CHANGED or COVERAGE_UNANSWERED, and nothing is held.
   */
  insurer?: ((seats: readonly RequestedSeat[]) => Promise<InsurerShares>) | null;
}

/** Each seat's insurer share (halalas) and the message id of the coverage answer it relies on, in the seats' order. */
export interface InsurerShares {
  shares: number[];
  messageIds: (string | null)[];
}

/** How a wallet-paid checkout's draw is known in the wallet's ledger: once per checkout. */
export const checkoutSpendKey = (checkoutId: string) => `checkout:${checkoutId}`;
/** The payment reference of a checkout the wallet paid whole: no card, no gateway. */
export const walletPaymentReference = (checkoutId: string) => `wallet:${checkoutId}`;

/** A promo code the customer gave at checkout, and the client's address its guesses count against (ADR 0092). */
export interface PromoAsked {
  code: string;
  clientIp: string;
}

/**
 * The customer's plan's pricing of these seats, with the promo code's discount when one is given (its
 * share on each seat), or PROMO_REFUSED saying why the code does not apply.
 */
async function pricedSeats(
  db: Kysely<Database>,
  customer: BookingCustomer,
  seats: RequestedSeat[],
  offerings: Map<number, repo.BookableLabTest>,
  promo: PromoAsked | null,
  now: Date,
  insurerShares: readonly number[] | null = null,
) {
  const planPricing = priceCheckout(
    customer.subscription_tier,
    seats.map((seat) => seat.price_halalas),
    seats.map((seat) => seat.home_collection_fee_halalas ?? 0),
  );
  const base = insurerShares ? withInsurer(planPricing, [...insurerShares]) : planPricing;
  if (!promo) return { pricing: base, applied: null };
  // Offers are for payments in full: a code is not used where an insurer pays part (ADR 0099).
  if (insurerShares) throw new AppError('PROMO_REFUSED', { reason: 'with_insurance' });
  const amounts = promoBase(base);
  const applied = await bookingPromo(
    db,
    { customerId: customer.id, address: promo.clientIp },
    promo.code,
    seats.map((seat, index) => ({
      amount_halalas: amounts[index]!,
      lab_id: seat.lab_id,
      test_id: offerings.get(seat.lab_test_id)!.test_id,
    })),
    now,
  );
  return { pricing: withPromo(base, applied.shares), applied };
}

/**
 * What a promo code takes off the customer's lab-test cart, before paying: each test's share, in the
 * cart's order (the checkout page takes them off its own pricing), or PROMO_REFUSED with why.
 */
export async function quotePromo(
  db: Kysely<Database>,
  customer: BookingCustomer,
  items: BookingItem[],
  promo: PromoAsked,
  now = new Date(),
) {
  const offerings = await Promise.all(items.map((item) => bookableOffering(db, item.labTestId)));
  const seats = offerings.map((offering, index) => ({
    lab_id: offering.lab_id,
    lab_test_id: offering.id,
    price_halalas: offering.price_halalas,
    home_collection_fee_halalas: items[index]!.home ? (offering.home_collection_fee_halalas ?? 0) : 0,
  })) as RequestedSeat[];
  const { pricing, applied } = await pricedSeats(
    db,
    customer,
    seats,
    new Map(offerings.map((offering) => [offering.id, offering])),
    promo,
    now,
  );
  return {
    code: applied!.code,
    discount: halalasToSar(pricing.promo_discount_halalas),
    shares: pricing.promo_shares.map(halalasToSar),
  };
}

async function checkout(
  db: Kysely<Database>,
  payments: PaymentProvider,
  customer: BookingCustomer,
  items: BookingItem[],
  idempotencyKey: string,
  now: Date,
  /** Where the gateway sends the customer back (a browser-paid provider only): PUBLIC_URL. */
  publicUrl: string,
  instance: string | null,
  { promo = null, wallet = false, insurer = null }: PayingWith,
) {
  const startedAt = Date.now();
  if (promo && insurer) throw new AppError('PROMO_REFUSED', { reason: 'with_insurance' });
  const customerId = customer.id;
  await assertOwnMembers(
    db,
    customerId,
    items.flatMap((item) => (item.familyMemberId ? [item.familyMemberId] : [])),
  );
  // A checkout paid in the browser (Moyasar) may be claimed again while it waits: nothing runs on this
  // server while the customer pays, and paying again after a decline is the same checkout.
  const abandonedBefore = payments.browser ? NEVER : new Date(now.getTime() - CHECKOUT_ABANDONED_MINUTES * MINUTE);
  let requested: Awaited<ReturnType<typeof seatsFor>>;
  try {
    requested = await seatsFor(db, items, now);
    await packagesSuitPatients(db, customerId, requested.seats, requested.offerings, now);
  } catch (error) {
    // A request sent again after its items stopped being bookable (their time has passed) still
    // gets its checkout's answer if that was paid.
    const checkout = await repo.findCheckout(db, customerId, idempotencyKey);
    if (checkout?.status === 'paid') return checkoutResult(db, checkout.id);
    throw error;
  }
  // The customer's plan prices the checkout: its discount and booking fee are lines of their own, as a
  // promo code's discount is, each seat carrying its share of it (what a refund of it returns).
  // The insurer's shares are asked again here, from the answers the page showed (ADR 0099).
  const insured = insurer ? await insurer(requested.seats) : null;
  const { pricing, applied } = await pricedSeats(db, customer, requested.seats, requested.offerings, promo, now, insured?.shares);
  const offerings = requested.offerings;
  const seats = requested.seats.map((seat, index) => ({
    ...seat,
    promo_discount_halalas: pricing.promo_shares[index]!,
    ...(pricing.insurer_shares[index]! > 0 && {
      insurer_share_halalas: pricing.insurer_shares[index]!,
      coverage_message_id: insured?.messageIds[index] ?? null,
    }),
  }));
  const priced = {
    ...pricing,
    promo: applied && { code: applied.code, discount_halalas: pricing.promo_discount_halalas, paid_by: applied.paid_by },
  };
  const totalHalalas = pricing.total_halalas;
  const totals = { total_halalas: totalHalalas, vat_halalas: vatIncluded(totalHalalas) };
  // The wallet pays what it holds of the total, drawn when the checkout is confirmed (confirmPaidCheckout);
  // the card is charged the rest. Its money is a means of payment: the prices, VAT and invoice are the same.
  const walletHalalas = wallet ? Math.min(totalHalalas, await walletBalanceHalalas(db, customerId, now)) : 0;
  const cardHalalas = totalHalalas - walletHalalas;

  // 1. Claim the checkout and hold every seat (or fail having changed nothing): not a seat its person
  // already has, booked or being paid by another checkout (ALREADY_BOOKED, before any payment). A
  // checkout already paid answers with what it booked then.
  const attemptedAt = now;
  const claim = await takingSeats(seats, offerings, () =>
    repo.claimCheckout(
      db,
      { customerId, idempotencyKey, totalHalalas, vatHalalas: totals.vat_halalas, provider: payments.name },
      { ...pricing, promo_code_id: applied?.id ?? null, wallet_halalas: walletHalalas },
      seats,
      {
        startedAt: attemptedAt,
        holdsExpireAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE),
        abandonedBefore,
        instance: payments.browser ? null : instance,
        keepWhole: Boolean(payments.browser),
      },
    ),
  ).catch(async (error: unknown) => {
    // An abandoned attempt that could not be taken over (its seats are gone, or its person has them now) is over: say so.
    if (error instanceof AppError && (error.code === 'SLOT_UNAVAILABLE' || error.code === 'ALREADY_BOOKED'))
      await repo.failAbandoned(db, customerId, idempotencyKey, abandonedBefore);
    // The code's last use went to another checkout meanwhile (its reservation is decided under the code's lock).
    if ((error as { code?: string }).code === PROMO_REFUSED_STATE) throw refusalOfState((error as { detail?: string }).detail);
    throw error;
  });
  if (claim.paid) return checkoutResult(db, claim.id);
  const checkoutId = claim.id;

  // The browser pays at the gateway: the seats stay held, and the callback or the webhook confirms
  // them with confirmPaidCheckout, from the seats the claim kept, once the server has fetched the
  // payment (booking-payments.service.ts).
  // A checkout the wallet pays whole is confirmed here, with no card.
  if (payments.browser && cardHalalas > 0) return paymentRequired(db, payments, checkoutId, cardHalalas, publicUrl, now);

  // Where the confirmation goes: the address, name and language the session read; a guest's is the address
  // it gave for its booking mails, if any (ADR 0066).
  const address = customer.email ?? customer.contact_email;
  const customerMail = address ? { email: address, name: customer.name, locale: customer.locale, guest: customer.is_anonymous } : null;

  // 2. Pay, outside any transaction. The reference is the checkout's, so an attempt that takes over
  // an abandoned one is charged once by the gateway, not twice.
  let payment: { reference: string };
  try {
    payment =
      cardHalalas > 0
        ? await payments.charge({
            amount: cardHalalas,
            currency: 'SAR',
            reference: checkoutId,
            description: `Tahaleel checkout ${checkoutId}`,
          })
        : { reference: walletPaymentReference(checkoutId) };
  } catch {
    await repo.failAttempt(db, checkoutId, attemptedAt);
    throw new AppError('PAYMENT_FAILED');
  }
  const byCard = cardHalalas > 0;

  // 3. Turn the held seats into bookings, all or none: holds are judged at the time payment ended.
  const paidAt = new Date(now.getTime() + (Date.now() - startedAt));
  let booked: Awaited<ReturnType<typeof confirmPaidCheckout>>;
  try {
    booked = await confirmPaidCheckout(
      db,
      {
        id: checkoutId,
        customerId,
        attemptedAt,
        paymentReference: payment.reference,
        priced: { ...priced, wallet_halalas: walletHalalas },
      },
      seats,
      offerings,
      offerings,
      paidAt,
      customerMail,
    );
  } catch (error) {
    const state = (error as { code?: string }).code;
    if (state === repo.ATTEMPT_SUPERSEDED_STATE) {
      // Another attempt took this checkout over and charges the same reference: it keeps or refunds
      // the payment, unless the checkout failed meanwhile, and then this payment goes back.
      if ((error as { detail?: string }).detail === 'failed' && byCard) await payments.refund(payment.reference);
      throw new AppError('CHECKOUT_IN_PROGRESS');
    }
    // A hold ran out during payment and someone took the seat, or the person has it by now (the
    // bookings' trigger), or the wallet no longer holds its part (WALLET_BALANCE_CHANGED): give the money back.
    if (byCard) await payments.refund(payment.reference);
    await repo.failAttempt(db, checkoutId, attemptedAt);
    if (error instanceof AppError && error.code === 'WALLET_BALANCE_CHANGED') throw error;
    throw takingSeatsError(seats, offerings, error);
  }
  // The answer is built from what this request already has: no read-back.
  // confirm_paid_checkout answers the bookings in the seats' order.
  const bookings = booked.map((row, index) => {
    const offering = offerings.get(row.lab_test_id)!;
    const seat = seats[index]!;
    return presentBooking({
      id: row.id,
      reference: row.reference,
      customer_id: customerId,
      lab_test_id: row.lab_test_id,
      booking_time: row.booking_time,
      total_price_halalas: offering.price_halalas,
      status: 'confirmed',
      created_at: row.created_at,
      lab_id: offering.lab_id,
      test_id: offering.test_id,
      test_name_ar: offering.test_name_ar,
      test_name_en: offering.test_name_en,
      lab_name_ar: offering.lab_name_ar,
      lab_name_en: offering.lab_name_en,
      lab_address_ar: offering.lab_address_ar,
      lab_address_en: offering.lab_address_en,
      time_zone: offering.time_zone,
      customer_name: row.customer_name,
      collection: seat.collection,
      home_address: seat.home_address ?? null,
      collector_left_at: null,
      home_collection_fee_halalas: seat.home_collection_fee_halalas ?? 0,
      home_window_minutes: offering.home_window_minutes,
    });
  });
  bookings.sort((a, b) => a.booking_time.localeCompare(b.booking_time));
  return {
    checkout_id: checkoutId,
    ...pricedAmounts(pricing, applied?.code ?? null, walletHalalas),
    total_price: halalasToSar(totals.total_halalas),
    vat: halalasToSar(totals.vat_halalas),
    bookings,
  };
}

/** The checkout's own lines for the confirmation: the tests' prices, the plan's discount, the promo code's, booking fee and home visits. */
function pricedAmounts(
  pricing: Pick<
    CheckoutPricing,
    | 'plan'
    | 'subtotal_halalas'
    | 'discount_halalas'
    | 'fee_halalas'
    | 'home_collection_halalas'
    | 'promo_discount_halalas'
    | 'insurer_share_halalas'
  >,
  promoCode: string | null,
  walletHalalas: number,
) {
  return {
    plan: pricing.plan,
    subtotal: halalasToSar(pricing.subtotal_halalas),
    discount: halalasToSar(pricing.discount_halalas),
    promo_code: promoCode,
    promo_discount: halalasToSar(pricing.promo_discount_halalas),
    booking_fee: halalasToSar(pricing.fee_halalas),
    home_collection_fee: halalasToSar(pricing.home_collection_halalas),
    /** What the wallet paid of the total; the card paid the rest. */
    wallet_paid: halalasToSar(walletHalalas),
    /** What the person's insurer pays of the tests, off the total: the lab claims it (ADR 0099). */
    insurer_paid: halalasToSar(pricing.insurer_share_halalas),
  };
}

/** Later than any attempt: a pending checkout is never counted abandoned. */
const NEVER = new Date('9999-12-31T00:00:00Z');

/**
 * What Moyasar's payment form is configured with (its own keys): the browser creates the payment at
 * the gateway with them, so the card never reaches this server. `metadata.checkout_id` is how the
 * payment finds its checkout when it comes back.
 */
/**
 * The gateway form's configuration for the card's part of a checkout. The payment is given its id here
 * (Moyasar's `given_id`) and written down as expected before the browser makes it, so that every payment
 * of the checkout is known when the customer pays again after changing it (ADR 0095).
 */
async function paymentRequired(
  db: Kysely<Database>,
  payments: PaymentProvider,
  checkoutId: string,
  amount: number,
  publicUrl: string,
  now: Date,
) {
  const browser = payments.browser!;
  const givenId = crypto.randomUUID();
  await repo.expectGatewayPayment(db, { id: givenId, provider: payments.name, checkoutId, amount, currency: 'SAR' }, now);
  return {
    status: 'payment_required' as const,
    checkout_id: checkoutId,
    payment: {
      given_id: givenId,
      amount,
      currency: 'SAR',
      description: `Tahaleel checkout ${checkoutId}`,
      publishable_api_key: browser.publishableKey,
      callback_url: new URL('/payments/moyasar/callback', publicUrl).toString(),
      metadata: { checkout_id: checkoutId },
    },
    /** Where the browser posts the card: the gateway's API base (MOYASAR_API_URL). */
    gateway_url: browser.apiUrl,
  };
}

/**
 * THE step that turns a paid checkout's held seats into confirmed bookings, all or none, with their
 * mails, once its payment is known to be paid: the simulated payment right after charging, a gateway's
 * (Moyasar) when its callback or webhook has fetched the payment. Only the attempt begun at
 * `attemptedAt` may finish the checkout (confirm_paid_checkout raises ATTEMPT_SUPERSEDED_STATE
 * otherwise, and SLOT_UNAVAILABLE_STATE when a hold ran out and the seat was taken meanwhile).
 *
 * Everything a paid checkout writes is written by that one statement, in one round trip (issue #25):
 * the bookings and their mails, the simplified tax invoice and the lab ledger's rows. What else must
 * exist exactly when the bookings do is added there.
 */
export async function confirmPaidCheckout(
  db: Kysely<Database>,
  checkout: { id: string; customerId: string; attemptedAt: Date; paymentReference: string; priced: CheckoutPriced },
  seats: repo.Seat[],
  /** The seats' bookable offerings, for the mails (one withdrawn meanwhile has none, and its mail goes without it). */
  offerings: Map<number, repo.BookableLabTest>,
  /** The seats' offerings, withdrawn ones too, for the invoice and the ledger. */
  invoiced: Map<number, InvoicedOffering>,
  paidAt: Date,
  recipient: Recipient | null,
) {
  // The bookings' ids are chosen here so the mails, the invoice and the ledger can name them; one
  // statement writes them all, so a mail exists if and only if its booking does.
  const named = seats.map((seat) => ({ ...seat, booking_id: crypto.randomUUID() }));
  // The mails name the patient when it is a family member (read only when one is, and only with a recipient).
  const patients = recipient
    ? await namesOfMembers(
        db,
        checkout.customerId,
        seats.flatMap((seat) => (seat.family_member_id ? [seat.family_member_id] : [])),
      )
    : new Map<string, string>();
  const booked = named.map((seat) => ({
    id: seat.booking_id,
    lab_test_id: seat.lab_test_id,
    booking_time: new Date(seat.starts_at),
    collection: seat.collection,
    home_address: seat.home_address ?? null,
    patient_name: (seat.family_member_id && patients.get(seat.family_member_id)) || null,
  }));
  // A guest manages these bookings by the link in their mails until the last of them ends (ADR 0066).
  const guestLink = recipient?.guest ? await issueGuestLink(db, checkout.customerId, bookingsEnd(booked, offerings), paidAt) : null;
  // A visit of a series tells the whole series in its mail (issue #77 item 7): read only when there is a mail.
  const seriesIds = recipient ? await seriesOfHeldSeats(db, checkout.customerId, seats) : [];
  const series = seriesIds.length > 0 ? await seriesSummaries(db, checkout.customerId, paidAt, seriesIds) : [];
  const mails = bookingConfirmationMails(
    recipient && { id: checkout.customerId, ...recipient, guestLink },
    booked,
    offerings,
    paidAt,
    series,
  );
  // And to the customer's confirmed mobile number, its texts (issue #55).
  const texts = bookingConfirmationTexts(
    await checkoutTextRecipient(db, checkout.customerId),
    booked.map((row) => ({ ...row, lab: offerings.get(row.lab_test_id) })),
    paidAt,
  );
  const paid = named.map((seat) => {
    const offering = invoiced.get(seat.lab_test_id);
    if (!offering) throw new Error(`offering ${seat.lab_test_id} of checkout ${checkout.id} not found for its invoice`);
    return { ...seat, offering };
  });
  const written = {
    mails: JSON.stringify([...outboxRows(mails), ...bookingTextRowsJson(texts)]),
    invoice: checkoutInvoiceJson(checkout.priced, paid, paidAt),
    ledger: checkoutLedgerJson(checkout.priced, paid, paidAt),
  };
  const fromWallet = checkout.priced.wallet_halalas ?? 0;
  if (fromWallet === 0) return repo.confirmPaidCheckout(db, checkout, named, paidAt, written);
  // The wallet's part is drawn in the transaction that books: both, or neither. A wallet that holds less by
  // now (another checkout spent it, or it expired while the card was paid) books nothing.
  return db.transaction().execute(async (tx) => {
    const drawn = await spendFromWallet(
      tx,
      checkout.customerId,
      { amountHalalas: fromWallet, spendKey: checkoutSpendKey(checkout.id) },
      paidAt,
    );
    if (drawn < fromWallet) throw new AppError('WALLET_BALANCE_CHANGED');
    return repo.confirmPaidCheckout(tx, checkout, named, paidAt, written);
  });
}

/** A checkout's answer read back: its totals and its bookings with names. */
export async function checkoutResult(db: Kysely<Database>, checkoutId: string) {
  const [checkout, bookings] = await Promise.all([repo.findCheckoutTotals(db, checkoutId), repo.checkoutBookings(db, checkoutId)]);
  return {
    checkout_id: checkoutId,
    ...pricedAmounts(
      {
        plan: checkout.customer_plan as CheckoutPricing['plan'],
        subtotal_halalas: checkout.subtotal_halalas ?? checkout.total_halalas,
        discount_halalas: checkout.discount_halalas,
        fee_halalas: checkout.fee_halalas,
        home_collection_halalas: checkout.home_collection_fee_halalas,
        promo_discount_halalas: checkout.promo_discount_halalas,
        insurer_share_halalas: checkout.insurer_share_halalas,
      },
      checkout.promo_code,
      checkout.wallet_halalas,
    ),
    total_price: halalasToSar(checkout.total_halalas),
    vat: halalasToSar(checkout.vat_halalas),
    bookings: bookings.map(presentBooking),
  };
}

export function presentBooking(row: Awaited<ReturnType<ReturnType<typeof bookingsWithDetails>['execute']>>[number]) {
  const { total_price_halalas, booking_time, created_at, home_collection_fee_halalas, home_window_minutes, collector_left_at, ...rest } =
    row;
  const startsAt = new Date(booking_time);
  return {
    ...rest,
    booking_time: startsAt.toISOString(),
    /** When the lab said its collector set out for this home visit (null: not yet, or a visit to the lab). */
    collector_left_at: collector_left_at ? new Date(collector_left_at).toISOString() : null,
    /** A home collection's window ends here; null for a visit to the lab. */
    window_ends_at: row.collection === 'home' ? new Date(startsAt.getTime() + home_window_minutes * MINUTE).toISOString() : null,
    created_at: new Date(created_at).toISOString(),
    total_price: halalasToSar(total_price_halalas),
    /** The home visit's fee, on the booking of the visit that carries it (0 on the others and at the lab). */
    home_collection_fee: halalasToSar(home_collection_fee_halalas),
  };
}

/**
 * The customer's bookings, newest first; `paid` when a payment came with it, what it was `charged` and
 * what of it was `refunded` (SAR); `patient_name` names the family member a booking is for (null: the
 * account holder).
 */
export async function myBookings(db: Kysely<Database>, customerId: string) {
  const rows = await repo.customerBookings(db, customerId);
  return rows.map(
    ({
      series_id,
      series_visit,
      series_visits,
      every_months,
      refunded_halalas,
      rescheduled_at,
      patient_name,
      payment_reference,
      customer_plan,
      checkout_fee_halalas,
      checkout_discount_halalas,
      ...row
    }) => ({
      ...presentBooking(row),
      patient_name,
      paid: Boolean(row.paid),
      /** What it was charged, fees and the home visit it carries included: the figure the card, cancel dialog and refund agree on. */
      charged: halalasToSar(chargeOf({ ...row, payment_reference, customer_plan, checkout_fee_halalas, checkout_discount_halalas })),
      refunded: halalasToSar(Number(refunded_halalas ?? 0)),
      rescheduled_at: rescheduled_at && new Date(rescheduled_at).toISOString(),
      /** The series of visits it is one of (issue #58): which, its place and how many, how often; null alone. */
      series:
        series_id && series_visit && series_visits && every_months
          ? { id: series_id, visit: series_visit, visits: series_visits, every_months }
          : null,
    }),
  );
}

/** The offerings of a gateway-paid checkout's seats, for its confirmation mails. */
export async function offeringsOf(db: Kysely<Database>, labTestIds: number[]) {
  const offerings = new Map<number, repo.BookableLabTest>();
  for (const id of new Set(labTestIds)) {
    // An offering withdrawn while the customer paid still has its booking; its mail just goes without it.
    const offering = await bookableOffering(db, id).catch(() => null);
    if (offering) offerings.set(id, offering);
  }
  return offerings;
}

type BookingForCancel = NonNullable<Awaited<ReturnType<typeof repo.lockBookingForCancel>>>;

type ChargedBooking = Pick<
  BookingForCancel,
  | 'payment_reference'
  | 'total_price_halalas'
  | 'customer_plan'
  | 'checkout_fee_halalas'
  | 'checkout_discount_halalas'
  | 'home_collection_fee_halalas'
  | 'promo_discount_halalas'
  | 'insurer_share_halalas'
>;

/**
 * What the test added to its checkout's charge, in halalas: its price less the plan's discount and its
 * share of a promo code's and what its insurer pays (ADR 0099), plus its booking fee (a checkout from before fees charged the price alone).
 */
function testShareOf(booking: ChargedBooking): number {
  const priced = Number(booking.checkout_fee_halalas ?? 0) > 0 || Number(booking.checkout_discount_halalas ?? 0) > 0;
  const beforePromo =
    priced && booking.customer_plan
      ? priceCheckout(booking.customer_plan, [booking.total_price_halalas]).items[0]!.total_halalas
      : booking.total_price_halalas;
  return beforePromo - booking.promo_discount_halalas - booking.insurer_share_halalas;
}

/** What the booking was charged: its test's share and the home visit's fee it carries; nothing if nobody paid. */
function chargeOf(booking: ChargedBooking): number {
  return booking.payment_reference ? testShareOf(booking) + booking.home_collection_fee_halalas : 0;
}

/**
 * What cancelling the booking at `now` means, by the one rule (src/shared/cancellation.ts): what it was
 * charged, what comes back, and whether its home visit's fee stays with the visit because another of its
 * tests is still booked (the nurse still comes: the fee passes to that booking, `heir`).
 */
async function cancellationOf(db: Kysely<Database>, booking: BookingForCancel, now: Date) {
  const heir = booking.home_collection_fee_halalas > 0 ? await repo.homeVisitHeir(db, booking) : undefined;
  const visitFee = heir ? 0 : booking.home_collection_fee_halalas;
  const paid = booking.payment_reference ? testShareOf(booking) + visitFee : 0;
  return { charged: chargeOf(booking), paid, visitFee, heir, terms: cancellationTerms(paid, booking.booking_time, now) };
}

/** What the cancel dialog says before the customer confirms: computed as the cancellation itself refunds. */
export async function cancellationQuote(db: Kysely<Database>, customerId: string, bookingId: string, now = new Date()) {
  const booking = await repo.bookingForCancel(db, bookingId).executeTakeFirst();
  if (!booking || booking.customer_id !== customerId) throw new AppError('NOT_FOUND', { entity: 'booking' });
  if (booking.status !== 'confirmed') throw new AppError('CONFLICT', { status: booking.status });
  const { charged, paid, heir, terms } = await cancellationOf(db, booking, now);
  const refund = await refundSplit(db, booking, terms.refundHalalas);
  return {
    cancellable: terms.cancellable,
    paid: booking.payment_reference !== null,
    /** What this booking was charged, its home visit's fee included. */
    charged: halalasToSar(charged),
    /** Of it, what a cancellation now gives back, and as a share of what it would return in full. */
    refund: halalasToSar(terms.refundHalalas),
    /** Of the refund, what goes back to the wallet that paid part of the checkout; the rest to the card. */
    refund_to_wallet: halalasToSar(refund.walletHalalas),
    refundable: halalasToSar(paid),
    percent: terms.percent,
    /** The home visit's fee stays with the visit's other tests, still booked. */
    home_visit_fee_kept: heir !== undefined ? halalasToSar(booking.home_collection_fee_halalas) : 0,
  };
}

/**
 * The customer's own upcoming booking, while the cancellation rule allows (src/shared/cancellation.ts);
 * the seat goes back to the lab and what the rule says is refunded to the payment. The refund is asked
 * of the gateway under the booking's row lock, so a booking is refunded once, and a refund the gateway
 * refuses leaves the booking as it was (REFUND_FAILED).
 */
export async function cancelBooking(
  db: Kysely<Database>,
  customerId: string,
  bookingId: string,
  now = new Date(),
  payments?: PaymentProvider,
) {
  return db.transaction().execute(async (tx) => {
    // The bookings of one home visit are cancelled one at a time (their checkout's row lock, taken before
    // any booking's), so the visit's fee is passed on or given back exactly once.
    await repo.lockHomeVisitCheckout(tx, bookingId);
    const booking = await repo.lockBookingForCancel(tx, bookingId);
    // Someone else's booking looks exactly like a missing one.
    if (!booking || booking.customer_id !== customerId) throw new AppError('NOT_FOUND', { entity: 'booking' });
    if (booking.status !== 'confirmed') throw new AppError('CONFLICT', { status: booking.status });
    const { terms, paid, visitFee, heir } = await cancellationOf(tx, booking, now);
    if (!terms.cancellable) throw new AppError('CANCEL_WINDOW_PASSED');
    // A checkout paid partly from the wallet gets its refund back where the money came from, in the
    // proportion each paid (the wallet's lots are locked before any seat, as a checkout's confirmation locks them).
    const refund = await refundSplit(tx, booking, terms.refundHalalas);
    if (refund.walletHalalas > 0) {
      await refundToWallet(tx, booking.customer_id, checkoutSpendKey(booking.checkout_id!), now, {
        key: bookingId,
        amountHalalas: refund.walletHalalas,
      });
    }
    if (heir) await repo.passHomeVisitFee(tx, booking, heir);
    await repo.giveBackSeat(tx, booking.lab_id, booking.collection, booking.booking_time);
    await repo.markBookingCancelled(tx, bookingId, now);
    await mailBookingCancelled(tx, bookingId);
    await textBookingCancelled(tx, bookingId);
    if (terms.refundHalalas > 0 && booking.payment_reference) {
      // The refund gets a credit note referring to the checkout's invoice (the refund rule has one tier,
      // 100%, today: a partial tier would pass its amount here).
      if (booking.checkout_id) await issueBookingCreditNote(tx, bookingId, now);
      // The lab's share goes back in the ledger as much as the customer's money does (ADR 0041).
      await reverseBookingLedger(tx, bookingId, now, { share: terms.refundHalalas / paid, homeVisitBack: visitFee });
      await repo.recordRefund(tx, {
        paymentReference: booking.payment_reference,
        bookingId,
        amount: terms.refundHalalas,
        reason: 'cancellation',
        walletHalalas: refund.walletHalalas,
      });
      if (refund.cardHalalas > 0) {
        await repo.addRefunded(tx, booking.payment_reference, refund.cardHalalas, now);
        // Last, so that the gateway is asked only when everything else is written (and rolled back if it refuses).
        try {
          await payments?.refund(booking.payment_reference, refund.cardHalalas);
        } catch {
          throw new AppError('REFUND_FAILED');
        }
      }
    }
    return {
      cancelled: true as const,
      refund: halalasToSar(terms.refundHalalas),
      refund_percent: terms.percent,
      /** Of the refund, what went back to the wallet; the rest goes to the card. */
      refund_to_wallet: halalasToSar(refund.walletHalalas),
    };
  });
}

/** How a cancellation's refund splits between the wallet and the card (all to the card when the wallet paid nothing). */
async function refundSplit(db: Kysely<Database>, booking: BookingForCancel, amount: number) {
  const wallet = booking.checkout_wallet_halalas ?? 0;
  if (amount <= 0 || !booking.payment_reference || wallet === 0) return { walletHalalas: 0, cardHalalas: amount };
  return splitRefund(
    { walletHalalas: wallet, totalHalalas: booking.checkout_total_halalas ?? amount },
    await repo.refundedOfPayment(db, booking.payment_reference),
    amount,
  );
}

/**
 * Moves the customer's own confirmed booking to another slot of the same lab test, up to
 * CANCEL_BEFORE_HOURS before its present time (the cancellation rule). One transaction: the booking row
 * is locked, the new seat taken under the capacity rule and the old one given back (move_booked_seat),
 * the time changed and the updated confirmation mailed. A full slot, or one taken meanwhile, is
 * SLOT_UNAVAILABLE and changes nothing; a time its patient already has this test at, ALREADY_BOOKED.
 */
export async function rescheduleBooking(
  db: Kysely<Database>,
  customerId: string,
  bookingId: string,
  bookingTime: string,
  now = new Date(),
) {
  const startsAt = new Date(bookingTime);
  await db.transaction().execute(async (tx) => {
    const booking = await repo.lockBookingForChange(tx, bookingId);
    // Someone else's booking looks exactly like a missing one.
    if (!booking || booking.customer_id !== customerId) throw new AppError('NOT_FOUND', { entity: 'booking' });
    if (booking.status !== 'confirmed') throw new AppError('CONFLICT', { status: booking.status });
    if (!canChangeBooking(booking.booking_time, now)) throw new AppError('RESCHEDULE_WINDOW_PASSED');
    const offering = await repo.findBookableLabTest(tx, booking.lab_test_id);
    if (!offering) throw new AppError('NOT_FOUND', { entity: 'labTest' });
    // A home collection moves to another of the lab's windows, while the lab still collects at home.
    if (booking.collection === 'home' && offering.home_collection_fee_halalas === null) throw new AppError('HOME_COLLECTION_UNAVAILABLE');
    assertIsSlot(offering, booking.collection, startsAt, now);
    if (startsAt.getTime() === booking.booking_time.getTime()) return;
    const capacity = booking.collection === 'home' ? offering.home_window_capacity : offering.slot_capacity;
    const seat: RequestedSeat = {
      lab_id: offering.lab_id,
      lab_test_id: offering.id,
      collection: booking.collection,
      starts_at: startsAt.toISOString(),
      capacity,
      price_halalas: offering.price_halalas,
      family_member_id: booking.family_member_id,
      bookingTime,
    };
    const offerings = new Map([[offering.id, offering]]);
    // Not onto a time its patient already has this test at (ADR 0064), decided under the customer's lock.
    await takingSeats([seat], offerings, () =>
      repo.assertPersonSeatFree(
        tx,
        customerId,
        { lab_test_id: seat.lab_test_id, starts_at: seat.starts_at, family_member_id: booking.family_member_id },
        new Date(now.getTime() - HOLD_MINUTES * MINUTE),
      ),
    );
    await takingSeats([seat], offerings, () =>
      repo.moveBookedSeat(tx, {
        customerId,
        labId: offering.lab_id,
        collection: booking.collection,
        from: booking.booking_time,
        to: startsAt,
        capacity,
        now,
      }),
    );
    await repo.moveBooking(tx, bookingId, startsAt, now, booking.reschedule_count + 1);
    // A home visit joins the new window's round and its lab's day of rounds (ADR 0076), decided under the lab's home
    // round lock, which the move took.
    if (booking.collection === 'home' && booking.home_latitude !== null && booking.home_longitude !== null) {
      const home = { latitude: booking.home_latitude, longitude: booking.home_longitude };
      const fits = await repo.homeRoundStarts(tx, customerId, homeRoundOf(offering, offering.lab_id, home), [startsAt], now);
      if (fits.length === 0) throw new AppError('SLOT_UNAVAILABLE', { labTestId: seat.lab_test_id, bookingTime });
    }
    await mailBookingRescheduled(tx, bookingId, now);
    await textBookingRescheduled(tx, bookingId, now);
  });
  const row = await repo.bookingWithDetails(db, bookingId);
  return presentBooking(row);
}
