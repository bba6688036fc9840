import { Button, CloseButton, Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useCartPanels } from '../../components/layout/cart-panels-context.tsx';
import { formatDate, formatMoney, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { useLabCartItems } from './lab-cart-store.ts';
import { useLabCart } from './use-lab-cart.ts';
import { localized } from '../../lib/bidi.ts';

export function LabCartDialog() {
  const { t } = useLingui();
  const panels = useCartPanels();
  const navigate = useNavigate();
  const items = useLabCartItems();
  const cart = useLabCart();
  const locale = activeLocale();
  const total = items.reduce((sum, item) => sum + item.price, 0);

  return (
    <Dialog.Root open={panels.open === 'lab'} onOpenChange={(event) => !event.open && panels.close()} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t`Your test cart`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {items.length === 0 ? (
                <Text color="fg.muted">{t`Your cart is empty`}</Text>
              ) : (
                <Stack gap="3" as="ul" listStyleType="none">
                  {items.map((item, index) => {
                    const when = new Date(item.bookingTime);
                    return (
                      <HStack as="li" key={`${item.labTestId}-${item.bookingTime}`} justify="space-between" align="start">
                        <Stack gap="0">
                          <Text fontWeight="semibold">{localized(locale, item.testNameAr, item.testNameEn)}</Text>
                          <Text fontSize="sm" color="fg.muted">
                            {localized(locale, item.labNameAr, item.labNameEn)}
                          </Text>
                          <Text fontSize="sm" color="fg.muted">
                            {formatDate(when, locale)} · <bdi>{formatTime(when, locale)}</bdi>
                          </Text>
                        </Stack>
                        <HStack>
                          <Text dir="ltr">{formatMoney(item.price, locale)}</Text>
                          <IconButton
                            size="sm"
                            variant="ghost"
                            aria-label={t`Remove from cart`}
                            onClick={() => cart.remove(index)}
                          >
                            <Trash2 />
                          </IconButton>
                        </HStack>
                      </HStack>
                    );
                  })}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Text fontWeight="bold">
                {t`Total`}: <span dir="ltr">{formatMoney(total, locale)}</span>
              </Text>
              <Button
                colorPalette="brand"
                disabled={items.length === 0}
                onClick={() => {
                  panels.close();
                  void navigate({ to: '/checkout' });
                }}
              >
                {t`Checkout`}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
