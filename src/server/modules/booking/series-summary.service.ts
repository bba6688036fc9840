import type { Kysely, Transaction } from 'kysely';
import { SERIES_PAY_BY_HOURS } from '../../../shared/series.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './series.repository.ts';

// Every visit of a series as its checkout and its confirmation tell it (issue #77 item 7): each visit's date,
// and whether it is paid (booked), paid in this checkout, or to be paid by a date (reserved until then, ADR 0075).

type Db = Kysely<Database> | Transaction<Database>;

export interface SeriesVisitLine {
  visit: number;
  lab_test_id: number;
  starts_at: string;
  /** Booked (paid), held (in a cart or being paid), or reserved until paid. */
  state: 'booked' | 'held' | 'reserved';
  /** When not paid with the checkout that holds it: its payment's deadline. Null when it is (or was) paid. */
  pay_by: string | null;
}

export interface SeriesSummary {
  id: string;
  visits: number;
  every_months: number;
  pay_each_visit: boolean;
  time_zone: string;
  lines: SeriesVisitLine[];
}

const HOUR = 3_600_000;

/**
 * The customer's series with a visit held or reserved now (or those named, `seriesIds`), each with its visits
 * in order: booked ones, and held or reserved ones with the deadline a visit paid when due is kept until.
 * A visit let go or cancelled is not among them.
 */
export async function seriesSummaries(db: Db, customerId: string, now: Date, seriesIds?: string[]): Promise<SeriesSummary[]> {
  const ids = seriesIds ?? (await repo.seriesHeldNow(db, customerId, now)).map((row) => row.series_id as string);
  if (ids.length === 0) return [];
  const [series, holds, bookings] = await Promise.all([
    repo.customersSeries(db, customerId, ids),
    repo.liveSeriesHolds(db, customerId, ids, now),
    repo.seriesBookings(db, customerId, ids),
  ]);
  return series.map((row) => {
    const lines: SeriesVisitLine[] = [
      ...bookings
        .filter((booking) => booking.series_id === row.id)
        .map((booking) => ({
          visit: booking.series_visit ?? 0,
          lab_test_id: booking.lab_test_id,
          starts_at: new Date(booking.booking_time).toISOString(),
          state: 'booked' as const,
          pay_by: null,
        })),
      ...holds
        .filter((hold) => hold.series_id === row.id)
        .map((hold) => {
          const startsAt = new Date(hold.starts_at);
          // A held visit after the first of a series paid when due is reserved once the first is paid, until two days before it.
          const payBy = hold.reserved
            ? new Date(hold.expires_at)
            : row.pay_each_visit && (hold.series_visit ?? 1) > 1
              ? new Date(startsAt.getTime() - SERIES_PAY_BY_HOURS * HOUR)
              : null;
          return {
            visit: hold.series_visit ?? 0,
            lab_test_id: hold.lab_test_id,
            starts_at: startsAt.toISOString(),
            state: hold.reserved ? ('reserved' as const) : ('held' as const),
            pay_by: payBy?.toISOString() ?? null,
          };
        }),
    ].sort((a, b) => a.visit - b.visit);
    return { ...row, lines };
  });
}

/** The series the held seats of a checkout are visits of. */
export async function seriesOfHeldSeats(
  db: Db,
  customerId: string,
  seats: { lab_test_id: number; starts_at: string }[],
): Promise<string[]> {
  if (seats.length === 0) return [];
  const rows = await repo.seriesOfHolds(db, customerId, seats);
  return rows.map((row) => row.series_id as string);
}
