import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** `%text%` for ILIKE, with the caller's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------------------------------------
// Products

/** Newest first, paged after the id `before`, searched by name or SKU. Drafts and hidden ones included. */
export async function findAdminProducts(db: Db, page: { before: number | null; limit: number; q: string | null }) {
  let query = db
    .selectFrom('store_products as p')
    .select([
      'p.id',
      'p.slug',
      'p.title_ar',
      'p.title_en',
      'p.status',
      'p.is_hidden',
      'p.ribbon_text_ar',
      'p.ribbon_text_en',
      'p.updated_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('store_product_images as i')
        .whereRef('i.product_id', '=', 'p.id')
        .select('i.url')
        .orderBy('i.sort_order')
        .orderBy('i.id')
        .limit(1)
        .as('image_url'),
    )
    .where('p.deleted_at', 'is', null);
  if (page.before !== null) query = query.where('p.id', '<', page.before);
  if (page.q) {
    const pattern = containing(page.q);
    query = query.where((eb) =>
      eb.or([
        eb('p.title_ar', 'ilike', pattern),
        eb('p.title_en', 'ilike', pattern),
        eb.exists(
          eb.selectFrom('store_variants as v').whereRef('v.product_id', '=', 'p.id').where('v.sku', 'ilike', pattern).select('v.id'),
        ),
      ]),
    );
  }
  return query.orderBy('p.id', 'desc').limit(page.limit).execute();
}

export async function findVariantsOf(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('store_variants')
    .select([
      'id',
      'product_id',
      'sku',
      'title_ar',
      'title_en',
      'price_in_cents',
      'sale_price_in_cents',
      'manage_inventory',
      'inventory_quantity',
    ])
    .where('product_id', 'in', productIds)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findAdminProduct(db: Db, id: number) {
  return db.selectFrom('store_products').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findProductOptions(db: Db, productId: number) {
  const [options, values, links, images, collections] = await Promise.all([
    db
      .selectFrom('store_options')
      .select(['id', 'title_ar', 'title_en'])
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('store_option_values as ov')
      .innerJoin('store_options as o', 'o.id', 'ov.option_id')
      .select(['ov.id', 'ov.option_id', 'ov.value_ar', 'ov.value_en'])
      .where('o.product_id', '=', productId)
      .execute(),
    db
      .selectFrom('store_variant_option_values as vov')
      .innerJoin('store_variants as v', 'v.id', 'vov.variant_id')
      .select(['vov.variant_id', 'vov.option_value_id'])
      .where('v.product_id', '=', productId)
      .execute(),
    db
      .selectFrom('store_product_images')
      .select(['id', 'url', 'sort_order'])
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db.selectFrom('store_product_collections').select('collection_id').where('product_id', '=', productId).execute(),
  ]);
  return { options, values, links, images, collections: collections.map((row) => row.collection_id) };
}

export async function findCollections(db: Db) {
  return db.selectFrom('store_collections').select(['id', 'slug', 'title_ar', 'title_en']).orderBy('sort_order').orderBy('id').execute();
}

export interface ProductRowValues {
  title_ar: string;
  title_en: string;
  description_ar: string;
  description_en: string;
  status: 'draft' | 'published';
  ribbon_text_ar: string | null;
  ribbon_text_en: string | null;
  seo_title_ar: string | null;
  seo_title_en: string | null;
  seo_description_ar: string | null;
  seo_description_en: string | null;
}

export async function insertProduct(db: Db, values: ProductRowValues & { slug: string }) {
  const row = await db
    .insertInto('store_products')
    .values({ ...values, type: 'product', currency: 'SAR' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The row, locked for the rest of the transaction: two saves of one product take turns. */
export async function lockProduct(db: Db, id: number) {
  return db.selectFrom('store_products').select('id').where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function updateProduct(db: Db, id: number, values: ProductRowValues) {
  await db
    .updateTable('store_products')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function replaceOptions(db: Db, productId: number, options: { ar: string; en: string }[]) {
  await db.deleteFrom('store_options').where('product_id', '=', productId).execute();
  const ids: number[] = [];
  for (const [index, option] of options.entries()) {
    const row = await db
      .insertInto('store_options')
      .values({ product_id: productId, title_ar: option.ar, title_en: option.en, sort_order: index })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export async function insertOptionValue(db: Db, optionId: number, value: { ar: string; en: string }, order: number) {
  const row = await db
    .insertInto('store_option_values')
    .values({ option_id: optionId, value_ar: value.ar, value_en: value.en, sort_order: order })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function linkVariantValue(db: Db, variantId: number, optionValueId: number) {
  await db.insertInto('store_variant_option_values').values({ variant_id: variantId, option_value_id: optionValueId }).execute();
}

export interface VariantRowValues {
  sku: string;
  title_ar: string;
  title_en: string;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  sort_order: number;
}

export async function insertVariant(db: Db, productId: number, values: VariantRowValues & { inventory_quantity: number }) {
  const row = await db
    .insertInto('store_variants')
    .values({ ...values, product_id: productId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVariant(db: Db, productId: number, id: number, values: VariantRowValues) {
  const result = await db
    .updateTable('store_variants')
    .set(values)
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Variants the save no longer lists: removed unless an order holds them, then kept (their history stays readable). */
export async function removeVariantsExcept(db: Db, productId: number, keep: number[]) {
  let query = db
    .deleteFrom('store_variants')
    .where('product_id', '=', productId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('store_order_items as oi').whereRef('oi.variant_id', '=', 'store_variants.id').select('oi.id'))),
    );
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  await query.execute();
}

export async function skuTaken(db: Db, sku: string, exceptVariantId: number | undefined) {
  let query = db.selectFrom('store_variants').select('id').where(sql`lower(sku)`, '=', sku.toLowerCase());
  if (exceptVariantId !== undefined) query = query.where('id', '<>', exceptVariantId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function replaceCollections(db: Db, productId: number, collectionIds: number[]) {
  await db.deleteFrom('store_product_collections').where('product_id', '=', productId).execute();
  if (collectionIds.length === 0) return;
  await db
    .insertInto('store_product_collections')
    .values(collectionIds.map((collectionId, index) => ({ product_id: productId, collection_id: collectionId, sort_order: index })))
    .execute();
}

export async function insertProductImage(db: Db, productId: number, url: string) {
  const row = await db
    .insertInto('store_product_images')
    .values((eb) => ({
      product_id: productId,
      url,
      sort_order: eb
        .selectFrom('store_product_images')
        .select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as('next'))
        .where('product_id', '=', productId),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes one picture's row; answers which product it was of and its address, or undefined. */
export async function deleteProductImageRow(db: Db, imageId: number) {
  return db.deleteFrom('store_product_images').where('id', '=', imageId).returning(['product_id', 'url']).executeTakeFirst();
}

export async function findProductImageIds(db: Db, productId: number) {
  const rows = await db.selectFrom('store_product_images').select('id').where('product_id', '=', productId).execute();
  return rows.map((row) => row.id);
}

export async function setProductImageOrder(db: Db, productId: number, imageIds: number[]) {
  for (const [index, id] of imageIds.entries()) {
    await db
      .updateTable('store_product_images')
      .set({ sort_order: index })
      .where('id', '=', id)
      .where('product_id', '=', productId)
      .execute();
  }
}

// ---------------------------------------------------------------------------------------------
// Stock

/**
 * Changes a variant's stock by `delta`, only if it stays at zero or above: the database decides,
 * under the row's lock, so two adjustments (or an adjustment and a sale) never take it below zero.
 * Answers the new level, or null when it would have gone negative (or there is no such variant).
 */
export async function changeStock(db: Db, variantId: number, delta: number): Promise<number | null> {
  const row = await db
    .updateTable('store_variants')
    .set((eb) => ({ inventory_quantity: eb('inventory_quantity', '+', delta) }))
    .where('id', '=', variantId)
    .where(sql<number>`inventory_quantity + ${delta}`, '>=', 0)
    .returning('inventory_quantity')
    .executeTakeFirst();
  return row?.inventory_quantity ?? null;
}

export async function findVariantStock(db: Db, variantId: number) {
  return db.selectFrom('store_variants').select(['id', 'inventory_quantity']).where('id', '=', variantId).executeTakeFirst();
}

export async function insertStockAdjustment(
  db: Db,
  entry: { variantId: number; delta: number; quantityAfter: number; reason: string; actorId: string | null; orderId?: string },
) {
  await db
    .insertInto('store_stock_adjustments')
    .values({
      variant_id: entry.variantId,
      delta: entry.delta,
      quantity_after: entry.quantityAfter,
      reason: entry.reason,
      actor_id: entry.actorId,
      order_id: entry.orderId ?? null,
    })
    .execute();
}

export async function findStockAdjustments(db: Db, variantIds: number[], limit: number) {
  if (variantIds.length === 0) return [];
  return db
    .selectFrom('store_stock_adjustments')
    .select(['id', 'variant_id', 'delta', 'quantity_after', 'reason', 'order_id', 'created_at'])
    .where('variant_id', 'in', variantIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Orders

export interface OrderCursor {
  createdAt: string;
  id: string;
}

export interface OrderFilter {
  status?: string | undefined;
  /** Days in Asia/Riyadh, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | null | undefined;
  userId?: string | undefined;
}

const orderListColumns = [
  'o.id',
  'o.status',
  'o.currency',
  'o.total_cents',
  'o.created_at',
  'o.paid_at',
  'o.buyer_name',
  'o.buyer_email',
  'o.buyer_phone',
  'o.tracking_number',
  'o.user_id',
] as const;

/**
 * Newest first, by (created_at, id): a page starts strictly after the last row of the one before,
 * so rows added meanwhile (newer, hence before the cursor) neither repeat nor push rows out.
 */
export async function findOrderPage(db: Db, filter: OrderFilter, page: { after: OrderCursor | null; limit: number }) {
  let query = db
    .selectFrom('store_orders as o')
    .select(orderListColumns)
    .select((eb) =>
      eb
        .selectFrom('store_order_items as oi')
        .whereRef('oi.order_id', '=', 'o.id')
        .select(sql<number>`coalesce(sum(oi.quantity), 0)::int`.as('units'))
        .as('item_count'),
    )
    // The instant to the microsecond (a Date would keep only milliseconds): the next page starts after it exactly.
    .select(sql<string>`to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'));
  if (filter.status) query = query.where('o.status', '=', filter.status as never);
  else query = query.where('o.status', 'not in', ['pending', 'expired']);
  if (filter.userId) query = query.where('o.user_id', '=', filter.userId);
  if (filter.from) query = query.where(sql<boolean>`o.created_at >= (${filter.from}::date)::timestamp at time zone 'Asia/Riyadh'`);
  if (filter.to) query = query.where(sql<boolean>`o.created_at < (${filter.to}::date + 1)::timestamp at time zone 'Asia/Riyadh'`);
  if (filter.q) {
    const pattern = containing(filter.q);
    const reference = filter.q.replace(/^ST-/i, '').toLowerCase();
    query = query.where((eb) =>
      eb.or([
        eb('o.buyer_name', 'ilike', pattern),
        eb('o.buyer_email', 'ilike', pattern),
        eb('o.buyer_phone', 'ilike', pattern),
        eb(sql`replace(o.id::text, '-', '')`, 'like', `${reference.replace(/[^0-9a-f]/g, '')}%`),
      ]),
    );
  }
  if (page.after) {
    const after = page.after;
    query = query.where(sql<boolean>`(o.created_at, o.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  return query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(page.limit).execute();
}

export async function findAdminOrder(db: Db, orderId: string) {
  return db
    .selectFrom('store_orders as o')
    .select([
      ...orderListColumns,
      'o.locale',
      'o.payment_reference',
      'o.card_last4',
      'o.ship_city',
      'o.ship_district',
      'o.ship_street',
      'o.ship_building_number',
      'o.ship_postal_code',
      'o.ship_short_address',
      'o.fulfilled_at',
      'o.shipped_at',
      'o.delivered_at',
      'o.cancelled_at',
      'o.refunded_at',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

export async function lockOrderForStatus(db: Db, orderId: string) {
  return db
    .selectFrom('store_orders')
    .select(['id', 'status', 'payment_reference', 'refunded_at', 'total_cents', 'user_id', 'wallet_halalas'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setOrderStatusRow(
  db: Db,
  orderId: string,
  status: 'fulfilled' | 'shipped' | 'delivered' | 'cancelled',
  trackingNumber: string | null,
) {
  const stamp = { fulfilled: 'fulfilled_at', shipped: 'shipped_at', delivered: 'delivered_at', cancelled: 'cancelled_at' } as const;
  await db
    .updateTable('store_orders')
    .set({
      status,
      [stamp[status]]: sql<Date>`clock_timestamp()`,
      ...(status === 'shipped' && trackingNumber ? { tracking_number: trackingNumber } : {}),
    })
    .where('id', '=', orderId)
    .execute();
}

export async function markOrderRefunded(db: Db, orderId: string) {
  await db.updateTable('store_orders').set({ refunded_at: sql<Date>`clock_timestamp()` }).where('id', '=', orderId).execute();
}

/** Lines with what the admin and the buyer see of each product, in both languages. */
export async function findOrderLinesOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('store_order_items as oi')
    .innerJoin('store_variants as v', 'v.id', 'oi.variant_id')
    .innerJoin('store_products as p', 'p.id', 'v.product_id')
    .select([
      'oi.order_id',
      'oi.variant_id',
      'oi.quantity',
      'oi.unit_price_cents',
      'v.sku',
      'v.manage_inventory',
      'v.title_ar as variant_title_ar',
      'v.title_en as variant_title_en',
      'p.id as product_id',
      'p.title_ar as product_title_ar',
      'p.title_en as product_title_en',
    ])
    .where('oi.order_id', 'in', orderIds)
    .orderBy('oi.order_id')
    .orderBy('oi.variant_id')
    .execute();
}

/** A product made by hand shown in the grid (the seed may have hidden it). */
export async function unhideProduct(tx: Transaction<Database>, productId: number) {
  await tx.updateTable('store_products').set({ is_hidden: false }).where('id', '=', productId).execute();
}

/** The product a picture belongs to, undefined for no such picture. */
export function findImageProduct(db: Db, imageId: number) {
  return db.selectFrom('store_product_images').select('product_id').where('id', '=', imageId).executeTakeFirst();
}

/** The product marked changed now (its pictures changed). */
export async function touchProduct(tx: Transaction<Database>, productId: number) {
  await tx.updateTable('store_products').set({ updated_at: sql<Date>`now()` }).where('id', '=', productId).execute();
}
