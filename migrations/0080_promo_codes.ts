import { type Kysely, sql } from 'kysely';

// Promo codes (issue #79 item 4, ADR 0092). The admin makes a code: a percentage or a fixed amount, a cap,
// a minimum basket, what it applies to, its dates, how often it may be used (overall and per customer),
// first order only or not, and who pays for the discount (the platform, or the lab in its ledger and
// payouts). A checkout that carries a code reserves it (promo_redemptions, one row per checkout) in the
// statement claiming it (claim_checkout → reserve_promo_redemption, migrations/functions/promo.sql), under
// the code's row lock and the customer's lock; a reservation counts while its checkout is paid, or pending
// with its hold not over, so a failed or abandoned checkout gives its use back without a write.
// Each booking keeps its share of the discount (bookings.promo_discount_halalas), which a refund returns
// and the ledger records. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type promo_kind as enum ('percent', 'fixed')`.execute(db);
  await sql`create type promo_scope as enum ('all', 'labs', 'tests', 'packages', 'store', 'plans')`.execute(db);
  await sql`create type promo_payer as enum ('platform', 'lab')`.execute(db);
  await sql`create table promo_codes (
    id uuid primary key default gen_random_uuid(),
    code text not null unique check (code ~ '^[A-Z0-9_-]{3,32}$'),
    kind promo_kind not null,
    -- A percentage (1-100), or halalas for a fixed amount.
    amount integer not null check (amount > 0),
    cap_halalas integer check (cap_halalas > 0),
    min_basket_halalas integer not null default 0 check (min_basket_halalas >= 0),
    applies_to promo_scope not null default 'all',
    lab_ids uuid[] not null default '{}',
    test_ids integer[] not null default '{}',
    starts_at timestamptz,
    ends_at timestamptz,
    max_uses integer check (max_uses > 0),
    max_uses_per_customer integer not null default 1 check (max_uses_per_customer > 0),
    first_order_only boolean not null default false,
    paid_by promo_payer not null default 'platform',
    active boolean not null default true,
    created_at timestamptz not null default now(),
    created_by uuid references users(id) on delete set null,
    check (kind <> 'percent' or amount <= 100),
    check (starts_at is null or ends_at is null or starts_at < ends_at),
    check (paid_by = 'platform' or applies_to not in ('store', 'plans'))
  )`.execute(db);
  await sql`create table promo_redemptions (
    checkout_id uuid primary key references checkouts(id) on delete cascade,
    promo_code_id uuid not null references promo_codes(id),
    customer_id uuid not null references users(id) on delete cascade,
    discount_halalas integer not null check (discount_halalas >= 0),
    held_until timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index promo_redemptions_code_idx on promo_redemptions (promo_code_id, customer_id)`.execute(db);
  await sql`create index promo_redemptions_customer_idx on promo_redemptions (customer_id)`.execute(db);
  await sql`alter table checkouts
    add column promo_code_id uuid references promo_codes(id),
    add column promo_discount_halalas integer not null default 0`.execute(db);
  await sql`alter table bookings add column promo_discount_halalas integer not null default 0`.execute(db);
  await sql`alter table lab_ledger_entries
    add column promo_discount_halalas integer not null default 0,
    add column promo_paid_by promo_payer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table lab_ledger_entries drop column promo_discount_halalas, drop column promo_paid_by`.execute(db);
  await sql`alter table bookings drop column promo_discount_halalas`.execute(db);
  await sql`alter table checkouts drop column promo_code_id, drop column promo_discount_halalas`.execute(db);
  await sql`drop table promo_redemptions`.execute(db);
  await sql`drop table promo_codes`.execute(db);
  await sql`drop type promo_payer`.execute(db);
  await sql`drop type promo_scope`.execute(db);
  await sql`drop type promo_kind`.execute(db);
}
