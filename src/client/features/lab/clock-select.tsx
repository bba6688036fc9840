import { NativeSelect } from '@chakra-ui/react';
import { formatClock } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Every quarter of an hour, and the day's last minute for a lab that closes at midnight. */
const CHOICES = [
  ...Array.from({ length: 96 }, (_, quarter) => `${twoDigits(Math.floor(quarter / 4))}:${twoDigits((quarter % 4) * 15)}`),
  '23:59',
];

/**
 * A time of the lab's day, its choices written as the page's language writes times ('7:00 ص' /
 * '7:00 AM'): a browser's own time input shows the browser's language ('07:00 AM' on an Arabic page).
 */
export function ClockSelect({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const locale = activeLocale();
  const current = value.slice(0, 5);
  const choices = CHOICES.includes(current) ? CHOICES : [...CHOICES, current].sort();
  return (
    <NativeSelect.Root size="sm" width="36">
      <NativeSelect.Field value={current} onChange={(event) => onChange(event.currentTarget.value)} aria-label={label}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {formatClock(choice, locale)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
