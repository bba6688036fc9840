import { Button, Card, Field, Heading, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { AdminGuaranteeSettings } from './admin-guarantee-settings.tsx';

type SettingName = 'referrerCredit' | 'referredCredit' | 'creditValidDays';

/**
 * What each side of a referral receives and how long wallet credit lasts (issue #79 item 5, ADR 0093).
 * Typed in any digits (٢٥ or 25); a change applies to referrals rewarded from then on.
 */
export function AdminWalletSettings() {
  const { t } = useLingui();
  const settings = useQuery(trpc.wallet.settings.queryOptions());
  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Wallet and referrals`}
        description={t`What a referral earns each side, once the friend's first paid test is completed.`}
      />
      {settings.isError ? (
        <ErrorState title={t`Could not load the referral settings`} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Skeleton height="40" rounded="lg" />
      ) : (
        <SettingsForm saved={settings.data} />
      )}
      <AdminGuaranteeSettings />
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: { referrerCredit: number; referredCredit: number; creditValidDays: number } }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Record<SettingName, string>>(() => ({
    referrerCredit: String(saved.referrerCredit),
    referredCredit: String(saved.referredCredit),
    creditValidDays: String(saved.creditValidDays),
  }));
  const save = useMutation(
    trpc.wallet.saveSettings.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.wallet.settings.queryKey(), answer);
        notify.success({ title: t`The referral settings have been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save the referral settings`, description: errorMessage(i18n, error) }),
    }),
  );
  const invalid = (field: SettingName) => (save.error ? fieldError(i18n, save.error, field) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  const field = (name: SettingName, label: string) => (
    <Field.Root invalid={Boolean(invalid(name))} required>
      <Field.Label>{label}</Field.Label>
      <Input
        inputMode={name === 'creditValidDays' ? 'numeric' : 'decimal'}
        dir="ltr"
        value={form[name]}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
        data-testid={`wallet-setting-${name}`}
      />
      <Field.ErrorText>{invalid(name)}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading as="h3" size="md">
            {t`Referral credit`}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t`Changes apply to referrals rewarded from now on; credit already given keeps its amount and expiry.`}
          </Text>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {field('referrerCredit', t`The inviter receives (SAR)`)}
            {field('referredCredit', t`The invited friend receives (SAR)`)}
            {field('creditValidDays', t`Credit valid for (days)`)}
          </SimpleGrid>
        </Card.Body>
        <Card.Footer>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            {t`Save`}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
