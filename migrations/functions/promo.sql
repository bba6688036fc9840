-- Promo codes (issue #79 item 4, ADR 0092; the tables: migration 0080).
--
-- A checkout carrying a code reserves one use of it in the statement that claims it (claim_checkout), so
-- the seats and the code are held together or not at all. The code's row lock orders the checkouts of
-- every customer using it (its overall limit), and claim_checkout has taken the customer's lock first
-- (lock_person_bookings), which orders one customer's checkouts (their limit, first order only). A use
-- counts while its checkout is paid, or pending with its hold not over (held_until): a checkout that
-- failed or was abandoned gives its use back without a write. A refusal raises TA006 with the reason as
-- DETAIL (promo.service.ts names them: inactive, not_started, expired, used_up, already_used,
-- first_order_only) and the claim writes nothing.

create or replace function reserve_promo_redemption(p_checkout uuid, p_customer uuid, p_promo uuid, p_discount integer,
      p_now timestamptz, p_held_until timestamptz)
    returns void language plpgsql as $$
    declare
      promo record;
      used integer;
      used_by_customer integer;
    begin
      if p_promo is null then
        delete from promo_redemptions where checkout_id = p_checkout;
        return;
      end if;
      select * into promo from promo_codes where id = p_promo for update;
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
        from promo_redemptions r join checkouts c on c.id = r.checkout_id
       where r.promo_code_id = p_promo and r.checkout_id <> p_checkout
         and (c.status = 'paid' or (c.status = 'pending' and r.held_until > p_now));
      if promo.max_uses is not null and used >= promo.max_uses then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'used_up';
      end if;
      if used_by_customer >= promo.max_uses_per_customer then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'already_used';
      end if;
      if promo.first_order_only and customer_has_ordered(p_customer, p_checkout) then
        raise exception 'promo_refused' using errcode = 'TA006', detail = 'first_order_only';
      end if;
      insert into promo_redemptions (checkout_id, promo_code_id, customer_id, discount_halalas, held_until)
        values (p_checkout, p_promo, p_customer, p_discount, p_held_until)
        on conflict (checkout_id) do update
          set promo_code_id = excluded.promo_code_id, discount_halalas = excluded.discount_halalas,
              held_until = excluded.held_until;
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
