import { type Kysely, sql } from 'kysely';

// One person, one seat of a lab test at a time (issue #61, ADR 0064). The checkout's claim, a hold and a move
// refuse a seat its person already has (migrations/functions/booking.sql: person_seat_taken under
// lock_person_bookings); this trigger is the last guard, before a row of bookings is written. A trigger and
// not a unique index: erasing an account deletes its family members and sets their bookings' link null, so
// the holder's booking and a member's of one test and time would then be the same key; and rows booked twice
// before this rule would stop the index from being built. The function it calls is made here; its current
// definition is migrations/functions/booking.sql. Only the columns that make a booking live at a time are
// watched: a family member's link set null is not a new booking. What the rule reads is indexed: a person's
// bookings by test and time (which also serves every lookup by customer alone, so it replaces that index), and
// the checkouts still pending, a handful at any time, by customer.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bookings_person_seat_idx on bookings (customer_id, lab_test_id, booking_time)`.execute(db);
  await sql`drop index bookings_customer_id_idx`.execute(db);
  await sql`create index checkouts_pending_customer_idx on checkouts (customer_id) where status = 'pending'`.execute(db);
  await sql`create function bookings_one_seat_per_person() returns trigger language plpgsql as $$
    begin raise exception 'bookings_one_seat_per_person() is defined by migrations/functions/booking.sql'; end $$`.execute(db);
  await sql`create trigger bookings_one_seat_per_person before insert or update of booking_time, lab_test_id, status on bookings
    for each row execute function bookings_one_seat_per_person()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger bookings_one_seat_per_person on bookings`.execute(db);
  await sql`drop function bookings_one_seat_per_person()`.execute(db);
  await sql`drop index checkouts_pending_customer_idx`.execute(db);
  await sql`create index bookings_customer_id_idx on bookings (customer_id)`.execute(db);
  await sql`drop index bookings_person_seat_idx`.execute(db);
}
