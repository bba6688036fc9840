import { Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SERIES_DUE_DAYS, SERIES_EVERY_MONTHS, SERIES_MAX_VISITS, SERIES_PAY_BY_HOURS } from '../../../shared/series.ts';
import { trpc } from '../../lib/trpc.ts';
import { ONCE, type Repeat } from './repeat.ts';
import { registerSeriesErrors } from './series-errors.ts';
import { SeriesPlanList } from './series-plan-list.tsx';

registerSeriesErrors();

/**
 * "Repeat this test" (issue #58), for a patient who repeats a test (HbA1c every three months): how often,
 * and how many visits in all, the first being the time chosen above, and, for an account (`canPayEachVisit`:
 * it is told by mail when a visit is due), whether to pay all now or each visit when it comes due. Every
 * visit is held when added; once a time is chosen (`plan`), every visit's date and time is shown first, with
 * any that moved and why (ADR 0082).
 */
export function RepeatChoice({
  labId,
  value,
  onChange,
  canPayEachVisit,
  plan,
}: {
  labId: string;
  value: Repeat;
  onChange: (next: Repeat) => void;
  canPayEachVisit: boolean;
  /** The first visit and, at home, where: the series is placed from them. */
  plan: { labTestId: number; bookingTime: string; home?: { address: string; latitude: number; longitude: number } } | null;
}) {
  const { t } = useLingui();
  const visitCounts = Array.from({ length: SERIES_MAX_VISITS - 1 }, (_, index) => index + 2);
  const payByDays = SERIES_PAY_BY_HOURS / 24;
  // The lab may ask for every visit now from a customer with missed appointments there (ADR 0077): said before choosing.
  const terms = useQuery({
    ...trpc.booking.seriesPaymentTerms.queryOptions({ labId }),
    enabled: canPayEachVisit && value.everyMonths !== 0,
  });
  const upFront = terms.data?.reason === 'no_shows' ? terms.data : null;
  useEffect(() => {
    if (upFront && value.payEachVisit) onChange({ ...value, payEachVisit: false });
  }, [upFront, value, onChange]);
  return (
    <Stack gap="2">
      <HStack gap="3" align="end" wrap="wrap" data-testid="repeat-choice">
        <Field.Root width="auto" minWidth="44">
          <Field.Label>{t`Repeat this test`}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={value.everyMonths}
              onChange={(event) => {
                const everyMonths = Number(event.currentTarget.value) as Repeat['everyMonths'];
                onChange(
                  everyMonths === 0 ? ONCE : { everyMonths, visits: value.visits > 1 ? value.visits : 2, payEachVisit: value.payEachVisit },
                );
              }}
              data-testid="repeat-every"
            >
              <option value={0}>{t`Once`}</option>
              {SERIES_EVERY_MONTHS.map((months) => (
                <option key={months} value={months}>
                  {t`${plural(months, { one: 'Every month', other: 'Every # months' })}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {value.everyMonths !== 0 && (
          <Field.Root width="auto" minWidth="28">
            <Field.Label>{t`Visits in all`}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={value.visits}
                onChange={(event) => onChange({ ...value, visits: Number(event.currentTarget.value) })}
                data-testid="repeat-visits"
              >
                {visitCounts.map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {value.everyMonths !== 0 && canPayEachVisit && (
          <Field.Root width="auto" minWidth="44">
            <Field.Label>{t`Payment`}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={value.payEachVisit ? 'each' : 'all'}
                onChange={(event) => onChange({ ...value, payEachVisit: event.currentTarget.value === 'each' })}
                data-testid="repeat-payment"
              >
                <option value="all">{t`All visits now`}</option>
                <option value="each" disabled={upFront !== null}>
                  {t`Each visit when it is due`}
                </option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
      </HStack>
      {value.everyMonths !== 0 && upFront && (
        <Text fontSize="sm" color="fg.muted" data-testid="repeat-payment-up-front">
          {t`This lab asks for every visit to be paid now: it recorded ${plural(upFront.no_shows, { one: '# missed appointment', other: '# missed appointments' })} of yours in the last ${upFront.days} days.`}
        </Text>
      )}
      {value.everyMonths !== 0 && plan && (
        <SeriesPlanList
          input={{ ...plan, everyMonths: value.everyMonths, visits: value.visits }}
          payEachVisit={canPayEachVisit && value.payEachVisit}
        />
      )}
      {value.everyMonths !== 0 && value.payEachVisit && (
        <Text fontSize="sm" color="fg.muted" data-testid="repeat-payment-note">
          {t`You pay for the first visit now. The others are reserved for you: we e-mail you ${SERIES_DUE_DAYS} days before each one, and you pay for it by ${plural(payByDays, { one: '# day', other: '# days' })} before its time, or it goes to others.`}
        </Text>
      )}
    </Stack>
  );
}
