import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatCompactDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The terms of each series a checkout pays a visit of (issue #77 item 7): every visit with its date and time,
 * and whether this payment pays it, it was paid before, or it is to be paid by its deadline (ADR 0075).
 */
export function CheckoutSeries({ cart }: { cart: { labTestId: number; bookingTime: string }[] }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const held = useQuery({ ...trpc.booking.cartSeries.queryOptions(), enabled: cart.length > 0 });
  const inCart = (line: { lab_test_id: number; starts_at: string }) =>
    cart.some((item) => item.labTestId === line.lab_test_id && Date.parse(item.bookingTime) === Date.parse(line.starts_at));
  const shown = (held.data ?? []).filter((series) => series.lines.some(inCart));
  if (shown.length === 0) return null;
  return (
    <Stack gap="3" mt="4">
      {shown.map((series) => (
        <Card.Root key={series.id} variant="subtle" size="sm" data-testid="checkout-series">
          <Card.Body gap="2">
            <Heading as="h3" size="sm">
              {t`Every visit of this series`}
            </Heading>
            <Stack as="ul" listStyleType="none" gap="1">
              {series.lines.map((line) => {
                const when = new Date(line.starts_at);
                const payBy = line.pay_by === null ? null : new Date(line.pay_by);
                const terms = inCart(line)
                  ? t`Paid with this payment`
                  : line.state === 'booked'
                    ? t`Already paid`
                    : payBy
                      ? t`Pay by ${formatCompactDate(payBy, locale, series.time_zone)}, ${formatTime(payBy, locale, series.time_zone)}`
                      : t`Not in this payment`;
                return (
                  <Text as="li" key={line.visit} fontSize="sm" data-testid="checkout-series-visit">
                    {t`Visit ${line.visit} of ${series.visits}`}: {formatCompactDate(when, locale, series.time_zone)} ·{' '}
                    <bdi>{formatTime(when, locale, series.time_zone)}</bdi> — {terms}
                  </Text>
                );
              })}
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
