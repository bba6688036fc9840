import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatHijriDate, intlLocale } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { BookingCalendar } from './booking-calendar.tsx';

/**
 * Choosing a visit's day and time: the lab's month beside, once a day is chosen, that day in full
 * (Gregorian and Hijri) over what `children` draws for it (its times); until then, a word to pick a day.
 * Used by a test's booking panel and by a visit of several items ("build your own").
 */
export function DayAndTimePicker({
  today,
  date,
  onDateChange,
  children,
}: {
  today: string;
  date: string | null;
  onDateChange: (next: string) => void;
  children: (date: string) => ReactNode;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="6" align="start">
      <BookingCalendar today={today} value={date} onChange={onDateChange} />
      <Stack gap="3" flex="1" width="full">
        {date ? (
          <>
            <Stack gap="0">
              <Text fontWeight="semibold">
                {new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatHijriDate(new Date(`${date}T12:00:00Z`), locale, 'UTC')}
              </Text>
            </Stack>
            {children(date)}
          </>
        ) : (
          <Text color="fg.muted">{t`Pick a day to see the free times.`}</Text>
        )}
      </Stack>
    </Stack>
  );
}
