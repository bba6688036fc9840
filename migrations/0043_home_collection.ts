import { type Kysely, sql } from 'kysely';

// Home sample collection (issue #22, ADR 0036). A lab may send someone to take the sample at the
// patient's home: a fee per visit, a service radius from the lab, and collection windows of its own
// (a daily span cut into windows of so many minutes, each with a capacity), on the days the lab opens.
// - labs: home_collection_fee_halalas (null: not offered) and the window settings.
// - A seat is now a lab's slot or a home window: lab_slot_usage and slot_holds gain `collection`
//   ('lab' | 'home') in their keys, so a 09:00 slot and a 09:00 window are counted apart. The seat
//   functions whose argument lists change are dropped here (booking.sql's rule) and booking.sql
//   defines them again, applied after the migrations; so is nearest_offers (search.sql), which takes
//   the home-collection filter.
// - bookings: where the sample is taken, the home address and its point, and the visit's fee (carried
//   by one booking of the visit); checkouts: the fees of the checkout's visits.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  for (const signature of [
    'slot_has_free_seat(uuid, uuid, timestamptz, integer, integer, timestamptz)',
    'free_slot_starts(uuid, uuid, timestamptz[], integer, timestamptz)',
    'lock_free_seat(uuid, uuid, timestamptz, integer, timestamptz, integer, integer)',
    'move_booked_seat(uuid, uuid, timestamptz, timestamptz, integer, timestamptz)',
    'nearest_offers(integer[], float8, float8, integer, integer, numeric, integer, integer, integer)',
  ]) {
    await sql`drop function if exists ${sql.raw(signature)} cascade`.execute(db);
  }

  await db.schema
    .alterTable('labs')
    .addColumn('home_collection_fee_halalas', 'integer', (col) => col.check(sql`home_collection_fee_halalas between 0 and 100000`))
    .addColumn('home_radius_km', 'integer', (col) => col.notNull().defaultTo(15).check(sql`home_radius_km between 1 and 100`))
    .addColumn('home_window_minutes', 'integer', (col) =>
      col.notNull().defaultTo(120).check(sql`home_window_minutes in (60, 90, 120, 180, 240)`),
    )
    .addColumn('home_window_capacity', 'integer', (col) => col.notNull().defaultTo(2).check(sql`home_window_capacity between 1 and 50`))
    .addColumn('home_opens_at', 'time', (col) => col.notNull().defaultTo('07:00'))
    .addColumn('home_closes_at', 'time', (col) => col.notNull().defaultTo('13:00'))
    .execute();
  await sql`alter table labs add constraint labs_home_hours_check check (home_opens_at < home_closes_at)`.execute(db);

  const collection = (table: string) =>
    sql`alter table ${sql.table(table)} add column collection text not null default 'lab' check (collection in ('lab', 'home'))`;
  await collection('lab_slot_usage').execute(db);
  await sql`alter table lab_slot_usage drop constraint lab_slot_usage_pkey, add constraint lab_slot_usage_pkey primary key (lab_id, collection, starts_at)`.execute(
    db,
  );
  await collection('slot_holds').execute(db);
  await sql`alter table slot_holds drop constraint slot_holds_holder_slot_key,
    add constraint slot_holds_holder_slot_key unique (holder_id, lab_test_id, collection, starts_at)`.execute(db);

  await collection('bookings').execute(db);
  await db.schema
    .alterTable('bookings')
    .addColumn('home_address', 'text', (col) => col.check(sql`length(home_address) <= 300`))
    .addColumn('home_latitude', 'float8')
    .addColumn('home_longitude', 'float8')
    .addColumn('home_collection_fee_halalas', 'integer', (col) => col.notNull().defaultTo(0).check(sql`home_collection_fee_halalas >= 0`))
    .execute();
  // Only a home collection has an address (it is erased with its customer's account, the booking kept).
  await sql`alter table bookings add constraint bookings_home_collection_check check (
    collection = 'home' or (home_address is null and home_latitude is null and home_longitude is null))`.execute(db);

  await db.schema
    .alterTable('checkouts')
    .addColumn('home_collection_fee_halalas', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const signature of [
    'slot_has_free_seat(uuid, uuid, text, timestamptz, integer, integer, timestamptz)',
    'free_slot_starts(uuid, uuid, text, timestamptz[], integer, timestamptz)',
    'lock_free_seat(uuid, uuid, text, timestamptz, integer, timestamptz, integer, integer)',
    'move_booked_seat(uuid, uuid, text, timestamptz, timestamptz, integer, timestamptz)',
    'nearest_offers(integer[], float8, float8, integer, integer, numeric, integer, integer, integer, boolean)',
  ]) {
    await sql`drop function if exists ${sql.raw(signature)} cascade`.execute(db);
  }
  await db.schema.alterTable('checkouts').dropColumn('home_collection_fee_halalas').execute();
  await sql`alter table bookings drop constraint bookings_home_collection_check`.execute(db);
  await db.schema
    .alterTable('bookings')
    .dropColumn('home_collection_fee_halalas')
    .dropColumn('home_longitude')
    .dropColumn('home_latitude')
    .dropColumn('home_address')
    .dropColumn('collection')
    .execute();
  await sql`delete from slot_holds where collection = 'home'`.execute(db);
  await sql`alter table slot_holds drop constraint slot_holds_holder_slot_key,
    add constraint slot_holds_holder_slot_key unique (holder_id, lab_test_id, starts_at)`.execute(db);
  await db.schema.alterTable('slot_holds').dropColumn('collection').execute();
  await sql`delete from lab_slot_usage where collection = 'home'`.execute(db);
  await sql`alter table lab_slot_usage drop constraint lab_slot_usage_pkey, add constraint lab_slot_usage_pkey primary key (lab_id, starts_at)`.execute(
    db,
  );
  await db.schema.alterTable('lab_slot_usage').dropColumn('collection').execute();
  await sql`alter table labs drop constraint labs_home_hours_check`.execute(db);
  await db.schema
    .alterTable('labs')
    .dropColumn('home_closes_at')
    .dropColumn('home_opens_at')
    .dropColumn('home_window_capacity')
    .dropColumn('home_window_minutes')
    .dropColumn('home_radius_km')
    .dropColumn('home_collection_fee_halalas')
    .execute();
}
