import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Whether the booking (a column reference or a value) has any result: a file, or a report's version,
 * even a draft not yet released. A visit with results happened (issue #77 item 2): it is never a no-show,
 * and a no-show that has them does not count as missed. Below the modules: lab, booking and results
 * all ask it.
 */
export function visitHasResults(bookingId: RawBuilder<unknown> | string): RawBuilder<boolean> {
  return sql<boolean>`(exists (select 1 from result_files where result_files.booking_id = ${bookingId})
    or exists (select 1 from result_reports join result_report_versions on result_report_versions.report_id = result_reports.id
                where result_reports.booking_id = ${bookingId}))`;
}

/**
 * Results given to the patient complete the visit they came to: a confirmed booking from its start on
 * becomes completed, in the transaction that releases them. Anything else (a visit still to come, one
 * already completed) is left as it is.
 */
export async function completeVisitWithResults(tx: Transaction<Database>, bookingId: string, now: Date) {
  await tx
    .updateTable('bookings')
    .set({ status: 'completed', completed_at: now })
    .where('id', '=', bookingId)
    .where('status', '=', 'confirmed')
    .where('booking_time', '<=', now)
    .execute();
}
