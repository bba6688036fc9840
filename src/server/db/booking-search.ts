import { type SqlBool, sql } from 'kysely';
import { normalizeBookingReference } from '../../shared/booking-reference.ts';
import { containing, idPrefix } from './keyset-page.ts';

// What a search box finds among a lab's bookings, in its list on screen (lab.bookings) and in its CSV
// file of the same filters alike, so the file never holds fewer rows than the list showed. The two
// queries name their tables differently (the list starts from bookingsWithDetails, the file from its
// own aliases), so each says how it names them.

/** How the query at hand names the booking, its test, its customer's profile and the family member it is for. */
export interface BookingSearchTables {
  booking: string;
  test: string;
  customer: string;
  patient: string;
}

const column = (table: string, name: string) => sql.ref(`${table}.${name}`);

/**
 * A booking by its patient's or customer's name, its test's name (Arabic or English), its reference
 * however it was typed (ADR 0058: `th 7k3m9qxg` is TH-7K3M-9QXG) or its id's start (which the
 * references mailed before migration 0055 were): what the lab's list shows of it (a lab is not sent
 * its customers' e-mail or phone).
 */
export function labBookingMatches(q: string, tables: BookingSearchTables) {
  const pattern = containing(q);
  const prefix = idPrefix(q);
  const reference = normalizeBookingReference(q);
  return sql<SqlBool>`(${column(tables.customer, 'name')} ilike ${pattern} or ${column(tables.patient, 'name')} ilike ${pattern}
    or ${column(tables.test, 'name_ar')} ilike ${pattern} or ${column(tables.test, 'name_en')} ilike ${pattern}${
      reference ? sql` or ${column(tables.booking, 'reference')} = ${reference}` : sql``
    }${prefix ? sql` or replace(${column(tables.booking, 'id')}::text, '-', '') like ${`${prefix}%`}` : sql``})`;
}
