import { Text, type TextProps } from '@chakra-ui/react';
import { formatMoney } from '../lib/format.ts';
import { activeLocale } from '../lib/locale.ts';

/** A SAR amount; isolated so it reads correctly inside right-to-left text. */
export function Price({ value, ...props }: { value: number } & TextProps) {
  return (
    <Text as="bdi" fontWeight="bold" whiteSpace="nowrap" {...props}>
      {formatMoney(value, activeLocale())}
    </Text>
  );
}
