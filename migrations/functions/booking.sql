-- Booking: what must hold however many customers book at once, decided by the database (ADR 0006,
-- 0008, 0015). The current definitions: src/server/db/migrate.ts runs this file after the numbered
-- migrations on every start, so a changed body takes effect then. A changed argument list or return
-- type needs a numbered migration that drops the old function first (create or replace cannot change
-- them, and would add a second function beside the old one); a removed function, one that drops it.
--
-- What these functions decide:
--   capacity     slot_has_free_seat, the one place this rule is written: a slot has a seat for a holder
--                while the seats booked plus other people's live holds are fewer than its capacity.
--                free_slot_starts lists by it; lock_free_seat takes a seat by it, under the slot's
--                lab_slot_usage row lock, or raises TA001 (DETAIL: the item's index).
--   all or none  hold_seats, claim_checkout and confirm_paid_checkout are each one call in one transaction:
--                every seat of a cart is held, or booked (with its invoice and ledger rows), or none is.
--   a round      home_round_fits (ADR 0071, 0076): the homes of one home collection window make one round a collector
--                can ride, each reached before the window ends, and a lab's rounds of a day follow one another, each
--                starting where the one before ended; assert_home_round applies it where a home seat is taken, under
--                the lab's home round lock (lock_home_rounds).
--   fair use     hold_slot: one holder, and the guests of one address, have at most so many live holds (TA004).
--   one seat     person_seat_taken, the one place this rule is written (ADR 0064): a person (an account, and
--   a person     one of its family members or none) has one seat of a lab test at a time: a live booking of
--                it, or a seat another checkout of theirs claimed and is paying for. assert_person_seats_free
--                raises TA005 (DETAIL: JSON {lab_test_id, starts_at, reason: booked | paying}) for hold_slot and
--                claim_checkout, under the person's lock (lock_person_bookings) where a seat is taken; the
--                trigger bookings_one_seat_per_person (migration 0061) refuses a second live booking row.
--   a checkout   claim_checkout: a new one, one already paid (answered with its id), one being paid
--                (TA002), or one failed or abandoned (taken over); complete_checkout: only the current
--                attempt finishes it (TA003, DETAIL: its status now); fail_checkout_attempt and
--                fail_abandoned_checkout: how an attempt ends without a booking.
--   references   next_booking_reference, every booking's default reference (ADR 0058): a serial from
--                booking_reference_serial, permuted under this database's secret (permuted_booking_serial)
--                and written as TH-XXXX-XXXX with its check symbol (booking_reference_text).
-- What they are told rather than decide, by src/server/modules/booking/booking.service.ts: which instants
-- are slots (the lab's working hours), the seats in lock order, when holds expire (HOLD_MINUTES), how many
-- one holder may keep (MAX_HOLDS) and the guests of one address (MAX_HOLDS_PER_ADDRESS), when an attempt counts as abandoned (CHECKOUT_ABANDONED_MINUTES), and
-- the time now.
--
-- Called through src/server/modules/booking/booking.repository.ts by booking.service.ts: availableSlots
-- (free_slot_starts), holdSlot (hold_slot), createBookings (claim_checkout, confirm_paid_checkout,
-- fail_checkout_attempt, fail_abandoned_checkout), rescheduleBooking (lock_person_bookings,
-- assert_person_seats_free, move_booked_seat). The errors' SQLSTATEs become AppErrors there.

-- A booking's reference (ADR 0058): a number below 32^7 written as seven symbols of Crockford's base 32
-- and their check symbol (Luhn mod 32), `TH-` and two groups of four. src/shared/booking-reference.ts
-- reads what a person or a lab's system typed by the same alphabet and check.
create or replace function booking_reference_text(p_number bigint)
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
      -- From the last symbol to the first, the order Luhn's algorithm weighs them in.
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
  $$;

-- A one-to-one mapping of 0 .. 32^7 - 1 onto itself, keyed by p_secret: ten Feistel rounds over two
-- halves of 18 bits, whose round function is SHA-256 of the secret, the round and the right half, and
-- walked again while the result lies past 32^7 (cycle walking: 2^36 is the smallest even number of
-- bits above 35). Two serials never give one number, and without the secret consecutive serials give
-- numbers with nothing in common, so a reference does not tell how many bookings came before it.
create or replace function permuted_booking_serial(p_serial bigint, p_secret bytea)
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
  $$;

-- The next booking's reference: bookings.reference's default, so every insert gets one, whichever
-- function, seed or test writes the row. Unique by construction (a sequence through a permutation);
-- the column's unique constraint holds it anyway.
create or replace function next_booking_reference()
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
  $$;

-- Whether p_holder can take a seat of a slot that has p_booked seats booked: other people's live holds
-- count too; p_holder's own do not. A visitor (p_holder null) counts every live hold. PL/pgSQL, not SQL,
-- so that its plan is kept for the session rather than made again in every booking's transaction.
create or replace function slot_has_free_seat(p_holder uuid, p_lab uuid, p_collection text, p_starts timestamptz,
      p_capacity integer, p_booked integer, p_now timestamptz)
    returns boolean language plpgsql stable as $$
    begin
      return p_booked + (select count(*) from slot_holds h
                          where h.lab_id = p_lab and h.collection = p_collection and h.starts_at = p_starts
                            and h.holder_id is distinct from p_holder and h.expires_at > p_now) < p_capacity;
    end
  $$;

-- One window's round (ADR 0071, 0076): its places (p_places, one per home), visited one after another by a collector
-- who sets out from p_from p_free_minutes after the window opens (p_from null: the day's first round, which starts at
-- its first place as the window opens), arrives at a place no earlier than the window opens, stays p_visit_minutes at
-- each and rides at p_travel_kmh along the straight line between two places. The orders tried are the nearest place
-- next from each place in turn as the first. Of those, the one done soonest among the rounds reaching every place
-- before the window's p_window_minutes end (on_time), or, when none is on time, the one done soonest: done_minutes
-- (after the window opens) and done_at, the place it ends at. A round it finds on time is one that can be ridden, so
-- it never lets in a visit that cannot be reached; it may miss one that could.
create or replace function home_window_round(p_places earth[], p_from earth, p_free_minutes float8, p_window_minutes integer,
      p_visit_minutes integer, p_travel_kmh float8, out on_time boolean, out done_minutes float8, out done_at earth)
    language plpgsql immutable as $$
    declare
      n integer := array_length(p_places, 1);
      here integer;
      nearest integer;
      nearest_metres float8;
      metres float8;
      arrival float8;
      seen boolean[];
      punctual boolean;
    begin
      on_time := false;
      for opening in 1..n loop
        arrival := case when p_from is null then 0
                        else greatest(0, p_free_minutes + earth_distance(p_from, p_places[opening]) / 1000 / p_travel_kmh * 60) end;
        punctual := arrival < p_window_minutes;
        seen := array_fill(false, array[n]);
        seen[opening] := true;
        here := opening;
        for step in 2..n loop
          nearest_metres := null;
          for other in 1..n loop
            if not seen[other] then
              metres := earth_distance(p_places[here], p_places[other]);
              if nearest_metres is null or metres < nearest_metres then
                nearest_metres := metres;
                nearest := other;
              end if;
            end if;
          end loop;
          arrival := arrival + p_visit_minutes + nearest_metres / 1000 / p_travel_kmh * 60;
          punctual := punctual and arrival < p_window_minutes;
          seen[nearest] := true;
          here := nearest;
        end loop;
        if done_minutes is null or (punctual and not on_time) or (punctual = on_time and arrival + p_visit_minutes < done_minutes) then
          on_time := punctual;
          done_minutes := arrival + p_visit_minutes;
          done_at := p_places[here];
        end if;
      end loop;
    end
  $$;

-- Whether a home visit at (p_latitude, p_longitude) in the home window starting at p_starts fits its collector's day
-- (ADR 0071, 0076). The lab's home visits of that day on its clock, one per place and window (its live home bookings
-- and other people's live holds), are one collector's day: window by window, each round (home_window_round) starts
-- where and when the one before it ended, the collector riding on from its last place, and no earlier than its
-- window opens; a late round is ridden all the same, and the next starts after it. The day is walked twice over,
-- with this visit and without it (without any visit at its place in its window: a booking moved there is already
-- among the bookings); the visit fits when its own window's round is on time and no window on time without it is
-- late with it, so a window already late (a booking from before this rule, or a cancellation that leaves the
-- nearest-next order a longer way) blocks itself, not the rest of the day. Both walks are one until its window, and
-- once they leave a window at the same place and time the rest of the day is the same in both. Read under the lab's
-- home round lock (lock_home_rounds) where a seat is taken (hold_seats, complete_checkout, move_booked_seat), so two
-- visits of one lab's day are decided one after the other.
create or replace function home_round_fits(p_holder uuid, p_lab uuid, p_starts timestamptz, p_window_minutes integer,
      p_visit_minutes integer, p_travel_kmh float8, p_latitude float8, p_longitude float8, p_now timestamptz)
    returns boolean language plpgsql stable as $$
    declare
      day_opens timestamptz;
      win record;
      with_it record;
      without_it record;
      with_from earth;
      with_free timestamptz;
      without_from earth;
      without_free timestamptz;
    begin
      select date_trunc('day', p_starts at time zone l.time_zone) at time zone l.time_zone into day_opens
        from labs l where l.id = p_lab;
      for win in
        select v.starts_at, array_agg(ll_to_earth(v.latitude, v.longitude)) as places,
               array_agg(ll_to_earth(v.latitude, v.longitude)) filter (where not v.this_visit) as others
          from (select b.booking_time as starts_at, b.home_latitude as latitude, b.home_longitude as longitude
                  from bookings b join lab_tests lt on lt.id = b.lab_test_id
                 where lt.lab_id = p_lab and b.collection = 'home' and b.status <> 'cancelled'
                   and b.booking_time >= day_opens and b.booking_time < day_opens + interval '1 day'
                   and b.home_latitude is not null and b.home_longitude is not null
                union
                select h.starts_at, h.home_latitude, h.home_longitude from slot_holds h
                 where h.lab_id = p_lab and h.collection = 'home' and h.holder_id is distinct from p_holder and h.expires_at > p_now
                   and h.starts_at >= day_opens and h.starts_at < day_opens + interval '1 day'
                   and h.home_latitude is not null and h.home_longitude is not null
                union
                select p_starts, p_latitude, p_longitude) as placed(starts_at, latitude, longitude)
          cross join lateral (select placed.*, (placed.starts_at, placed.latitude, placed.longitude)
                                                = (p_starts, p_latitude, p_longitude) as this_visit) v
         group by v.starts_at order by v.starts_at
      loop
        select * into with_it from home_window_round(win.places, with_from, extract(epoch from with_free - win.starts_at) / 60,
                                                     p_window_minutes, p_visit_minutes, p_travel_kmh);
        if win.starts_at < p_starts then
          -- Before the visit's window both walks are the same.
          without_it := with_it;
        elsif win.others is not null then
          select * into without_it from home_window_round(win.others, without_from, extract(epoch from without_free - win.starts_at) / 60,
                                                          p_window_minutes, p_visit_minutes, p_travel_kmh);
        end if;
        -- Late with the visit: refused in its own window, or in a later one on time without it.
        if not with_it.on_time then
          if win.starts_at = p_starts then
            return false;
          end if;
          if without_it.on_time then
            return false;
          end if;
        end if;
        with_from := with_it.done_at;
        with_free := win.starts_at + make_interval(secs => with_it.done_minutes * 60);
        -- The visit's window with no other visit in it: the walk without it passes the window by.
        if win.starts_at < p_starts or win.others is not null then
          without_from := without_it.done_at;
          without_free := win.starts_at + make_interval(secs => without_it.done_minutes * 60);
        end if;
        if win.starts_at >= p_starts and with_from = without_from and with_free = without_free then
          return true;
        end if;
      end loop;
      return true;
    end
  $$;

-- The lock under which a lab's home visits are decided (ADR 0076): a visit's place in one window changes the rounds
-- of the windows after it, so the whole day is decided one visit at a time. Taken for every lab among p_items
-- (seats of hold_seats or complete_checkout) with a home visit, in the labs' order, before any slot row is locked;
-- move_booked_seat takes it for a home visit's lab. Held until the transaction ends.
create or replace function lock_home_rounds(p_items jsonb)
    returns void language plpgsql as $$
    declare
      lab uuid;
    begin
      for lab in select distinct (x.seat->>'lab_id')::uuid from jsonb_array_elements(p_items) as x(seat)
                  where x.seat->>'collection' = 'home' order by 1 loop
        perform pg_advisory_xact_lock(hashtext('home_rounds:' || lab::text));
      end loop;
    end
  $$;

-- Raises TA001 (DETAIL: p_index, as lock_free_seat) when p_seat, an item of hold_seats or complete_checkout, is a home
-- visit that does not fit its window's round (home_round_fits, told the round's terms by the item:
-- home_window_minutes, home_visit_minutes, home_travel_kmh). Nothing for a slot at the lab.
create or replace function assert_home_round(p_holder uuid, p_lab uuid, p_starts timestamptz, p_seat jsonb, p_now timestamptz,
      p_index integer)
    returns void language plpgsql as $$
    begin
      if p_seat->>'collection' = 'home' and not home_round_fits(p_holder, p_lab, p_starts, (p_seat->>'home_window_minutes')::integer,
                                 (p_seat->>'home_visit_minutes')::integer, (p_seat->>'home_travel_kmh')::float8,
                                 (p_seat->>'home_latitude')::float8, (p_seat->>'home_longitude')::float8, p_now) then
        raise exception 'slot_unavailable' using errcode = 'TA001', detail = p_index::text;
      end if;
    end
  $$;

-- The instants among p_starts (a lab's slots) where p_viewer could take a seat now: what the booking page
-- offers. It only reads; taking the seat decides again, under the slot's lock. Defined after
-- slot_has_free_seat: a SQL function's body is checked against what exists when it is created.
create or replace function free_slot_starts(p_viewer uuid, p_lab uuid, p_collection text, p_starts timestamptz[],
      p_capacity integer, p_now timestamptz)
    returns setof timestamptz language sql stable as $$
    select s.starts_at from unnest(p_starts) as s(starts_at)
      left join lab_slot_usage u on u.lab_id = p_lab and u.collection = p_collection and u.starts_at = s.starts_at
     where slot_has_free_seat(p_viewer, p_lab, p_collection, s.starts_at, p_capacity, coalesce(u.booked_count, 0), p_now)
     order by s.starts_at
  $$;

-- Locks a slot's usage row, adds p_add booked seats to it, and raises TA001 unless a seat was free for
-- the holder before them. Inside PL/pgSQL each statement takes a fresh snapshot, so the holds counted
-- after the lock include those committed by whoever held it before.
create or replace function lock_free_seat(p_holder uuid, p_lab uuid, p_collection text, p_starts timestamptz,
      p_capacity integer, p_now timestamptz, p_index integer, p_add integer)
    returns void language plpgsql as $$
    declare
      booked integer;
    begin
      insert into lab_slot_usage (lab_id, collection, starts_at, booked_count) values (p_lab, p_collection, p_starts, p_add)
        on conflict (lab_id, collection, starts_at) do update set booked_count = lab_slot_usage.booked_count + p_add
        returning booked_count - p_add into booked;
      if not slot_has_free_seat(p_holder, p_lab, p_collection, p_starts, p_capacity, booked, p_now) then
        raise exception 'slot_unavailable' using errcode = 'TA001', detail = p_index::text;
      end if;
    end
  $$;

-- The lock under which one person's seats are decided (ADR 0064): whoever books, moves a booking or claims a
-- checkout for an account takes it first, before any checkout or slot row, so two tabs of one account queue
-- here while other customers do not wait. Held until the transaction ends.
create or replace function lock_person_bookings(p_customer uuid)
    returns void language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(hashtext('bookings:person:' || p_customer::text));
    end
  $$;

-- What the person (the account p_customer's holder when p_member is null, else that family member) already
-- has of the lab test p_lab_test at p_starts, at the lab or at home: 'booked' (a booking not cancelled, other
-- than p_booking), 'paying' (a seat claimed by another checkout of the account, not the one of idempotency key
-- p_key, still being paid: pending, its attempt begun after p_live_since, while its holds live), or null.
create or replace function person_seat_taken(p_customer uuid, p_member uuid, p_lab_test integer, p_starts timestamptz,
      p_key text, p_live_since timestamptz, p_booking uuid)
    returns text language plpgsql stable as $$
    begin
      if exists (select 1 from bookings b
                  where b.customer_id = p_customer and b.lab_test_id = p_lab_test and b.booking_time = p_starts
                    and b.family_member_id is not distinct from p_member and b.status <> 'cancelled'
                    and b.id is distinct from p_booking) then
        return 'booked';
      end if;
      if exists (select 1 from checkouts c cross join lateral jsonb_array_elements(c.items) as x(seat)
                  where c.customer_id = p_customer and c.status = 'pending' and c.attempted_at > p_live_since
                    and c.idempotency_key is distinct from p_key
                    and (x.seat->>'lab_test_id')::integer = p_lab_test and (x.seat->>'starts_at')::timestamptz = p_starts
                    and (x.seat->>'family_member_id')::uuid is not distinct from p_member) then
        return 'paying';
      end if;
      return null;
    end
  $$;

-- Raises TA005 unless every item of p_items ([{lab_test_id, starts_at, family_member_id?}]) is free for its
-- person (person_seat_taken). It does not lock: a caller that takes the seats holds lock_person_bookings first.
create or replace function assert_person_seats_free(p_customer uuid, p_items jsonb, p_key text, p_live_since timestamptz)
    returns void language plpgsql as $$
    declare
      item record;
      taken text;
    begin
      for item in select (x.seat->>'lab_test_id')::integer as lab_test_id, (x.seat->>'starts_at')::timestamptz as starts_at,
                         (x.seat->>'family_member_id')::uuid as family_member_id
                    from jsonb_array_elements(p_items) as x(seat) loop
        taken := person_seat_taken(p_customer, item.family_member_id, item.lab_test_id, item.starts_at, p_key, p_live_since, null);
        if taken is not null then
          raise exception 'already_booked' using errcode = 'TA005',
            detail = json_build_object('lab_test_id', item.lab_test_id, 'starts_at', item.starts_at, 'reason', taken)::text;
        end if;
      end loop;
    end
  $$;

-- The last guard (migration 0061's trigger, before a row of bookings is written): a booking that becomes live
-- (inserted, moved to another time or test, or no longer cancelled) must be the person's only live one of
-- its lab test at its time. Other changes (a status between confirmed and completed, a family member's link
-- set null when the account is erased) are not checked, so rows from before the rule stay writable.
create or replace function bookings_one_seat_per_person()
    returns trigger language plpgsql as $$
    begin
      if new.status = 'cancelled' or (tg_op = 'UPDATE' and old.status <> 'cancelled' and old.booking_time = new.booking_time
                                      and old.lab_test_id = new.lab_test_id) then
        return new;
      end if;
      perform lock_person_bookings(new.customer_id);
      -- Not the row itself: its present version (an update), or the row an insert that meets it would skip
      -- (`on conflict (id) do nothing`, which the seeds write with).
      if person_seat_taken(new.customer_id, new.family_member_id, new.lab_test_id, new.booking_time, null, 'infinity', new.id) = 'booked' then
        raise exception 'already_booked' using errcode = 'TA005',
          detail = json_build_object('lab_test_id', new.lab_test_id, 'starts_at', new.booking_time, 'reason', 'booked')::text;
      end if;
      return new;
    end
  $$;

-- p_items: [{lab_id, lab_test_id, collection?, starts_at, capacity}], already in lock order; collection
-- 'lab' (a slot at the lab, when absent) or 'home' (a home collection window).
create or replace function hold_seats(p_holder uuid, p_items jsonb, p_now timestamptz, p_expires timestamptz)
    returns void language plpgsql as $$
    declare
      item record;
    begin
      perform lock_home_rounds(p_items);
      for item in select (x.seat->>'lab_id')::uuid as lab_id, (x.seat->>'lab_test_id')::integer as lab_test_id,
                         coalesce(x.seat->>'collection', 'lab') as collection,
                         (x.seat->>'starts_at')::timestamptz as starts_at, (x.seat->>'capacity')::integer as capacity, x.seat, x.n
                    from jsonb_array_elements(p_items) with ordinality as x(seat, n) loop
        perform lock_free_seat(p_holder, item.lab_id, item.collection, item.starts_at, item.capacity, p_now, (item.n - 1)::integer, 0);
        perform assert_home_round(p_holder, item.lab_id, item.starts_at, item.seat, p_now, (item.n - 1)::integer);
        insert into slot_holds (lab_id, lab_test_id, collection, starts_at, holder_id, expires_at, home_latitude, home_longitude,
                                series_id, series_visit)
          values (item.lab_id, item.lab_test_id, item.collection, item.starts_at, p_holder, p_expires,
                  (item.seat->>'home_latitude')::float8, (item.seat->>'home_longitude')::float8,
                  (item.seat->>'series_id')::uuid, (item.seat->>'series_visit')::smallint)
          -- Holding again extends a hold, never shortens it: a seat the waitlist offered for 15 minutes and then put
          -- in the cart (10) stays held for the longer, and a series' reserved visit (ADR 0075) put in the cart to pay
          -- stays reserved. A home hold takes the home it is for now; a hold keeps its series unless held for another.
          on conflict (holder_id, lab_test_id, collection, starts_at)
            do update set expires_at = greatest(slot_holds.expires_at, excluded.expires_at),
                          reserved = slot_holds.reserved and slot_holds.expires_at > p_now,
                          home_latitude = excluded.home_latitude, home_longitude = excluded.home_longitude,
                          series_id = coalesce(excluded.series_id, slot_holds.series_id),
                          series_visit = coalesce(excluded.series_visit, slot_holds.series_visit);
      end loop;
    end
  $$;

-- A slot put in a cart: hold_seats, once the holder's live holds (other than these seats, held again, and
-- the visits of a series reserved until paid, ADR 0075) and these seats come to no more than p_max_holds,
-- else TA004 and nothing held. A guest's holds also carry the address they were made from (p_address; null
-- for a signed-up customer), and the live holds of every guest at that address, these seats counted, come
-- to no more than p_max_address_holds, else TA004 too: one visitor may make many guest accounts. Each count
-- is taken under a lock of its own (the holder's, then the address's, always in that order), so two
-- requests at once cannot both pass it.
-- A seat its person already has (assert_person_seats_free, TA005) is not held either, so the customer hears
-- it as they choose the time; without the person's lock, as a hold only reserves: the checkout decides under it.
create or replace function hold_slot(p_holder uuid, p_items jsonb, p_now timestamptz, p_expires timestamptz, p_max_holds integer,
      p_address text, p_max_address_holds integer)
    returns void language plpgsql as $$
    begin
      -- A hold lost in a crash costs nothing (the booking takes its seat again), so its commit does not
      -- wait for the disk: a flood of holds then adds no WAL flushes for bookings to queue behind (ADR 0040).
      perform set_config('synchronous_commit', 'off', true);
      -- p_expires - p_now is how long holds last: a checkout begun longer ago has let its seats go.
      perform assert_person_seats_free(p_holder, p_items, null, p_now - (p_expires - p_now));
      perform pg_advisory_xact_lock(hashtext('slot_holds:' || p_holder::text));
      if (select count(*) from slot_holds h
            where h.holder_id = p_holder and h.expires_at > p_now and not h.reserved
              and not exists (select 1 from jsonb_array_elements(p_items) x
                                where (x->>'lab_test_id')::integer = h.lab_test_id and coalesce(x->>'collection', 'lab') = h.collection
                                  and (x->>'starts_at')::timestamptz = h.starts_at))
         + jsonb_array_length(p_items) > p_max_holds then
        raise exception 'hold_limit' using errcode = 'TA004', detail = p_max_holds::text;
      end if;
      if p_address is not null then
        perform pg_advisory_xact_lock(hashtext('slot_holds:address:' || p_address));
        if (select count(*) from slot_holds h
              where h.client_address = p_address and h.expires_at > p_now
                and not (h.holder_id = p_holder and exists (select 1 from jsonb_array_elements(p_items) x
                                  where (x->>'lab_test_id')::integer = h.lab_test_id and coalesce(x->>'collection', 'lab') = h.collection
                                  and (x->>'starts_at')::timestamptz = h.starts_at)))
           + jsonb_array_length(p_items) > p_max_address_holds then
          raise exception 'hold_limit' using errcode = 'TA004', detail = p_max_address_holds::text;
        end if;
      end if;
      perform hold_seats(p_holder, p_items, p_now, p_expires);
      if p_address is not null then
        update slot_holds h set client_address = p_address
         where h.holder_id = p_holder
           and exists (select 1 from jsonb_array_elements(p_items) x
                        where (x->>'lab_test_id')::integer = h.lab_test_id and coalesce(x->>'collection', 'lab') = h.collection
                                  and (x->>'starts_at')::timestamptz = h.starts_at);
      end if;
    end
  $$;

-- Claims the customer's checkout for p_key for an attempt starting p_now and holds every seat, or
-- changes nothing: a new checkout, or one whose last attempt failed or was abandoned before
-- p_abandoned_before (ADR 0008), decided under the checkout row's lock. A checkout already paid is
-- answered with its id and paid = true, holding nothing; one being paid raises TA002. p_instance names the
-- server instance that charges this attempt itself (null for a payment made in the browser): the same
-- instance starting again ends the attempt (migration 0042). p_pricing is what the customer's plan priced
-- it at ({plan, subtotal_halalas, discount_halalas, fee_halalas, home_collection_halalas, insurer_share_halalas}:
-- checkout-pricing.ts; the insurer's part, migration 0095),
-- written with the claim (migration 0052), with its promo code and discount if any (promo_code_id,
-- promo_discount_halalas; the code's use reserved by reserve_promo_redemption, TA006 when refused, migration
-- 0080). Under the customer's lock (lock_person_bookings), taken first, a claim that would hold a seat its
-- person already has, booked or being paid by another checkout, raises TA005 and writes nothing (ADR 0064);
-- the claim keeps its items (checkouts.items), which is how the next claim knows them.
create or replace function claim_checkout(p_customer uuid, p_key text, p_total integer, p_vat integer,
      p_provider text, p_items jsonb, p_now timestamptz, p_expires timestamptz, p_abandoned_before timestamptz,
      p_instance text, p_pricing jsonb)
    returns table (id uuid, paid boolean) language plpgsql as $$
    declare
      claimed uuid;
      existing record;
    begin
      perform lock_person_bookings(p_customer);
      insert into checkouts (customer_id, idempotency_key, total_halalas, vat_halalas, payment_provider, attempted_at,
                             attempt_instance, customer_plan, subtotal_halalas, discount_halalas, fee_halalas,
                             home_collection_fee_halalas, items, promo_code_id, promo_discount_halalas, wallet_halalas,
                             insurer_share_halalas)
        values (p_customer, p_key, p_total, p_vat, p_provider, p_now, p_instance, p_pricing->>'plan',
                (p_pricing->>'subtotal_halalas')::integer, (p_pricing->>'discount_halalas')::integer,
                (p_pricing->>'fee_halalas')::integer, (p_pricing->>'home_collection_halalas')::integer, p_items,
                (p_pricing->>'promo_code_id')::uuid, coalesce((p_pricing->>'promo_discount_halalas')::integer, 0),
                coalesce((p_pricing->>'wallet_halalas')::integer, 0), coalesce((p_pricing->>'insurer_share_halalas')::integer, 0))
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
        update checkouts set status = 'pending', total_halalas = p_total, vat_halalas = p_vat, attempted_at = p_now,
                             attempt_instance = p_instance, customer_plan = p_pricing->>'plan',
                             subtotal_halalas = (p_pricing->>'subtotal_halalas')::integer,
                             discount_halalas = (p_pricing->>'discount_halalas')::integer,
                             fee_halalas = (p_pricing->>'fee_halalas')::integer,
                             home_collection_fee_halalas = (p_pricing->>'home_collection_halalas')::integer,
                             items = p_items, promo_code_id = (p_pricing->>'promo_code_id')::uuid,
                             promo_discount_halalas = coalesce((p_pricing->>'promo_discount_halalas')::integer, 0),
                             wallet_halalas = coalesce((p_pricing->>'wallet_halalas')::integer, 0),
                             insurer_share_halalas = coalesce((p_pricing->>'insurer_share_halalas')::integer, 0)
         where checkouts.id = existing.id;
        claimed := existing.id;
      end if;
      -- Its promo code's use is reserved with its seats, as long as they are held (migrations/functions/promo.sql).
      perform reserve_promo_redemption(claimed, p_customer, (p_pricing->>'promo_code_id')::uuid,
                                       coalesce((p_pricing->>'promo_discount_halalas')::integer, 0), p_now, p_expires);
      -- p_expires - p_now is how long holds last: a checkout begun longer ago has let its seats go.
      perform assert_person_seats_free(p_customer, p_items, p_key, p_now - (p_expires - p_now));
      perform hold_seats(p_customer, p_items, p_now, p_expires);
      -- The visits of a series paid each when due (ADR 0075) that are not in this checkout wait for it with
      -- their seats held as long as its own, so that it reserves them when paid (complete_checkout).
      update slot_holds h set expires_at = greatest(h.expires_at, p_expires)
       where h.holder_id = p_customer and not h.reserved and h.expires_at > p_now
         and h.series_id in (select s.series_id from slot_holds s
                              where s.holder_id = p_customer and s.series_id is not null
                                and exists (select 1 from jsonb_array_elements(p_items) x
                                             where (x->>'lab_test_id')::integer = s.lab_test_id
                                               and coalesce(x->>'collection', 'lab') = s.collection
                                               and (x->>'starts_at')::timestamptz = s.starts_at));
      return query select claimed, false;
    end
  $$;

-- Turns the held seats into confirmed bookings and marks the checkout paid, all or none; only the
-- attempt begun at p_attempted_at may (one taken over after a crash stops with TA003). Returns the
-- bookings, in the items' order, with the customer's name and each booking's reference.
-- p_items: [{lab_id, lab_test_id, collection?, starts_at, capacity, price_halalas, family_member_id?, home_address?,
-- home_latitude?, home_longitude?, home_collection_fee_halalas?, promo_discount_halalas?, insurer_share_halalas?,
-- coverage_message_id?}], in lock order; a
-- family member (the patient, when not the customer) was checked to be the customer's, and a home address to lie within the lab's
-- radius, by the caller.
-- Its mails come along (p_mails, rows of the outbox as mail.service.ts writes them, for bookings whose
-- ids the caller chose: `booking_id` in each item; with a `channel`, rows of phone_messages, its text
-- messages: phone-messages.service.ts) and are written in the same call, so a booking and
-- its mail exist together or not at all (ADR 0016) in one round trip (migration 0016 dropped its
-- six-argument form). A mail naming its booking (`booking_id` in its row) gets the reference the booking was
-- given here as its data's `bookingReference` (migration 0055 added the reference to what this returns).
-- The customer's lock (lock_person_bookings) is taken first, as claim_checkout takes it, so the bookings'
-- trigger (bookings_one_seat_per_person), which takes it too, never waits for it behind a slot's row lock.
create or replace function complete_checkout(p_checkout uuid, p_customer uuid, p_reference text, p_items jsonb,
      p_now timestamptz, p_attempted_at timestamptz, p_mails jsonb)
    returns table (id uuid, lab_test_id integer, booking_time timestamptz, created_at timestamptz, customer_name text,
                   reference text)
    language plpgsql as $$
    declare
      item record;
      current record;
      customer text;
      held_series uuid;
      held_visit smallint;
    begin
      perform lock_person_bookings(p_customer);
      select c.status, c.attempted_at into current from checkouts c where c.id = p_checkout for update;
      if current.status <> 'pending' or current.attempted_at <> p_attempted_at then
        raise exception 'attempt_superseded' using errcode = 'TA003', detail = current.status;
      end if;
      perform lock_home_rounds(p_items);
      select p.name into customer from user_profiles p where p.id = p_customer;
      for item in select coalesce((x.seat->>'booking_id')::uuid, gen_random_uuid()) as booking_id,
                         (x.seat->>'lab_id')::uuid as lab_id, (x.seat->>'lab_test_id')::integer as lab_test_id,
                         coalesce(x.seat->>'collection', 'lab') as collection,
                         (x.seat->>'starts_at')::timestamptz as starts_at, (x.seat->>'capacity')::integer as capacity,
                         (x.seat->>'price_halalas')::integer as price_halalas,
                         (x.seat->>'family_member_id')::uuid as family_member_id,
                         x.seat->>'home_address' as home_address, (x.seat->>'home_latitude')::float8 as home_latitude,
                         (x.seat->>'home_longitude')::float8 as home_longitude,
                         coalesce((x.seat->>'home_collection_fee_halalas')::integer, 0) as home_fee, x.seat, x.n
                    from jsonb_array_elements(p_items) with ordinality as x(seat, n) loop
        perform lock_free_seat(p_customer, item.lab_id, item.collection, item.starts_at, item.capacity, p_now, (item.n - 1)::integer, 1);
        perform assert_home_round(p_customer, item.lab_id, item.starts_at, item.seat, p_now, (item.n - 1)::integer);
        delete from slot_holds h where h.holder_id = p_customer and h.lab_test_id = item.lab_test_id
                                   and h.collection = item.collection and h.starts_at = item.starts_at
          returning h.series_id, h.series_visit into held_series, held_visit;
        -- A seat held as a visit of a series (ADR 0075) is booked as that visit of it.
        return query
          insert into bookings (id, customer_id, lab_test_id, checkout_id, booking_time, total_price_halalas, status, family_member_id,
                                collection, home_address, home_latitude, home_longitude, home_collection_fee_halalas,
                                series_id, series_visit, promo_discount_halalas, insurer_share_halalas, coverage_message_id)
            values (item.booking_id, p_customer, item.lab_test_id, p_checkout, item.starts_at, item.price_halalas, 'confirmed',
                    item.family_member_id, item.collection, item.home_address, item.home_latitude, item.home_longitude, item.home_fee,
                    held_series, held_visit, coalesce((item.seat->>'promo_discount_halalas')::integer, 0),
                    coalesce((item.seat->>'insurer_share_halalas')::integer, 0), item.seat->>'coverage_message_id')
            returning bookings.id, bookings.lab_test_id, bookings.booking_time, bookings.created_at, customer, bookings.reference;
      end loop;
      -- The other visits of a series paid each when due, still held, are reserved now that its first is paid:
      -- each keeps its seat until its payment's deadline, two days before it (ADR 0075; SERIES_PAY_BY_HOURS).
      update slot_holds h set reserved = true, expires_at = h.starts_at - interval '48 hours'
       where h.holder_id = p_customer and not h.reserved and h.expires_at > p_now
         and h.starts_at - interval '48 hours' > p_now
         and h.series_id in (select b.series_id from bookings b join booking_series s on s.id = b.series_id
                              where b.checkout_id = p_checkout and s.pay_each_visit);
      update checkouts set status = 'paid', payment_reference = p_reference, completed_at = p_now where checkouts.id = p_checkout;
      -- The customer's waitlist entries for a test and day this checkout booked are over as it is paid (issue #77
      -- item 5): their screen drops an offer the moment it is booked, not at the next round's settling (ADR 0069).
      update waitlist_entries w set status = 'booked', ended_at = p_now
        from bookings b join lab_tests lt on lt.id = b.lab_test_id join labs l on l.id = lt.lab_id
       where b.checkout_id = p_checkout and b.status = 'confirmed' and w.customer_id = p_customer
         and w.lab_test_id = b.lab_test_id and w.status in ('waiting', 'offered')
         and (b.booking_time at time zone l.time_zone)::date = w.on_date;
      insert into outbox (template, recipient, locale, user_id, dedupe_key, send_after, data)
        select m.template, m.recipient, m.locale, m.user_id, m.dedupe_key, coalesce(m.send_after, now()),
               case when b.id is null then m.data else jsonb_set(m.data, '{bookingReference}', to_jsonb(b.reference)) end
          from jsonb_to_recordset(p_mails)
            as m(template text, recipient text, locale text, user_id uuid, dedupe_key text, send_after timestamptz, data jsonb,
                 booking_id uuid, channel text)
          left join bookings b on b.id = m.booking_id
         where m.channel is null
        on conflict (dedupe_key) do nothing;
      -- Rows with a channel are text messages (issue #55, ADR 0072): to their own outbox, with the reference too.
      insert into phone_messages (channel, template, recipient, locale, user_id, dedupe_key, send_after, data)
        select m.channel, m.template, m.recipient, m.locale, m.user_id, m.dedupe_key, coalesce(m.send_after, now()),
               case when b.id is null then m.data else jsonb_set(m.data, '{bookingReference}', to_jsonb(b.reference)) end
          from jsonb_to_recordset(p_mails)
            as m(template text, recipient text, locale text, user_id uuid, dedupe_key text, send_after timestamptz, data jsonb,
                 booking_id uuid, channel text)
          left join bookings b on b.id = m.booking_id
         where m.channel is not null
        on conflict (dedupe_key) do nothing;
    end
  $$;

-- A paid checkout's whole confirmation in one statement, so in one round trip and one transaction
-- (issue #25; it was eight round trips, each waiting for a busy app server): complete_checkout's bookings
-- and mails, its simplified tax invoice (p_invoice: a row of invoices as billing.service.ts
-- checkoutInvoiceJson writes it, without a number, which migrations/functions/invoices.sql gives at
-- commit, nor the buyer's name, taken here from the profile as it is now) and its lab ledger rows
-- (p_ledger: rows of lab_ledger_entries as ledger.service.ts checkoutLedgerJson writes them).
create or replace function confirm_paid_checkout(p_checkout uuid, p_customer uuid, p_reference text, p_items jsonb,
      p_now timestamptz, p_attempted_at timestamptz, p_mails jsonb, p_invoice jsonb, p_ledger jsonb)
    returns table (id uuid, lab_test_id integer, booking_time timestamptz, created_at timestamptz, customer_name text,
                   reference text)
    language plpgsql as $$
    begin
      return query select * from complete_checkout(p_checkout, p_customer, p_reference, p_items, p_now, p_attempted_at, p_mails);
      insert into invoices (kind, issued_at, buyer_id, buyer_name, checkout_id, seller_name, seller_vat_number,
                            total_halalas, vat_halalas, lines, qr)
        select r.kind, r.issued_at, p_customer, (select nullif(p.name, '') from user_profiles p where p.id = p_customer),
               p_checkout, r.seller_name, r.seller_vat_number, r.total_halalas, r.vat_halalas, r.lines, r.qr
          from jsonb_populate_record(null::invoices, p_invoice) r;
      insert into lab_ledger_entries (lab_id, booking_id, kind, recorded_at, lab_plan, commission_percent, price_halalas,
                                      discount_halalas, booking_fee_halalas, home_visit_halalas, paid_halalas,
                                      commission_halalas, platform_vat_halalas, lab_owed_halalas, promo_discount_halalas,
                                      promo_paid_by, insurer_share_halalas)
        select r.lab_id, r.booking_id, r.kind, r.recorded_at, r.lab_plan, r.commission_percent, r.price_halalas,
               r.discount_halalas, r.booking_fee_halalas, r.home_visit_halalas, r.paid_halalas,
               r.commission_halalas, r.platform_vat_halalas, r.lab_owed_halalas, coalesce(r.promo_discount_halalas, 0),
               r.promo_paid_by, coalesce(r.insurer_share_halalas, 0)
          from jsonb_populate_recordset(null::lab_ledger_entries, p_ledger) r;
    end
  $$;

-- Ends the attempt begun at p_attempted_at as failed (its payment was declined, or its seats went while
-- it paid), unless another attempt has taken the checkout over.
create or replace function fail_checkout_attempt(p_checkout uuid, p_attempted_at timestamptz)
    returns void language sql as $$
    update checkouts set status = 'failed'
     where id = p_checkout and status = 'pending' and attempted_at = p_attempted_at
  $$;

-- Ends the customer's checkout for p_key as failed if it still lies abandoned (pending, its attempt begun
-- at or before p_abandoned_before): taking it over failed because its seats are gone, so it is over.
create or replace function fail_abandoned_checkout(p_customer uuid, p_key text, p_abandoned_before timestamptz)
    returns void language sql as $$
    update checkouts set status = 'failed'
     where customer_id = p_customer and idempotency_key = p_key and status = 'pending' and attempted_at <= p_abandoned_before
  $$;

-- Moves a confirmed booking's seat from p_from to p_to, slots (or home windows: p_collection) of the same lab, in the caller's
-- transaction (booking.service.ts rescheduleBooking, which has locked the booking row): the new seat is
-- taken by the capacity rule, as a new booking's is (lock_free_seat, TA001 when it is full; the mover's
-- own holds do not count), and the old seat is given back. The two slot rows are locked in time order,
-- the order a checkout locks a lab's slots in, so moves and checkouts across the same slots cannot
-- deadlock; a move that loses the race for the new slot rolls back whole, the old seat kept.
create or replace function move_booked_seat(p_customer uuid, p_lab uuid, p_collection text, p_from timestamptz,
      p_to timestamptz, p_capacity integer, p_now timestamptz)
    returns void language plpgsql as $$
    begin
      if p_collection = 'home' then
        perform lock_home_rounds(jsonb_build_array(jsonb_build_object('lab_id', p_lab, 'collection', 'home')));
      end if;
      if p_from < p_to then
        update lab_slot_usage set booked_count = booked_count - 1
         where lab_id = p_lab and collection = p_collection and starts_at = p_from;
        perform lock_free_seat(p_customer, p_lab, p_collection, p_to, p_capacity, p_now, 0, 1);
      else
        perform lock_free_seat(p_customer, p_lab, p_collection, p_to, p_capacity, p_now, 0, 1);
        update lab_slot_usage set booked_count = booked_count - 1
         where lab_id = p_lab and collection = p_collection and starts_at = p_from;
      end if;
    end
  $$;
