import { type SqlBool, sql } from 'kysely';
import { containing, idPrefix } from './keyset-page.ts';

// What a search box finds among the admin's transactions, in the list on screen (admin.transactions)
// and in the CSV file of the same filters alike, so the file never holds fewer rows than the list
// showed. Written against the table names both queries give: a booking as `bookings` (from bookingDetails) with its customer's
// profile `customer`, account `account` and checkout `co`; a store order as `o` with its buyer's
// profile `buyer`.

/** A lab-test booking by its customer's name, e-mail or phone, its payment's reference, or its id's start. */
export function bookingMatches(q: string) {
  const pattern = containing(q);
  const prefix = idPrefix(q);
  return sql<SqlBool>`(customer.name ilike ${pattern} or account.email ilike ${pattern} or account.phone ilike ${pattern}
    or co.payment_reference ilike ${pattern}${prefix ? sql` or replace(bookings.id::text, '-', '') like ${`${prefix}%`}` : sql``})`;
}

/** A store order by its buyer's name, e-mail or phone, its payment's reference, or its reference (ST-…). */
export function storeOrderMatches(q: string) {
  const pattern = containing(q);
  const prefix = idPrefix(q);
  return sql<SqlBool>`(buyer.name ilike ${pattern} or o.buyer_name ilike ${pattern} or o.buyer_email ilike ${pattern}
    or o.buyer_phone ilike ${pattern} or o.payment_reference ilike ${pattern}${prefix ? sql` or replace(o.id::text, '-', '') like ${`${prefix}%`}` : sql``})`;
}
