import { type Kysely, sql } from 'kysely';

// The built-in store catalogue and its orders. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_currencies')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('store_collections')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('store_products')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('subtitle_ar', 'text')
    .addColumn('subtitle_en', 'text')
    .addColumn('ribbon_text_ar', 'text')
    .addColumn('ribbon_text_en', 'text')
    .addColumn('description_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull().references('store_currencies.code'))
    .addColumn('purchasable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('site_product_selection', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published').check(sql`status in ('draft', 'published')`))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('store_product_images')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('store_products.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('image'))
    .execute();

  await db.schema
    .createTable('store_product_collections')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('store_products.id').onDelete('cascade'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('store_collections.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('store_product_collections_pkey', ['product_id', 'collection_id'])
    .execute();

  await db.schema
    .createTable('store_options')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('store_products.id').onDelete('cascade'))
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('store_option_values')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('option_id', 'integer', (c) => c.notNull().references('store_options.id').onDelete('cascade'))
    .addColumn('value_ar', 'text', (c) => c.notNull())
    .addColumn('value_en', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('store_variants')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('store_products.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('price_in_cents', 'integer', (c) => c.notNull().check(sql`price_in_cents >= 0`))
    .addColumn('sale_price_in_cents', 'integer', (c) => c.check(sql`sale_price_in_cents >= 0`))
    .addColumn('manage_inventory', 'boolean', (c) => c.notNull().defaultTo(true))
    // Stock never goes negative: the order transaction takes it under this constraint.
    .addColumn('inventory_quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`inventory_quantity >= 0`))
    .addColumn('weight_grams', 'integer')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('store_variants_product_id_idx').on('store_variants').column('product_id').execute();

  await db.schema
    .createTable('store_variant_option_values')
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('store_variants.id').onDelete('cascade'))
    .addColumn('option_value_id', 'integer', (c) => c.notNull().references('store_option_values.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('store_variant_option_values_pkey', ['variant_id', 'option_value_id'])
    .execute();

  await db.schema
    .createTable('store_additional_info')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('store_products.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('description_ar', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('store_custom_fields')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('store_products.id').onDelete('cascade'))
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('is_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('store_related_products')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('store_products.id').onDelete('cascade'))
    .addColumn('related_id', 'integer', (c) => c.notNull().references('store_products.id').onDelete('cascade'))
    .addColumn('section_title_ar', 'text', (c) => c.notNull())
    .addColumn('section_title_en', 'text', (c) => c.notNull())
    .addColumn('related_type', 'text', (c) => c.notNull().defaultTo('product'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // A pending order reserves stock until reserved_until; paying takes the stock in one transaction.
  await db.schema
    .createTable('store_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'paid', 'cancelled', 'expired')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ar'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Riyadh'))
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('reserved_until', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('store_order_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('store_orders.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('store_variants.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    .execute();
  await db.schema.createIndex('store_order_items_order_id_idx').on('store_order_items').column('order_id').execute();
  await db.schema.createIndex('store_order_items_variant_id_idx').on('store_order_items').column('variant_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'store_order_items',
    'store_orders',
    'store_related_products',
    'store_custom_fields',
    'store_additional_info',
    'store_variant_option_values',
    'store_variants',
    'store_option_values',
    'store_options',
    'store_product_collections',
    'store_product_images',
    'store_products',
    'store_collections',
    'store_currencies',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
