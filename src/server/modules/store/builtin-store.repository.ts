import { type Kysely, sql } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import type { StoreId } from '../../../shared/store.ts';
import type { Database } from '../../db/schema.ts';

export interface ProductFilter {
  /** Only these products; hidden ones included, since the buyer already holds them (a cart). */
  ids?: number[] | undefined;
  /** Only the products of the collection with this slug. */
  collection?: string | undefined;
}

export interface ProductPageQuery {
  offset: number;
  limit: number;
  sortBy: 'order' | 'title' | 'price' | 'updated_at';
  order: 'asc' | 'desc';
  locale: Locale;
}

function visibleProducts(db: Kysely<Database>, filter: ProductFilter) {
  let query = db.selectFrom('store_products as p').where('p.status', '=', 'published').where('p.deleted_at', 'is', null);
  query = filter.ids ? query.where('p.id', 'in', filter.ids) : query.where('p.is_hidden', '=', false);
  if (filter.collection) {
    const slug = filter.collection;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('store_product_collections as pc')
          .innerJoin('store_collections as c', 'c.id', 'pc.collection_id')
          .whereRef('pc.product_id', '=', 'p.id')
          .where('c.slug', '=', slug)
          .select('pc.collection_id'),
      ),
    );
  }
  return query;
}

const productColumns = [
  'p.id',
  'p.type',
  'p.title_ar',
  'p.title_en',
  'p.subtitle_ar',
  'p.subtitle_en',
  'p.ribbon_text_ar',
  'p.ribbon_text_en',
  'p.description_ar',
  'p.description_en',
  'p.currency',
  'p.purchasable',
  'p.sort_order',
  'p.site_product_selection',
  'p.status',
  'p.metadata',
  'p.created_at',
  'p.updated_at',
  'p.deleted_at',
] as const;

export async function findProductPage(db: Kysely<Database>, filter: ProductFilter, page: ProductPageQuery) {
  let query = visibleProducts(db, filter).select(productColumns);
  if (page.sortBy === 'title') {
    query = query.orderBy(page.locale === 'ar' ? 'p.title_ar' : 'p.title_en', page.order);
  } else if (page.sortBy === 'price') {
    query = query.orderBy(
      (eb) =>
        eb
          .selectFrom('store_variants as v')
          .whereRef('v.product_id', '=', 'p.id')
          .select(sql<number>`min(coalesce(v.sale_price_in_cents, v.price_in_cents))`.as('lowest')),
      page.order,
    );
  } else if (page.sortBy === 'updated_at') {
    query = query.orderBy('p.updated_at', page.order);
  } else {
    query = query.orderBy('p.sort_order', page.order);
  }
  return query.orderBy('p.id', page.order).offset(page.offset).limit(page.limit).execute();
}

export async function countProducts(db: Kysely<Database>, filter: ProductFilter): Promise<number> {
  const row = await visibleProducts(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findProduct(db: Kysely<Database>, id: number) {
  return visibleProducts(db, { ids: [id] })
    .select(productColumns)
    .executeTakeFirst();
}

/** The collections holding at least one product the grid shows, in the admin's order. */
export async function findShownCollections(db: Kysely<Database>) {
  return db
    .selectFrom('store_collections as c')
    .select(['c.id', 'c.slug', 'c.title_ar', 'c.title_en'])
    .where((eb) =>
      // The grid's own rule (visibleProducts): published, not deleted, not hidden.
      eb.exists(
        eb
          .selectFrom('store_product_collections as pc')
          .innerJoin('store_products as p', 'p.id', 'pc.product_id')
          .whereRef('pc.collection_id', '=', 'c.id')
          .where('p.status', '=', 'published')
          .where('p.deleted_at', 'is', null)
          .where('p.is_hidden', '=', false)
          .select('p.id'),
      ),
    )
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

/** Everything that hangs off a page of products, one query per table. */
export async function findProductChildren(db: Kysely<Database>, productIds: number[]) {
  if (productIds.length === 0) {
    return {
      images: [],
      options: [],
      optionValues: [],
      variants: [],
      variantOptionValues: [],
      collections: [],
      additionalInfo: [],
      customFields: [],
      related: [],
      currencies: [],
    };
  }
  const [images, options, optionValues, variants, variantOptionValues, collections, additionalInfo, customFields, related, currencies] =
    await Promise.all([
      db
        .selectFrom('store_product_images')
        .select(['product_id', 'url', 'sort_order', 'type'])
        .where('product_id', 'in', productIds)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('store_options')
        .select(['id', 'product_id', 'title_ar', 'title_en'])
        .where('product_id', 'in', productIds)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('store_option_values as ov')
        .innerJoin('store_options as o', 'o.id', 'ov.option_id')
        .select(['ov.id', 'ov.option_id', 'ov.value_ar', 'ov.value_en', 'o.product_id'])
        .where('o.product_id', 'in', productIds)
        .orderBy('ov.sort_order')
        .orderBy('ov.id')
        .execute(),
      db
        .selectFrom('store_variants')
        .select([
          'id',
          'product_id',
          'sku',
          'title_ar',
          'title_en',
          'image_url',
          'price_in_cents',
          'sale_price_in_cents',
          'manage_inventory',
          'inventory_quantity',
          'weight_grams',
        ])
        .where('product_id', 'in', productIds)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('store_variant_option_values as vov')
        .innerJoin('store_variants as v', 'v.id', 'vov.variant_id')
        .select(['vov.variant_id', 'vov.option_value_id'])
        .where('v.product_id', 'in', productIds)
        .execute(),
      db
        .selectFrom('store_product_collections')
        .select(['product_id', 'collection_id', 'sort_order'])
        .where('product_id', 'in', productIds)
        .orderBy('sort_order')
        .execute(),
      db
        .selectFrom('store_additional_info')
        .select(['id', 'product_id', 'sort_order', 'title_ar', 'title_en', 'description_ar', 'description_en'])
        .where('product_id', 'in', productIds)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('store_custom_fields')
        .select(['id', 'product_id', 'title_ar', 'title_en', 'is_required'])
        .where('product_id', 'in', productIds)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('store_related_products')
        .select(['id', 'product_id', 'related_id', 'section_title_ar', 'section_title_en', 'related_type', 'position'])
        .where('product_id', 'in', productIds)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('store_currencies')
        .select(['code', 'symbol', 'template', 'template_ar'])
        .where('code', 'in', db.selectFrom('store_products').select('currency').where('id', 'in', productIds))
        .execute(),
    ]);
  return {
    images,
    options,
    optionValues,
    variants,
    variantOptionValues,
    collections,
    additionalInfo,
    customFields,
    related,
    currencies,
  };
}

export type ProductChildren = Awaited<ReturnType<typeof findProductChildren>>;

/**
 * What can still be sold of each variant of these products: stock on hand less what pending orders
 * hold until their reservation runs out. `clock_timestamp()`, not the transaction's `now()`, so a
 * reservation lapses at the same instant for every reader.
 */
export async function findAvailableStock(db: Kysely<Database>, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('store_variants as v')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('store_order_items as oi')
          .innerJoin('store_orders as o', 'o.id', 'oi.order_id')
          .innerJoin('store_variants as rv', 'rv.id', 'oi.variant_id')
          .where('rv.product_id', 'in', productIds)
          .where('o.status', '=', 'pending')
          .where(sql<boolean>`o.reserved_until > clock_timestamp()`)
          .groupBy('oi.variant_id')
          .select((eb2) => ['oi.variant_id', eb2.fn.sum<string>('oi.quantity').as('reserved')])
          .as('r'),
      (join) => join.onRef('r.variant_id', '=', 'v.id'),
    )
    .select(['v.id', 'v.product_id', 'v.manage_inventory', 'v.inventory_quantity', sql<string>`coalesce(r.reserved, 0)`.as('reserved')])
    .where('v.product_id', 'in', productIds)
    .orderBy('v.id')
    .execute();
}

const MAX_ROW_ID = 2_147_483_647;

/** A built-in row id from a provider-neutral id; anything else names no row. */
export function builtinRowId(id: StoreId): number | null {
  const value = typeof id === 'number' ? id : /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
  return Number.isInteger(value) && value > 0 && value <= MAX_ROW_ID ? value : null;
}
