import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import { formatStorePrice, localizedCurrency } from '../../../shared/store.ts';
import { allowedOrderSteps, type SaveProductInput, STORE_LOW_STOCK, type StoreOrdersInput } from '../../../shared/store-admin-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { issueStoreOrderCreditNote } from '../billing/billing.service.ts';
import { afterQuietHours, textAccount } from '../phone/phone-messages.service.ts';
import type { BlobStore } from '../result-files/result-files.service.ts';
import { sanitizeStoreHtml } from './sanitize.ts';
import type { StoreConfig } from './store.service.ts';
import {
  changeStock,
  deleteProductImageRow,
  findAdminOrder,
  findAdminProduct,
  findAdminProducts,
  findCollections,
  findImageProduct,
  findOrderLinesOf,
  findOrderPage,
  findProductImageIds,
  findProductOptions,
  findStockAdjustments,
  findVariantStock,
  findVariantsOf,
  insertOptionValue,
  insertProduct,
  insertProductImage,
  insertStockAdjustment,
  insertVariant,
  linkVariantValue,
  lockOrderForStatus,
  lockProduct,
  markOrderRefunded,
  type OrderCursor,
  removeVariantsExcept,
  replaceCollections,
  replaceOptions,
  setOrderStatusRow,
  setProductImageOrder,
  skuTaken,
  touchProduct,
  unhideProduct,
  updateProduct,
  updateVariant,
} from './store-admin.repository.ts';
import { existingCollectionIds } from './store-collections.repository.ts';
import { findCurrency } from './store-orders.repository.ts';
import { refundStoreOrder } from './store-payments.service.ts';

// The built-in store run by its admin (issue #23): products, their variants and stock, and the orders
// after their payment. With an external store configured, its catalogue and orders live there.

/** Refuses when the catalogue is managed by an external store (STORE_API_URL and STORE_ID). */
export function assertBuiltinStore(config: StoreConfig): void {
  if (config.STORE_API_URL && config.STORE_ID) throw new AppError('STORE_MANAGED_EXTERNALLY');
}

/** Whether the admin's store pages manage the catalogue here, or say it is managed elsewhere. */
export function storeAdminMode(config: StoreConfig) {
  return { managedExternally: Boolean(config.STORE_API_URL && config.STORE_ID) };
}

/** Both lists hold the same ids, each once: a reordering names every row of its set, and nothing else. */
export function sameMembers(existing: number[], given: number[]): boolean {
  if (new Set(given).size !== given.length || given.length !== existing.length) return false;
  const have = new Set(existing);
  return given.every((id) => have.has(id));
}

// --- cursors: opaque to the client, checked on the way back -----------------------------------

function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(cursor: string | undefined): unknown {
  if (!cursor) return null;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  }
}

function productCursor(cursor: string | undefined): number | null {
  const value = decodeCursor(cursor);
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  return value;
}

function orderCursor(cursor: string | undefined): OrderCursor | null {
  const value = decodeCursor(cursor) as Partial<OrderCursor> | null;
  if (value === null) return null;
  if (
    typeof value !== 'object' ||
    typeof value.createdAt !== 'string' ||
    Number.isNaN(Date.parse(value.createdAt)) ||
    typeof value.id !== 'string' ||
    !/^[0-9a-f-]{36}$/.test(value.id)
  ) {
    throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  }
  return { createdAt: value.createdAt, id: value.id };
}

/** Microseconds kept: a page ends on a row whose instant the next page compares exactly. */
function cursorInstant(date: Date | string): string {
  return typeof date === 'string' ? date : date.toISOString();
}

// --- products ----------------------------------------------------------------------------------

export async function listAdminProducts(
  db: Kysely<Database>,
  config: StoreConfig,
  input: { cursor?: string | undefined; limit: number; q?: string | undefined },
) {
  assertBuiltinStore(config);
  const rows = await findAdminProducts(db, { before: productCursor(input.cursor), limit: input.limit + 1, q: input.q || null });
  const page = rows.slice(0, input.limit);
  const variants = await findVariantsOf(
    db,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) => {
      const own = variants.filter((variant) => variant.product_id === row.id);
      return {
        id: row.id,
        nameAr: row.title_ar,
        nameEn: row.title_en,
        published: row.status === 'published' && !row.is_hidden,
        imageUrl: row.image_url,
        updatedAt: row.updated_at.toISOString(),
        variants: own.map((variant) => ({
          id: variant.id,
          sku: variant.sku,
          titleAr: variant.title_ar,
          titleEn: variant.title_en,
          price: variant.price_in_cents,
          salePrice: variant.sale_price_in_cents,
          stock: variant.inventory_quantity,
          lowStock: variant.manage_inventory && variant.inventory_quantity <= STORE_LOW_STOCK,
        })),
        lowStock: own.some((variant) => variant.manage_inventory && variant.inventory_quantity <= STORE_LOW_STOCK),
      };
    }),
    nextCursor: rows.length > input.limit ? encodeCursor(page.at(-1)!.id) : null,
  };
}

/** One product as its edit form holds it, with its images and the latest stock changes. */
export async function getAdminProduct(db: Kysely<Database>, config: StoreConfig, id: number) {
  assertBuiltinStore(config);
  const product = await findAdminProduct(db, id);
  if (!product) throw new AppError('NOT_FOUND', { productId: id });
  const [children, variants, collections] = await Promise.all([findProductOptions(db, id), findVariantsOf(db, [id]), findCollections(db)]);
  const optionValueOf = (variantId: number, optionId: number) => {
    const value = children.values.find(
      (candidate) =>
        candidate.option_id === optionId &&
        children.links.some((link) => link.variant_id === variantId && link.option_value_id === candidate.id),
    );
    return { ar: value?.value_ar ?? '', en: value?.value_en ?? '' };
  };
  const history = await findStockAdjustments(
    db,
    variants.map((variant) => variant.id),
    20,
  );
  return {
    id: product.id,
    nameAr: product.title_ar,
    nameEn: product.title_en,
    descriptionAr: product.description_ar,
    descriptionEn: product.description_en,
    published: product.status === 'published' && !product.is_hidden,
    ribbonAr: product.ribbon_text_ar,
    ribbonEn: product.ribbon_text_en,
    seoTitleAr: product.seo_title_ar,
    seoTitleEn: product.seo_title_en,
    seoDescriptionAr: product.seo_description_ar,
    seoDescriptionEn: product.seo_description_en,
    options: children.options.map((option) => ({ ar: option.title_ar, en: option.title_en })),
    variants: variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      titleAr: variant.title_ar,
      titleEn: variant.title_en,
      price: variant.price_in_cents,
      salePrice: variant.sale_price_in_cents,
      stock: variant.inventory_quantity,
      lowStock: variant.manage_inventory && variant.inventory_quantity <= STORE_LOW_STOCK,
      optionValues: children.options.map((option) => optionValueOf(variant.id, option.id)),
    })),
    images: children.images.map((image) => ({ id: image.id, url: image.url })),
    collectionIds: children.collections,
    collections: collections.map((collection) => ({ id: collection.id, titleAr: collection.title_ar, titleEn: collection.title_en })),
    stockHistory: history.map((entry) => ({
      variantId: entry.variant_id,
      delta: entry.delta,
      quantityAfter: entry.quantity_after,
      reason: entry.reason,
      orderId: entry.order_id,
      at: entry.created_at.toISOString(),
    })),
  };
}

function variantTitle(variant: SaveProductInput['variants'][number], language: 'ar' | 'en'): string {
  const given = language === 'ar' ? variant.titleAr : variant.titleEn;
  if (given) return given;
  const fromValues = variant.optionValues.map((value) => value[language]).join(' / ');
  return fromValues || (language === 'ar' ? 'قياسي' : 'Standard');
}

/**
 * Creates a product or, with `id`, replaces what the form edits of it: names, sanitized descriptions,
 * ribbon, SEO, options, variants (a new one with its starting stock; an existing one's stock changes
 * only by adjustStock), collections. All in one transaction; answers the product with its variants' ids.
 */
export async function saveProduct(db: Kysely<Database>, config: StoreConfig, actorId: string, input: SaveProductInput) {
  assertBuiltinStore(config);
  const skus = input.variants.map((variant) => variant.sku.toLowerCase());
  const repeated = skus.findIndex((sku, index) => skus.indexOf(sku) !== index);
  if (repeated >= 0) throw new AppError('CONFLICT', { field: `variants.${repeated}.sku` });
  for (const [index, variant] of input.variants.entries()) {
    if (variant.optionValues.length !== input.options.length)
      throw new AppError('VALIDATION_FAILED', { field: `variants.${index}.optionValues` });
    if (variant.salePrice != null && variant.salePrice >= variant.price)
      throw new AppError('VALIDATION_FAILED', { field: `variants.${index}.salePrice` });
  }
  const values = {
    title_ar: input.nameAr,
    title_en: input.nameEn,
    description_ar: sanitizeStoreHtml(input.descriptionAr),
    description_en: sanitizeStoreHtml(input.descriptionEn),
    status: input.published ? ('published' as const) : ('draft' as const),
    ribbon_text_ar: input.ribbonAr,
    ribbon_text_en: input.ribbonEn,
    seo_title_ar: input.seoTitleAr,
    seo_title_en: input.seoTitleEn,
    seo_description_ar: input.seoDescriptionAr,
    seo_description_en: input.seoDescriptionEn,
  };

  const result = await db.transaction().execute(async (tx) => {
    let productId: number;
    if (input.id === undefined) {
      productId = await insertProduct(tx, { ...values, slug: `product-${crypto.randomUUID().slice(0, 12)}` });
    } else {
      if (!(await lockProduct(tx, input.id))) throw new AppError('NOT_FOUND', { productId: input.id });
      productId = input.id;
      await updateProduct(tx, productId, values);
      // A product made by hand shows in the grid once published, whatever the seed hid.
      await unhideProduct(tx, productId);
    }
    for (const [index, variant] of input.variants.entries()) {
      if (await skuTaken(tx, variant.sku, variant.id)) throw new AppError('CONFLICT', { field: `variants.${index}.sku` });
    }
    await removeVariantsExcept(
      tx,
      productId,
      input.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id])),
    );
    const optionIds = await replaceOptions(tx, productId, input.options);
    const variantIds: number[] = [];
    for (const [index, variant] of input.variants.entries()) {
      const row = {
        sku: variant.sku,
        title_ar: variantTitle(variant, 'ar'),
        title_en: variantTitle(variant, 'en'),
        price_in_cents: variant.price,
        sale_price_in_cents: variant.salePrice ?? null,
        sort_order: index,
      };
      let variantId: number;
      if (variant.id === undefined) {
        variantId = await insertVariant(tx, productId, { ...row, inventory_quantity: variant.stock });
        if (variant.stock > 0) {
          await insertStockAdjustment(tx, {
            variantId,
            delta: variant.stock,
            quantityAfter: variant.stock,
            reason: 'Initial stock',
            actorId,
          });
        }
      } else {
        if (!(await updateVariant(tx, productId, variant.id, row))) throw new AppError('NOT_FOUND', { variantId: variant.id });
        variantId = variant.id;
      }
      variantIds.push(variantId);
    }
    // Each option's values, one row per distinct value, linked to the variants that carry it.
    for (const [optionIndex, optionId] of optionIds.entries()) {
      const seen = new Map<string, number>();
      for (const [variantIndex, variant] of input.variants.entries()) {
        const value = variant.optionValues[optionIndex]!;
        const key = `${value.ar}\u0000${value.en}`;
        let valueId = seen.get(key);
        if (valueId === undefined) {
          valueId = await insertOptionValue(tx, optionId, value, seen.size);
          seen.set(key, valueId);
        }
        await linkVariantValue(tx, variantIds[variantIndex]!, valueId);
      }
    }
    const collectionIds = [...new Set(input.collectionIds)];
    // A collection deleted while the form was open: say so, rather than fail on the foreign key.
    if ((await existingCollectionIds(tx, collectionIds)).length !== collectionIds.length) {
      throw new AppError('NOT_FOUND', { field: 'collectionIds' });
    }
    await replaceCollections(tx, productId, collectionIds);
    await recordAudit(tx, {
      actorId,
      action: 'store.product_save',
      subjectType: 'store_product',
      subjectId: productId,
      details: { created: input.id === undefined, published: input.published, variants: variantIds.length },
    });
    return { id: productId, variantIds };
  });
  return {
    id: result.id,
    published: input.published,
    variants: input.variants.map((variant, index) => ({ id: result.variantIds[index]!, sku: variant.sku })),
  };
}

/** Adds a picture (already resized and stored) to the end of the product's gallery. */
export async function addProductImage(db: Kysely<Database>, productId: number, url: string) {
  if (!(await findAdminProduct(db, productId))) throw new AppError('NOT_FOUND', { productId });
  return { id: await insertProductImage(db, productId, url), url };
}

/** The BlobStore keys of an uploaded picture's two sizes; none for a seeded picture (a file of the site). */
function imageBlobKeys(url: string): string[] {
  const id = /^\/files\/store-images\/([0-9a-f-]{36})\/gallery\.webp$/.exec(url)?.[1];
  return id ? [`store-images/${id}-grid`, `store-images/${id}-gallery`] : [];
}

/**
 * Removes a picture from its product. Its row goes in a transaction under the product's lock; then
 * its two sizes are deleted from the BlobStore (nothing sweeps stored pictures later). A blob that
 * cannot be deleted just then is left behind and logged: no page links to it any more.
 */
export async function deleteProductImage(
  db: Kysely<Database>,
  config: StoreConfig,
  blobs: BlobStore | undefined,
  actorId: string,
  imageId: number,
) {
  assertBuiltinStore(config);
  const removed = await db.transaction().execute(async (tx) => {
    const row = await findImageProduct(tx, imageId);
    if (!row || !(await lockProduct(tx, row.product_id))) throw new AppError('NOT_FOUND', { imageId });
    const image = await deleteProductImageRow(tx, imageId);
    if (!image) throw new AppError('NOT_FOUND', { imageId });
    await touchProduct(tx, image.product_id);
    await recordAudit(tx, {
      actorId,
      action: 'store.image_delete',
      subjectType: 'store_product',
      subjectId: image.product_id,
      details: { imageId, url: image.url },
    });
    return image;
  });
  for (const key of imageBlobKeys(removed.url)) {
    await blobs?.delete(key).catch((error: unknown) => {
      console.warn(`Store picture ${key} was not deleted from the object store: ${(error as Error).message}`);
    });
  }
  return { id: imageId, productId: removed.product_id };
}

/** Puts the product's pictures in this order (the first is the grid's); the list names each of them exactly once. */
export async function reorderProductImages(db: Kysely<Database>, config: StoreConfig, input: { productId: number; imageIds: number[] }) {
  assertBuiltinStore(config);
  return db.transaction().execute(async (tx) => {
    if (!(await lockProduct(tx, input.productId))) throw new AppError('NOT_FOUND', { productId: input.productId });
    if (!sameMembers(await findProductImageIds(tx, input.productId), input.imageIds)) {
      throw new AppError('VALIDATION_FAILED', { field: 'imageIds' });
    }
    await setProductImageOrder(tx, input.productId, input.imageIds);
    await touchProduct(tx, input.productId);
    return { productId: input.productId, imageIds: input.imageIds };
  });
}

/**
 * Changes a variant's stock by `delta` with a reason. Never below zero (STOCK_BELOW_ZERO): the
 * database applies the change only if the level stays at zero or above, so a sale running beside it
 * cannot be undercut. Kept in the stock history and in the audit log.
 */
export async function adjustStock(
  db: Kysely<Database>,
  config: StoreConfig,
  actorId: string,
  input: { variantId: number; delta: number; reason: string },
) {
  assertBuiltinStore(config);
  return db.transaction().execute(async (tx) => {
    const quantity = await changeStock(tx, input.variantId, input.delta);
    if (quantity === null) {
      const variant = await findVariantStock(tx, input.variantId);
      if (!variant) throw new AppError('NOT_FOUND', { variantId: input.variantId });
      throw new AppError('STOCK_BELOW_ZERO', { variantId: input.variantId, stock: variant.inventory_quantity });
    }
    await insertStockAdjustment(tx, {
      variantId: input.variantId,
      delta: input.delta,
      quantityAfter: quantity,
      reason: input.reason,
      actorId,
    });
    await recordAudit(tx, {
      actorId,
      action: 'store.stock_adjust',
      subjectType: 'store_variant',
      subjectId: input.variantId,
      details: { delta: input.delta, reason: input.reason, stock: quantity },
    });
    return { variantId: input.variantId, stock: quantity, lowStock: quantity <= STORE_LOW_STOCK };
  });
}

// --- orders ------------------------------------------------------------------------------------

function orderReference(id: string): string {
  return `ST-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

async function presentOrders(db: Kysely<Database>, locale: Locale, rows: Awaited<ReturnType<typeof findOrderPage>>) {
  const lines = await findOrderLinesOf(
    db,
    rows.map((row) => row.id),
  );
  const currency = localizedCurrency(await findCurrency(db, 'SAR'), locale);
  return rows.map((row) => ({
    id: row.id,
    reference: orderReference(row.id),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    customerName: row.buyer_name,
    customerEmail: row.buyer_email,
    customerPhone: row.buyer_phone,
    trackingNumber: row.tracking_number,
    itemCount: row.item_count ?? 0,
    totalCents: row.total_cents,
    totalFormatted: formatStorePrice(row.total_cents, row.currency === 'SAR' ? currency : null),
    lines: lines
      .filter((line) => line.order_id === row.id)
      .map((line) => ({
        productId: line.product_id,
        variantId: line.variant_id,
        sku: line.sku,
        productTitle: locale === 'ar' ? line.product_title_ar : line.product_title_en,
        variantTitle: locale === 'ar' ? line.variant_title_ar : line.variant_title_en,
        quantity: line.quantity,
        unitPriceFormatted: formatStorePrice(line.unit_price_cents, row.currency === 'SAR' ? currency : null),
      })),
    nextSteps: allowedOrderSteps(row.status),
  }));
}

/** Orders after their checkout (not pending nor expired unless asked for), newest first, cursor-paged. */
export async function listAdminOrders(db: Kysely<Database>, config: StoreConfig, locale: Locale, input: StoreOrdersInput) {
  assertBuiltinStore(config);
  if (input.from && input.to && input.from > input.to) throw new AppError('VALIDATION_FAILED', { field: 'to' });
  const rows = await findOrderPage(
    db,
    { status: input.status, from: input.from, to: input.to, q: input.q || null },
    { after: orderCursor(input.cursor), limit: input.limit + 1 },
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: await presentOrders(db, locale, page),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ createdAt: cursorInstant(last.cursor_at), id: last.id }) : null,
  };
}

export async function getAdminOrder(db: Kysely<Database>, config: StoreConfig, locale: Locale, orderId: string) {
  assertBuiltinStore(config);
  const order = await findAdminOrder(db, orderId);
  if (!order) throw new AppError('NOT_FOUND', { orderId });
  const [presented] = await presentOrders(db, locale, [{ ...order, item_count: null, cursor_at: '' }]);
  return {
    ...presented!,
    itemCount: presented!.lines.reduce((sum, line) => sum + line.quantity, 0),
    cardLast4: order.card_last4,
    shipping: order.ship_city
      ? {
          city: order.ship_city,
          district: order.ship_district,
          street: order.ship_street,
          buildingNumber: order.ship_building_number,
          postalCode: order.ship_postal_code,
          shortAddress: order.ship_short_address,
        }
      : null,
    fulfilledAt: order.fulfilled_at?.toISOString() ?? null,
    shippedAt: order.shipped_at?.toISOString() ?? null,
    deliveredAt: order.delivered_at?.toISOString() ?? null,
    cancelledAt: order.cancelled_at?.toISOString() ?? null,
    refundedAt: order.refunded_at?.toISOString() ?? null,
  };
}

/**
 * Moves an order one step forward (paid → fulfilled → shipped, with its tracking number → delivered),
 * or cancels it before it ships: its stock goes back (each unit in the stock history) and its payment
 * is refunded through the PaymentProvider, inside the transaction, so a refused refund leaves the
 * order as it was. Anything else is ORDER_STATUS_NOT_ALLOWED.
 */
export async function setOrderStatus(
  db: Kysely<Database>,
  config: StoreConfig,
  payments: PaymentProvider,
  actorId: string,
  input: { orderId: string; status: 'fulfilled' | 'shipped' | 'delivered' | 'cancelled'; trackingNumber: string | null },
) {
  assertBuiltinStore(config);
  if (input.status === 'shipped' && !input.trackingNumber) throw new AppError('VALIDATION_FAILED', { field: 'trackingNumber' });
  return db.transaction().execute(async (tx) => {
    const order = await lockOrderForStatus(tx, input.orderId);
    if (!order) throw new AppError('NOT_FOUND', { orderId: input.orderId });
    if (!allowedOrderSteps(order.status).includes(input.status)) {
      throw new AppError('ORDER_STATUS_NOT_ALLOWED', { from: order.status, to: input.status });
    }
    await setOrderStatusRow(tx, input.orderId, input.status, input.trackingNumber);
    if (input.status === 'shipped' && order.user_id && input.trackingNumber) {
      // The buyer's phone hears it when it is awake (quiet hours); the order page has the rest.
      await textAccount(
        tx,
        order.user_id,
        { template: 'order-shipped', data: { orderReference: orderReference(input.orderId), trackingNumber: input.trackingNumber } },
        `order-shipped:${input.orderId}`,
        afterQuietHours(new Date()),
      );
    }
    let refunded = false;
    if (input.status === 'cancelled') {
      const lines = await findOrderLinesOf(tx, [input.orderId]);
      for (const line of lines.filter((candidate) => candidate.manage_inventory).sort((a, b) => a.variant_id - b.variant_id)) {
        const quantity = await changeStock(tx, line.variant_id, line.quantity);
        await insertStockAdjustment(tx, {
          variantId: line.variant_id,
          delta: line.quantity,
          quantityAfter: quantity ?? 0,
          reason: `Order ${orderReference(input.orderId)} cancelled`,
          actorId,
          orderId: input.orderId,
        });
      }
      if (order.payment_reference && !order.refunded_at) {
        // The order's whole amount, back where it came from: the wallet's part to the wallet, the card's to the card (ADR 0093).
        await refundStoreOrder(tx, payments, { ...order, payment_reference: order.payment_reference }, order.total_cents);
        await markOrderRefunded(tx, input.orderId);
        await issueStoreOrderCreditNote(tx, input.orderId, new Date());
        refunded = true;
      }
    }
    await recordAudit(tx, {
      actorId,
      action: 'store.order_status',
      subjectType: 'store_order',
      subjectId: input.orderId,
      details: {
        from: order.status,
        to: input.status,
        ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
        refunded,
      },
    });
    return { id: input.orderId, status: input.status, refunded, nextSteps: allowedOrderSteps(input.status) };
  });
}

/** The signed-in buyer's own store orders after checkout, newest first, cursor-paged. */
export async function myOrders(
  db: Kysely<Database>,
  locale: Locale,
  userId: string,
  input: { cursor?: string | undefined; limit: number },
) {
  const rows = await findOrderPage(db, { userId }, { after: orderCursor(input.cursor), limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const items = await presentOrders(db, locale, page);
  return {
    items: items.map(({ customerEmail: _email, customerPhone: _phone, nextSteps: _steps, ...order }) => order),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ createdAt: cursorInstant(last.cursor_at), id: last.id }) : null,
  };
}
