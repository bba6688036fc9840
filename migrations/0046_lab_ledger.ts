import { type Kysely, sql } from 'kysely';

// The marketplace's money ledger (issue #21, ADR 0041). One row per paid booking, written in the
// transaction that confirms its checkout: what the customer paid for it, the platform's booking fee
// and discount, the commission at the lab's plan of that day, VAT inside the platform's share, the
// home visit's fee and what the lab is owed. A cancellation that refunds writes a reversing row
// (negative amounts); rows are never updated nor deleted (a trigger refuses both; the function it
// calls is made here, its current definition is migrations/functions/ledger.sql).
// Existing bookings are backfilled at the lab's current plan, the best record there is.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table lab_ledger_entries (
    id uuid primary key default gen_random_uuid(),
    lab_id uuid not null references labs(id),
    booking_id uuid not null references bookings(id),
    kind text not null check (kind in ('booking', 'reversal')),
    recorded_at timestamptz not null default now(),
    lab_plan text not null,
    commission_percent integer not null check (commission_percent between 0 and 100),
    price_halalas integer not null,
    discount_halalas integer not null,
    booking_fee_halalas integer not null,
    home_visit_halalas integer not null,
    paid_halalas integer not null,
    commission_halalas integer not null,
    platform_vat_halalas integer not null,
    lab_owed_halalas integer not null,
    backfilled boolean not null default false,
    unique (booking_id, kind)
  )`.execute(db);
  await sql`create index lab_ledger_entries_lab_idx on lab_ledger_entries (lab_id, recorded_at)`.execute(db);
  await sql`create function lab_ledger_is_history() returns trigger language plpgsql as $$
    begin raise exception 'lab_ledger_entries rows are history: write a reversing row'; end $$`.execute(db);
  await sql`create trigger lab_ledger_entries_immutable before update or delete on lab_ledger_entries
    for each row execute function lab_ledger_is_history()`.execute(db);

  // Backfill: every booking that was booked (cancelled ones too, with their reversal), at the lab's
  // current plan; the fee and discount shares priced as checkout-pricing.ts does, by the checkout's plan.
  await sql`insert into lab_ledger_entries (lab_id, booking_id, kind, recorded_at, lab_plan, commission_percent,
      price_halalas, discount_halalas, booking_fee_halalas, home_visit_halalas, paid_halalas, commission_halalas,
      platform_vat_halalas, lab_owed_halalas, backfilled)
    select s.lab_id, s.id, 'booking', s.created_at, s.plan, s.pct, s.price, s.discount, s.fee, s.home,
           s.price - s.discount + s.fee + s.home, s.commission,
           round((s.commission + s.fee - s.discount) * 15 / 115.0), s.price - s.commission + s.home, true
      from (
        select b.id, lt.lab_id, b.created_at, b.total_price_halalas as price, b.home_collection_fee_halalas as home,
               p.plan, p.pct, round(b.total_price_halalas * p.pct / 100.0)::int as commission,
               coalesce(round(b.total_price_halalas * d.pct / 100.0), 0)::int as discount,
               coalesce(round((b.total_price_halalas - round(b.total_price_halalas * d.pct / 100.0)) * f.pct / 100.0), 0)::int as fee
          from bookings b
          join lab_tests lt on lt.id = b.lab_test_id
          join user_profiles up on up.id = lt.lab_id
          left join checkouts c on c.id = b.checkout_id and (c.fee_halalas > 0 or c.discount_halalas > 0)
          cross join lateral (select case up.subscription_tier when 'professional' then 'professional' when 'premium' then 'premium' else 'starter' end as plan) t
          cross join lateral (select t.plan, case t.plan when 'professional' then 10 when 'premium' then 7 else 15 end as pct) p
          left join lateral (select case c.customer_plan when 'premium' then 5 else 0 end as pct where c.id is not null) d on true
          left join lateral (select case c.customer_plan when 'premium' then 3 when 'enterprise' then 2 else 5 end as pct where c.id is not null) f on true
      ) s`.execute(db);
  await sql`insert into lab_ledger_entries (lab_id, booking_id, kind, recorded_at, lab_plan, commission_percent,
      price_halalas, discount_halalas, booking_fee_halalas, home_visit_halalas, paid_halalas, commission_halalas,
      platform_vat_halalas, lab_owed_halalas, backfilled)
    select e.lab_id, e.booking_id, 'reversal', coalesce(b.cancelled_at, now()), e.lab_plan, e.commission_percent,
           -e.price_halalas, -e.discount_halalas, -e.booking_fee_halalas, -e.home_visit_halalas, -e.paid_halalas,
           -e.commission_halalas, -e.platform_vat_halalas, -e.lab_owed_halalas, true
      from lab_ledger_entries e join bookings b on b.id = e.booking_id
     where b.status = 'cancelled'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table lab_ledger_entries`.execute(db);
  await sql`drop function lab_ledger_is_history()`.execute(db);
}
