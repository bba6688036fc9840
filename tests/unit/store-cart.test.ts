// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  refreshCartLines,
  removeFromCart,
  STORE_CART_KEY,
  type StoreCartItem,
  type StoreCartLine,
  setCartQuantity,
} from '../../src/client/features/store-cart/store-cart-store.ts';

function line(variantId: number, stock: number, manageInventory = true): StoreCartLine {
  return {
    product: { id: 1, title: 'Tahaleel Cotton T-Shirt', image: null },
    variant: {
      id: variantId,
      title: `Variant ${variantId}`,
      price_formatted: '79.00 SAR',
      sale_price_formatted: null,
      sale_price_in_cents: null,
      price_in_cents: 7900,
      currency_info: { code: 'SAR', symbol: 'ر.س', template: '$1 SAR' },
      manage_inventory: manageInventory,
      inventory_quantity: stock,
    },
  };
}

describe('store cart rules (spec §4, §5)', () => {
  it('adds a new variant, then merges the same variant by adding quantities', () => {
    const first = addToCart([], line(10, 5), 2);
    expect(first.ok && first.items.map((item) => item.quantity)).toEqual([2]);
    const merged = first.ok ? addToCart(first.items, line(10, 5), 3) : first;
    expect(merged.ok && merged.items).toHaveLength(1);
    expect(merged.ok && merged.items[0]!.quantity).toBe(5);
    const other = merged.ok ? addToCart(merged.items, line(11, 5), 1) : merged;
    expect(other.ok && other.items.map((item) => item.variant.id)).toEqual([10, 11]);
  });

  it('refuses an add when held plus requested exceeds managed stock, naming what is left', () => {
    const held = addToCart([], line(10, 3), 2);
    expect(held.ok).toBe(true);
    expect(held.ok && addToCart(held.items, line(10, 3), 2)).toEqual({ ok: false, available: 3 });
    expect(addToCart([], line(10, 0), 1)).toEqual({ ok: false, available: 0 });
  });

  it('does not count stock for a variant that does not manage inventory', () => {
    const result = addToCart([], line(12, 0, false), 40);
    expect(result.ok && result.items[0]!.quantity).toBe(40);
  });

  it('matches a variant id whether it was kept as a number or a string', () => {
    const held = addToCart([], line(10, 5), 1);
    const again = held.ok ? addToCart(held.items, { ...line(10, 5), variant: { ...line(10, 5).variant, id: '10' } }, 1) : held;
    expect(again.ok && again.items).toHaveLength(1);
  });

  it('keeps the quantity at 1 or more and within the stock; removes by variant', () => {
    const items: StoreCartItem[] = [
      { ...line(10, 4), quantity: 2 },
      { ...line(11, 9, false), quantity: 1 },
    ];
    expect(setCartQuantity(items, 10, 0)[0]!.quantity).toBe(1);
    expect(setCartQuantity(items, 10, -3)[0]!.quantity).toBe(1);
    expect(setCartQuantity(items, 10, 9)[0]!.quantity).toBe(4);
    expect(setCartQuantity(items, 11, 250)[1]!.quantity).toBe(250);
    expect(removeFromCart(items, '10').map((item) => item.variant.id)).toEqual([11]);
  });

  it('takes fresh product data (another language, new stock) and keeps the quantities', () => {
    const items: StoreCartItem[] = [{ ...line(10, 4), quantity: 2 }];
    const arabic = { ...line(10, 1), product: { id: 1, title: 'تيشيرت تحاليل القطني', image: null } };
    expect(refreshCartLines(items, [arabic])[0]).toMatchObject({
      quantity: 2,
      product: { title: 'تيشيرت تحاليل القطني' },
      variant: { inventory_quantity: 1 },
    });
  });
});

describe('store cart storage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  async function freshStore() {
    return (await import('../../src/client/features/store-cart/store-cart-store.ts')).storeCartStore;
  }

  it('is kept under the fixed key and read back on the next load', async () => {
    const store = await freshStore();
    store.set([{ ...line(10, 5), quantity: 2 }]);
    expect(JSON.parse(localStorage.getItem(STORE_CART_KEY)!)).toHaveLength(1);
    expect((await freshStore()).get()).toEqual([{ ...line(10, 5), quantity: 2 }]);
  });

  it.each([['{not json'], ['{"items": []}'], ['[{"quantity": 0}]'], ['null']])('starts empty when the stored value is %s', async (raw) => {
    localStorage.setItem(STORE_CART_KEY, raw);
    expect((await freshStore()).get()).toEqual([]);
  });

  it('reads a cart saved before prices and stock were kept on it', async () => {
    const {
      price_in_cents: _price,
      currency_info: _currency,
      manage_inventory: _manage,
      inventory_quantity: _stock,
      ...older
    } = line(10, 5).variant;
    localStorage.setItem(STORE_CART_KEY, JSON.stringify([{ product: line(10, 5).product, variant: older, quantity: 1 }]));
    expect((await freshStore()).get()).toHaveLength(1);
  });
});
