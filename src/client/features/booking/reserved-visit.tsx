import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Price } from '../../components/price.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatHijriDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { HomeVisitLine } from './home-visit-line.tsx';
import { useLabCart } from './lab-cart/use-lab-cart.ts';
import { RescheduleBookingDialog } from './reschedule-booking-dialog.tsx';

export type ReservedVisit = RouterOutputs['booking']['reservedVisits'][number];

/**
 * A visit of a series paid each when due (ADR 0075), reserved until its deadline: its place, time and the
 * deadline to pay, with "Pay for this visit" (into the cart, then the checkout, which books it as this
 * visit) and "Let it go" (after asking: its time goes to others at once).
 */
export function ReservedVisitRow({ visit }: { visit: ReservedVisit }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useLabCart();
  const [paying, setPaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const when = new Date(visit.booking_time);
  const payBy = new Date(visit.pay_by);
  const release = useMutation(
    trpc.booking.releaseReservedVisit.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        notify.success({ title: t`The visit was let go. Its time is free for others.` });
        void queryClient.invalidateQueries({ queryKey: trpc.booking.reservedVisits.queryKey() });
      },
      onError: (error) => notify.error({ title: t`Could not let the visit go`, description: errorMessage(i18n, error) }),
    }),
  );

  const pay = async () => {
    setPaying(true);
    const added = await cart.add({
      labTestId: visit.lab_test_id,
      testNameAr: visit.test_name_ar,
      testNameEn: visit.test_name_en,
      labNameAr: visit.lab_name_ar,
      labNameEn: visit.lab_name_en,
      price: visit.price,
      bookingTime: visit.booking_time,
      ...(visit.family_member_id && { familyMemberId: visit.family_member_id }),
      ...(visit.patient_name && { patientName: visit.patient_name }),
      ...(visit.home && {
        home: {
          address: visit.home.address,
          latitude: visit.home.latitude,
          longitude: visit.home.longitude,
          labId: visit.home.lab_id,
          fee: visit.home.fee,
          endsAt: visit.home.ends_at,
        },
      }),
    });
    setPaying(false);
    if (added) void navigate({ to: '/checkout' });
  };

  const place = t`Visit ${visit.series.visit} of ${visit.series.visits}`;
  return (
    <Stack
      as="li"
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      gap="3"
      ps="3"
      borderInlineStartWidth="2px"
      borderColor="orange.solid"
      borderStyle="dashed"
      data-testid="reserved-visit"
    >
      <Stack gap="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{place}</Text>
          <Badge colorPalette="orange">{t`Reserved, not paid`}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {formatDate(when, locale, visit.time_zone)} ·{' '}
          <bdi>
            {formatTime(when, locale, visit.time_zone)}
            {visit.home && ` – ${formatTime(new Date(visit.home.ends_at), locale, visit.time_zone)}`}
          </bdi>{' '}
          · {formatHijriDate(when, locale, visit.time_zone)}
        </Text>
        {visit.home && <HomeVisitLine address={visit.home.address} leftAt={null} timeZone={visit.time_zone} />}
        <Text fontSize="sm" color="orange.fg" data-testid="reserved-visit-pay-by">
          {t`Pay by ${formatDate(payBy, locale, visit.time_zone)}, ${formatTime(payBy, locale, visit.time_zone)} to keep this time; after that it goes to others.`}
        </Text>
      </Stack>
      <Stack align={{ base: 'start', md: 'end' }} gap="2">
        {/* What the checkout will charge for it: the plan's booking fee and discount, and a home visit's fee, included. */}
        <Price value={visit.charge} data-testid="reserved-visit-charge" />
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="brand" loading={paying} onClick={() => void pay()} data-testid="pay-reserved-visit">
            {t`Pay for this visit`}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setMoving(true)} data-testid="move-reserved-visit">
            {t`Change time`}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} data-testid="release-reserved-visit">
            {t`Let it go`}
          </Button>
        </HStack>
      </Stack>
      <RescheduleBookingDialog
        booking={
          moving
            ? {
                id: visit.id,
                labId: visit.lab_id,
                labTestId: visit.lab_test_id,
                timeZone: visit.time_zone,
                home: visit.home !== null,
                testName: localized(locale, visit.test_name_ar, visit.test_name_en),
                when: `${formatDate(when, locale, visit.time_zone)} · ${formatTime(when, locale, visit.time_zone)}`,
                reserved: true,
              }
            : null
        }
        onClose={() => setMoving(false)}
      />
      <ConfirmDialog
        open={confirming}
        title={t`Let this visit go?`}
        description={t`${place} on ${formatDate(when, locale, visit.time_zone)} will no longer be reserved for you, and its time will go to others. Your other visits stay as they are.`}
        keepLabel={t`Keep it`}
        actionLabel={t`Let it go`}
        busy={release.isPending}
        onKeep={() => setConfirming(false)}
        onConfirm={() => release.mutate({ id: visit.id })}
        testId="release-reserved-visit-dialog"
      />
    </Stack>
  );
}
