import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar } from '../../../shared/money.ts';
import { todayIn, zonedParts } from '../../../shared/time.ts';
import type { JoinWaitlistInput } from '../../../shared/waitlist-schemas.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { startRounds } from '../../platform/rounds.ts';
import * as booking from '../booking/booking.service.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { inQuietHours, textAccount, withdrawTexts } from '../phone/phone-messages.service.ts';
import * as repo from './waitlist.repository.ts';

// The waitlist (issue #58, ADR 0069). A customer waits for a seat of a lab's test on a full day, at any
// time or between two times. A round (offerSeats) looks at a lab's list in the order people joined: the
// first entry a free seat suits is offered it, as a hold of the seat for OFFER_MINUTES, a mail and a text. The
// hold is what makes an offer exclusive: the capacity rule counts it like any other, so a seat is never
// offered twice, nor taken by someone else meanwhile. An offer not taken in time lapses, and the next
// round offers the seat to the next entry. Rounds run every ROUND_MS on each instance, one lab at a time
// under the lab's lock; a seat freed by a cancellation, a move, an expired hold or a lapsed offer is all
// the same to them.

/** How long a seat offered from the waitlist is kept for the person it is offered to. */
export const OFFER_MINUTES = 15;
/** How often each instance offers freed seats. */
export const ROUND_MS = 15_000;
/** How long an entry that ended (booked, lapsed, left, over) is still shown to its customer. */
const SHOWN_AFTER_END_DAYS = 7;
/** Where an offer's mail takes the customer: their bookings, where the offer is (outbox links may be paths). */
const WAITLIST_PAGE = '/dashboard?section=bookings';

const MINUTE = 60_000;

/** Whether a time of the lab's day (HH:MM) falls in an entry's window (none: the whole day). */
function inWindow(time: string, window: { from: string | null; until: string | null }): boolean {
  const clock = time.slice(0, 5);
  return window.from === null || window.until === null || (clock >= window.from.slice(0, 5) && clock < window.until.slice(0, 5));
}

/**
 * Puts a signed-up customer on the waitlist for a test at a lab on a day of its calendar: only for a day
 * (and window) in which the lab has times for the test and none of them is free (else it is booked, not
 * waited for: WAITLIST_TIMES_FREE), once per test and day: joining again answers the entry there is,
 * its place and hours kept.
 */
export async function joinWaitlist(
  db: Kysely<Database>,
  customer: { id: string; is_anonymous: boolean },
  input: JoinWaitlistInput,
  now = new Date(),
) {
  // An offer comes by mail to an account the customer signs in to: a guest signs up first.
  if (customer.is_anonymous) throw new AppError('FORBIDDEN');
  const offering = await booking.findBookableOffering(db, input.labTestId);
  if (!offering) throw new AppError('NOT_FOUND', { entity: 'labTest' });
  const window = { from: input.window?.from ?? null, until: input.window?.until ?? null };
  const { starts } = await booking.slotStartsOn(db, offering.lab_id, input.date, now, offering.id);
  if (!starts.some((startsAt) => inWindow(zonedParts(startsAt, offering.time_zone).time, window))) {
    throw new AppError('WAITLIST_NO_TIMES');
  }
  const free = await booking.availableSlots(db, offering.lab_id, input.date, customer.id, now, offering.id);
  if (free.some((slot) => inWindow(slot.slot_time, window))) throw new AppError('WAITLIST_TIMES_FREE');
  const id = await repo.insertEntry(db, {
    customerId: customer.id,
    labId: offering.lab_id,
    labTestId: offering.id,
    onDate: input.date,
    windowFrom: window.from,
    windowUntil: window.until,
  });
  return { id };
}

/**
 * Whether the waitlist is open for a test on a day of its lab's calendar: the lab has times for it that day
 * and none is free for the viewer. With the day's times (HH:MM, each start and its end), to choose hours from.
 */
export async function waitlistDay(db: Kysely<Database>, labTestId: number, date: string, viewerId: string | null, now = new Date()) {
  const offering = await booking.findBookableOffering(db, labTestId);
  if (!offering) throw new AppError('NOT_FOUND', { entity: 'labTest' });
  const { starts } = await booking.slotStartsOn(db, offering.lab_id, date, now, offering.id);
  const free = starts.length > 0 ? await booking.availableSlots(db, offering.lab_id, date, viewerId, now, offering.id) : [];
  const clock = (instant: Date) => zonedParts(instant, offering.time_zone).time.slice(0, 5);
  return {
    open: starts.length > 0 && free.length === 0,
    times: starts.map((startsAt) => ({
      starts: clock(startsAt),
      ends: clock(new Date(startsAt.getTime() + offering.slot_minutes * MINUTE)),
    })),
  };
}

/** Takes the customer's entry off the list in one step; a seat it was offered goes to the next at once. */
export async function leaveWaitlist(db: Kysely<Database>, customerId: string, entryId: string, now = new Date()) {
  const left = await db.transaction().execute(async (tx) => {
    const entry = await repo.leaveEntry(tx, customerId, entryId, now);
    if (!entry) throw new AppError('NOT_FOUND', { entity: 'waitlistEntry' });
    if (entry.offered_starts_at && entry.offer_expires_at) {
      // A text of the offer not yet sent is not sent now.
      await withdrawTexts(tx, offerKey(entryId, entry.offered_starts_at));
      await repo.dropOfferHold(tx, {
        customerId,
        labTestId: entry.lab_test_id,
        startsAt: entry.offered_starts_at,
        expiresAt: entry.offer_expires_at,
      });
    }
    return entry;
  });
  if (left.offered_starts_at) await offerSeats(db, left.lab_id, now);
  return { left: true as const };
}

/**
 * One round for a lab: ends what is over, then offers each free seat to the first entry waiting that it
 * suits (its test, day and window, and the lab's rules for that test: fasting, notice). Answers how many
 * offers it made.
 */
export async function offerSeats(db: Kysely<Database>, labId: string, now = new Date()): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await repo.lockLabWaitlist(tx, labId);
    const offering = await repo.findLabTimeZone(tx, labId);
    if (!offering) return 0;
    await repo.settleEntries(tx, labId, todayIn(offering.time_zone, now), now);
    let offers = 0;
    for (const entry of await repo.waitingEntries(tx, labId)) {
      // A test the lab no longer sells, or a lab no longer approved, offers nothing (its entries end with the day).
      const free = await booking
        .availableSlots(tx, labId, entry.on_date, entry.customer_id, now, entry.lab_test_id)
        .catch((error: unknown) => {
          if (error instanceof AppError) return [];
          throw error;
        });
      const suitable = free.filter((slot) => inWindow(slot.slot_time, { from: entry.window_from, until: entry.window_until }));
      for (const slot of suitable) {
        const startsAt = new Date(slot.starts_at);
        const expiresAt = new Date(now.getTime() + OFFER_MINUTES * MINUTE);
        // Taken meanwhile (a customer on the page, not under this lock), or not theirs to hold (they have
        // this test at this time already, or as many holds as they may): the next free seat, if any.
        if (!(await heldInSavepoint(tx, () => booking.holdOfferedSeat(tx, entry.customer_id, entry.lab_test_id, startsAt, now, expiresAt))))
          continue;
        await repo.markOffered(tx, entry.id, startsAt, expiresAt);
        await tellOffer(tx, entry, startsAt, expiresAt, now);
        offers += 1;
        break;
      }
    }
    return offers;
  });
}

/** Runs `hold` in a savepoint: a seat function's refusal rolls back to it and answers false, the transaction going on. */
async function heldInSavepoint(tx: Transaction<Database>, hold: () => Promise<void>): Promise<boolean> {
  await repo.openOfferSavepoint(tx);
  try {
    await hold();
    await repo.releaseOfferSavepoint(tx);
    return true;
  } catch (error) {
    await repo.rollBackToOfferSavepoint(tx);
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Where an offer's mail and text are kept: one of each per entry and seat. */
const offerKey = (entryId: string, startsAt: Date) => `waitlist-offer:${entryId}:${startsAt.toISOString()}`;

/**
 * Tells the customer of an offer: by mail, and by text where they have a confirmed number and take booking
 * messages by text, unless it is quiet hours on the lab's clock (the seat is held for minutes, not until morning).
 */
async function tellOffer(
  tx: Transaction<Database>,
  entry: { id: string; customer_id: string; lab_test_id: number },
  startsAt: Date,
  expiresAt: Date,
  now: Date,
) {
  const offering = await booking.findBookableOffering(tx, entry.lab_test_id);
  if (!offering) return;
  const labName = { ar: offering.lab_name_ar, en: offering.lab_name_en };
  if (!inQuietHours(now, offering.time_zone)) {
    await textAccount(
      tx,
      entry.customer_id,
      {
        template: 'waitlist-offer',
        data: {
          labName,
          startsAt: startsAt.toISOString(),
          timeZone: offering.time_zone,
          minutes: offering.slot_minutes,
          heldUntil: expiresAt.toISOString(),
        },
      },
      offerKey(entry.id, startsAt),
    );
  }
  const recipient = await recipientOf(tx, entry.customer_id);
  if (!recipient) return;
  await enqueueMail(tx, {
    to: recipient.email,
    locale: recipient.locale,
    userId: entry.customer_id,
    dedupeKey: offerKey(entry.id, startsAt),
    message: {
      template: 'waitlist-offer',
      data: {
        name: recipient.name,
        labName,
        startsAt: startsAt.toISOString(),
        slotMinutes: offering.slot_minutes,
        timeZone: offering.time_zone,
        heldUntil: expiresAt.toISOString(),
        link: WAITLIST_PAGE,
      },
    },
  });
}

/** A round for every lab with entries on its list: what each instance runs every ROUND_MS. */
export async function offerFreedSeats(db: Kysely<Database>, now = new Date()): Promise<number> {
  let offers = 0;
  for (const labId of await repo.labsWithLiveEntries(db)) offers += await offerSeats(db, labId, now);
  return offers;
}

/** Runs `offerFreedSeats` in this server process every `everyMs` until stopped. */
export function startWaitlistOffers(deps: { db: Kysely<Database>; log: Logger }, everyMs = ROUND_MS) {
  return startRounds(
    () => offerFreedSeats(deps.db),
    everyMs,
    (error) => deps.log.error({ err: error }, 'waitlist offers failed'),
  );
}

/**
 * The customer's waitlist: entries on it, and those ended lately (an offer let pass, the list left, the day
 * over), each with its test, lab and offer. An entry that ended in a booking is not: the booking is in their
 * bookings from the moment it is paid (issue #77 items 5 and 19).
 */
export async function myWaitlist(db: Kysely<Database>, customerId: string, now = new Date()) {
  const rows = await repo.customerEntries(db, customerId, new Date(now.getTime() - SHOWN_AFTER_END_DAYS * 24 * 60 * MINUTE));
  return rows
    .filter((row) => row.status !== 'booked')
    .map((row) => ({
      id: row.id,
      status: row.status as 'waiting' | 'offered' | 'lapsed' | 'left' | 'ended',
      /** A day of the lab's calendar, and the hours on its clock (null: any time that day). */
      date: row.on_date,
      window: row.window_from && row.window_until ? { from: row.window_from.slice(0, 5), until: row.window_until.slice(0, 5) } : null,
      /** The seat offered and until when it is kept; shown while `offered`, and after, for what passed. */
      offer:
        row.offered_starts_at && row.offer_expires_at
          ? { starts_at: new Date(row.offered_starts_at).toISOString(), held_until: new Date(row.offer_expires_at).toISOString() }
          : null,
      lab_id: row.lab_id,
      lab_test_id: row.lab_test_id,
      test_name_ar: row.test_name_ar,
      test_name_en: row.test_name_en,
      lab_name_ar: row.lab_name_ar,
      lab_name_en: row.lab_name_en,
      price: halalasToSar(row.price_halalas),
      time_zone: row.time_zone,
    }));
}

/** Every entry the customer has had, for their data export: which test, lab and day, the hours, and what became of it. */
export async function exportWaitlist(db: Kysely<Database>, customerId: string) {
  return (await repo.customerEntries(db, customerId, new Date(0))).map((entry) => ({
    id: entry.id,
    test_name_ar: entry.test_name_ar,
    test_name_en: entry.test_name_en,
    lab_name_ar: entry.lab_name_ar,
    lab_name_en: entry.lab_name_en,
    date: entry.on_date,
    window: entry.window_from && entry.window_until ? { from: entry.window_from.slice(0, 5), until: entry.window_until.slice(0, 5) } : null,
    status: entry.status,
    offered_starts_at: entry.offered_starts_at && new Date(entry.offered_starts_at).toISOString(),
    offer_expires_at: entry.offer_expires_at && new Date(entry.offer_expires_at).toISOString(),
    created_at: new Date(entry.created_at).toISOString(),
  }));
}

/** How many days of its calendar the lab's waitlist shows, from the first asked for. */
const LAB_WAITLIST_DAYS = 14;

/** The day `days` after a day of a calendar (YYYY-MM-DD). */
function dayAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * 60 * MINUTE).toISOString().slice(0, 10);
}

/**
 * Who waits at the lab (its own tests only), for LAB_WAITLIST_DAYS days from `from` (default: today on the
 * lab's clock), by day: each entry's test, hours, place in line for its test and day, and what became of it
 * (waiting, offered until when, booked, offer passed), with the customer's first name and whether their
 * mobile number is confirmed: no more, since they have not booked with the lab. Per day, how many are on the
 * list. Days without entries are left out.
 */
export async function labWaitlist(db: Kysely<Database>, labId: string, from: string | undefined, now = new Date()) {
  const lab = await repo.findLabTimeZone(db, labId);
  if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
  const first = from ?? todayIn(lab.time_zone, now);
  const last = dayAfter(first, LAB_WAITLIST_DAYS - 1);
  const days = new Map<string, { date: string; count: number; entries: LabWaitlistEntry[] }>();
  for (const row of await repo.labEntries(db, labId, first, last)) {
    const day = days.get(row.on_date) ?? { date: row.on_date, count: 0, entries: [] };
    days.set(row.on_date, day);
    const status = row.status as LabWaitlistEntry['status'];
    if (status === 'waiting' || status === 'offered') day.count += 1;
    day.entries.push({
      id: row.id,
      lab_test_id: row.lab_test_id,
      test_name_ar: row.test_name_ar,
      test_name_en: row.test_name_en,
      window: row.window_from && row.window_until ? { from: row.window_from.slice(0, 5), until: row.window_until.slice(0, 5) } : null,
      place: row.place,
      status,
      offer:
        status === 'offered' && row.offered_starts_at && row.offer_expires_at
          ? { starts_at: new Date(row.offered_starts_at).toISOString(), held_until: new Date(row.offer_expires_at).toISOString() }
          : null,
      first_name: row.first_name,
      phone_confirmed: row.phone_confirmed,
    });
  }
  return { from: first, until: last, time_zone: lab.time_zone, days: [...days.values()] };
}

interface LabWaitlistEntry {
  id: string;
  lab_test_id: number;
  test_name_ar: string;
  test_name_en: string;
  /** The hours on the lab's clock the customer can come in (null: any time that day). */
  window: { from: string; until: string } | null;
  /** Their place in line for this test on this day, among those still on the list (null once booked or passed). */
  place: number | null;
  status: 'waiting' | 'offered' | 'booked' | 'lapsed';
  /** The time held for them and until when, while it is offered. */
  offer: { starts_at: string; held_until: string } | null;
  first_name: string;
  phone_confirmed: boolean;
}
