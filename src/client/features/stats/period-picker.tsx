import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Granularity } from '../../../shared/stats-schemas.ts';

export interface Period {
  from: string;
  to: string;
  granularity: Granularity;
}

const riyadhDay = (time: number) => new Date(time + 3 * 3_600_000).toISOString().slice(0, 10);

/** The last 30 days, by day, in Riyadh. */
export function usePeriod() {
  return useState<Period>(() => ({ from: riyadhDay(Date.now() - 29 * 86_400_000), to: riyadhDay(Date.now()), granularity: 'day' }));
}

/** From, to (days in Riyadh) and what to add up by; a change applies at once. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const { t } = useLingui();
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'end' }} data-testid="period-picker">
      <Field.Root width={{ sm: '44' }}>
        <Field.Label>{t`From`}</Field.Label>
        <Input
          type="date"
          value={value.from}
          max={value.to}
          onChange={(event) => event.target.value && onChange({ ...value, from: event.target.value })}
        />
      </Field.Root>
      <Field.Root width={{ sm: '44' }}>
        <Field.Label>{t`To`}</Field.Label>
        <Input
          type="date"
          value={value.to}
          min={value.from}
          onChange={(event) => event.target.value && onChange({ ...value, to: event.target.value })}
        />
      </Field.Root>
      <Field.Root width={{ sm: '40' }}>
        <Field.Label>{t`Group by`}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={value.granularity}
            onChange={(event) => onChange({ ...value, granularity: event.currentTarget.value as Granularity })}
          >
            <option value="day">{t`Day`}</option>
            <option value="week">{t`Week`}</option>
            <option value="month">{t`Month`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Stack>
  );
}
