import { Box, Button, Grid, HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { DirectionalIcon } from '../../components/ui/directional-icon.tsx';
import { formatNumber, intlLocale } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { isRtl } from '../../lib/radio-group-keys.ts';

function addMonths(month: string, delta: number): string {
  const [year = 2026, index = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

function addDays(date: string, delta: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + delta);
  return day.toISOString().slice(0, 10);
}

/** The same day of another month, or that month's last day when it is shorter. */
function sameDayInMonth(date: string, deltaMonths: number): string {
  const month = addMonths(date.slice(0, 7), deltaMonths);
  const [year = 2026, index = 1] = month.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return `${month}-${String(Math.min(Number(date.slice(8, 10)), lastDay)).padStart(2, '0')}`;
}

// Columns that may shrink below a button's own minimum width, so seven fit a 320 px phone.
const SEVEN_DAYS = 'repeat(7, minmax(0, 1fr))';

function weekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/**
 * A month grid of dates (YYYY-MM-DD); days before `today` cannot be chosen. The grid is one tab stop
 * (the WAI-ARIA date grid): the arrow keys move by day and week (left and right follow the reading
 * direction), Home and End go to the start and end of the week, Page Up and Page Down change month,
 * and Enter or Space chooses the focused day.
 */
export function BookingCalendar({ today, value, onChange }: { today: string; value: string | null; onChange: (date: string) => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const labelId = useId();
  const gridRef = useRef<HTMLDivElement | null>(null);
  const [month, setMonth] = useState((value ?? today).slice(0, 7));
  const [focusedDate, setFocusedDate] = useState(value ?? today);
  const moveFocus = useRef(false);
  const [year = 2026, monthIndex = 1] = month.split('-').map(Number);
  const first = new Date(Date.UTC(year, monthIndex - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
  const leading = first.getUTCDay(); // weeks start on Sunday
  const monthLabel = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  const weekdayFormat = (style: 'narrow' | 'short' | 'long') =>
    new Intl.DateTimeFormat(intlLocale(locale), { weekday: style, timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, day) => {
    const sunday = new Date(Date.UTC(2026, 10, 1 + day));
    return {
      narrow: weekdayFormat('narrow').format(sunday),
      short: weekdayFormat('short').format(sunday),
      long: weekdayFormat('long').format(sunday),
    };
  });
  const canGoBack = month > today.slice(0, 7);
  const dayFormat = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone: 'UTC' });

  // The one day that Tab reaches: the focused day when it is shown and can be chosen, else the
  // first day of this month that can.
  const firstChoosable = `${month}-01` < today ? today : `${month}-01`;
  const tabStop = focusedDate.startsWith(month) && focusedDate >= today ? focusedDate : firstChoosable;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${tabStop}"]`)?.focus();
  });

  const focusDay = (date: string) => {
    const target = date < today ? today : date;
    setFocusedDate(target);
    setMonth(target.slice(0, 7));
    moveFocus.current = true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = (event.target as HTMLElement).dataset.date;
    if (!current) return;
    const forward = isRtl(event.currentTarget) ? 'ArrowLeft' : 'ArrowRight';
    const moves = new Map<string, () => string>([
      ['ArrowRight', () => addDays(current, forward === 'ArrowRight' ? 1 : -1)],
      ['ArrowLeft', () => addDays(current, forward === 'ArrowLeft' ? 1 : -1)],
      ['ArrowDown', () => addDays(current, 7)],
      ['ArrowUp', () => addDays(current, -7)],
      ['Home', () => addDays(current, -weekday(current))],
      ['End', () => addDays(current, 6 - weekday(current))],
      ['PageDown', () => sameDayInMonth(current, event.shiftKey ? 12 : 1)],
      ['PageUp', () => sameDayInMonth(current, event.shiftKey ? -12 : -1)],
    ]);
    const move = moves.get(event.key);
    if (!move) return;
    event.preventDefault();
    focusDay(move());
  };

  const cells: (string | null)[] = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: daysInMonth }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

  return (
    <Box borderWidth="1px" rounded="lg" p={{ base: '2', sm: '3' }} width="full" maxW="sm" data-testid="booking-calendar">
      <HStack justify="space-between" mb="2">
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t`Previous month`}
          disabled={!canGoBack}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <DirectionalIcon asChild>
            <ChevronLeft />
          </DirectionalIcon>
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite" id={labelId}>
          {monthLabel}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label={t`Next month`} onClick={() => setMonth(addMonths(month, 1))}>
          <DirectionalIcon asChild>
            <ChevronRight />
          </DirectionalIcon>
        </IconButton>
      </HStack>
      <Box role="grid" aria-labelledby={labelId} ref={gridRef} onKeyDown={onKeyDown}>
        <Grid role="row" templateColumns={SEVEN_DAYS} gap="1" mb="1">
          {weekdays.map((day) => (
            <Text key={day.long} role="columnheader" aria-label={day.long} fontSize="xs" color="fg.muted" textAlign="center">
              {/* "الثلاثاء" is wider than a phone's column: one letter there. */}
              <Box as="span" hideFrom="sm">
                {day.narrow}
              </Box>
              <Box as="span" hideBelow="sm">
                {day.short}
              </Box>
            </Text>
          ))}
        </Grid>
        {weeks.map((week) => (
          <Grid key={week.find(Boolean)} role="row" templateColumns={SEVEN_DAYS} gap="1" mb="1">
            {week.map((date, index) => {
              if (!date) return <Box key={`blank-${index}`} role="gridcell" />;
              const selected = date === value;
              return (
                <Box key={date} role="gridcell">
                  <Button
                    size="sm"
                    width="full"
                    minW="0"
                    px="0"
                    variant={selected ? 'solid' : 'ghost'}
                    colorPalette="brand"
                    disabled={date < today}
                    tabIndex={date === tabStop ? 0 : -1}
                    aria-pressed={selected}
                    aria-current={date === today ? 'date' : undefined}
                    aria-label={dayFormat.format(new Date(`${date}T12:00:00Z`))}
                    onClick={() => {
                      setFocusedDate(date);
                      onChange(date);
                    }}
                    data-date={date}
                  >
                    {formatNumber(Number(date.slice(8, 10)), locale)}
                  </Button>
                </Box>
              );
            })}
          </Grid>
        ))}
      </Box>
    </Box>
  );
}
