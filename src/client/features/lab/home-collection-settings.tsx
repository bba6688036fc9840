import { Button, Card, Field, Heading, HStack, NativeSelect, SimpleGrid, Switch, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { typedNumber } from '../../../shared/digits.ts';
import {
  HOME_FEE_MAX,
  HOME_RADIUS_KM_MAX,
  HOME_WINDOW_CAPACITY_MAX,
  HOME_WINDOW_MINUTES_CHOICES,
} from '../../../shared/home-collection.ts';
import type { HomeCollectionSettingsInput } from '../../../shared/schemas.ts';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { ClockSelect } from './clock-select.tsx';

type Profile = RouterOutputs['lab']['profile'];

interface FormState {
  enabled: boolean;
  fee: string;
  radiusKm: string;
  windowMinutes: number;
  windowCapacity: string;
  opensAt: string;
  closesAt: string;
  promisesPunctualVisits: boolean;
}

function formFrom(settings: Profile['home_collection']): FormState {
  return {
    enabled: settings.enabled,
    fee: String(settings.fee),
    radiusKm: String(settings.radius_km),
    windowMinutes: settings.window_minutes,
    windowCapacity: String(settings.window_capacity),
    opensAt: settings.opens_at,
    closesAt: settings.closes_at,
    promisesPunctualVisits: settings.promises_punctual_visits,
  };
}

/**
 * Home sample collection: on or off, the fee for a visit, how far from the lab, and the day's visit
 * windows with how many visits each takes (on the days the lab opens). Saved apart from the profile.
 */
export function HomeCollectionSettings({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => formFrom(profile.home_collection));
  const located = profile.latitude !== null && profile.longitude !== null;
  const save = useMutation(
    trpc.lab.updateHomeCollection.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.lab.profile.queryKey(), saved);
        setForm(formFrom(saved.home_collection));
        notify.success({ title: t`Your home collection settings have been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save home collection`, description: errorMessage(i18n, error) }),
    }),
  );
  const invalid = (field: keyof HomeCollectionSettingsInput) => (save.error ? fieldError(i18n, save.error, field) : undefined);
  const set = (key: 'fee' | 'radiusKm' | 'windowCapacity') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      enabled: form.enabled,
      fee: typedNumber(form.fee) ?? Number.NaN,
      radiusKm: Number(form.radiusKm),
      windowMinutes: form.windowMinutes,
      windowCapacity: Number(form.windowCapacity),
      opensAt: form.opensAt,
      closesAt: form.closesAt,
      promisesPunctualVisits: form.promisesPunctualVisits,
    });
  };

  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={submit} noValidate data-testid="home-collection-form">
        <Card.Header>
          <Heading as="h3" size="md">
            {t`Home sample collection`}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t`Patients can ask you to take the sample at their home, in your visit windows, on the days you open.`}
          </Text>
        </Card.Header>
        <Card.Body gap="5">
          <Switch.Root
            colorPalette="brand"
            checked={form.enabled}
            onCheckedChange={(event) => setForm((current) => ({ ...current, enabled: event.checked }))}
            data-testid="home-collection-enabled"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label fontWeight="medium">{t`Offer home sample collection`}</Switch.Label>
          </Switch.Root>
          {!located && (
            <Text fontSize="sm" color="fg.warning">
              {t`Save your lab's position (latitude and longitude) above first: the area you visit is measured from it.`}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <Field.Root invalid={Boolean(invalid('fee'))} disabled={!form.enabled}>
              <Field.Label>{t`Fee per visit (SAR, VAT included)`}</Field.Label>
              <NumericInput
                type="number"
                inputMode="decimal"
                min={0}
                max={HOME_FEE_MAX}
                step="0.01"
                dir="ltr"
                value={form.fee}
                onChange={set('fee')}
              />
              <Field.HelperText>{t`Charged once per visit, however many tests are taken.`}</Field.HelperText>
              <Field.ErrorText>{invalid('fee')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(invalid('radiusKm'))} disabled={!form.enabled}>
              <Field.Label>{t`Area you visit (km from the lab)`}</Field.Label>
              <NumericInput
                type="number"
                inputMode="numeric"
                min={1}
                max={HOME_RADIUS_KM_MAX}
                dir="ltr"
                value={form.radiusKm}
                onChange={set('radiusKm')}
              />
              <Field.ErrorText>{invalid('radiusKm')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(invalid('windowCapacity'))} disabled={!form.enabled}>
              <Field.Label>{t`Patients per window`}</Field.Label>
              <NumericInput
                type="number"
                inputMode="numeric"
                min={1}
                max={HOME_WINDOW_CAPACITY_MAX}
                dir="ltr"
                value={form.windowCapacity}
                onChange={set('windowCapacity')}
              />
              <Field.ErrorText>{invalid('windowCapacity')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(invalid('windowMinutes'))} disabled={!form.enabled}>
              <Field.Label>{t`Length of each visit window`}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={form.windowMinutes}
                  onChange={(event) => {
                    const windowMinutes = Number(event.currentTarget.value);
                    setForm((current) => ({ ...current, windowMinutes }));
                  }}
                >
                  {HOME_WINDOW_MINUTES_CHOICES.map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {minutes % 60 === 0
                        ? t`${plural(minutes / 60, { one: '# hour', other: '# hours' })}`
                        : t`${plural(minutes, { one: '# minute', other: '# minutes' })}`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={Boolean(invalid('closesAt'))} disabled={!form.enabled} gridColumn={{ md: 'span 2' }}>
              <Field.Label>{t`Visits from – to`}</Field.Label>
              <HStack gap="2">
                <ClockSelect
                  value={form.opensAt}
                  onChange={(opensAt) => setForm((current) => ({ ...current, opensAt }))}
                  label={t`First visit window starts`}
                />
                <Text color="fg.muted">–</Text>
                <ClockSelect
                  value={form.closesAt}
                  onChange={(closesAt) => setForm((current) => ({ ...current, closesAt }))}
                  label={t`Last visit window ends`}
                />
              </HStack>
              <Field.ErrorText>{t`Visits must end after they start.`}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Switch.Root
            colorPalette="brand"
            checked={form.promisesPunctualVisits}
            disabled={!form.enabled}
            onCheckedChange={(event) => setForm((current) => ({ ...current, promisesPunctualVisits: event.checked }))}
            data-testid="home-collection-punctual"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>
              <Text>{t`We promise punctual visits`}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t`If a collector sets out more than 30 minutes after the window starts, the patient is credited automatically and the credit is charged to you.`}
              </Text>
            </Switch.Label>
          </Switch.Root>
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending} data-testid="home-collection-save">
            <Save aria-hidden />
            {t`Save home collection`}
          </Button>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
