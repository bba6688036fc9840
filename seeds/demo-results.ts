import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { releaseReport, saveDraft } from '../src/server/modules/result-reports/result-reports.service.ts';
import type { ResultKeys } from '../src/server/platform/result-sealing.ts';
import { type DemoVisit, demoVisits, premiumCustomer } from './data/demo-results.ts';
import { deterministicUuid } from './deterministic.ts';
import { ledgerRowsFor } from './reviews.ts';

const DEMO_LAB_EMAIL = 'lab@demo.tahaleel.sa';
const DAY_MS = 86_400_000;

/**
 * The Premium customer's results (seeds/data/demo-results.ts), written by the demo lab through the
 * same service a lab's form uses, so they are sealed under the results key like any other. Needs the
 * key; runs once (a customer who has reports is left as she is), mailing and texting nobody. Each visit
 * has its ledger row, as a paid booking has. Answers how many reports it wrote.
 */
export async function seedDemoResults(db: Kysely<Database>, keys: ResultKeys): Promise<number> {
  const customerId = deterministicUuid(`user:${premiumCustomer.email}`);
  const labId = deterministicUuid(`user:${DEMO_LAB_EMAIL}`);
  const existing = await db
    .selectFrom('result_reports')
    .innerJoin('bookings', 'bookings.id', 'result_reports.booking_id')
    .select('result_reports.id')
    .where('bookings.customer_id', '=', customerId)
    .limit(1)
    .executeTakeFirst();
  if (existing || !(await db.selectFrom('user_profiles').select('id').where('id', '=', customerId).executeTakeFirst())) return 0;
  const analyteIds = new Map((await db.selectFrom('analytes').select(['id', 'loinc']).execute()).map((row) => [row.loinc, row.id]));
  const bookingIds: string[] = [];
  for (const visit of demoVisits) {
    const bookingId = await insertVisit(db, customerId, labId, visit);
    bookingIds.push(bookingId);
    for (const values of visit.amendedFrom ? [visit.amendedFrom, visit.values] : [visit.values]) {
      await saveDraft(
        db,
        keys,
        labId,
        {
          bookingId,
          patientSex: visit.patientSex,
          releaseAs: visit.releaseAs,
          note: values === visit.values ? (visit.note ?? null) : null,
          observations: Object.entries(values).map(([loinc, typed]) => {
            const analyteId = analyteIds.get(loinc);
            if (analyteId === undefined) throw new Error(`Demo result for an unknown analyte: ${loinc}`);
            const [value, unit] = typeof typed === 'string' ? [typed, null] : typed;
            return { analyteId, value, unit, comment: null };
          }),
        },
        { notify: false },
      );
      // History, not news: the customer is not told of results she has had for months.
      await releaseReport(db, labId, bookingId, { notify: false });
    }
  }
  // Paid as any booking is: the lab's payments and its account count them alike (ADR 0083).
  await db.transaction().execute((tx) => ledgerRowsFor(tx, bookingIds));
  return demoVisits.length;
}

/** A completed visit to the demo lab at 09:00 Riyadh time, `daysAgo` days before now; the lab offers the test if it did not. */
async function insertVisit(db: Kysely<Database>, customerId: string, labId: string, visit: DemoVisit): Promise<string> {
  const test = await db.selectFrom('tests').select('id').where('name_en', '=', visit.test).executeTakeFirstOrThrow();
  await db
    .insertInto('lab_tests')
    .values({ lab_id: labId, test_id: test.id, price_halalas: 15_000 })
    .onConflict((oc) => oc.columns(['lab_id', 'test_id']).doNothing())
    .execute();
  const offering = await db
    .selectFrom('lab_tests')
    .select(['id', 'price_halalas'])
    .where('lab_id', '=', labId)
    .where('test_id', '=', test.id)
    .executeTakeFirstOrThrow();
  const day = new Date(Date.now() - visit.daysAgo * DAY_MS);
  const bookingTime = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 6, 0));
  const { id } = await db
    .insertInto('bookings')
    .values({
      customer_id: customerId,
      lab_test_id: offering.id,
      booking_time: bookingTime,
      total_price_halalas: offering.price_halalas,
      status: 'completed',
      completed_at: new Date(bookingTime.getTime() + 2 * 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
