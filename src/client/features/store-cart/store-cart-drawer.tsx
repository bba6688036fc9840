import { Badge, Button, CloseButton, Drawer, HStack, IconButton, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Lock, ShoppingBag, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { effectivePriceCents, formatStorePrice, sameStoreId } from '../../../shared/store.ts';
import { useCartPanels } from '../../components/cart-panels-context.tsx';
import { StoreImage } from '../../components/store/store-image.tsx';
import { StorePrice } from '../../components/store/store-price.tsx';
import { QuantityStepper } from '../../components/ui/quantity-stepper.tsx';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { trpc } from '../../lib/trpc.ts';
import {
  cartLineFrom,
  refreshCartLines,
  removeFromCart,
  type StoreCartItem,
  type StoreCartLine,
  setCartQuantity,
  stockLimit,
  storeCartStore,
  useStoreCartItems,
} from './store-cart-store.ts';
import { dismissAddedToast } from './use-add-to-store-cart.ts';
import { useStoreCheckout } from './use-store-checkout.ts';

/** The cart total when every line knows its price in one currency; null for older saved lines. */
function subtotal(items: StoreCartItem[]): string | null {
  const first = items[0];
  if (!first) return null;
  let cents = 0;
  for (const item of items) {
    const price = item.variant.price_in_cents;
    if (price === undefined || item.variant.currency_info?.template !== first.variant.currency_info?.template) return null;
    cents += item.quantity * effectivePriceCents({ price_in_cents: price, sale_price_in_cents: item.variant.sale_price_in_cents });
  }
  return formatStorePrice(cents, first.variant.currency_info);
}

/** Brings the saved lines up to date (language, price, stock) while the drawer is open. */
function useFreshCartLines(open: boolean, items: StoreCartItem[]) {
  const productIds = [...new Set(items.map((item) => String(item.product.id)))].sort();
  const products = useQuery({
    ...trpc.store.products.queryOptions({ ids: productIds }),
    enabled: open && productIds.length > 0,
  });
  useEffect(() => {
    if (!products.data) return;
    const fresh: StoreCartLine[] = [];
    for (const item of storeCartStore.get()) {
      const product = products.data.products.find((candidate) => sameStoreId(candidate.id, item.product.id));
      const variant = product?.variants.find((candidate) => sameStoreId(candidate.id, item.variant.id));
      if (product && variant) fresh.push(cartLineFrom(product, variant));
    }
    const current = storeCartStore.get();
    const next = refreshCartLines(current, fresh);
    if (JSON.stringify(next) !== JSON.stringify(current)) storeCartStore.set(next);
  }, [products.data]);
}

/** `otherCart`: the app shell's note that the lab-test cart holds tests too, with a way there. */
export function StoreCartDrawer({ otherCart }: { otherCart?: ReactNode }) {
  const { t } = useLingui();
  const panels = useCartPanels();
  const items = useStoreCartItems();
  const checkout = useStoreCheckout();
  const open = panels.open === 'store';
  useFreshCartLines(open, items);
  useEffect(() => {
    if (open) dismissAddedToast();
  }, [open]);
  const total = subtotal(items);
  const count = items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <Drawer.Root open={open} onOpenChange={(event) => !event.open && panels.close()} placement="end" size={{ base: 'full', sm: 'sm' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="store-cart-drawer">
            <Drawer.Header>
              <HStack gap="2">
                <Drawer.Title>{t`Store cart`}</Drawer.Title>
                {count > 0 && (
                  <Badge colorPalette="brand" variant="subtle">
                    {count}
                  </Badge>
                )}
              </HStack>
            </Drawer.Header>
            <Drawer.Body display="flex" flexDirection="column" gap="4">
              {otherCart}
              {items.length === 0 ? (
                <Stack align="center" justify="center" gap="4" flex="1" textAlign="center" color="fg.muted">
                  <ShoppingBag size={48} aria-hidden />
                  <Text fontSize="lg">{t`Your cart is empty`}</Text>
                  <Button asChild variant="outline" colorPalette="brand" onClick={() => panels.close()}>
                    <Link to="/store">{t`Browse the store`}</Link>
                  </Button>
                </Stack>
              ) : (
                <Stack as="ul" gap="4" listStyleType="none" separator={<Separator />}>
                  {items.map((item) => {
                    const stock = stockLimit(item);
                    const title = item.product.title;
                    return (
                      <HStack as="li" key={String(item.variant.id)} align="start" gap="3" data-testid="store-cart-item">
                        <StoreImage src={item.product.image} alt="" boxSize="16" rounded="md" flexShrink={0} compact />
                        <Stack flex="1" gap="1" minW="0">
                          <Text fontWeight="semibold" lineClamp={2}>
                            {isolateLatinRuns(title)}
                          </Text>
                          <Text fontSize="sm" color="fg.muted">
                            {isolateLatinRuns(item.variant.title)}
                          </Text>
                          <StorePrice price={item.variant.price_formatted} salePrice={item.variant.sale_price_formatted} size="sm" />
                          <HStack justify="space-between" gap="2" wrap="wrap">
                            <QuantityStepper
                              size="sm"
                              value={item.quantity}
                              max={stock === null ? undefined : Math.max(1, stock)}
                              label={t`Quantity of ${title}`}
                              onChange={(quantity) => storeCartStore.set((current) => setCartQuantity(current, item.variant.id, quantity))}
                            />
                            <IconButton
                              size="sm"
                              variant="ghost"
                              colorPalette="red"
                              aria-label={t`Remove ${title} from cart`}
                              onClick={() => storeCartStore.set((current) => removeFromCart(current, item.variant.id))}
                            >
                              <Trash2 />
                            </IconButton>
                          </HStack>
                          {stock !== null && item.quantity > stock && (
                            <Text fontSize="sm" color="yellow.fg" role="status">
                              {t`Not enough stock. Only ${stock} left.`}
                            </Text>
                          )}
                        </Stack>
                      </HStack>
                    );
                  })}
                </Stack>
              )}
            </Drawer.Body>
            {items.length > 0 && (
              <Drawer.Footer flexDirection="column" alignItems="stretch" gap="3" borderTopWidth="1px">
                {total && (
                  <HStack justify="space-between" fontWeight="bold" fontSize="lg">
                    <Text>{t`Subtotal`}</Text>
                    <Text dir="auto" data-testid="store-cart-subtotal">
                      {total}
                    </Text>
                  </HStack>
                )}
                <Button colorPalette="brand" size="lg" loading={checkout.busy} onClick={() => void checkout.start(items)}>
                  <Lock aria-hidden />
                  {t`Checkout`}
                </Button>
                <Button variant="ghost" onClick={() => panels.close()}>
                  {t`Continue Shopping`}
                </Button>
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
