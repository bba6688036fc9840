import { Box, Circle, Float, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
import { useCartPanels } from '../components/cart-panels-context.tsx';
import { useLabCartItems } from '../features/lab-cart/lab-cart-store.ts';
import { useStoreCartItems } from '../features/store-cart/store-cart-store.ts';
import { formatNumber } from '../lib/format.ts';
import { activeLocale } from '../lib/locale.ts';

/** On store pages the button opens the store cart; elsewhere the lab-test cart. */
export function CartButton({ storeMode }: { storeMode: boolean }) {
  const { t } = useLingui();
  const labItems = useLabCartItems();
  const storeItems = useStoreCartItems();
  const panels = useCartPanels();
  const count = storeMode ? storeItems.reduce((sum, item) => sum + item.quantity, 0) : labItems.length;
  return (
    <Box position="relative">
      <IconButton
        variant="ghost"
        aria-label={storeMode ? t`Store cart, ${count} items` : t`Test cart, ${count} items`}
        onClick={() => (storeMode ? panels.openStoreCart() : panels.openLabCart())}
        data-testid="cart-button"
      >
        <ShoppingCart />
      </IconButton>
      {count > 0 && (
        <Float placement="top-end" offset="2">
          <Circle size="5" bg="accent.solid" color="accent.contrast" fontSize="xs" fontWeight="bold" aria-hidden>
            {formatNumber(count, activeLocale())}
          </Circle>
        </Float>
      )}
    </Box>
  );
}
