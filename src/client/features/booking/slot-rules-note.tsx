import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatClock, intlLocale } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Why a day shows fewer times than its hours would hold (issue #77 item 14), under its times: the lab's
 * Ramadan hours, its prayer pauses, the break after each appointment, a fasting test's cut-off.
 */
export function SlotRulesNote({ labId, labTestId, date }: { labId: string; labTestId?: number; date: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const rules = useQuery({ ...trpc.booking.slotRules.queryOptions({ labId, date, labTestId }), staleTime: 60_000 });
  const day = rules.data;
  if (!day?.hours) return null;
  const clock = (time: string) => formatClock(time, locale);
  const span = (from: string, to: string) => `${clock(from)} – ${clock(to)}`;
  const pauses = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(
    day.prayer_pauses.map((pause) => span(pause.from, pause.to)),
  );
  const breakLength = new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(
    day.break_minutes,
  );
  const notes = [
    day.ramadan && t`The lab keeps its Ramadan hours this day: ${span(day.hours.opens_at, day.hours.closes_at)}.`,
    day.prayer_pauses.length > 0 && t`No appointments during prayer: ${pauses}.`,
    day.break_minutes > 0 && t`The lab keeps a break of ${breakLength} after each appointment.`,
    day.fasting_until && t`This test needs fasting, so no times after ${clock(day.fasting_until)}.`,
  ].filter((note): note is string => typeof note === 'string');
  if (notes.length === 0) return null;
  return (
    <Stack gap="0.5" data-testid="slot-rules">
      {notes.map((note) => (
        <Text key={note} fontSize="sm" color="fg.muted">
          {note}
        </Text>
      ))}
    </Stack>
  );
}
