import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellRing, CalendarCheck, Check } from 'lucide-react';
import { notify } from '../../../components/ui/toaster.tsx';
import { localized } from '../../../lib/bidi.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc } from '../../../lib/trpc.ts';
import type { Retest } from './analysis-types.ts';

/**
 * A retest the findings suggest: accepted, a reminder is mailed on the day. One the person has already
 * booked names that visit instead (issue #77 item 11).
 */
export function RetestCard({ retest, bookingId, accepted }: { retest: Retest; bookingId: string; accepted: boolean }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const accept = useMutation(
    trpc.retestReminders.accept.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`We will remind you by e-mail on the day.` });
        void queryClient.invalidateQueries({ queryKey: trpc.retestReminders.list.queryKey() });
      },
      onError: (error) => notify.error({ title: errorMessage(i18n, error) }),
    }),
  );
  const test = retest.test ? localized(locale, retest.test.name.ar, retest.test.name.en) : retest.loinc;
  const due = formatDate(new Date(`${retest.dueOn}T09:00:00+03:00`), locale);
  const done = accepted || accept.isSuccess;
  const months = retest.months;
  const booked = retest.booked;
  const bookedTest = booked ? localized(locale, booked.test.ar, booked.test.en) : '';
  const bookedLab = booked ? localized(locale, booked.lab.ar, booked.lab.en) : '';
  const bookedOn = booked ? formatDate(new Date(booked.at), locale) : '';
  return (
    <Card.Root as="li" variant="outline" data-testid="analysis-retest" data-rule={retest.ruleId}>
      <Card.Body p={{ base: '3', md: '4' }}>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3" align={{ sm: 'center' }}>
          <HStack gap="3" align="start">
            <BellRing size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text fontSize="sm">
              {t`Repeat ${test} around ${due}, ${plural(months, { one: 'about # month after this sample.', other: 'about # months after this sample.' })}`}
            </Text>
          </HStack>
          {booked ? (
            <HStack gap="1" color="green.fg" fontSize="sm" fontWeight="semibold" align="start" data-testid="retest-booked">
              <CalendarCheck size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text>
                <Trans>
                  Booked: <bdi>{bookedTest}</bdi> at <bdi>{bookedLab}</bdi> on {bookedOn}.
                </Trans>
              </Text>
            </HStack>
          ) : done ? (
            <HStack gap="1" color="green.fg" fontSize="sm" fontWeight="semibold" data-testid="retest-accepted">
              <Check size={16} aria-hidden />
              {t`Reminder set`}
            </HStack>
          ) : (
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              loading={accept.isPending}
              onClick={() => accept.mutate({ bookingId, ruleId: retest.ruleId })}
              data-testid="retest-accept"
            >
              <BellRing aria-hidden />
              {t`Remind me`}
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
