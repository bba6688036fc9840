import { type Kysely, sql } from 'kysely';

// The built-in store run from the admin dashboard (issue #23): an order goes on after its payment
// (paid → fulfilled → shipped, with a tracking number → delivered; or cancelled, its stock given back
// and its payment refunded), each stock change is kept with its reason, and a product carries its SEO
// title and description. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table store_orders drop constraint store_orders_status_check`.execute(db);
  await sql`alter table store_orders add constraint store_orders_status_check
    check (status in ('pending', 'paid', 'fulfilled', 'shipped', 'delivered', 'cancelled', 'expired'))`.execute(db);
  await db.schema
    .alterTable('store_orders')
    .addColumn('tracking_number', 'text')
    .addColumn('fulfilled_at', 'timestamptz')
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
  // A shipped order says how to follow it.
  await sql`alter table store_orders add constraint store_orders_shipped_tracked
    check (status not in ('shipped', 'delivered') or tracking_number is not null)`.execute(db);
  // The admin's list: newest first, paged by (created_at, id).
  await sql`create index store_orders_created_idx on store_orders (created_at desc, id desc)`.execute(db);
  await sql`create index store_orders_user_created_idx on store_orders (user_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .alterTable('store_products')
    .addColumn('seo_title_ar', 'text')
    .addColumn('seo_title_en', 'text')
    .addColumn('seo_description_ar', 'text')
    .addColumn('seo_description_en', 'text')
    .execute();

  // Every change of a variant's stock by hand or by a cancelled order, with the level it left.
  await db.schema
    .createTable('store_stock_adjustments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('store_variants.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn('quantity_after', 'integer', (c) => c.notNull().check(sql`quantity_after >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'uuid', (c) => c.references('store_orders.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('store_stock_adjustments_variant_idx')
    .on('store_stock_adjustments')
    .columns(['variant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_stock_adjustments').execute();
  await db.schema
    .alterTable('store_products')
    .dropColumn('seo_title_ar')
    .dropColumn('seo_title_en')
    .dropColumn('seo_description_ar')
    .dropColumn('seo_description_en')
    .execute();
  await sql`drop index if exists store_orders_user_created_idx`.execute(db);
  await sql`drop index if exists store_orders_created_idx`.execute(db);
  await sql`alter table store_orders drop constraint store_orders_shipped_tracked`.execute(db);
  await db.schema
    .alterTable('store_orders')
    .dropColumn('tracking_number')
    .dropColumn('fulfilled_at')
    .dropColumn('shipped_at')
    .dropColumn('delivered_at')
    .dropColumn('cancelled_at')
    .dropColumn('refunded_at')
    .execute();
  await sql`alter table store_orders drop constraint store_orders_status_check`.execute(db);
  await sql`alter table store_orders add constraint store_orders_status_check
    check (status in ('pending', 'paid', 'cancelled', 'expired'))`.execute(db);
}
