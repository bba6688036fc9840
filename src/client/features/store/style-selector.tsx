import { HStack, RadioCard, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import type { StoreVariant } from './store-types.ts';

/** Spec §2: a 'Style' choice appears when a product has more than one variant. */
export function StyleSelector({
  variants,
  value,
  onChange,
}: {
  variants: StoreVariant[];
  value: string;
  onChange: (variantId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <RadioCard.Root
      value={value}
      onValueChange={(details) => details.value && onChange(details.value)}
      size="sm"
      variant="outline"
      colorPalette="brand"
    >
      <RadioCard.Label fontWeight="semibold">{t`Style`}</RadioCard.Label>
      <HStack wrap="wrap" gap="2" align="stretch">
        {variants.map((variant) => {
          const soldOut = variant.manage_inventory && variant.inventory_quantity <= 0;
          return (
            <RadioCard.Item key={String(variant.id)} value={String(variant.id)} flex="0 0 auto" minW="20">
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl py="2" px="3">
                <RadioCard.ItemText>
                  <Text as="span" textDecoration={soldOut ? 'line-through' : undefined} color={soldOut ? 'fg.muted' : undefined}>
                    {isolateLatinRuns(variant.title)}
                  </Text>
                </RadioCard.ItemText>
              </RadioCard.ItemControl>
            </RadioCard.Item>
          );
        })}
      </HStack>
    </RadioCard.Root>
  );
}
