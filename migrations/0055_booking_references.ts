import { type Kysely, sql } from 'kysely';

// Every booking gets a reference of its own, unique by a constraint (issue #53, ADR 0058): `TH-` and
// eight symbols of Crockford's base 32, the last a check symbol, e.g. TH-7K3M-9QXG. The database makes
// it as the row is inserted (the column's default, next_booking_reference), whichever function, seed
// or test inserts it: a serial from booking_reference_serial, permuted under a secret that each
// database draws once here, so references neither repeat nor count the bookings.
//
// The three functions are created here because the column's default and the rows already booked need
// them now; migrations/functions/booking.sql holds their current definitions (ADR 0015), the same as
// these when this landed. complete_checkout and confirm_paid_checkout now also return each booking's
// reference, a new return type, so their old forms are dropped and booking.sql defines the new ones.
// Bookings already mailed keep the old reference (8 hex digits of the id) in those mails; the lab's
// search still finds a booking by its id's start. Mails not sent yet are given the new reference.
// Frozen once landed.

const REFERENCE_FORM = sql`reference ~ '^TH-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$'`;

const FUNCTIONS = [
  sql`create or replace function booking_reference_text(p_number bigint)
    returns text language plpgsql immutable strict as $$
    declare
      symbols constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
      code text := '';
      digit integer;
      addend integer;
      factor integer := 2;
      total integer := 0;
    begin
      if p_number < 0 or p_number >= 34359738368 then
        raise exception 'booking reference number out of range: %', p_number;
      end if;
      for i in 0..6 loop
        digit := ((p_number >> (5 * i)) & 31)::integer;
        code := substr(symbols, digit + 1, 1) || code;
        addend := factor * digit;
        total := total + addend / 32 + addend % 32;
        factor := 3 - factor;
      end loop;
      code := code || substr(symbols, (32 - total % 32) % 32 + 1, 1);
      return 'TH-' || substr(code, 1, 4) || '-' || substr(code, 5, 4);
    end
  $$`,
  sql`create or replace function permuted_booking_serial(p_serial bigint, p_secret bytea)
    returns bigint language plpgsql immutable strict as $$
    declare
      x bigint := p_serial;
      l bigint;
      r bigint;
      f bigint;
      h bytea;
    begin
      if p_serial < 0 or p_serial >= 34359738368 then
        raise exception 'booking reference serial out of range: %', p_serial;
      end if;
      loop
        l := x >> 18;
        r := x & 262143;
        for round_number in 0..9 loop
          h := sha256(p_secret || int4send(round_number) || int4send(r::integer));
          f := ((get_byte(h, 0)::bigint << 16) | (get_byte(h, 1)::bigint << 8) | get_byte(h, 2)::bigint) & 262143;
          f := l # f;
          l := r;
          r := f;
        end loop;
        x := (l << 18) | r;
        exit when x < 34359738368;
      end loop;
      return x;
    end
  $$`,
  sql`create or replace function next_booking_reference()
    returns text language plpgsql volatile as $$
    declare
      v_secret bytea;
    begin
      select k.secret into v_secret from booking_reference_key k;
      if v_secret is null then
        raise exception 'booking_reference_key holds no secret';
      end if;
      return booking_reference_text(permuted_booking_serial(nextval('booking_reference_serial'), v_secret));
    end
  $$`,
];

export async function up(db: Kysely<any>): Promise<void> {
  // 32^7 numbers, seven symbols of base 32; no cycle, so a serial is never given twice.
  await sql`create sequence booking_reference_serial as bigint minvalue 0 maxvalue 34359738367 start with 0 no cycle`.execute(db);
  // One row: the permutation's key, 32 random bytes (two v4 UUIDs, 244 random bits) drawn by this database.
  await db.schema
    .createTable('booking_reference_key')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('secret', 'bytea', (c) => c.notNull().check(sql`octet_length(secret) >= 16`))
    .execute();
  await sql`insert into booking_reference_key (secret)
    values (decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))`.execute(db);
  for (const statement of FUNCTIONS) await statement.execute(db);

  // A volatile default is worked out for each row already there, so every booking has one at once.
  await db.schema
    .alterTable('bookings')
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(sql`next_booking_reference()`))
    .execute();
  await db.schema.alterTable('bookings').addUniqueConstraint('bookings_reference_key', ['reference']).execute();
  await db.schema.alterTable('bookings').addCheckConstraint('bookings_reference_form', REFERENCE_FORM).execute();

  // Booking mails waiting in the outbox (a reminder, say) name the booking as the app now shows it.
  await sql`update outbox o set data = jsonb_set(o.data, '{bookingReference}', to_jsonb(b.reference))
      from bookings b
     where o.status = 'pending' and o.template like 'booking-%' and o.data->>'bookingReference' is not null
       and split_part(o.dedupe_key, ':', 2) = b.id::text`.execute(db);

  await sql`drop function if exists confirm_paid_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz, jsonb, jsonb, jsonb)`.execute(
    db,
  );
  await sql`drop function if exists complete_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz, jsonb)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists confirm_paid_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz, jsonb, jsonb, jsonb)`.execute(
    db,
  );
  await sql`drop function if exists complete_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz, jsonb)`.execute(db);
  await db.schema.alterTable('bookings').dropColumn('reference').execute();
  await sql`drop function if exists next_booking_reference()`.execute(db);
  await sql`drop function if exists permuted_booking_serial(bigint, bytea)`.execute(db);
  await sql`drop function if exists booking_reference_text(bigint)`.execute(db);
  await db.schema.dropTable('booking_reference_key').execute();
  await sql`drop sequence booking_reference_serial`.execute(db);
}
