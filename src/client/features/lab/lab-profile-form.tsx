import {
  Button,
  Card,
  Field,
  Grid,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LocateFixed, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type CityKey, cities, cityKeys } from '../../../shared/cities.ts';
import {
  BUFFER_MINUTES_CHOICES,
  type LabProfileInput,
  MIN_NOTICE_MINUTES_CHOICES,
  PRAYER_PAUSE_CHOICES,
  SLOT_MINUTES_CHOICES,
} from '../../../shared/schemas.ts';
import { NO_SHOW_DAYS, NO_SHOW_PREPAY_COUNT } from '../../../shared/series.ts';
import { ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { formatWeekday } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useCurrentPosition } from '../../lib/use-current-position.ts';
import { ClockSelect } from './clock-select.tsx';
import { HomeCollectionSettings } from './home-collection-settings.tsx';

type Profile = RouterOutputs['lab']['profile'];

interface FormState {
  nameAr: string;
  nameEn: string;
  addressAr: string;
  addressEn: string;
  city: string;
  latitude: string;
  longitude: string;
  phone: string;
  workingHours: { weekday: number; open: boolean; opensAt: string; closesAt: string }[];
  slotMinutes: number;
  slotCapacity: string;
  /** Minutes as text, '' for no pause. */
  prayerPauseMinutes: string;
  bufferMinutes: string;
  minNoticeMinutes: string;
  /** Every visit of a series paid now by a customer with no-shows here (ADR 0077). */
  noShowPrepay: boolean;
  /** Null: the weekly hours hold in Ramadan too. */
  ramadanHours: { opensAt: string; closesAt: string } | null;
  /** The latest start for a test needing fasting; null: any time. */
  fastingUntil: string | null;
}

function formFrom(profile: Profile): FormState {
  return {
    nameAr: profile.lab_name_ar,
    nameEn: profile.lab_name_en,
    addressAr: profile.address_ar,
    addressEn: profile.address_en,
    city: profile.city ?? '',
    latitude: profile.latitude?.toString() ?? '',
    longitude: profile.longitude?.toString() ?? '',
    phone: profile.phone ?? '',
    workingHours: profile.working_hours.map((day) => ({
      weekday: day.weekday,
      open: day.open,
      opensAt: day.opens_at,
      closesAt: day.closes_at,
    })),
    slotMinutes: profile.slot_minutes,
    slotCapacity: String(profile.slot_capacity),
    prayerPauseMinutes: profile.prayer_pause_minutes === null ? '' : String(profile.prayer_pause_minutes),
    bufferMinutes: String(profile.buffer_minutes),
    minNoticeMinutes: String(profile.min_notice_minutes),
    noShowPrepay: profile.no_show_prepay,
    ramadanHours: profile.ramadan_hours && { opensAt: profile.ramadan_hours.opens_at, closesAt: profile.ramadan_hours.closes_at },
    fastingUntil: profile.fasting_until,
  };
}

/** Ramadan hours a lab turning them on starts from: common Saudi daytime hours in Ramadan. */
const RAMADAN_HOURS_DEFAULT = { opensAt: '10:00', closesAt: '16:00' };
/** The fasting cut-off a lab turning it on starts from (the server's default too). */
const FASTING_UNTIL_DEFAULT = '11:00';

const coordinate = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const noticeLabel = (minutes: number) =>
    minutes === 0
      ? t`Up to the appointment's time`
      : minutes < 60
        ? t`${plural(minutes, { one: '# minute', other: '# minutes' })} ahead`
        : minutes < 1440
          ? t`${plural(minutes / 60, { one: '# hour', other: '# hours' })} ahead`
          : t`${plural(minutes / 1440, { one: '# day', other: '# days' })} ahead`;
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => formFrom(profile));
  const save = useMutation(
    trpc.lab.updateProfile.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.lab.profile.queryKey(), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.lab.overview.queryKey() });
        setForm(formFrom(saved));
        notify.success({ title: t`Your lab profile has been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save your profile`, description: errorMessage(i18n, error) }),
    }),
  );
  const invalid = (field: keyof LabProfileInput) => (save.error ? fieldError(i18n, save.error, field) : undefined);
  const set = (key: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const setDay = (weekday: number, patch: Partial<FormState['workingHours'][number]>) =>
    setForm((current) => ({
      ...current,
      workingHours: current.workingHours.map((day) => (day.weekday === weekday ? { ...day, ...patch } : day)),
    }));

  const { locating, locate } = useCurrentPosition((position) =>
    setForm((current) => ({ ...current, latitude: position.latitude.toFixed(5), longitude: position.longitude.toFixed(5) })),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      nameAr: form.nameAr,
      nameEn: form.nameEn,
      addressAr: form.addressAr,
      addressEn: form.addressEn,
      city: form.city as CityKey,
      latitude: coordinate(form.latitude),
      longitude: coordinate(form.longitude),
      phone: form.phone,
      workingHours: form.workingHours,
      slotMinutes: form.slotMinutes,
      slotCapacity: Number(form.slotCapacity),
      prayerPauseMinutes: form.prayerPauseMinutes === '' ? null : Number(form.prayerPauseMinutes),
      bufferMinutes: Number(form.bufferMinutes),
      minNoticeMinutes: Number(form.minNoticeMinutes),
      noShowPrepay: form.noShowPrepay,
      ramadanHours: form.ramadanHours,
      fastingUntil: form.fastingUntil,
    });
  };

  const hoursError = invalid('workingHours');
  return (
    <Stack asChild gap="5">
      <form onSubmit={submit} noValidate data-testid="lab-profile-form">
        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h3" size="md">
              {t`Lab details`}
            </Heading>
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(invalid('nameAr'))} required>
                <Field.Label>{t`Lab name in Arabic`}</Field.Label>
                <Input dir="rtl" lang="ar" value={form.nameAr} onChange={set('nameAr')} />
                <Field.ErrorText>{invalid('nameAr')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('nameEn'))} required>
                <Field.Label>{t`Lab name in English`}</Field.Label>
                <Input dir="ltr" lang="en" value={form.nameEn} onChange={set('nameEn')} />
                <Field.ErrorText>{invalid('nameEn')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('addressAr'))}>
                <Field.Label>{t`Address in Arabic`}</Field.Label>
                <Input dir="rtl" lang="ar" value={form.addressAr} onChange={set('addressAr')} />
                <Field.ErrorText>{invalid('addressAr')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('addressEn'))}>
                <Field.Label>{t`Address in English`}</Field.Label>
                <Input dir="ltr" lang="en" value={form.addressEn} onChange={set('addressEn')} />
                <Field.ErrorText>{invalid('addressEn')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('city'))} required>
                <Field.Label>{t`City`}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={form.city}
                    onChange={(event) => {
                      // Read now: React clears currentTarget once the handler returns, before the updater runs.
                      const city = event.currentTarget.value;
                      setForm((current) => ({ ...current, city }));
                    }}
                  >
                    <option value="">{t`Choose a city`}</option>
                    {cityKeys.map((key) => (
                      <option key={key} value={key}>
                        {cities[key][locale]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{invalid('city')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('phone'))} required>
                <Field.Label>{t`Phone number`}</Field.Label>
                <Input
                  type="tel"
                  inputMode="tel"
                  dir="ltr"
                  value={form.phone}
                  onChange={set('phone')}
                  placeholder="011XXXXXXX"
                  autoComplete="tel"
                />
                <Field.ErrorText>{invalid('phone')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('latitude'))}>
                <Field.Label>{t`Latitude`}</Field.Label>
                <NumericInput inputMode="decimal" dir="ltr" value={form.latitude} onChange={set('latitude')} placeholder="24.71360" />
                <Field.ErrorText>{invalid('latitude')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('longitude'))}>
                <Field.Label>{t`Longitude`}</Field.Label>
                <NumericInput inputMode="decimal" dir="ltr" value={form.longitude} onChange={set('longitude')} placeholder="46.67530" />
                <Field.ErrorText>{invalid('longitude')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <HStack mt="4" gap="3" wrap="wrap">
              <Button variant="outline" size="sm" onClick={locate} loading={locating}>
                <LocateFixed aria-hidden />
                {t`Use my current location`}
              </Button>
              <Text fontSize="sm" color="fg.muted">
                {t`Patients see how far your lab is from them.`}
              </Text>
            </HStack>
            {profile.license_number && (
              <Text mt="4" fontSize="sm" color="fg.muted">
                {t`License number`}: <bdi>{profile.license_number}</bdi>
              </Text>
            )}
          </Card.Body>
        </Card.Root>

        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h3" size="md">
              {t`Working hours and appointments`}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t`Times are your lab's local time. Patients can book from opening time until the last full appointment before closing.`}
            </Text>
          </Card.Header>
          <Card.Body>
            <Stack gap="2" as="ul" listStyleType="none">
              {form.workingHours.map((day) => (
                <Grid
                  as="li"
                  key={day.weekday}
                  templateColumns={{ base: '1fr auto', md: '10rem auto 1fr' }}
                  alignItems="center"
                  gap="3"
                  data-testid="working-day"
                >
                  <Text fontWeight="medium">{formatWeekday(day.weekday, locale)}</Text>
                  <Switch.Root
                    colorPalette="brand"
                    checked={day.open}
                    onCheckedChange={(event) => setDay(day.weekday, { open: event.checked })}
                  >
                    <Switch.HiddenInput aria-label={t`Open on ${formatWeekday(day.weekday, locale)}`} />
                    <Switch.Control>
                      <Switch.Thumb />
                    </Switch.Control>
                    {/* The switch's own state says open or closed; this visible word is not its name. */}
                    <Text as="span" fontSize="sm" aria-hidden>
                      {day.open ? t`Open` : t`Closed`}
                    </Text>
                  </Switch.Root>
                  {day.open && (
                    <HStack gap="2" gridColumn={{ base: '1 / -1', md: 'auto' }}>
                      <ClockSelect
                        value={day.opensAt}
                        onChange={(opensAt) => setDay(day.weekday, { opensAt })}
                        label={t`Opening time, ${formatWeekday(day.weekday, locale)}`}
                      />
                      <Text color="fg.muted">–</Text>
                      <ClockSelect
                        value={day.closesAt}
                        onChange={(closesAt) => setDay(day.weekday, { closesAt })}
                        label={t`Closing time, ${formatWeekday(day.weekday, locale)}`}
                      />
                    </HStack>
                  )}
                </Grid>
              ))}
            </Stack>
            {hoursError && (
              <Text color="fg.error" fontSize="sm" mt="2">
                {t`Each open day must close after it opens.`}
              </Text>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="5">
              <Field.Root invalid={Boolean(invalid('slotMinutes'))}>
                <Field.Label>{t`Length of each appointment`}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={form.slotMinutes}
                    onChange={(event) => {
                      const slotMinutes = Number(event.currentTarget.value);
                      setForm((current) => ({ ...current, slotMinutes }));
                    }}
                  >
                    {SLOT_MINUTES_CHOICES.map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {t`${plural(minutes, { one: '# minute', other: '# minutes' })}`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('slotCapacity'))}>
                <Field.Label>{t`Patients per appointment`}</Field.Label>
                <NumericInput
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  dir="ltr"
                  value={form.slotCapacity}
                  onChange={set('slotCapacity')}
                />
                <Field.HelperText>{t`How many patients you can receive at the same time.`}</Field.HelperText>
                <Field.ErrorText>{invalid('slotCapacity')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('prayerPauseMinutes'))}>
                <Field.Label>{t`Pause for prayers`}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={form.prayerPauseMinutes} onChange={set('prayerPauseMinutes')}>
                    <option value="">{t`No pause`}</option>
                    {PRAYER_PAUSE_CHOICES.map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {t`${plural(minutes, { one: '# minute', other: '# minutes' })} from each prayer`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>
                  {t`No appointment is offered from the time of each of the five prayers, by the Umm al-Qura method at your lab's location, for this long.`}
                </Field.HelperText>
                <Field.ErrorText>{invalid('prayerPauseMinutes')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('bufferMinutes'))}>
                <Field.Label>{t`Break after each appointment`}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={form.bufferMinutes} onChange={set('bufferMinutes')}>
                    {BUFFER_MINUTES_CHOICES.map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {minutes === 0 ? t`No break` : t`${plural(minutes, { one: '# minute', other: '# minutes' })}`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>{t`Time to get ready before the next patient: appointments start this much apart beyond their length.`}</Field.HelperText>
                <Field.ErrorText>{invalid('bufferMinutes')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('minNoticeMinutes'))}>
                <Field.Label>{t`Minimum notice`}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={form.minNoticeMinutes} onChange={set('minNoticeMinutes')}>
                    {MIN_NOTICE_MINUTES_CHOICES.map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {noticeLabel(minutes)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>{t`How long before an appointment patients can still book it.`}</Field.HelperText>
                <Field.ErrorText>{invalid('minNoticeMinutes')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Stack gap="3" mt="5" data-testid="fasting-until">
              <Switch.Root
                colorPalette="brand"
                checked={form.fastingUntil !== null}
                onCheckedChange={(event) =>
                  setForm((current) => ({ ...current, fastingUntil: event.checked ? FASTING_UNTIL_DEFAULT : null }))
                }
              >
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>{t`Tests that need fasting in the morning only`}</Switch.Label>
              </Switch.Root>
              <Text fontSize="sm" color="fg.muted">
                {t`Patients who must fast are offered appointments and home visits starting by this time.`}
              </Text>
              {form.fastingUntil !== null && (
                <ClockSelect
                  value={form.fastingUntil}
                  onChange={(fastingUntil) => setForm((current) => ({ ...current, fastingUntil }))}
                  label={t`Last start for tests that need fasting`}
                />
              )}
            </Stack>
            <Stack gap="3" mt="5" data-testid="no-show-prepay">
              <Switch.Root
                colorPalette="brand"
                checked={form.noShowPrepay}
                onCheckedChange={(event) => setForm((current) => ({ ...current, noShowPrepay: event.checked }))}
              >
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>{t`Payment up front after missed appointments`}</Switch.Label>
              </Switch.Root>
              <Text fontSize="sm" color="fg.muted">
                {t`A patient who missed ${NO_SHOW_PREPAY_COUNT} appointments here in the last ${NO_SHOW_DAYS} days pays for every visit of a repeating test when booking it, not each visit when it is due. They are told why.`}
              </Text>
            </Stack>
            <Stack gap="3" mt="5" data-testid="ramadan-hours">
              <Switch.Root
                colorPalette="brand"
                checked={form.ramadanHours !== null}
                onCheckedChange={(event) =>
                  setForm((current) => ({ ...current, ramadanHours: event.checked ? RAMADAN_HOURS_DEFAULT : null }))
                }
              >
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>{t`Different hours in Ramadan`}</Switch.Label>
              </Switch.Root>
              <Text fontSize="sm" color="fg.muted">
                {t`Set once: every year, on the days you open during Ramadan by the Umm al-Qura calendar, patients book within these hours instead.`}
              </Text>
              {form.ramadanHours && (
                <HStack gap="2">
                  <ClockSelect
                    value={form.ramadanHours.opensAt}
                    onChange={(opensAt) =>
                      setForm((current) => ({ ...current, ramadanHours: current.ramadanHours && { ...current.ramadanHours, opensAt } }))
                    }
                    label={t`Opening time in Ramadan`}
                  />
                  <Text color="fg.muted">–</Text>
                  <ClockSelect
                    value={form.ramadanHours.closesAt}
                    onChange={(closesAt) =>
                      setForm((current) => ({ ...current, ramadanHours: current.ramadanHours && { ...current.ramadanHours, closesAt } }))
                    }
                    label={t`Closing time in Ramadan`}
                  />
                </HStack>
              )}
              {invalid('ramadanHours') && (
                <Text color="fg.error" fontSize="sm">
                  {t`Ramadan hours must close after they open.`}
                </Text>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>

        <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending}>
          <Save aria-hidden />
          {t`Save profile`}
        </Button>
      </form>
    </Stack>
  );
}

/** The lab's settings: its public profile, hours and appointment capacity. */
export function LabProfileSettings() {
  const { t } = useLingui();
  const profile = useQuery(trpc.lab.profile.queryOptions());
  return (
    <Stack gap="6">
      <SectionTitle title={t`Lab profile`} description={t`What patients see on your lab's page and in search results.`} />
      {profile.isError ? (
        <ErrorState title={t`Error fetching your profile`} error={profile.error} onRetry={() => void profile.refetch()} />
      ) : profile.isPending ? (
        <Skeleton height="96" rounded="lg" />
      ) : (
        <>
          <ProfileForm profile={profile.data} />
          <HomeCollectionSettings profile={profile.data} />
        </>
      )}
    </Stack>
  );
}
