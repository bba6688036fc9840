import { type Kysely, sql } from 'kysely';

// A booking in four round trips instead of six (issue #5): claim_checkout finds the customer's
// checkout for the idempotency key itself (no separate look-up first) and answers a paid one with
// its id, and complete_checkout returns the bookings it wrote (no read-back after). lock_free_seat
// can add the seat while it holds the slot's row, so completing a booking updates that row once.
// Same errors as migration 0010 (TA001 slot, TA002 in progress, TA003 superseded). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function complete_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz)`.execute(db);
  await sql`drop function claim_checkout(uuid, uuid, text, integer, integer, text, jsonb, timestamptz, timestamptz, timestamptz)`.execute(
    db,
  );
  await sql`drop function hold_seats(uuid, jsonb, timestamptz, timestamptz)`.execute(db);
  await sql`drop function lock_free_seat(uuid, uuid, timestamptz, integer, timestamptz, integer)`.execute(db);

  // Locks a slot's usage row, adds p_add booked seats to it, and raises TA001 unless a seat was free
  // for the holder: seats booked before plus other people's live holds, below capacity.
  await sql`create function lock_free_seat(p_holder uuid, p_lab uuid, p_starts timestamptz, p_capacity integer,
      p_now timestamptz, p_index integer, p_add integer)
    returns void language plpgsql as $$
    declare
      booked integer;
      held integer;
    begin
      insert into lab_slot_usage (lab_id, starts_at, booked_count) values (p_lab, p_starts, p_add)
        on conflict (lab_id, starts_at) do update set booked_count = lab_slot_usage.booked_count + p_add
        returning booked_count - p_add into booked;
      select count(*) into held from slot_holds
       where lab_id = p_lab and starts_at = p_starts and holder_id <> p_holder and expires_at > p_now;
      if booked + held >= p_capacity then
        raise exception 'slot_unavailable' using errcode = 'TA001', detail = p_index::text;
      end if;
    end
  $$`.execute(db);

  // p_items: [{lab_id, lab_test_id, starts_at, capacity}], already in lock order.
  await sql`create function hold_seats(p_holder uuid, p_items jsonb, p_now timestamptz, p_expires timestamptz)
    returns void language plpgsql as $$
    declare
      item record;
    begin
      for item in select (x.seat->>'lab_id')::uuid as lab_id, (x.seat->>'lab_test_id')::integer as lab_test_id,
                         (x.seat->>'starts_at')::timestamptz as starts_at, (x.seat->>'capacity')::integer as capacity, x.n
                    from jsonb_array_elements(p_items) with ordinality as x(seat, n) loop
        perform lock_free_seat(p_holder, item.lab_id, item.starts_at, item.capacity, p_now, (item.n - 1)::integer, 0);
        insert into slot_holds (lab_id, lab_test_id, starts_at, holder_id, expires_at)
          values (item.lab_id, item.lab_test_id, item.starts_at, p_holder, p_expires)
          on conflict (holder_id, lab_test_id, starts_at) do update set expires_at = excluded.expires_at;
      end loop;
    end
  $$`.execute(db);

  // Claims the customer's checkout for p_key for an attempt starting p_now and holds every seat, or
  // changes nothing: a new checkout, or one whose last attempt failed or was abandoned before
  // p_abandoned_before (ADR 0008), decided under the checkout row's lock. A checkout already paid is
  // answered with its id and paid = true, holding nothing; one being paid raises TA002.
  await sql`create function claim_checkout(p_customer uuid, p_key text, p_total integer, p_vat integer,
      p_provider text, p_items jsonb, p_now timestamptz, p_expires timestamptz, p_abandoned_before timestamptz)
    returns table (id uuid, paid boolean) language plpgsql as $$
    declare
      claimed uuid;
      existing record;
    begin
      insert into checkouts (customer_id, idempotency_key, total_halalas, vat_halalas, payment_provider, attempted_at)
        values (p_customer, p_key, p_total, p_vat, p_provider, p_now)
        on conflict (customer_id, idempotency_key) do nothing
        returning checkouts.id into claimed;
      if claimed is null then
        select c.id, c.status, c.attempted_at into existing from checkouts c
         where c.customer_id = p_customer and c.idempotency_key = p_key for update;
        if existing.status = 'paid' then
          return query select existing.id, true;
          return;
        end if;
        if existing.status = 'pending' and existing.attempted_at > p_abandoned_before then
          raise exception 'checkout_in_progress' using errcode = 'TA002';
        end if;
        update checkouts set status = 'pending', total_halalas = p_total, vat_halalas = p_vat, attempted_at = p_now
         where checkouts.id = existing.id;
        claimed := existing.id;
      end if;
      perform hold_seats(p_customer, p_items, p_now, p_expires);
      return query select claimed, false;
    end
  $$`.execute(db);

  // Turns the held seats into confirmed bookings and marks the checkout paid, all or none; only the
  // attempt begun at p_attempted_at may (one taken over after a crash stops with TA003). Returns the
  // bookings, in the items' order, with the customer's name.
  // p_items: [{lab_id, lab_test_id, starts_at, capacity, price_halalas}], in lock order.
  await sql`create function complete_checkout(p_checkout uuid, p_customer uuid, p_reference text, p_items jsonb,
      p_now timestamptz, p_attempted_at timestamptz)
    returns table (id uuid, lab_test_id integer, booking_time timestamptz, created_at timestamptz, customer_name text)
    language plpgsql as $$
    declare
      item record;
      current record;
      customer text;
    begin
      select c.status, c.attempted_at into current from checkouts c where c.id = p_checkout for update;
      if current.status <> 'pending' or current.attempted_at <> p_attempted_at then
        raise exception 'attempt_superseded' using errcode = 'TA003', detail = current.status;
      end if;
      select p.name into customer from user_profiles p where p.id = p_customer;
      for item in select (x.seat->>'lab_id')::uuid as lab_id, (x.seat->>'lab_test_id')::integer as lab_test_id,
                         (x.seat->>'starts_at')::timestamptz as starts_at, (x.seat->>'capacity')::integer as capacity,
                         (x.seat->>'price_halalas')::integer as price_halalas, x.n
                    from jsonb_array_elements(p_items) with ordinality as x(seat, n) loop
        perform lock_free_seat(p_customer, item.lab_id, item.starts_at, item.capacity, p_now, (item.n - 1)::integer, 1);
        delete from slot_holds h where h.holder_id = p_customer and h.lab_test_id = item.lab_test_id and h.starts_at = item.starts_at;
        return query
          insert into bookings (customer_id, lab_test_id, checkout_id, booking_time, total_price_halalas, status)
            values (p_customer, item.lab_test_id, p_checkout, item.starts_at, item.price_halalas, 'confirmed')
            returning bookings.id, bookings.lab_test_id, bookings.booking_time, bookings.created_at, customer;
      end loop;
      update checkouts set status = 'paid', payment_reference = p_reference, completed_at = p_now where checkouts.id = p_checkout;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function complete_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz)`.execute(db);
  await sql`drop function claim_checkout(uuid, text, integer, integer, text, jsonb, timestamptz, timestamptz, timestamptz)`.execute(db);
  await sql`drop function hold_seats(uuid, jsonb, timestamptz, timestamptz)`.execute(db);
  await sql`drop function lock_free_seat(uuid, uuid, timestamptz, integer, timestamptz, integer, integer)`.execute(db);
  const previous = await import('./0010_booking_functions.ts');
  await previous.up(db);
}
