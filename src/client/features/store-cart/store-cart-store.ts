import { z } from 'zod';
import { createLocalStore, useLocalStore } from '../../lib/local-store.ts';

export const storeCartItemSchema = z.object({
  product: z.object({ id: z.union([z.string(), z.number()]), title: z.string(), image: z.string().nullable() }),
  variant: z.object({
    id: z.union([z.string(), z.number()]),
    title: z.string(),
    price_formatted: z.string(),
    sale_price_formatted: z.string().nullable(),
    sale_price_in_cents: z.number().nullable(),
  }),
  quantity: z.number().int().min(1),
});
export type StoreCartItem = z.infer<typeof storeCartItemSchema>;

const itemsSchema = z.array(storeCartItemSchema);

export const storeCartStore = createLocalStore<StoreCartItem[]>(
  'tahaleel.storeCart',
  [],
  (value): value is StoreCartItem[] => itemsSchema.safeParse(value).success,
);

export function useStoreCartItems(): StoreCartItem[] {
  return useLocalStore(storeCartStore);
}
