import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { todayIn, zonedTimeToInstant } from '../src/shared/time.ts';
import { deterministicUuid } from './deterministic.ts';
import { ledgerRowsFor } from './reviews.ts';

type Tx = Transaction<Database>;
type Count = (table: string, rows: number) => void;
type InsertUser = (
  tx: Tx,
  count: Count,
  user: { email: string; name: string; userType: 'customer'; approved: boolean; passwordHash: string | undefined },
) => Promise<string>;

const DAY_MS = 86_400_000;
const CBC = 'Complete Blood Count (CBC)';
const VITAMIN_D = 'Vitamin D (25-OH)';

/**
 * Visits at the demo lab that have happened (yesterday and the day before, on the lab's clock) and are
 * still confirmed: the lab's dashboard has past visits waiting to be completed (issue #57), as a real
 * lab's does. A booking is completed only from its start on, so these are what the e2e specs complete
 * to reach results, reviews and payouts: each for a customer of its own, so specs running at once never
 * take the same one. `familyMember`: the visit was for the customer's family member.
 */
export const pastVisits = [
  { key: 'payouts-ar', name: 'بدر الشمري', test: VITAMIN_D },
  { key: 'payouts-en', name: 'Badr Al-Shammari', test: VITAMIN_D },
  { key: 'result-reason-ar', name: 'منى الزهراني', test: VITAMIN_D },
  { key: 'result-reason-en', name: 'Mona Alzahrani', test: VITAMIN_D },
  { key: 'result-entry-ar', name: 'تركي السهلي', test: CBC },
  { key: 'result-entry-en', name: 'Turki Al-Sahli', test: CBC },
  { key: 'result-entry-ar-mobile', name: 'ماجد السهلي', test: CBC },
  { key: 'release-final-ar', name: 'نوف السبيعي', test: VITAMIN_D },
  { key: 'release-final-en', name: 'Nouf Al-Subaie', test: VITAMIN_D },
  { key: 'review-ar', name: 'هند المطيري', test: VITAMIN_D },
  { key: 'review-en', name: 'Hind Al-Mutairi', test: VITAMIN_D },
  { key: 'review-ar-mobile', name: 'هيفاء المطيري', test: VITAMIN_D },
  { key: 'moderation-ar', name: 'سعد الحربي', test: VITAMIN_D },
  { key: 'moderation-en', name: 'Saad Al-Harbi', test: VITAMIN_D },
  { key: 'upload-ar', name: 'عبدالرحمن القرني', test: VITAMIN_D },
  { key: 'upload-en', name: 'Abdulrahman Al-Qarni', test: VITAMIN_D },
  { key: 'admin-journey-0', name: 'ريان الجهني', test: VITAMIN_D },
  { key: 'admin-journey-1', name: 'Rayan Al-Juhani', test: VITAMIN_D },
  { key: 'admin-journey-2', name: 'رنا الجهني', test: VITAMIN_D },
  { key: 'admin-journey-3', name: 'Rana Al-Juhani', test: VITAMIN_D },
  { key: 'complete-self-ar', name: 'لطيفة الدوسري', test: VITAMIN_D },
  { key: 'complete-self-en', name: 'Latifa Al-Dosari', test: VITAMIN_D },
  { key: 'complete-family-ar', name: 'فيصل العنزي', test: CBC, familyMember: { name: 'حصة العنزي', relation: 'mother' as const } },
  { key: 'complete-family-en', name: 'Faisal Al-Anazi', test: CBC, familyMember: { name: 'Hessa Al-Anazi', relation: 'mother' as const } },
] as const;

export type PastVisitKey = (typeof pastVisits)[number]['key'];

/**
 * A customer who missed two visits at the demo lab in the last weeks (no-shows, 9 and 37 days ago): the demo lab
 * asks for every visit of a series to be paid now from them (ADR 0077), and its overview counts the no-shows.
 */
export const missedVisits = { key: 'no-shows', name: 'ماجد الحربي', test: CBC, daysAgo: [9, 37] } as const;

const ELECTROLYTES = 'Electrolytes (Sodium, Potassium, Chloride)';

/**
 * Customers with two electrolytes visits at the demo lab that have happened (9 and 2 days ago), still
 * confirmed: a lab enters values only for a visit that happened (issue #76 item 9), so the specs that
 * enter values and read them back (result-values, results-analysis) start from these. The lab's
 * electrolytes offering is written inactive when it has none, so no public list changes.
 */
export const electrolyteVisits = [
  { key: 'values-ar', name: 'ريم الحربي' },
  { key: 'values-en', name: 'Reem Al-Harbi' },
  { key: 'values-ar-mobile', name: 'رهف الحربي' },
  { key: 'analysis-ar', name: 'مها العتيبي' },
  { key: 'analysis-en-mobile', name: 'Maha Alotaibi' },
] as const;

const ELECTROLYTE_DAYS_AGO = { earlier: 9, later: 2 } as const;

/** The sign-in address, name and the two visits' booking ids of a customer with electrolytes visits. */
export function electrolyteVisit(key: (typeof electrolyteVisits)[number]['key']) {
  const name = electrolyteVisits.find((visit) => visit.key === key)?.name ?? '';
  return {
    email: `visit-${key}@visits.tahaleel.sa`,
    name,
    earlier: deterministicUuid(`booking:electrolytes:${key}:earlier`),
    later: deterministicUuid(`booking:electrolytes:${key}:later`),
  };
}

/** The sign-in address of the customer with the missed visits (its password is the demo's). */
export const missedVisitsCustomer = { email: `visit-${missedVisits.key}@visits.tahaleel.sa`, name: missedVisits.name };

/** The customer's sign-in address, name and the booking's id of a past visit (its password is the demo's). */
export function pastVisit(key: PastVisitKey) {
  const name = pastVisits.find((visit) => visit.key === key)?.name ?? '';
  return { email: `visit-${key}@visits.tahaleel.sa`, name, bookingId: deterministicUuid(`booking:past-visit:${key}`) };
}

/** The past visits at the lab `labId`, each with its ledger row (paid, as a booking is before its visit). */
export async function seedPastVisits(tx: Tx, labId: string, passwordHash: string | undefined, insertUser: InsertUser, count: Count) {
  const lab = await tx.selectFrom('labs').select('time_zone').where('id', '=', labId).executeTakeFirst();
  if (!lab) return;
  const offers = new Map(
    (
      await tx
        .selectFrom('lab_tests')
        .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
        .select(['lab_tests.id', 'lab_tests.price_halalas', 'tests.name_en'])
        .where('lab_tests.lab_id', '=', labId)
        .execute()
    ).map((row) => [row.name_en, row]),
  );
  const today = todayIn(lab.time_zone);
  const bookingIds: string[] = [];
  /** A booking written once (the seed may run again), its id kept for its ledger row. */
  const insertBooking = async (booking: Insertable<Database['bookings']>) => {
    const rows = await tx
      .insertInto('bookings')
      .values(booking)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    count('bookings', rows.length);
    bookingIds.push(...rows.map((row) => row.id));
  };
  for (const [index, visit] of pastVisits.entries()) {
    const offer = offers.get(visit.test);
    if (!offer) throw new Error(`Seed test missing at the demo lab: ${visit.test}`);
    const { email, bookingId } = pastVisit(visit.key);
    const customerId = await insertUser(tx, count, { email, name: visit.name, userType: 'customer', approved: false, passwordHash });
    let familyMemberId: string | null = null;
    if ('familyMember' in visit) {
      familyMemberId = deterministicUuid(`family:past-visit:${visit.key}`);
      const members = await tx
        .insertInto('family_members')
        .values({
          id: familyMemberId,
          account_id: customerId,
          name: visit.familyMember.name,
          relation: visit.familyMember.relation,
          sex: 'female',
          date_of_birth: new Date('1962-05-20T00:00:00Z'),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      count('family_members', members.length);
    }
    // Yesterday and the day before, from 08:00 a visit every 20 minutes, on the lab's clock.
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - (1 + (index % 2)) * DAY_MS).toISOString().slice(0, 10);
    const minutes = 8 * 60 + Math.floor(index / 2) * 20;
    const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    await insertBooking({
      id: bookingId,
      customer_id: customerId,
      family_member_id: familyMemberId,
      lab_test_id: offer.id,
      booking_time: zonedTimeToInstant(day, clock, lab.time_zone),
      total_price_halalas: offer.price_halalas,
      status: 'confirmed',
    });
  }
  const offer = offers.get(missedVisits.test);
  if (!offer) throw new Error(`Seed test missing at the demo lab: ${missedVisits.test}`);
  const customerId = await insertUser(tx, count, { ...missedVisitsCustomer, userType: 'customer', approved: false, passwordHash });
  for (const daysAgo of missedVisits.daysAgo) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * DAY_MS).toISOString().slice(0, 10);
    await insertBooking({
      id: deterministicUuid(`booking:missed-visit:${daysAgo}`),
      customer_id: customerId,
      lab_test_id: offer.id,
      booking_time: zonedTimeToInstant(day, '09:00', lab.time_zone),
      total_price_halalas: offer.price_halalas,
      status: 'no_show',
    });
  }
  await tx
    .insertInto('lab_tests')
    .values((eb) => ({
      lab_id: labId,
      test_id: eb.selectFrom('tests').select('id').where('name_en', '=', ELECTROLYTES),
      price_halalas: 12_000,
      is_active: false,
    }))
    .onConflict((oc) => oc.columns(['lab_id', 'test_id']).doNothing())
    .execute();
  const electrolytes = await tx
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .select(['lab_tests.id', 'lab_tests.price_halalas'])
    .where('lab_tests.lab_id', '=', labId)
    .where('tests.name_en', '=', ELECTROLYTES)
    .executeTakeFirstOrThrow();
  for (const [index, visit] of electrolyteVisits.entries()) {
    const { email, name, ...ids } = electrolyteVisit(visit.key);
    const visitor = await insertUser(tx, count, { email, name, userType: 'customer', approved: false, passwordHash });
    for (const when of ['earlier', 'later'] as const) {
      const day = new Date(Date.parse(`${today}T00:00:00Z`) - ELECTROLYTE_DAYS_AGO[when] * DAY_MS).toISOString().slice(0, 10);
      const minutes = 14 * 60 + index * 20;
      const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      await insertBooking({
        id: ids[when],
        customer_id: visitor,
        lab_test_id: electrolytes.id,
        booking_time: zonedTimeToInstant(day, clock, lab.time_zone),
        total_price_halalas: electrolytes.price_halalas,
        status: 'confirmed',
      });
    }
  }
  count('lab_ledger_entries', await ledgerRowsFor(tx, bookingIds));
}
