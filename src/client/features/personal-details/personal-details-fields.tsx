import { Box, Button, Field, Grid, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { gregorianOfHijri } from '../../../shared/hijri.ts';
import { HIJRI_TAGS, type Locale } from '../../../shared/locale.ts';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError, fieldMessage } from '../../lib/errors.ts';
import { formatDate, formatHijriDate, intlLocale } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { radioGroupKeys } from '../../lib/radio-group-keys.ts';
import { trpc } from '../../lib/trpc.ts';
import {
  type BirthCalendar,
  checkDateOfBirth,
  draftFrom,
  inCalendar,
  type PersonalDetailsDraft,
  type Sex,
} from './personal-details-draft.ts';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The account holder's sex and date of birth, as the settings and the booking panel ask for them: the
 * fields, what is wrong with them, and saving them into the signed-in user (`auth.me`).
 */
export function usePersonalDetailsForm(saved: { sex: Sex | null; date_of_birth: string | null }, onSaved: () => void) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftFrom(saved));
  const [tried, setTried] = useState(false);
  const save = useMutation(
    trpc.account.updatePersonal.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
        onSaved();
      },
      onError: (error) => notify.error({ title: t`Could not save your details`, description: errorMessage(i18n, error) }),
    }),
  );
  const today = todayUtc();
  const check = checkDateOfBirth(draft, today);
  const dateProblem = {
    date: undefined,
    missing: fieldMessage(i18n, 'required'),
    'no-such-day': t`There is no such day in this month.`,
    'in-future': fieldMessage(i18n, 'date_in_future'),
    'too-early': t`Enter a date of birth from 1900 on.`,
  }[check.kind];
  const errors = {
    sex: (tried && !draft.sex ? fieldMessage(i18n, 'required') : undefined) ?? fieldError(i18n, save.error, 'sex'),
    dateOfBirth: (tried ? dateProblem : undefined) ?? fieldError(i18n, save.error, 'dateOfBirth'),
  };
  const submit = () => {
    setTried(true);
    if (!draft.sex || check.kind !== 'date') return;
    save.mutate({ sex: draft.sex, dateOfBirth: check.gregorian });
  };
  return {
    fields: { value: draft, onChange: setDraft, errors, date: check.kind === 'date' ? check.gregorian : null },
    submit,
    saving: save.isPending,
  };
}

/** Why the account asks, in the same words wherever it asks. */
export function PersonalDetailsReason() {
  const { t } = useLingui();
  return (
    <Text fontSize="sm" color="fg.muted">
      {t`Reference ranges and some calculations, such as kidney function (eGFR), depend on your sex and age. Telling us helps us read your results correctly.`}
    </Text>
  );
}

/** Month names of a calendar in the reader's language, January or Muharram first. */
const monthNamesCache = new Map<string, string[]>();
function monthNames(calendar: BirthCalendar, locale: Locale): string[] {
  const key = `${calendar} ${locale}`;
  let names = monthNamesCache.get(key);
  if (!names) {
    const format = new Intl.DateTimeFormat(calendar === 'hijri' ? HIJRI_TAGS[locale] : intlLocale(locale), {
      month: 'long',
      timeZone: 'UTC',
    });
    names = Array.from({ length: 12 }, (_, index) => {
      const first =
        calendar === 'hijri' ? gregorianOfHijri({ year: 1446, month: index + 1, day: 1 }) : `2025-${String(index + 1).padStart(2, '0')}-01`;
      return format.format(new Date(`${first}T00:00:00Z`));
    });
    monthNamesCache.set(key, names);
  }
  return names;
}

/**
 * Sex, and the date of birth as day, month and year in the Gregorian or the Hijri (Umm al-Qura)
 * calendar, with the date shown in both once it is whole. Digits may be typed Arabic-Indic.
 */
export function PersonalDetailsFields({
  value,
  onChange,
  errors,
  date,
}: {
  value: PersonalDetailsDraft;
  onChange: (next: PersonalDetailsDraft) => void;
  errors: { sex?: string; dateOfBirth?: string };
  /** The date of birth the fields name (YYYY-MM-DD), once they name one. */
  date: string | null;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const id = useId();
  const sexes: { value: Sex; label: string }[] = [
    { value: 'female', label: t`Female` },
    { value: 'male', label: t`Male` },
  ];
  const calendars: { value: BirthCalendar; label: string }[] = [
    { value: 'gregory', label: t`Gregorian` },
    { value: 'hijri', label: t`Hijri` },
  ];
  const sexKeys = radioGroupKeys(
    sexes.map((sex) => sex.value),
    value.sex,
    (sex) => onChange({ ...value, sex }),
  );
  const switchCalendar = (calendar: BirthCalendar) => onChange(inCalendar(value, calendar, todayUtc()));
  const calendarKeys = radioGroupKeys(
    calendars.map((calendar) => calendar.value),
    value.calendar,
    switchCalendar,
  );
  const born = date ? new Date(`${date}T00:00:00Z`) : null;

  return (
    <Stack gap="5" maxW="md" data-testid="personal-details-fields">
      <Stack gap="1.5">
        <Text id={`${id}-sex`} textStyle="sm" fontWeight="medium">
          {t`Sex`}
        </Text>
        <HStack
          gap="2"
          role="radiogroup"
          aria-labelledby={`${id}-sex`}
          aria-describedby={errors.sex ? `${id}-sex-error` : undefined}
          onKeyDown={sexKeys.onKeyDown}
        >
          {sexes.map((sex, index) => {
            const checked = value.sex === sex.value;
            return (
              <Button
                key={sex.value}
                role="radio"
                aria-checked={checked}
                tabIndex={sexKeys.tabIndexOf(index)}
                variant={checked ? 'subtle' : 'outline'}
                colorPalette={checked ? 'brand' : 'gray'}
                borderWidth="2px"
                borderColor={checked ? 'brand.solid' : errors.sex ? 'border.error' : 'border'}
                minW="24"
                onClick={() => onChange({ ...value, sex: sex.value })}
              >
                {sex.label}
              </Button>
            );
          })}
        </HStack>
        <FieldProblem id={`${id}-sex-error`}>{errors.sex}</FieldProblem>
      </Stack>

      <Stack gap="1.5" role="group" aria-labelledby={`${id}-birth`}>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text id={`${id}-birth`} textStyle="sm" fontWeight="medium">
            {t`Date of birth`}
          </Text>
          <HStack
            gap="0"
            role="radiogroup"
            aria-label={t`Calendar`}
            onKeyDown={calendarKeys.onKeyDown}
            borderWidth="1px"
            rounded="l2"
            p="0.5"
          >
            {calendars.map((calendar, index) => {
              const checked = value.calendar === calendar.value;
              return (
                <Button
                  key={calendar.value}
                  role="radio"
                  aria-checked={checked}
                  tabIndex={calendarKeys.tabIndexOf(index)}
                  size="xs"
                  variant={checked ? 'solid' : 'ghost'}
                  colorPalette={checked ? 'brand' : 'gray'}
                  onClick={() => switchCalendar(calendar.value)}
                >
                  {calendar.label}
                </Button>
              );
            })}
          </HStack>
        </HStack>
        {/* Day, month, year in the reading order of both languages; the month gives way on a narrow phone. */}
        <Grid templateColumns="4rem minmax(0, 1fr) 5.5rem" gap="2">
          <Field.Root invalid={Boolean(errors.dateOfBirth)}>
            <Field.Label>{t`Day`}</Field.Label>
            <NumericInput
              inputMode="numeric"
              maxLength={2}
              value={value.day}
              onChange={(event) => onChange({ ...value, day: event.target.value })}
              autoComplete={value.calendar === 'gregory' ? 'bday-day' : 'off'}
              aria-describedby={errors.dateOfBirth ? `${id}-birth-error` : undefined}
            />
          </Field.Root>
          <Field.Root invalid={Boolean(errors.dateOfBirth)}>
            <Field.Label>{t`Month`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={value.month}
                onChange={(event) => onChange({ ...value, month: event.currentTarget.value })}
                autoComplete={value.calendar === 'gregory' ? 'bday-month' : 'off'}
                aria-describedby={errors.dateOfBirth ? `${id}-birth-error` : undefined}
              >
                <option value="" disabled>
                  {t`Choose`}
                </option>
                {monthNames(value.calendar, locale).map((name, index) => (
                  <option key={name} value={String(index + 1)}>
                    {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.dateOfBirth)}>
            <Field.Label>{t`Year`}</Field.Label>
            <NumericInput
              inputMode="numeric"
              maxLength={4}
              value={value.year}
              onChange={(event) => onChange({ ...value, year: event.target.value })}
              autoComplete={value.calendar === 'gregory' ? 'bday-year' : 'off'}
              aria-describedby={errors.dateOfBirth ? `${id}-birth-error` : undefined}
            />
          </Field.Root>
        </Grid>
        <FieldProblem id={`${id}-birth-error`}>{errors.dateOfBirth}</FieldProblem>
        <Box aria-live="polite">
          {born && !errors.dateOfBirth && (
            <Text fontSize="sm" color="fg.muted" data-testid="date-of-birth-both">
              {formatDate(born, locale, 'UTC')} · {formatHijriDate(born, locale, 'UTC')}
            </Text>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}

/** What is wrong with a group of fields, styled as a field's own error. */
function FieldProblem({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <Text id={id} textStyle="xs" fontWeight="medium" color="fg.error">
      {children}
    </Text>
  );
}
