import { HStack, Text, type TextProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/**
 * The sale price when there is one, the normal price struck through beside it. `dir="auto"` lets
 * '149.00 ر.س' read right to left and 'SAR 149.00' left to right, each isolated from its sentence.
 */
export function StorePrice({
  price,
  salePrice,
  size = 'md',
}: {
  price: string;
  salePrice: string | null | undefined;
  size?: TextProps['fontSize'];
}) {
  const { t } = useLingui();
  return (
    <HStack gap="2" align="baseline" wrap="wrap" data-testid="store-price">
      <Text as="span" dir="auto" fontWeight="bold" fontSize={size} color={salePrice ? 'red.fg' : 'fg'}>
        {salePrice ?? price}
      </Text>
      {salePrice && (
        <Text as="s" dir="auto" color="fg.muted" fontSize="sm">
          <Text as="span" srOnly>
            {t`Was`}{' '}
          </Text>
          {price}
        </Text>
      )}
    </HStack>
  );
}
