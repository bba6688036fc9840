import { CloseButton, Drawer, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useCartPanels } from '../../components/layout/cart-panels-context.tsx';
import { useStoreCartItems } from './store-cart-store.ts';

export function StoreCartDrawer() {
  const { t } = useLingui();
  const panels = useCartPanels();
  const items = useStoreCartItems();
  return (
    <Drawer.Root open={panels.open === 'store'} onOpenChange={(event) => !event.open && panels.close()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t`Store cart`}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {items.length === 0 ? (
                <Text color="fg.muted">{t`Your cart is empty`}</Text>
              ) : (
                <Stack as="ul" gap="3" listStyleType="none">
                  {items.map((item) => (
                    <HStack as="li" key={String(item.variant.id)} justify="space-between">
                      <Text>
                        {item.product.title} ({item.variant.title}) × {item.quantity}
                      </Text>
                      <Text dir="ltr">{item.variant.sale_price_formatted ?? item.variant.price_formatted}</Text>
                    </HStack>
                  ))}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
