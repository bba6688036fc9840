-- Promo codes (issue #79 item 4, ADR 0092; the tables: migrations 0080 and 0085).
--
-- An order carrying a code reserves one use of it: a lab-test checkout in the statement that claims it
-- (claim_checkout), so the seats and the code are held together or not at all; a store order on its payment
-- page, under the order's row lock; a plan's subscription as it is opened. The code's row lock orders the
-- uses of every customer (its overall limit and each customer's), and the customer's lock
-- (lock_person_bookings, which claim_checkout has taken first) orders one customer's orders (first order
-- only). A use counts while its order is paid, or pending with its hold not over (held_until:
-- promo_use_counts): an order that failed, lapsed or was abandoned gives its use back without a write.
-- A refusal raises TA006 with the reason as DETAIL (promo.service.ts names them: inactive, not_started,
-- expired, used_up, already_used, first_order_only) and the caller's statement writes nothing.

-- What became of a use's order: 'paid' (paid, whatever followed), 'pending' (still being paid) or 'over'.
create or replace function promo_use_status(r promo_redemptions)
    returns text language sql stable as $$
    select case
      when r.checkout_id is not null then
        (select case c.status when 'paid' then 'paid' when 'pending' then 'pending' else 'over' end
           from checkouts c where c.id = r.checkout_id)
      when r.store_order_id is not null then
        (select case when o.paid_at is not null then 'paid' when o.status = 'pending' then 'pending' else 'over' end
           from store_orders o where o.id = r.store_order_id)
      else
        (select case when s.payment_reference is not null then 'paid' when s.status = 'pending' then 'pending' else 'over' end
           from plan_subscriptions s where s.id = r.plan_subscription_id)
    end
  $$;

-- Whether a use counts against its code's limits at p_now.
create or replace function promo_use_counts(r promo_redemptions, p_now timestamptz)
    returns boolean language sql stable as $$
    select coalesce(promo_use_status(r) = 'paid' or (promo_use_status(r) = 'pending' and r.held_until > p_now), false)
  $$;

-- Reserves one use of p_promo for one order: exactly one of p_checkout, p_store_order, p_subscription. A null
-- p_promo drops the order's use, if it had one.
create or replace function reserve_promo_use(p_customer uuid, p_promo uuid, p_discount integer, p_now timestamptz,
      p_held_until timestamptz, p_checkout uuid, p_store_order uuid, p_subscription uuid)
    returns void language plpgsql as $$
    declare
      promo record;
      used integer;
      used_by_customer integer;
    begin
      if num_nonnulls(p_checkout, p_store_order, p_subscription) <> 1 then
        raise exception 'reserve_promo_use needs exactly one order';
      end if;
      delete from promo_redemptions r
       where r.checkout_id = p_checkout or r.store_order_id = p_store_order or r.plan_subscription_id = p_subscription;
      if p_promo is null then
        return;
      end if;
      perform lock_person_bookings(p_customer);
      -- No key update: it orders the reservations of the code, yet does not wait on (nor deadlock with) the
      -- key share lock of a row naming the code that the caller inserted first (a checkout, a subscription).
      select * into promo from promo_codes where id = p_promo for no key update;
      if promo.id is null or not promo.active then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'inactive';
      end if;
      if promo.starts_at is not null and p_now < promo.starts_at then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'not_started';
      end if;
      if promo.ends_at is not null and p_now >= promo.ends_at then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'expired';
      end if;
      select count(*), count(*) filter (where r.customer_id = p_customer) into used, used_by_customer
        from promo_redemptions r
       where r.promo_code_id = p_promo and promo_use_counts(r, p_now);
      if promo.max_uses is not null and used >= promo.max_uses then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'used_up';
      end if;
      if used_by_customer >= promo.max_uses_per_customer then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'already_used';
      end if;
      if promo.first_order_only and customer_has_ordered(p_customer, p_checkout) then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'first_order_only';
      end if;
      insert into promo_redemptions (checkout_id, store_order_id, plan_subscription_id, promo_code_id, customer_id,
                                     discount_halalas, held_until)
        values (p_checkout, p_store_order, p_subscription, p_promo, p_customer, p_discount, p_held_until);
    end
  $$;

-- A lab-test checkout's use (claim_checkout's call).
create or replace function reserve_promo_redemption(p_checkout uuid, p_customer uuid, p_promo uuid, p_discount integer,
      p_now timestamptz, p_held_until timestamptz)
    returns void language plpgsql as $$
    begin
      perform reserve_promo_use(p_customer, p_promo, p_discount, p_now, p_held_until, p_checkout, null, null);
    end
  $$;

-- Whether the customer has paid for an order before (a lab-test checkout other than p_checkout, or a
-- store order): a first-order code is refused then.
create or replace function customer_has_ordered(p_customer uuid, p_checkout uuid)
    returns boolean language sql stable as $$
    select exists (select 1 from checkouts c where c.customer_id = p_customer and c.status = 'paid'
                                              and c.id is distinct from p_checkout)
        or exists (select 1 from store_orders o where o.user_id = p_customer and o.paid_at is not null)
  $$;
