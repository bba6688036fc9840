import { Text, type TextProps } from '@chakra-ui/react';
import { formatSar } from '../../shared/money.ts';
import { activeLocale } from '../lib/locale.ts';

/** A SAR amount; isolated so it reads correctly inside right-to-left text. */
export function Price({ value, ...props }: { value: number } & TextProps) {
  return (
    <Text as="bdi" fontWeight="bold" whiteSpace="nowrap" {...props}>
      {formatSar(value, activeLocale())}
    </Text>
  );
}
