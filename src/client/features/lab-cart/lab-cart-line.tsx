import { HStack, IconButton, Stack, type StackProps, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { Price } from '../../components/price.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { LabCartItem } from './lab-cart-store.ts';

/** One test in the lab-test cart (dialog and checkout): test, lab, time, price and a remove button. */
export function LabCartLine({
  item,
  onRemove,
  removeDisabled = false,
  ...props
}: { item: LabCartItem; onRemove: () => void; removeDisabled?: boolean } & StackProps) {
  const { t } = useLingui();
  const locale = activeLocale();
  const when = new Date(item.bookingTime);
  return (
    <HStack as="li" justify="space-between" align="start" {...props}>
      <Stack gap="0">
        <Text fontWeight="semibold">{localized(locale, item.testNameAr, item.testNameEn)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {localized(locale, item.labNameAr, item.labNameEn)}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {formatDate(when, locale)} · <bdi>{formatTime(when, locale)}</bdi>
        </Text>
        {item.patientName && (
          <Text fontSize="sm" data-testid="cart-line-patient">
            {t`For ${item.patientName}`}
          </Text>
        )}
      </Stack>
      <HStack>
        <Price value={item.price} />
        <IconButton size="sm" variant="ghost" aria-label={t`Remove from cart`} onClick={onRemove} disabled={removeDisabled}>
          <Trash2 />
        </IconButton>
      </HStack>
    </HStack>
  );
}

/** The key a cart line goes by: one test at one lab at one time. */
export const labCartLineKey = (item: LabCartItem) => `${item.labTestId}-${item.bookingTime}`;
