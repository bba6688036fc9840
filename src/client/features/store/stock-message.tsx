import { HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import type { AvailabilityState } from './store-types.ts';

/** Green, yellow or red, each with its own icon so colour is not the only sign. */
export function StockMessage({ state, stock }: { state: AvailabilityState; stock: number }) {
  const { t } = useLingui();
  const [color, Icon, text] =
    state === 'unavailable'
      ? (['red.fg', CircleX, t`Currently unavailable`] as const)
      : state === 'sold-out'
        ? (['red.fg', CircleX, t`Out of stock`] as const)
        : state === 'short'
          ? (['yellow.fg', CircleAlert, t`Not enough stock. Only ${stock} left.`] as const)
          : state === 'in-stock'
            ? (['green.fg', CircleCheck, t`${stock} in stock!`] as const)
            : (['green.fg', CircleCheck, t`In stock`] as const);
  return (
    <HStack color={color} gap="2" role="status" aria-live="polite" data-testid="stock-message">
      <Icon size={18} aria-hidden />
      <Text fontWeight="medium">{text}</Text>
    </HStack>
  );
}
