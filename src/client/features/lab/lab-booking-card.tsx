import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { FileCheck2, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatSar } from '../../../shared/money.ts';
import { Price } from '../../components/price.tsx';
import { BookingStatusBadge } from '../../components/status-badge.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { HomeVisitLine } from '../booking/home-visit-line.tsx';

export type LabBooking = RouterOutputs['lab']['bookings']['items'][number];

/** One booking as the lab sees it: test, reference (what the tube's label carries), patient, time in the lab's zone, price and status. */
export function LabBookingCard({ booking, actions }: { booking: LabBooking; actions?: ReactNode }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const when = new Date(booking.booking_time);
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid="lab-booking" data-booking-id={booking.id}>
      <Card.Body>
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
          <Stack gap="1" minWidth="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{localized(locale, booking.test_name_ar, booking.test_name_en)}</Text>
              <BookingStatusBadge status={booking.status} />
              {booking.rescheduled_at && booking.status === 'confirmed' && (
                <Badge colorPalette="blue" data-testid="lab-booking-moved">
                  {t`Moved by the customer`}
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted" data-testid="lab-booking-reference">
              {t`Booking reference`}:{' '}
              <Text as="bdi" dir="ltr" fontFamily="mono" color="fg">
                {booking.reference}
              </Text>
            </Text>
            <HStack gap="1.5" fontSize="sm">
              <User size={14} aria-hidden />
              <Text data-testid="lab-booking-patient">
                <bdi>{booking.patient_name}</bdi>
                {booking.patient_age !== null && ` · ${t`${booking.patient_age} years`}`}
                {booking.for_family_member && ` · ${t`booked by ${isolated(booking.customer_name)}`}`}
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {formatDate(when, locale, booking.time_zone)} ·{' '}
              <bdi>
                {formatTime(when, locale, booking.time_zone)}
                {booking.window_ends_at && ` – ${formatTime(new Date(booking.window_ends_at), locale, booking.time_zone)}`}
              </bdi>
            </Text>
            {booking.collection === 'home' && booking.home_address && (
              <HomeVisitLine address={booking.home_address} leftAt={booking.collector_left_at} timeZone={booking.time_zone} />
            )}
            {booking.result_count > 0 && (
              <HStack gap="1.5" fontSize="sm" color="green.fg">
                <FileCheck2 size={14} aria-hidden />
                <Text>{t`${plural(booking.result_count, { one: '# result file uploaded', other: '# result files uploaded' })}`}</Text>
              </HStack>
            )}
          </Stack>
          <Stack align={{ base: 'start', md: 'end' }} gap="2" flexShrink={0}>
            <Price value={booking.total_price} />
            {booking.home_collection_fee > 0 && (
              <Text fontSize="xs" color="fg.muted" data-testid="lab-booking-home-fee">
                {t`+ home visit`} <bdi>{formatSar(booking.home_collection_fee, locale)}</bdi>
              </Text>
            )}
            {actions}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
