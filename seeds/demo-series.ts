import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import * as booking from '../src/server/modules/booking/booking.service.ts';
import { simulatedPaymentProvider } from '../src/server/platform/payment-provider.ts';
import { AppError } from '../src/shared/errors.ts';
import { todayIn } from '../src/shared/time.ts';
import { premiumCustomer } from './data/demo-results.ts';
import { deterministicUuid } from './deterministic.ts';

const DEMO_LAB_EMAIL = 'lab@demo.tahaleel.sa';
const HBA1C = 'Glycated Hemoglobin (HbA1c)';
const DAY_MS = 86_400_000;

/**
 * The Premium customer repeats her HbA1c every three months (issue #58, ADR 0075): a series of three visits
 * at the demo lab, paid each when due. The first, a week or more ahead, is booked and paid; the two others
 * are reserved, with their deadlines, on her bookings. Made through the booking service, so every visit is
 * one of the lab's free times (its hours, prayer pauses, Ramadan hours). Runs once: a customer who has a
 * series is left as she is. Answers whether it made one.
 */
export async function seedDemoSeries(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const customerId = deterministicUuid(`user:${premiumCustomer.email}`);
  const labId = deterministicUuid(`user:${DEMO_LAB_EMAIL}`);
  const customer = await db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.contact_email',
      'user_profiles.name',
      'user_profiles.locale',
      'user_profiles.subscription_tier',
    ])
    .where('users.id', '=', customerId)
    .executeTakeFirst();
  const offering = await db
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .select(['lab_tests.id', 'labs.time_zone'])
    .where('lab_tests.lab_id', '=', labId)
    .where('tests.name_en', '=', HBA1C)
    .executeTakeFirst();
  const existing = await db.selectFrom('booking_series').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (!customer || !offering || existing) return false;
  const holder = { ...customer, is_anonymous: false };
  const today = todayIn(offering.time_zone, now);
  for (let days = 7; days < 30; days++) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    const [slot] = await booking.availableSlots(db, labId, date, customerId, now, offering.id);
    if (!slot) continue;
    const bookingTime = new Date(slot.starts_at).toISOString();
    try {
      await booking.holdSeries(db, holder, { labTestId: offering.id, bookingTime, everyMonths: 3, visits: 3, payEachVisit: true }, now);
    } catch (error) {
      // A later visit has no free time within two weeks of its day (ADR 0082), or a seat went meanwhile: the next day.
      if (error instanceof AppError) continue;
      throw error;
    }
    await booking.createBookings(db, simulatedPaymentProvider(0), holder, [{ labTestId: offering.id, bookingTime }], 'demo-series', now);
    return true;
  }
  return false;
}
