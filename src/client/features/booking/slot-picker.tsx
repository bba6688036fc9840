import { Button, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/query-state.tsx';
import { formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { radioGroupKeys } from '../../lib/radio-group-keys.ts';
import { trpc } from '../../lib/trpc.ts';

interface Props {
  labId: string;
  date: string;
  timeZone: string;
  value: string | null;
  onChange: (startsAt: string) => void;
}

/** The lab's free times on a date, in 12-hour form in the lab's own time zone. */
export function SlotPicker({ labId, date, timeZone, value, onChange }: Props) {
  const { t } = useLingui();
  const locale = activeLocale();
  const slots = useQuery({ ...trpc.booking.availableSlots.queryOptions({ labId, date }), staleTime: 15_000 });
  const startTimes = slots.data?.map((slot) => slot.starts_at) ?? [];
  const keys = radioGroupKeys(startTimes, value, onChange);
  if (slots.isPending) {
    return (
      <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2">
        {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
          <Skeleton key={index} height="9" rounded="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (slots.isError)
    return <ErrorState title={t`Could not load the available times.`} error={slots.error} onRetry={() => void slots.refetch()} />;
  if (slots.data.length === 0) {
    return (
      <Text color="fg.muted" role="status">
        {t`No free times on this day. Please choose another day.`}
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" role="radiogroup" aria-label={t`Available times`} onKeyDown={keys.onKeyDown}>
      {slots.data.map((slot, index) => {
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
            onClick={() => onChange(slot.starts_at)}
            data-testid="slot"
          >
            <bdi>{formatTime(new Date(slot.starts_at), locale, timeZone)}</bdi>
          </Button>
        );
      })}
    </SimpleGrid>
  );
}
