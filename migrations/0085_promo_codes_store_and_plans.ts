import { type Kysely, sql } from 'kysely';

// Promo codes at the store's and the plans' checkouts (issue #79 item 4, ADR 0092 amended). A code's use
// is a promo_redemptions row of a lab-test checkout, a store order or a plan subscription (exactly one of
// them), reserved under the code's row lock by reserve_promo_use (migrations/functions/promo.sql). A store
// order keeps its discount and each line its share (what a refund of the line returns); a subscription
// keeps the discount of its first month, which its renewals do not carry. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table promo_redemptions drop constraint promo_redemptions_pkey`.execute(db);
  await sql`alter table promo_redemptions
    add column id uuid not null default gen_random_uuid() primary key,
    alter column checkout_id drop not null,
    add constraint promo_redemptions_checkout_key unique (checkout_id),
    add column store_order_id uuid unique references store_orders(id) on delete cascade,
    add column plan_subscription_id uuid unique references plan_subscriptions(id) on delete cascade,
    add constraint promo_redemptions_one_order
      check (num_nonnulls(checkout_id, store_order_id, plan_subscription_id) = 1)`.execute(db);
  await sql`alter table store_orders
    add column promo_code_id uuid references promo_codes(id),
    add column promo_discount_cents integer not null default 0 check (promo_discount_cents >= 0)`.execute(db);
  await sql`alter table store_order_items
    add column promo_discount_cents integer not null default 0 check (promo_discount_cents >= 0)`.execute(db);
  await sql`alter table plan_subscriptions
    add column promo_code_id uuid references promo_codes(id),
    add column promo_discount_cents integer not null default 0 check (promo_discount_cents >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table plan_subscriptions drop column promo_code_id, drop column promo_discount_cents`.execute(db);
  await sql`alter table store_order_items drop column promo_discount_cents`.execute(db);
  await sql`alter table store_orders drop column promo_code_id, drop column promo_discount_cents`.execute(db);
  await sql`delete from promo_redemptions where checkout_id is null`.execute(db);
  await sql`alter table promo_redemptions
    drop constraint promo_redemptions_one_order,
    drop column plan_subscription_id,
    drop column store_order_id,
    drop constraint promo_redemptions_checkout_key,
    drop constraint promo_redemptions_pkey,
    drop column id,
    alter column checkout_id set not null,
    add primary key (checkout_id)`.execute(db);
}
