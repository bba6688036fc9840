import { z } from 'zod';
import type { StoreId } from '../../../shared/store.ts';
import { circuitsByKey, OUTSIDE_READ_TIMEOUT_MS, OUTSIDE_RETRY_AFTER_MS } from '../../platform/circuit-breaker.ts';
import type { ProviderProduct, ProviderProductPage, StoreProvider, VariantInventory } from './store-provider.ts';

/** A non-OK answer from the storefront API, worded as spec §8 has it. */
export class StoreHttpError extends Error {
  override name = 'StoreHttpError';
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`HTTP ${status}: ${statusText}`);
  }
}

/** The storefront API could not be reached in time, or answered something that is not its contract. */
export class StoreResponseError extends Error {
  override name = 'StoreResponseError';
}

/** The storefront API is down: it did not answer in time or could not be reached, or was not asked. */
export class StoreOutageError extends StoreResponseError {
  override name = 'StoreOutageError';
}

/** A read waits this long for the store, and is not tried again (the page waits on it). */
const READ_TIMEOUT_MS = OUTSIDE_READ_TIMEOUT_MS;
/** A checkout may take longer: the store opens a payment session. */
const CHECKOUT_TIMEOUT_MS = 8000;
/** Once down, the store is not asked again for this long; then one call tries it. */
export const STORE_RETRY_AFTER_MS = OUTSIDE_RETRY_AFTER_MS;

/** One circuit per store (platform/circuit-breaker.ts): a timeout or no connection opens it. */
const storeCircuit = circuitsByKey({
  isOutage: (error) => error instanceof StoreOutageError,
  openError: () => new StoreOutageError('store API is down: not asked again until it has had time to recover'),
  retryAfterMs: STORE_RETRY_AFTER_MS,
});

const id = z.union([z.string(), z.number()]);
const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const textOr = (fallback: string) =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? fallback);
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((value) => value ?? []);

const currencyInfo = z
  .object({ code: z.string().nullish(), symbol: z.string().nullish(), template: z.string().nullish() })
  .nullish()
  .transform((value) => value ?? null);

// A variant's own options are not pinned down by the contract: keep what fits, drop the rest.
const variantOption = z.object({ option_id: id, option_title: textOr(''), value_id: id, value: z.string() });

const variantSchema = z.object({
  id,
  title: textOr(''),
  image_url: nullableText,
  sku: nullableText,
  price_in_cents: z.number().int().nonnegative(),
  sale_price_in_cents: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? null),
  currency: textOr('eur'),
  currency_info: currencyInfo,
  manage_inventory: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  weight: z
    .number()
    .nullish()
    .transform((value) => value ?? null),
  options: listOf(variantOption).catch([]),
  inventory_quantity: z
    .number()
    .int()
    .nullish()
    .transform((value) => Math.max(0, value ?? 0)),
});

const imageRef = z
  .union([z.string(), z.object({ url: z.string() })])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : (value?.url ?? null)));

const productSchema = z.object({
  id,
  title: textOr(''),
  subtitle: nullableText,
  ribbon_text: nullableText,
  description: textOr(''),
  image: imageRef,
  currency: textOr('eur'),
  purchasable: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  order: z
    .number()
    .nullish()
    .transform((value) => value ?? 0),
  site_product_selection: nullableText,
  images: listOf(z.object({ url: z.string(), order: z.number().nullish(), type: z.string().nullish() })).transform((images) =>
    images.map((image, index) => ({ url: image.url, order: image.order ?? index, type: image.type ?? 'image' })),
  ),
  media: listOf(z.object({ url: z.string(), order: z.number().nullish(), type: z.string().nullish() })).catch([]),
  options: listOf(
    z.object({
      id,
      title: textOr(''),
      values: listOf(z.object({ id, option_id: id, variant_id: id.nullish().transform((value) => value ?? null), value: z.string() })),
    }),
  ),
  variants: listOf(variantSchema),
  collections: listOf(
    z.object({
      product_id: id,
      collection_id: id,
      order: z
        .number()
        .nullish()
        .transform((value) => value ?? 0),
    }),
  ),
  additional_info: listOf(
    z.object({
      id,
      order: z
        .number()
        .nullish()
        .transform((value) => value ?? 0),
      title: textOr(''),
      description: textOr(''),
    }),
  ),
  type: z
    .object({ value: z.string() })
    .nullish()
    .transform((value) => value ?? null),
  custom_fields: listOf(
    z.object({
      id,
      title: textOr(''),
      is_required: z
        .boolean()
        .nullish()
        .transform((value) => value ?? false),
    }),
  ),
  related_products: listOf(
    z.object({
      id,
      section_title: textOr(''),
      related_type: textOr('product'),
      related_id: id,
      position: z
        .number()
        .nullish()
        .transform((value) => value ?? 0),
    }),
  ),
  updated_at: nullableText,
  status: z.string().optional(),
  created_at: z.string().nullish(),
  deleted_at: z.string().nullish(),
  metadata: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? undefined),
});

function toProviderProduct(parsed: z.output<typeof productSchema>): ProviderProduct {
  const { media, ...product } = parsed;
  // A single product carries its pictures as `media` (spec §3).
  const images =
    product.images.length > 0
      ? product.images
      : media.map((item, index) => ({ url: item.url, order: item.order ?? index, type: item.type ?? 'image' }));
  return { ...product, images, image: product.image ?? images[0]?.url ?? null };
}

const productPageSchema = z.object({
  count: z.number().int().nonnegative().optional(),
  offset: z.number().int().nonnegative().optional(),
  limit: z.number().int().nonnegative().optional(),
  products: z.array(productSchema),
});

const variantInventorySchema = z.object({ id, inventory_quantity: z.number().int() });
const variantsAnswerSchema = z.union([
  z.object({ variants: z.array(variantInventorySchema) }).transform((answer) => answer.variants),
  z.array(variantInventorySchema),
]);
const productAnswerSchema = z.union([z.object({ product: productSchema }).transform((answer) => answer.product), productSchema]);
const checkoutAnswerSchema = z.object({ url: z.string() });

type Fetch = typeof fetch;

/**
 * The storefront REST contract of spec §7: everything under /store/{storeId}/, JSON, no auth header.
 * `fetchImpl` is the runtime's fetch (Node or workerd), or a test's.
 */
export function createExternalStore(apiUrl: string, storeId: string, fetchImpl: Fetch = fetch): StoreProvider {
  const base = new URL(`store/${encodeURIComponent(storeId)}/`, apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`);

  async function call<T extends z.ZodType>(
    path: string,
    schema: T,
    init: { method?: string; query?: URLSearchParams; body?: unknown } = {},
  ) {
    const url = new URL(path, base);
    if (init.query) url.search = init.query.toString();
    const method = init.method ?? 'GET';
    const timeoutMs = method === 'GET' ? READ_TIMEOUT_MS : CHECKOUT_TIMEOUT_MS;
    const body = await storeCircuit(base.href).run(async () => {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new StoreHttpError(response.status, response.statusText);
        return await response.json().catch((error: unknown) => {
          // The body stopped coming in time: an outage, below. Anything else is not JSON.
          if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw error;
          throw new StoreResponseError('store API answered something other than JSON', { cause: error });
        });
      } catch (error) {
        if (error instanceof StoreHttpError || error instanceof StoreResponseError) throw error;
        // A timeout (no answer within timeoutMs, body included) or no connection at all.
        throw new StoreOutageError(`store API unreachable: ${String(error)}`, { cause: error });
      }
    });
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new StoreResponseError(`store API answer does not fit the contract: ${parsed.error.message}`);
    return parsed.data as z.output<T>;
  }

  const repeated = (query: URLSearchParams, key: string, values: StoreId[]) => {
    for (const value of values) query.append(key, String(value));
  };

  return {
    kind: 'external',

    async listProducts(query): Promise<ProviderProductPage> {
      // Its API names no collections (spec §3 gives products their ids only): none matches a slug.
      if (query.collection) return { count: 0, offset: query.offset, limit: query.limit, products: [] };
      const params = new URLSearchParams();
      if (query.ids) repeated(params, 'ids[]', query.ids);
      params.set('offset', String(query.offset));
      params.set('limit', String(query.limit));
      params.set('order', query.order);
      params.set('sort_by', query.sortBy);
      if (!query.ids) params.set('is_hidden', 'false');
      const page = await call('products', productPageSchema, { query: params });
      return {
        count: page.count ?? page.products.length,
        offset: page.offset ?? query.offset,
        limit: page.limit ?? query.limit,
        products: page.products.map(toProviderProduct),
      };
    },

    async getProduct(productId) {
      try {
        return toProviderProduct(await call(`products/${encodeURIComponent(String(productId))}`, productAnswerSchema));
      } catch (error) {
        if (error instanceof StoreHttpError && error.status === 404) return null;
        throw error;
      }
    },

    async variantInventory(productIds): Promise<VariantInventory[]> {
      const params = new URLSearchParams({ fields: 'inventory_quantity' });
      repeated(params, 'product_ids[]', productIds);
      return call('variants', variantsAnswerSchema, { query: params });
    },

    async listCollections() {
      // The storefront API gives no collection names (spec §3): the store offers no collection filter then.
      return [];
    },

    async checkout(request) {
      return call('checkout', checkoutAnswerSchema, {
        method: 'POST',
        body: {
          items: request.items.map((item) => ({ variant_id: item.variantId, quantity: item.quantity })),
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          locale: request.locale,
          timeZone: request.timeZone,
        },
      });
    },
  };
}
