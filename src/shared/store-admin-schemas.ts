import { z } from 'zod';
import { rowId } from './db-integers.ts';
import { validationMessages as m } from './validation-messages.ts';

/** At or below this many units a variant is shown as running low in the admin's lists. */
export const STORE_LOW_STOCK = 5;

/** What an order can become after its payment, in order; `cancelled` only before it ships. */
export const STORE_ORDER_FORWARD = ['paid', 'fulfilled', 'shipped', 'delivered'] as const;
export const STORE_ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'shipped', 'delivered', 'cancelled', 'expired'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** The step an admin may take from a status: the next one forward, and cancelling before shipping. */
export function allowedOrderSteps(status: string): StoreOrderStatus[] {
  const index = (STORE_ORDER_FORWARD as readonly string[]).indexOf(status);
  if (index < 0) return [];
  const next = STORE_ORDER_FORWARD[index + 1];
  return [...(next ? [next] : []), ...(status === 'paid' || status === 'fulfilled' ? (['cancelled'] as const) : [])];
}

export const STORE_PAGE_MAX = 100;

/** The largest picture an admin may upload for a product. */
export const STORE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** One page of an admin list: after `cursor` (opaque, from the previous page's nextCursor), searched by `q`. */
export const pageInput = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(STORE_PAGE_MAX).default(25),
  q: z.string().trim().max(100).optional(),
});

const text = (max: number) => z.string().trim().max(max, m.tooLong);
const requiredText = (max: number) => z.string().trim().min(1, m.required).max(max, m.tooLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
const halalas = z.number().int().min(0).max(100_000_000);

export const saveVariantInput = z.object({
  id: rowId.optional(),
  sku: requiredText(64).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, m.invalid),
  titleAr: text(120).optional(),
  titleEn: text(120).optional(),
  price: halalas,
  salePrice: halalas.nullish(),
  /** A new variant's stock; an existing one's changes only by storeAdmin.adjustStock. */
  stock: z.number().int().min(0).max(1_000_000).default(0),
  /** The values it stands for, one per option, by the option's position. */
  optionValues: z
    .array(z.object({ ar: requiredText(60), en: requiredText(60) }))
    .max(3)
    .default([]),
});

export const saveProductInput = z.object({
  id: rowId.optional(),
  nameAr: requiredText(200),
  nameEn: requiredText(200),
  descriptionAr: text(20_000).default(''),
  descriptionEn: text(20_000).default(''),
  published: z.boolean(),
  ribbonAr: optionalText(40),
  ribbonEn: optionalText(40),
  seoTitleAr: optionalText(70),
  seoTitleEn: optionalText(70),
  seoDescriptionAr: optionalText(160),
  seoDescriptionEn: optionalText(160),
  /** Option names (Size, Colour) in order; each variant gives one value per option. */
  options: z
    .array(z.object({ ar: requiredText(60), en: requiredText(60) }))
    .max(3)
    .default([]),
  variants: z.array(saveVariantInput).min(1, m.required).max(100, m.tooLong),
  collectionIds: z.array(rowId).max(20).default([]),
});
export type SaveProductInput = z.infer<typeof saveProductInput>;

export const adjustStockInput = z.object({
  variantId: rowId,
  delta: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((value) => value !== 0, m.invalid),
  reason: requiredText(200),
});

export const storeOrdersInput = pageInput.extend({
  status: z.enum(STORE_ORDER_STATUSES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type StoreOrdersInput = z.infer<typeof storeOrdersInput>;

export const setOrderStatusInput = z.object({
  orderId: z.uuid(),
  status: z.enum(['fulfilled', 'shipped', 'delivered', 'cancelled']),
  trackingNumber: optionalText(64),
});

/** A collection made (no id) or renamed (with its id); its slug is made from the English name once, at creation. */
export const saveCollectionInput = z.object({
  id: rowId.optional(),
  nameAr: requiredText(80),
  nameEn: requiredText(80),
});
export type SaveCollectionInput = z.infer<typeof saveCollectionInput>;

/** Every collection's id, in the order the store lists them. */
export const reorderCollectionsInput = z.object({
  collectionIds: z.array(rowId).min(1).max(200),
});

/** Every picture of the product, in the order its gallery shows them (the first is the grid's). */
export const reorderProductImagesInput = z.object({
  productId: rowId,
  imageIds: z.array(rowId).min(1).max(100),
});

/**
 * The part of a collection's address made from its English name: lower-case Latin letters and digits
 * in words joined by hyphens ("Home test kits" → "home-test-kits"); '' when nothing Latin is left.
 */
export function collectionSlugBase(nameEn: string): string {
  return nameEn
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
