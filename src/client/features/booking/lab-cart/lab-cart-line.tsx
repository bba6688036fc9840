import { HStack, IconButton, Skeleton, Stack, type StackProps, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { House, Trash2 } from 'lucide-react';
import { Price } from '../../../components/price.tsx';
import { localized } from '../../../lib/bidi.ts';
import { formatCompactDate, formatTime } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
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
        {/* A phone leaves this column ~200 px beside the price: "November 27, 2026 · 10:00 AM" broke
            before "AM", and the line was taller than its place-holder on the checkout the server drew. */}
        <Text fontSize="sm" color="fg.muted">
          {formatCompactDate(when, locale)} ·{' '}
          <bdi style={{ whiteSpace: 'nowrap' }}>
            {formatTime(when, locale)}
            {item.home && ` – ${formatTime(new Date(item.home.endsAt), locale)}`}
          </bdi>
        </Text>
        {item.home && (
          <HStack gap="1" fontSize="sm" align="start" data-testid="cart-line-home">
            <House size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
            <Text>
              {t`Sample taken at home:`} <bdi>{item.home.address}</bdi>
            </Text>
          </HStack>
        )}
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

/**
 * Where a line will be while the page has not read the cart yet (the checkout as the server drew it):
 * a line's height with one test at the lab, so the common cart of one does not move what is below.
 */
export function LabCartLinePlaceholder(props: StackProps) {
  return (
    <HStack as="li" justify="space-between" align="start" {...props}>
      <Stack gap="0" flex="1">
        {/* The three lines of text: the test (24 px), the lab and the time (20 px each). */}
        <Skeleton height="18px" width="60%" my="3px" />
        <Skeleton height="14px" width="40%" my="3px" />
        <Skeleton height="14px" width="35%" my="3px" />
      </Stack>
      <Skeleton height="18px" width="20" my="3px" />
    </HStack>
  );
}

/** The key a cart line goes by: one test at one lab at one time, at the lab or at home, for one patient. */
export const labCartLineKey = (item: LabCartItem) =>
  `${item.labTestId}-${item.bookingTime}-${item.home ? 'home' : 'lab'}-${item.familyMemberId ?? ''}`;
