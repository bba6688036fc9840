import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import { formatStorePrice, type StoreId, sameStoreId, selectVariant } from '../../../shared/store.ts';
import type { StoreCheckoutInput, StoreProductsInput } from '../../../shared/store-schemas.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { isSameOrigin } from '../../same-origin.ts';
import { createBuiltinStore } from './builtin-store.ts';
import { createExternalStore, StoreHttpError, StoreOutageError, StoreResponseError } from './external-store.ts';
import { sanitizeStoreHtml } from './sanitize.ts';
import type { ProviderProduct, StoreProduct, StoreProvider, VariantInventory } from './store-provider.ts';

export type StoreConfig = Pick<
  Env,
  'PUBLIC_URL' | 'STORE_API_URL' | 'STORE_ID' | 'STORE_CHECKOUTS_PER_ADDRESS' | 'STORE_UNITS_PER_ADDRESS'
>;

export interface StoreCaller {
  config: StoreConfig;
  locale: Locale;
  userId: string | null;
  /** The client address, when the runtime knows it. */
  clientAddress: string | null;
  /** A visitor's store browser key, when not signed in (platform/store-browser-key.ts). */
  browserKey: string | null;
}

const DEFAULT_PAGE_SIZE = 100;

/** The external storefront when it is configured (both variables), else the built-in store. */
export function storeProviderFor(db: Kysely<Database>, config: StoreConfig): StoreProvider {
  if (config.STORE_API_URL && config.STORE_ID) return createExternalStore(config.STORE_API_URL, config.STORE_ID);
  return createBuiltinStore(db, { checkouts: config.STORE_CHECKOUTS_PER_ADDRESS, units: config.STORE_UNITS_PER_ADDRESS });
}

/** An external store's failure becomes a coded error; the store's own words stay in `details`. */
async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StoreHttpError) {
      console.warn(`Store API: ${error.message}`);
      throw new AppError('STORE_UNAVAILABLE', { status: error.status, statusText: error.statusText });
    }
    if (error instanceof StoreResponseError) {
      console.warn(`Store API: ${error.message}`);
      throw new AppError('STORE_UNAVAILABLE', error instanceof StoreOutageError ? { outage: true } : {});
    }
    throw error;
  }
}

/** The last answer an external store gave to each read, served (marked stale) while it is down. */
const lastGood = new Map<string, unknown>();
const LAST_GOOD_ENTRIES = 500;

/**
 * A read from the store. An external store's answer is remembered; while that store is down (no
 * answer in time, or its circuit open) the remembered answer is given instead, with `stale`, so the
 * store's pages still show what they had. Only with nothing remembered does the reader get
 * STORE_UNAVAILABLE. The built-in store is the database: nothing to remember.
 */
async function read<T>(
  caller: StoreCaller,
  provider: StoreProvider,
  key: string,
  call: () => Promise<T>,
): Promise<{ value: T; stale: boolean }> {
  const cacheKey = provider.kind === 'external' ? `${caller.config.STORE_API_URL}|${caller.config.STORE_ID}|${caller.locale}|${key}` : null;
  try {
    const value = await fromProvider(call);
    if (cacheKey) {
      lastGood.delete(cacheKey);
      lastGood.set(cacheKey, value);
      if (lastGood.size > LAST_GOOD_ENTRIES) lastGood.delete(lastGood.keys().next().value!);
    }
    return { value, stale: false };
  } catch (error) {
    if (cacheKey && lastGood.has(cacheKey) && (error as AppError).details?.outage === true) {
      return { value: lastGood.get(cacheKey) as T, stale: true };
    }
    throw error;
  }
}

/** Spec §7: the live quantities from the variants call replace those inside the products, by variant id. */
export function applyInventory(product: ProviderProduct, inventory: VariantInventory[]): ProviderProduct {
  return {
    ...product,
    variants: product.variants.map((variant) => {
      const live = inventory.find((entry) => sameStoreId(entry.id, variant.id));
      return live ? { ...variant, inventory_quantity: Math.max(0, live.inventory_quantity) } : variant;
    }),
  };
}

/** What the page may show: sanitized HTML, formatted prices, blocks and pictures in their order. */
export function presentProduct(product: ProviderProduct): StoreProduct {
  const variants = product.variants.map((variant) => ({
    ...variant,
    price_formatted: formatStorePrice(variant.price_in_cents, variant.currency_info),
    sale_price_formatted:
      variant.sale_price_in_cents === null ? null : formatStorePrice(variant.sale_price_in_cents, variant.currency_info),
  }));
  const selected = selectVariant(variants, product.site_product_selection);
  const images = [...product.images].sort((a, b) => a.order - b.order);
  return {
    ...product,
    description: sanitizeStoreHtml(product.description),
    additional_info: [...product.additional_info]
      .sort((a, b) => a.order - b.order)
      .map((info) => ({ ...info, description: sanitizeStoreHtml(info.description) })),
    images,
    image: product.image ?? images[0]?.url ?? selected?.image_url ?? null,
    variants,
    selected_variant_id: selected?.id ?? null,
    price_in_cents: selected?.price_in_cents ?? null,
    sale_price_in_cents: selected?.sale_price_in_cents ?? null,
  };
}

/** `stale`: the external store is down and this is the last answer it gave (the page says so). */
export async function listProducts(db: Kysely<Database>, caller: StoreCaller, input: StoreProductsInput) {
  const provider = storeProviderFor(db, caller.config);
  const query = {
    ids: input?.ids,
    offset: input?.offset ?? 0,
    limit: input?.limit ?? DEFAULT_PAGE_SIZE,
    sortBy: input?.sortBy ?? 'order',
    order: input?.order ?? 'asc',
    collection: input?.collection,
  } as const;
  const page = await read(caller, provider, `products:${JSON.stringify(query)}`, () => provider.listProducts(query, caller.locale));
  const ids = page.value.products.map((product) => product.id);
  const inventory =
    ids.length > 0 ? await read(caller, provider, `variants:${JSON.stringify(ids)}`, () => provider.variantInventory(ids)) : null;
  return {
    ...page.value,
    products: page.value.products.map((product) => presentProduct(applyInventory(product, inventory?.value ?? []))),
    stale: page.stale || Boolean(inventory?.stale),
  };
}

/** The collections the store's filter offers, in the admin's order (none from an external store). */
export async function listCollections(db: Kysely<Database>, caller: StoreCaller) {
  const provider = storeProviderFor(db, caller.config);
  const collections = await read(caller, provider, 'collections', () => provider.listCollections(caller.locale));
  return { collections: collections.value, stale: collections.stale };
}

export async function getProduct(db: Kysely<Database>, caller: StoreCaller, id: StoreId): Promise<StoreProduct & { stale: boolean }> {
  const provider = storeProviderFor(db, caller.config);
  const product = await read(caller, provider, `product:${String(id)}`, () => provider.getProduct(id, caller.locale));
  if (!product.value) throw new AppError('NOT_FOUND', { productId: id });
  const productId = product.value.id;
  const inventory = await read(caller, provider, `variants:${JSON.stringify([productId])}`, () => provider.variantInventory([productId]));
  return { ...presentProduct(applyInventory(product.value, inventory.value)), stale: product.stale || inventory.stale };
}

export async function getVariantInventory(db: Kysely<Database>, caller: StoreCaller, productIds: StoreId[]) {
  const provider = storeProviderFor(db, caller.config);
  const variants = await read(caller, provider, `variants:${JSON.stringify(productIds)}`, () => provider.variantInventory(productIds));
  return {
    variants: variants.value.map((variant) => ({ id: variant.id, inventory_quantity: Math.max(0, variant.inventory_quantity) })),
    stale: variants.stale,
  };
}

export async function checkout(db: Kysely<Database>, caller: StoreCaller, input: StoreCheckoutInput): Promise<{ url: string }> {
  for (const field of ['successUrl', 'cancelUrl'] as const) {
    if (!isSameOrigin(input[field], caller.config.PUBLIC_URL)) throw new AppError('VALIDATION_FAILED', { field });
  }
  const merged = new Map<string, { variantId: StoreId; quantity: number }>();
  for (const item of input.items) {
    const key = String(item.variantId);
    merged.set(key, { variantId: item.variantId, quantity: (merged.get(key)?.quantity ?? 0) + item.quantity });
  }
  const provider = storeProviderFor(db, caller.config);
  const { url } = await fromProvider(() =>
    provider.checkout({
      items: [...merged.values()],
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      locale: input.locale,
      timeZone: input.timeZone,
      userId: caller.userId,
      clientAddress: caller.clientAddress,
      browserKey: caller.browserKey,
    }),
  );
  // The browser is sent there: the built-in store's own path, or an http(s) page; never javascript: or data:.
  const ownPath = provider.kind === 'builtin' && isSitePath(url);
  if (!ownPath && !/^https?:$/.test(safeProtocol(url))) {
    console.warn('Store API: checkout answered a URL that is not http(s)');
    throw new AppError('STORE_UNAVAILABLE');
  }
  return { url };
}

/** `/store/checkout/…`, but not `//elsewhere.example` (another host) nor `/\elsewhere`. */
function isSitePath(url: string): boolean {
  return /^\/(?![/\\])/.test(url);
}

function safeProtocol(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}
