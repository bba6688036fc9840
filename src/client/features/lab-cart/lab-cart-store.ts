import { z } from 'zod';
import { createLocalStore, useLocalStore } from '../../lib/local-store.ts';

/** The one lab-test cart item shape, written and read the same way everywhere. */
export const labCartItemSchema = z.object({
  labTestId: z.number().int(),
  testNameAr: z.string(),
  testNameEn: z.string(),
  labNameAr: z.string(),
  labNameEn: z.string(),
  price: z.number().nonnegative(),
  bookingTime: z.string(),
});
export type LabCartItem = z.infer<typeof labCartItemSchema>;

const itemsSchema = z.array(labCartItemSchema);

export const labCartStore = createLocalStore<LabCartItem[]>('tahaleel.labCart', [], (value): value is LabCartItem[] =>
  itemsSchema.safeParse(value).success,
);

export function useLabCartItems(): LabCartItem[] {
  return useLocalStore(labCartStore);
}
