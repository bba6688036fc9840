import { Box, Button, Grid, HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { intlLocale } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';

function addMonths(month: string, delta: number): string {
  const [year = 2026, index = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/** A month grid of dates (YYYY-MM-DD); days before `today` cannot be chosen. */
export function BookingCalendar({ today, value, onChange }: { today: string; value: string | null; onChange: (date: string) => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const [month, setMonth] = useState((value ?? today).slice(0, 7));
  const [year = 2026, monthIndex = 1] = month.split('-').map(Number);
  const first = new Date(Date.UTC(year, monthIndex - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
  const leading = first.getUTCDay(); // weeks start on Sunday
  const monthLabel = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  const weekdays = Array.from({ length: 7 }, (_, day) =>
    new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 1 + day))),
  );
  const canGoBack = month > today.slice(0, 7);
  const dayFormat = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone: 'UTC' });

  return (
    <Box borderWidth="1px" rounded="lg" p="3" maxW="sm" data-testid="booking-calendar">
      <HStack justify="space-between" mb="2">
        <IconButton size="sm" variant="ghost" aria-label={t`Previous month`} disabled={!canGoBack} onClick={() => setMonth(addMonths(month, -1))}>
          {/* Arrows point along the reading direction. */}
          <Box as="span" transform={locale === 'ar' ? 'scaleX(-1)' : undefined} display="inline-flex">
            <ChevronLeft />
          </Box>
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite">
          {monthLabel}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label={t`Next month`} onClick={() => setMonth(addMonths(month, 1))}>
          <Box as="span" transform={locale === 'ar' ? 'scaleX(-1)' : undefined} display="inline-flex">
            <ChevronRight />
          </Box>
        </IconButton>
      </HStack>
      <Grid templateColumns="repeat(7, 1fr)" gap="1" role="grid" aria-label={monthLabel}>
        {weekdays.map((weekday) => (
          <Text key={weekday} fontSize="xs" color="fg.muted" textAlign="center" role="columnheader">
            {weekday}
          </Text>
        ))}
        {Array.from({ length: leading }, (_, index) => (
          <Box key={`blank-${index}`} />
        ))}
        {Array.from({ length: daysInMonth }, (_, index) => {
          const date = `${month}-${String(index + 1).padStart(2, '0')}`;
          const past = date < today;
          const selected = date === value;
          return (
            <Button
              key={date}
              size="sm"
              variant={selected ? 'solid' : 'ghost'}
              colorPalette="brand"
              disabled={past}
              aria-pressed={selected}
              aria-label={dayFormat.format(new Date(`${date}T12:00:00Z`))}
              onClick={() => onChange(date)}
              data-date={date}
            >
              {new Intl.NumberFormat(intlLocale(locale)).format(index + 1)}
            </Button>
          );
        })}
      </Grid>
    </Box>
  );
}
