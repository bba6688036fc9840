import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import { type CurrencyInfo, effectivePriceCents, STORE_RESERVATION_MINUTES, type StoreId } from '../../../shared/store.ts';
import type { Database } from '../../db/schema.ts';
import {
  countProducts,
  findAvailableStock,
  findProduct,
  findProductChildren,
  findProductPage,
  type ProductChildren,
  type ProductRow,
} from './builtin-store.repository.ts';
import { findReservedQuantities, insertPendingOrder, lockVariantsForSale } from './store-orders.repository.ts';
import type { ProviderCheckoutRequest, ProviderProduct, StoreProvider } from './store-provider.ts';

const MAX_ROW_ID = 2_147_483_647;

/** A built-in row id from a provider-neutral id; anything else names no row. */
export function builtinRowId(id: StoreId): number | null {
  const value = typeof id === 'number' ? id : /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
  return Number.isInteger(value) && value > 0 && value <= MAX_ROW_ID ? value : null;
}

function pick<T>(locale: Locale, ar: T, en: T): T {
  return locale === 'ar' ? ar : en;
}

export function localizedCurrency(
  currency: { code: string; symbol: string; template: string; template_ar: string | null } | undefined,
  locale: Locale,
): CurrencyInfo | null {
  if (!currency) return null;
  return {
    code: currency.code,
    symbol: currency.symbol,
    template: locale === 'ar' ? (currency.template_ar ?? currency.template) : currency.template,
  };
}

function toProviderProduct(row: ProductRow, children: ProductChildren, locale: Locale): ProviderProduct {
  const currency = localizedCurrency(
    children.currencies.find((entry) => entry.code === row.currency),
    locale,
  );
  const optionTitles = new Map(children.options.map((option) => [option.id, pick(locale, option.title_ar, option.title_en)]));
  const optionOrder = new Map(children.options.map((option, index) => [option.id, index]));
  // Values in option order (Size before Colour), each option's values in their own order.
  const valueRows = children.optionValues
    .filter((value) => value.product_id === row.id)
    .sort((a, b) => optionOrder.get(a.option_id)! - optionOrder.get(b.option_id)!);
  const variants = children.variants.filter((variant) => variant.product_id === row.id);
  const variantIdsByValue = new Map<number, number[]>();
  for (const link of children.variantOptionValues) {
    variantIdsByValue.set(link.option_value_id, [...(variantIdsByValue.get(link.option_value_id) ?? []), link.variant_id]);
  }
  const images = children.images.filter((image) => image.product_id === row.id);

  return {
    id: row.id,
    title: pick(locale, row.title_ar, row.title_en),
    subtitle: pick(locale, row.subtitle_ar, row.subtitle_en),
    ribbon_text: pick(locale, row.ribbon_text_ar, row.ribbon_text_en),
    description: pick(locale, row.description_ar, row.description_en),
    image: images[0]?.url ?? null,
    currency: row.currency,
    purchasable: row.purchasable,
    order: row.sort_order,
    site_product_selection: row.site_product_selection,
    images: images.map((image) => ({ url: image.url, order: image.sort_order, type: image.type })),
    options: children.options
      .filter((option) => option.product_id === row.id)
      .map((option) => ({
        id: option.id,
        title: optionTitles.get(option.id) ?? '',
        values: valueRows
          .filter((value) => value.option_id === option.id)
          .map((value) => ({
            id: value.id,
            option_id: value.option_id,
            variant_id: variants.find((variant) => variantIdsByValue.get(value.id)?.includes(variant.id))?.id ?? null,
            value: pick(locale, value.value_ar, value.value_en),
          })),
      })),
    variants: variants.map((variant) => ({
      id: variant.id,
      title: pick(locale, variant.title_ar, variant.title_en),
      image_url: variant.image_url,
      sku: variant.sku,
      price_in_cents: variant.price_in_cents,
      sale_price_in_cents: variant.sale_price_in_cents,
      currency: row.currency,
      currency_info: currency,
      manage_inventory: variant.manage_inventory,
      weight: variant.weight_grams,
      options: valueRows
        .filter((value) => variantIdsByValue.get(value.id)?.includes(variant.id))
        .map((value) => ({
          option_id: value.option_id,
          option_title: optionTitles.get(value.option_id) ?? '',
          value_id: value.id,
          value: pick(locale, value.value_ar, value.value_en),
        })),
      inventory_quantity: variant.inventory_quantity,
    })),
    collections: children.collections
      .filter((entry) => entry.product_id === row.id)
      .map((entry) => ({ product_id: entry.product_id, collection_id: entry.collection_id, order: entry.sort_order })),
    additional_info: children.additionalInfo
      .filter((info) => info.product_id === row.id)
      .map((info) => ({
        id: info.id,
        order: info.sort_order,
        title: pick(locale, info.title_ar, info.title_en),
        description: pick(locale, info.description_ar, info.description_en),
      })),
    type: { value: row.type },
    custom_fields: children.customFields
      .filter((field) => field.product_id === row.id)
      .map((field) => ({ id: field.id, title: pick(locale, field.title_ar, field.title_en), is_required: field.is_required })),
    related_products: children.related
      .filter((entry) => entry.product_id === row.id)
      .map((entry) => ({
        id: entry.id,
        section_title: pick(locale, entry.section_title_ar, entry.section_title_en),
        related_type: entry.related_type,
        related_id: entry.related_id,
        position: entry.position,
      })),
    updated_at: row.updated_at.toISOString(),
    status: row.status,
    created_at: row.created_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
  };
}

/** Sums the quantities of a variant listed twice, so stock is checked against the whole want. */
function mergeItems(items: ProviderCheckoutRequest['items']): Map<number, number> {
  const merged = new Map<number, number>();
  for (const item of items) {
    const id = builtinRowId(item.variantId);
    if (id === null) throw new AppError('NOT_FOUND', { variantId: item.variantId });
    merged.set(id, (merged.get(id) ?? 0) + item.quantity);
  }
  return merged;
}

/**
 * Creates a pending order that holds its stock for a short while, inside one transaction that
 * locks the variants first: what is reserved is decided by the database, never by an earlier read.
 */
export async function createPendingOrder(db: Kysely<Database>, request: ProviderCheckoutRequest): Promise<string> {
  const wanted = mergeItems(request.items);
  return db.transaction().execute(async (tx) => {
    const variants = await lockVariantsForSale(tx, [...wanted.keys()]);
    for (const variantId of wanted.keys()) {
      if (!variants.some((variant) => variant.id === variantId)) throw new AppError('NOT_FOUND', { variantId });
    }
    for (const variant of variants) {
      if (!variant.purchasable || variant.status !== 'published' || variant.deleted_at !== null) {
        throw new AppError('PRODUCT_UNAVAILABLE', { variantId: variant.id });
      }
    }
    const currency = variants[0]!.currency;
    if (variants.some((variant) => variant.currency !== currency)) throw new AppError('VALIDATION_FAILED', { field: 'items' });

    const reserved = await findReservedQuantities(
      tx,
      variants.filter((variant) => variant.manage_inventory).map((variant) => variant.id),
    );
    for (const variant of variants) {
      if (!variant.manage_inventory) continue;
      const available = Math.max(0, variant.inventory_quantity - (reserved.get(variant.id) ?? 0));
      if (wanted.get(variant.id)! > available) throw new AppError('OUT_OF_STOCK', { variantId: variant.id, available });
    }

    const items = variants.map((variant) => ({
      variantId: variant.id,
      quantity: wanted.get(variant.id)!,
      unitPriceCents: effectivePriceCents(variant),
    }));
    return insertPendingOrder(tx, {
      userId: request.userId,
      currency,
      totalCents: items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0),
      locale: request.locale,
      timeZone: request.timeZone,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      reservationMinutes: STORE_RESERVATION_MINUTES,
      items,
    });
  });
}

/** The path of the built-in store's own payment page for an order. */
export function hostedCheckoutPath(orderId: string): string {
  return `/store/checkout/${orderId}`;
}

export function createBuiltinStore(db: Kysely<Database>, publicUrl: string): StoreProvider {
  return {
    kind: 'builtin',

    async listProducts(query, locale) {
      const ids = query.ids?.map(builtinRowId).filter((id): id is number => id !== null);
      const filter = { ids: query.ids ? ids : undefined };
      if (filter.ids?.length === 0) return { count: 0, offset: query.offset, limit: query.limit, products: [] };
      const [rows, count] = await Promise.all([findProductPage(db, filter, { ...query, locale }), countProducts(db, filter)]);
      const children = await findProductChildren(
        db,
        rows.map((row) => row.id),
      );
      return {
        count,
        offset: query.offset,
        limit: query.limit,
        products: rows.map((row) => toProviderProduct(row, children, locale)),
      };
    },

    async getProduct(id, locale) {
      const rowId = builtinRowId(id);
      if (rowId === null) return null;
      const row = await findProduct(db, rowId);
      if (!row) return null;
      return toProviderProduct(row, await findProductChildren(db, [row.id]), locale);
    },

    async variantInventory(productIds) {
      const ids = productIds.map(builtinRowId).filter((id): id is number => id !== null);
      const rows = await findAvailableStock(db, ids);
      return rows.map((row) => ({
        id: row.id,
        inventory_quantity: row.manage_inventory ? Math.max(0, row.inventory_quantity - Number(row.reserved)) : row.inventory_quantity,
      }));
    },

    async checkout(request) {
      const orderId = await createPendingOrder(db, request);
      return { url: new URL(hostedCheckoutPath(orderId), publicUrl).toString() };
    },
  };
}
