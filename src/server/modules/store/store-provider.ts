import type { Locale } from '../../../shared/locale.ts';
import type { CurrencyInfo, StoreId } from '../../../shared/store.ts';

/**
 * Where the store's catalogue, stock and checkout come from: the built-in, Postgres-backed store
 * (default) or an external storefront API (spec §7). Both hand over spec §3 shapes; the store
 * service sanitizes their HTML, formats their prices and applies the inventory override.
 */
export interface StoreProvider {
  readonly kind: 'builtin' | 'external';
  listProducts(query: ProductListQuery, locale: Locale): Promise<ProviderProductPage>;
  /** null when there is no such (published, not deleted) product. */
  getProduct(id: StoreId, locale: Locale): Promise<ProviderProduct | null>;
  /** Live stock by variant, which overrides the quantities inside products (spec §7). */
  variantInventory(productIds: StoreId[]): Promise<VariantInventory[]>;
  /** Starts a payment and answers the page the browser goes to. */
  checkout(request: ProviderCheckoutRequest): Promise<{ url: string }>;
  /** The collections a shopper may filter by, in the store's order: those with a product to show. */
  listCollections(locale: Locale): Promise<StoreCollection[]>;
}

export interface StoreCollection {
  id: StoreId;
  /** Its address in the store: /store?collection=slug. */
  slug: string;
  title: string;
}

export interface ProductListQuery {
  ids?: StoreId[] | undefined;
  offset: number;
  limit: number;
  sortBy: 'order' | 'title' | 'price' | 'updated_at';
  order: 'asc' | 'desc';
  /** Only the products of the collection with this slug. */
  collection?: string | undefined;
}

export interface ProviderCheckoutRequest {
  items: { variantId: StoreId; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  locale: Locale;
  timeZone: string;
  /** The signed-in buyer, if any: the built-in store keeps it on the order. */
  userId: string | null;
  /** The client address the checkout came from, when the runtime knows it: the built-in store limits what it reserves. */
  clientAddress: string | null;
  /** A guest's browser key (platform/store-browser-key.ts): the built-in store keeps its hash on the order. */
  browserKey: string | null;
}

export interface VariantInventory {
  id: StoreId;
  inventory_quantity: number;
}

export interface StoreImage {
  url: string;
  order: number;
  type: string;
}

export interface StoreOptionValue {
  id: StoreId;
  option_id: StoreId;
  /** The first variant carrying this value, as spec §3 pairs a value with a variant. */
  variant_id: StoreId | null;
  value: string;
}

export interface StoreOption {
  id: StoreId;
  title: string;
  values: StoreOptionValue[];
}

export interface VariantOptionValue {
  option_id: StoreId;
  option_title: string;
  value_id: StoreId;
  value: string;
}

export interface ProviderVariant {
  id: StoreId;
  title: string;
  image_url: string | null;
  sku: string | null;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  currency: string;
  currency_info: CurrencyInfo | null;
  manage_inventory: boolean;
  weight: number | null;
  options: VariantOptionValue[];
  inventory_quantity: number;
}

export interface ProviderProduct {
  id: StoreId;
  title: string;
  subtitle: string | null;
  ribbon_text: string | null;
  /** HTML as the provider has it: not yet safe to show. */
  description: string;
  image: string | null;
  currency: string;
  purchasable: boolean;
  order: number;
  site_product_selection: string | null;
  images: StoreImage[];
  options: StoreOption[];
  variants: ProviderVariant[];
  collections: { product_id: StoreId; collection_id: StoreId; order: number }[];
  additional_info: { id: StoreId; order: number; title: string; description: string }[];
  type: { value: string } | null;
  custom_fields: { id: StoreId; title: string; is_required: boolean }[];
  related_products: { id: StoreId; section_title: string; related_type: string; related_id: StoreId; position: number }[];
  updated_at: string | null;
  status?: string | undefined;
  created_at?: string | null | undefined;
  deleted_at?: string | null | undefined;
  metadata?: Record<string, unknown> | undefined;
}

export interface ProviderProductPage {
  count: number;
  offset: number;
  limit: number;
  products: ProviderProduct[];
}

/** A variant as the API answers it: prices formatted for display. */
export interface StoreVariant extends ProviderVariant {
  price_formatted: string;
  sale_price_formatted: string | null;
}

/** A product as the API answers it: safe HTML, formatted prices, the variant its card shows. */
export interface StoreProduct extends Omit<ProviderProduct, 'variants'> {
  variants: StoreVariant[];
  /** The variant chosen by `site_product_selection`: the card's price and its Add to Cart. */
  selected_variant_id: StoreId | null;
  price_in_cents: number | null;
  sale_price_in_cents: number | null;
}
