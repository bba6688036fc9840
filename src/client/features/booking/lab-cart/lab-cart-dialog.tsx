import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatSar } from '../../../../shared/money.ts';
import { useCartPanels } from '../../../components/cart-panels-context.tsx';
import { DialogShell } from '../../../components/form-dialog.tsx';
import { activeLocale } from '../../../lib/locale.ts';
import { LabCartLine, labCartLineKey } from './lab-cart-line.tsx';
import { useLabCartItems } from './lab-cart-store.ts';
import { useLabCart } from './use-lab-cart.ts';

/** `otherCart`: the app shell's note that the store cart holds items too, with a way there. */
export function LabCartDialog({ otherCart }: { otherCart?: ReactNode }) {
  const { t } = useLingui();
  const panels = useCartPanels();
  const navigate = useNavigate();
  const items = useLabCartItems();
  const cart = useLabCart();
  const locale = activeLocale();
  const total = items.reduce((sum, item) => sum + item.price, 0);

  return (
    <DialogShell
      open={panels.open === 'lab'}
      onClose={() => panels.close()}
      placement="top"
      title={t`Your test cart`}
      footerProps={{ justifyContent: 'space-between' }}
      footer={
        <>
          <Text fontWeight="bold">
            {t`Total`}: <bdi>{formatSar(total, locale)}</bdi>
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
        </>
      }
    >
      <Stack gap="4">
        {otherCart}
        {items.length === 0 ? (
          <Text color="fg.muted">{t`Your cart is empty`}</Text>
        ) : (
          <Stack gap="3" as="ul" listStyleType="none">
            {items.map((item, index) => (
              <LabCartLine key={labCartLineKey(item)} item={item} onRemove={() => cart.remove(index)} />
            ))}
          </Stack>
        )}
      </Stack>
    </DialogShell>
  );
}
