import type { Kysely } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import { localizedCurrency } from '../../../shared/store.ts';
import type { Database } from '../../db/schema.ts';
import {
  builtinRowId,
  countProducts,
  findAvailableStock,
  findProduct,
  findProductChildren,
  findProductPage,
  findShownCollections,
  type ProductChildren,
  type ProductRow,
} from './builtin-store.repository.ts';
import { hostedCheckoutPath, openHostedCheckout, type ReservationCaps } from './hosted-checkout.service.ts';
import type { ProviderProduct, StoreProvider } from './store-provider.ts';

/** An uploaded picture's grid size (docs/decisions/0029); a seeded picture is its own. */
function gridImageUrl(url: string): string {
  return url.startsWith('/files/store-images/') ? url.replace(/\/gallery\.webp$/, '/grid.webp') : url;
}

function pick<T>(locale: Locale, ar: T, en: T): T {
  return locale === 'ar' ? ar : en;
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
    // The card shows the grid's size of an uploaded picture; the gallery the large one.
    image: images[0] ? gridImageUrl(images[0].url) : null,
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

/** The store in our own database; `addressCaps` bound what one client address may reserve at once. */
export function createBuiltinStore(db: Kysely<Database>, addressCaps: ReservationCaps): StoreProvider {
  return {
    kind: 'builtin',

    async listProducts(query, locale) {
      const ids = query.ids?.map(builtinRowId).filter((id): id is number => id !== null);
      const filter = { ids: query.ids ? ids : undefined, collection: query.collection };
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

    async listCollections(locale) {
      const rows = await findShownCollections(db);
      return rows.map((row) => ({ id: row.id, slug: row.slug, title: pick(locale, row.title_ar, row.title_en) }));
    },

    async checkout(request) {
      // A path, not an address: the buyer stays on the host they came by (and its saved language).
      return { url: hostedCheckoutPath(await openHostedCheckout(db, request, addressCaps)) };
    },
  };
}
