import { type Kysely, sql } from 'kysely';

// A checkout's two short transactions, each as one function call (one round trip, its own
// transaction) instead of a dozen statements. Inside PL/pgSQL every statement takes a fresh snapshot,
// so the holds counted after a slot's row lock include those committed by whoever held it before.
// Errors carry their own SQLSTATEs, which the booking service turns into AppErrors:
//   TA001 slot_unavailable (DETAIL: the item's index), TA002 checkout_in_progress,
//   TA003 attempt_superseded (DETAIL: the checkout's status now). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  // Locks a slot's usage row and raises TA001 unless a seat is free for the holder: seats booked
  // (returned by the no-op update that takes the lock) plus other people's live holds.
  await sql`create function lock_free_seat(p_holder uuid, p_lab uuid, p_starts timestamptz, p_capacity integer,
      p_now timestamptz, p_index integer)
    returns void language plpgsql as $$
    declare
      booked integer;
      held integer;
    begin
      insert into lab_slot_usage (lab_id, starts_at, booked_count) values (p_lab, p_starts, 0)
        on conflict (lab_id, starts_at) do update set booked_count = lab_slot_usage.booked_count
        returning booked_count into booked;
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
                         (x.seat->>'starts_at')::timestamptz as starts_at, (x.seat->>'capacity')::integer as capacity,
                         (x.seat->>'price_halalas')::integer as price_halalas, x.n
                    from jsonb_array_elements(p_items) with ordinality as x(seat, n) loop
        perform lock_free_seat(p_holder, item.lab_id, item.starts_at, item.capacity, p_now, (item.n - 1)::integer);
        insert into slot_holds (lab_id, lab_test_id, starts_at, holder_id, expires_at)
          values (item.lab_id, item.lab_test_id, item.starts_at, p_holder, p_expires)
          on conflict (holder_id, lab_test_id, starts_at) do update set expires_at = excluded.expires_at;
      end loop;
    end
  $$`.execute(db);

  // Claims the checkout (new, or taking over a failed attempt or one abandoned before
  // p_abandoned_before, see ADR 0008) for an attempt starting p_now, and holds every seat; or changes
  // nothing. The takeover's condition is checked under the checkout row's lock: of two requests sent
  // again at once, one goes on.
  await sql`create function claim_checkout(p_checkout uuid, p_customer uuid, p_key text, p_total integer,
      p_vat integer, p_provider text, p_items jsonb, p_now timestamptz, p_expires timestamptz,
      p_abandoned_before timestamptz)
    returns uuid language plpgsql as $$
    declare
      claimed uuid;
    begin
      if p_checkout is null then
        insert into checkouts (customer_id, idempotency_key, total_halalas, vat_halalas, payment_provider, attempted_at)
          values (p_customer, p_key, p_total, p_vat, p_provider, p_now)
          on conflict (customer_id, idempotency_key) do nothing
          returning id into claimed;
      else
        update checkouts set status = 'pending', total_halalas = p_total, vat_halalas = p_vat, attempted_at = p_now
         where id = p_checkout and customer_id = p_customer
           and (status = 'failed' or (status = 'pending' and attempted_at <= p_abandoned_before))
         returning id into claimed;
      end if;
      if claimed is null then
        raise exception 'checkout_in_progress' using errcode = 'TA002';
      end if;
      perform hold_seats(p_customer, p_items, p_now, p_expires);
      return claimed;
    end
  $$`.execute(db);

  // Turns the held seats into confirmed bookings and marks the checkout paid, all or none; only the
  // attempt begun at p_attempted_at may (one taken over after a crash stops with TA003).
  // p_items: [{lab_id, lab_test_id, starts_at, capacity, price_halalas}], in lock order.
  await sql`create function complete_checkout(p_checkout uuid, p_customer uuid, p_reference text, p_items jsonb,
      p_now timestamptz, p_attempted_at timestamptz)
    returns void language plpgsql as $$
    declare
      item record;
      current record;
    begin
      select status, attempted_at into current from checkouts where id = p_checkout for update;
      if current.status <> 'pending' or current.attempted_at <> p_attempted_at then
        raise exception 'attempt_superseded' using errcode = 'TA003', detail = current.status;
      end if;
      for item in select (x.seat->>'lab_id')::uuid as lab_id, (x.seat->>'lab_test_id')::integer as lab_test_id,
                         (x.seat->>'starts_at')::timestamptz as starts_at, (x.seat->>'capacity')::integer as capacity,
                         (x.seat->>'price_halalas')::integer as price_halalas, x.n
                    from jsonb_array_elements(p_items) with ordinality as x(seat, n) loop
        perform lock_free_seat(p_customer, item.lab_id, item.starts_at, item.capacity, p_now, (item.n - 1)::integer);
        update lab_slot_usage set booked_count = booked_count + 1 where lab_id = item.lab_id and starts_at = item.starts_at;
        delete from slot_holds where holder_id = p_customer and lab_test_id = item.lab_test_id and starts_at = item.starts_at;
        insert into bookings (customer_id, lab_test_id, checkout_id, booking_time, total_price_halalas, status)
          values (p_customer, item.lab_test_id, p_checkout, item.starts_at, item.price_halalas, 'confirmed');
      end loop;
      update checkouts set status = 'paid', payment_reference = p_reference, completed_at = p_now where id = p_checkout;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function complete_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz)`.execute(db);
  await sql`drop function claim_checkout(uuid, uuid, text, integer, integer, text, jsonb, timestamptz, timestamptz, timestamptz)`.execute(
    db,
  );
  await sql`drop function hold_seats(uuid, jsonb, timestamptz, timestamptz)`.execute(db);
  await sql`drop function lock_free_seat(uuid, uuid, timestamptz, integer, timestamptz, integer)`.execute(db);
}
