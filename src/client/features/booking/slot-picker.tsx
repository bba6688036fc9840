import { Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/query-state.tsx';
import { formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { radioGroupKeys } from '../../lib/radio-group-keys.ts';
import { trpc } from '../../lib/trpc.ts';
import { SlotRulesNote } from './slot-rules-note.tsx';

interface Props {
  labId: string;
  /** The test being booked: a test needing fasting is offered only the lab's morning times. */
  labTestId?: number;
  date: string;
  timeZone: string;
  value: string | null;
  /** The chosen start, and a home collection window's end (null for a slot at the lab). */
  onChange: (startsAt: string, endsAt: string | null) => void;
  /** The lab's home collection windows instead of its slots. */
  home?: boolean;
  /** The home placed on the map: only the windows whose round can take a visit there. */
  near?: { latitude: number; longitude: number };
}

/** One free time: a slot's start, or a home collection window's start and end. */
interface Time {
  starts_at: string;
  ends_at: string | null;
}

/** The lab's free times (or home collection windows) on a date, in 12-hour form in the lab's own time zone. */
export function SlotPicker({ labId, labTestId, date, timeZone, value, onChange, home = false, near }: Props) {
  const { t } = useLingui();
  const locale = activeLocale();
  const options = { staleTime: 15_000 };
  const labSlots = useQuery({ ...trpc.booking.availableSlots.queryOptions({ labId, date, labTestId }), ...options, enabled: !home });
  const homeWindows = useQuery({ ...trpc.booking.homeWindows.queryOptions({ labId, date, labTestId, near }), ...options, enabled: home });
  const slots = home ? homeWindows : labSlots;
  const times: Time[] | undefined = home
    ? homeWindows.data?.map((window) => ({ starts_at: window.starts_at, ends_at: window.ends_at }))
    : labSlots.data?.map((slot) => ({ starts_at: slot.starts_at, ends_at: null }));
  const startTimes = times?.map((time) => time.starts_at) ?? [];
  const endOf = (startsAt: string) => times?.find((time) => time.starts_at === startsAt)?.ends_at ?? null;
  const keys = radioGroupKeys(startTimes, value, (startsAt) => onChange(startsAt, endOf(startsAt)));
  if (slots.isPending) {
    return (
      <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2">
        {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
          <Skeleton key={index} height="9" rounded="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (slots.isError || !times)
    return <ErrorState title={t`Could not load the available times.`} error={slots.error} onRetry={() => void slots.refetch()} />;
  // Why some of the lab's times are not offered: said where they are missing (not for home windows, which keep their own hours).
  const rules = home ? null : <SlotRulesNote labId={labId} labTestId={labTestId} date={date} />;
  if (times.length === 0) {
    return (
      <Stack gap="2">
        <Text color="fg.muted" role="status">
          {home
            ? t`No home visits are free on this day. Please choose another day.`
            : t`No free times on this day. Please choose another day.`}
        </Text>
        {rules}
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <SimpleGrid
        columns={home ? { base: 2, sm: 3 } : { base: 3, sm: 4 }}
        gap="2"
        role="radiogroup"
        aria-label={home ? t`Home visit windows` : t`Available times`}
        onKeyDown={keys.onKeyDown}
      >
        {times.map((slot, index) => {
          const selected = slot.starts_at === value;
          return (
            <Button
              key={slot.starts_at}
              size="sm"
              role="radio"
              aria-checked={selected}
              tabIndex={keys.tabIndexOf(index)}
              variant={selected ? 'solid' : 'outline'}
              colorPalette="brand"
              onClick={() => onChange(slot.starts_at, slot.ends_at)}
              data-testid={home ? 'home-window' : 'slot'}
            >
              <bdi>
                {formatTime(new Date(slot.starts_at), locale, timeZone)}
                {slot.ends_at && ` – ${formatTime(new Date(slot.ends_at), locale, timeZone)}`}
              </bdi>
            </Button>
          );
        })}
      </SimpleGrid>
      {rules}
    </Stack>
  );
}
