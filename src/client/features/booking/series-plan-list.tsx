import { Badge, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { SERIES_PAY_BY_HOURS } from '../../../shared/series.ts';
import { ErrorState } from '../../components/query-state.tsx';
import { formatDate, formatHijriDate, formatNumber, formatTime, intlLocale } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type PlanInput = Exclude<Parameters<typeof trpc.booking.seriesPlan.queryOptions>[0], symbol>;
type Move = RouterOutputs['booking']['seriesPlan']['visits'][number]['moved'][number];

/**
 * Every visit of a series before it is held (issue #77 item 1, ADR 0082): its date and time on the lab's
 * clock, each one that moved from the rule's day or time marked with why, and, paid each when due, whether
 * it is paid now or by when.
 */
export function SeriesPlanList({ input, payEachVisit }: { input: PlanInput; payEachVisit: boolean }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const plan = useQuery({ ...trpc.booking.seriesPlan.queryOptions(input), staleTime: 15_000 });
  if (plan.isPending) return <Skeleton height="20" rounded="md" />;
  if (plan.isError) return <ErrorState title={t`Could not place the visits.`} error={plan.error} onRetry={() => void plan.refetch()} />;
  const { visits, time_zone: timeZone } = plan.data;
  const firstDay = formatNumber(
    Number(new Intl.DateTimeFormat('en-CA', { day: 'numeric', timeZone }).format(new Date(input.bookingTime))),
    locale,
  );
  const day = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone });
  const why = (move: Move): string => {
    switch (move) {
      case 'month_end':
        return t`This month has no day ${firstDay}: its last day instead.`;
      case 'closed':
        return t`The lab is closed on that day.`;
      case 'ramadan_hours':
        return t`The lab keeps its Ramadan hours that day.`;
      case 'hours':
        return t`The lab keeps other hours that day.`;
      case 'prayer_pause':
        return t`The usual time falls in a prayer pause.`;
      case 'fasting_cutoff':
        return t`The usual time is after the lab’s fasting cut-off.`;
      case 'full':
        return input.home ? t`The usual window is taken.` : t`The usual time is taken.`;
    }
  };
  return (
    <Stack gap="2" as="ol" listStyleType="none" aria-label={t`Your visits`} data-testid="series-plan">
      {visits.map((visit) => {
        const when = new Date(visit.booking_time);
        const payBy = new Date(when.getTime() - SERIES_PAY_BY_HOURS * 3_600_000);
        return (
          <Stack as="li" key={visit.visit} gap="0.5" data-testid="series-plan-visit" data-moved={visit.moved.length > 0 || undefined}>
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{t`Visit ${visit.visit}`}</Text>
              <Text>
                {day.format(when)} · <bdi>{formatTime(when, locale, timeZone)}</bdi>
              </Text>
              {visit.moved.length > 0 && <Badge colorPalette="orange">{t`Moved`}</Badge>}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {formatHijriDate(when, locale, timeZone)}
            </Text>
            {visit.moved.map((move) => (
              <Text key={move} fontSize="sm" color="orange.fg" data-testid="series-plan-moved">
                {why(move)}
              </Text>
            ))}
            {payEachVisit && (
              <Text fontSize="sm" color="fg.muted">
                {visit.visit === 1 ? t`Paid now` : t`Pay by ${formatDate(payBy, locale, timeZone)}, ${formatTime(payBy, locale, timeZone)}`}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
