import { Box, Circle, Float, IconButton } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
import { useCartPanels } from '../components/cart-panels-context.tsx';
import { formatNumber } from '../lib/format.ts';
import { activeLocale } from '../lib/locale.ts';
import { useCartCounts } from './cart-counts.ts';

/**
 * On store pages the button opens the store cart; elsewhere the lab-test cart (spec §2). Its badge
 * counts that cart; a second, quieter one says the other cart holds something too, so nothing seems
 * to vanish on the way between the store and the tests (the open cart links to the other one).
 */
export function CartButton({ storeMode }: { storeMode: boolean }) {
  const { t } = useLingui();
  const counts = useCartCounts();
  const panels = useCartPanels();
  const locale = activeLocale();
  const count = storeMode ? counts.store : counts.lab;
  const other = storeMode ? counts.lab : counts.store;
  const opens = storeMode
    ? t`Store cart, ${plural(count, { one: '# item', other: '# items' })}`
    : t`Test cart, ${plural(count, { one: '# test', other: '# tests' })}`;
  const alsoHolds = storeMode
    ? t`the test cart has ${plural(other, { one: '# test', other: '# tests' })}`
    : t`the store cart has ${plural(other, { one: '# item', other: '# items' })}`;
  return (
    <Box position="relative">
      <IconButton
        variant="ghost"
        aria-label={other > 0 ? [opens, alsoHolds].join(locale === 'ar' ? '، ' : '; ') : opens}
        onClick={() => (storeMode ? panels.openStoreCart() : panels.openLabCart())}
        data-testid="cart-button"
      >
        <ShoppingCart />
      </IconButton>
      {count > 0 && (
        <Float placement="top-end" offset="2">
          <Circle size="5" bg="accent.solid" color="accent.contrast" fontSize="xs" fontWeight="bold" aria-hidden>
            {formatNumber(count, locale)}
          </Circle>
        </Float>
      )}
      {other > 0 && (
        <Float placement="bottom-end" offset="2">
          <Circle
            size="4"
            bg="bg"
            color="fg.muted"
            borderWidth="1px"
            borderColor="border.emphasized"
            fontSize="2xs"
            fontWeight="semibold"
            aria-hidden
            data-testid="other-cart-badge"
          >
            {formatNumber(other, locale)}
          </Circle>
        </Float>
      )}
    </Box>
  );
}
