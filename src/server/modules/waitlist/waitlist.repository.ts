import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The states in which an entry is on the list: waiting for a seat, or offered one. */
const LIVE = ['waiting', 'offered'] as const;

export interface NewEntry {
  customerId: string;
  labId: string;
  labTestId: number;
  onDate: string;
  windowFrom: string | null;
  windowUntil: string | null;
}

/** The new entry's id, or, when the customer already waits for this test on that day, that entry's (as it was). */
export async function insertEntry(db: Db, entry: NewEntry): Promise<string> {
  const row = await db
    .insertInto('waitlist_entries')
    .values({
      customer_id: entry.customerId,
      lab_id: entry.labId,
      lab_test_id: entry.labTestId,
      on_date: entry.onDate,
      window_from: entry.windowFrom,
      window_until: entry.windowUntil,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['customer_id', 'lab_test_id', 'on_date'])
        .where('status', 'in', [...LIVE])
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  const live = await db
    .selectFrom('waitlist_entries')
    .select('id')
    .where('customer_id', '=', entry.customerId)
    .where('lab_test_id', '=', entry.labTestId)
    .where(sql<boolean>`on_date = ${entry.onDate}::date`)
    .where('status', 'in', [...LIVE])
    .executeTakeFirstOrThrow();
  return live.id;
}

/**
 * The one lock under which a lab's waitlist is offered seats, so that entries are served in their order
 * and an instance's round never meets another's halfway. Held until the transaction ends.
 */
export async function lockLabWaitlist(tx: Transaction<Database>, labId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`waitlist:lab:${labId}`}))`.execute(tx);
}

/**
 * Ends what is over on the lab's list: an entry whose customer has booked that test on that day since
 * joining is `booked`; an offer past its time, whose seat the customer does not still hold (in a cart, or
 * a checkout being paid), `lapsed`; an entry for a day gone by, `ended`.
 */
export async function settleEntries(tx: Transaction<Database>, labId: string, today: string, now: Date) {
  await sql`
    update waitlist_entries w set status = 'booked', ended_at = ${now}
      from labs l
     where l.id = w.lab_id and w.lab_id = ${labId} and w.status in ('waiting', 'offered')
       and exists (select 1 from bookings b
                    where b.customer_id = w.customer_id and b.lab_test_id = w.lab_test_id and b.status <> 'cancelled'
                      and b.created_at >= w.created_at and (b.booking_time at time zone l.time_zone)::date = w.on_date)`.execute(tx);
  await sql`
    update waitlist_entries w set status = 'lapsed', ended_at = ${now}
     where w.lab_id = ${labId} and w.status = 'offered' and w.offer_expires_at <= ${now}
       and not exists (select 1 from slot_holds h
                        where h.holder_id = w.customer_id and h.lab_test_id = w.lab_test_id and h.collection = 'lab'
                          and h.starts_at = w.offered_starts_at and h.expires_at > ${now})`.execute(tx);
  await tx
    .updateTable('waitlist_entries')
    .set({ status: 'ended', ended_at: now })
    .where('lab_id', '=', labId)
    .where('status', 'in', [...LIVE])
    .where(sql<boolean>`on_date < ${today}::date`)
    .execute();
}

/** The lab's entries waiting for a seat, in the order they joined, with where to mail an offer. */
export function waitingEntries(tx: Transaction<Database>, labId: string) {
  return tx
    .selectFrom('waitlist_entries')
    .select(['id', 'customer_id', 'lab_test_id', sql<string>`on_date::text`.as('on_date'), 'window_from', 'window_until'])
    .where('lab_id', '=', labId)
    .where('status', '=', 'waiting')
    .orderBy('position')
    .execute();
}

export async function markOffered(tx: Transaction<Database>, entryId: string, startsAt: Date, expiresAt: Date) {
  await tx
    .updateTable('waitlist_entries')
    .set({ status: 'offered', offered_starts_at: startsAt, offer_expires_at: expiresAt })
    .where('id', '=', entryId)
    .execute();
}

/** The labs whose waitlists have entries on them: those a round looks at. */
export async function labsWithLiveEntries(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select('lab_id')
    .distinct()
    .where('status', 'in', [...LIVE])
    .execute();
  return rows.map((row) => row.lab_id);
}

/** Takes the customer's live entry off the list; what it was (its lab, and its offer if any), or undefined. */
export function leaveEntry(tx: Transaction<Database>, customerId: string, entryId: string, now: Date) {
  return tx
    .updateTable('waitlist_entries')
    .set({ status: 'left', ended_at: now })
    .where('id', '=', entryId)
    .where('customer_id', '=', customerId)
    .where('status', 'in', [...LIVE])
    .returning(['lab_id', 'lab_test_id', 'offered_starts_at', 'offer_expires_at'])
    .executeTakeFirst();
}

/** Lets go of an offer's hold as the offer made it (a hold the customer extended, putting it in the cart, stays theirs). */
export async function dropOfferHold(
  tx: Transaction<Database>,
  offer: { customerId: string; labTestId: number; startsAt: Date; expiresAt: Date },
) {
  await tx
    .deleteFrom('slot_holds')
    .where('holder_id', '=', offer.customerId)
    .where('lab_test_id', '=', offer.labTestId)
    .where('collection', '=', 'lab')
    .where('starts_at', '=', offer.startsAt)
    .where('expires_at', '=', offer.expiresAt)
    .execute();
}

/** What the customer and the lab both read of an entry: its day and window, its offer, its test. */
const entryColumns = [
  'w.id',
  'w.status',
  sql<string>`w.on_date::text`.as('on_date'),
  'w.window_from',
  'w.window_until',
  'w.offered_starts_at',
  'w.offer_expires_at',
  'w.lab_test_id',
  't.name_ar as test_name_ar',
  't.name_en as test_name_en',
] as const;

/**
 * The customer's entries: those on the list, and those ended in the last `recentDays` (so an offer that
 * passed, or a seat booked from it, is still told), soonest day first, with their test and lab.
 */
export function customerEntries(db: Db, customerId: string, endedSince: Date) {
  return db
    .selectFrom('waitlist_entries as w')
    .innerJoin('lab_tests as lt', 'lt.id', 'w.lab_test_id')
    .innerJoin('tests as t', 't.id', 'lt.test_id')
    .innerJoin('labs as l', 'l.id', 'w.lab_id')
    .select([...entryColumns, 'w.created_at', 'w.lab_id', 'lt.price_halalas', 'l.lab_name_ar', 'l.lab_name_en', 'l.time_zone'])
    .where('w.customer_id', '=', customerId)
    .where((eb) => eb.or([eb('w.status', 'in', [...LIVE]), eb('w.ended_at', '>=', endedSince)]))
    .orderBy('w.on_date')
    .orderBy('w.position')
    .execute();
}

/**
 * A lab's entries for its own tests on the days `from` to `until` (its calendar), in the order of joining:
 * those on the list, and those that ended in a booking or an offer let pass (not those left, nor days
 * over). Each with its place among the live entries for its test and day, and only what a lab may know of
 * someone who has not booked with it: the first word of their name, and whether their mobile number is
 * confirmed (never the number, the e-mail or the full name, which stay in the database).
 */
export function labEntries(db: Db, labId: string, from: string, until: string) {
  return db
    .selectFrom('waitlist_entries as w')
    .innerJoin('lab_tests as lt', 'lt.id', 'w.lab_test_id')
    .innerJoin('tests as t', 't.id', 'lt.test_id')
    .innerJoin('user_profiles as p', 'p.id', 'w.customer_id')
    .innerJoin('users as u', 'u.id', 'w.customer_id')
    .select([
      ...entryColumns,
      sql<string>`split_part(regexp_replace(btrim(p.name), '\\s+', ' ', 'g'), ' ', 1)`.as('first_name'),
      sql<boolean>`u.phone_verified_at is not null`.as('phone_confirmed'),
      sql<number | null>`case when w.status in ('waiting', 'offered') then
        (row_number() over (partition by w.lab_test_id, w.on_date, w.status in ('waiting', 'offered') order by w.position))::int end`.as(
        'place',
      ),
    ])
    .where('w.lab_id', '=', labId)
    .where('lt.lab_id', '=', labId)
    .where('w.status', 'in', [...LIVE, 'booked', 'lapsed'])
    .where(sql<boolean>`w.on_date between ${from}::date and ${until}::date`)
    .orderBy('w.on_date')
    .orderBy('w.position')
    .execute();
}

/** The lab's time zone, which its days are counted in; undefined for no such lab. */
export function findLabTimeZone(db: Db, labId: string) {
  return db.selectFrom('labs').select('time_zone').where('id', '=', labId).executeTakeFirst();
}

/** A savepoint before one offer's hold, so a refused hold undoes only itself. */
export async function openOfferSavepoint(tx: Transaction<Database>) {
  await sql`savepoint waitlist_offer`.execute(tx);
}

export async function releaseOfferSavepoint(tx: Transaction<Database>) {
  await sql`release savepoint waitlist_offer`.execute(tx);
}

export async function rollBackToOfferSavepoint(tx: Transaction<Database>) {
  await sql`rollback to savepoint waitlist_offer`.execute(tx);
}
