import { Skeleton, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { AdminAmountsForm } from './admin-amounts-form.tsx';
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

function SettingsForm({ saved }: { saved: Record<SettingName, number> }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.wallet.saveSettings.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.wallet.settings.queryKey(), answer);
        notify.success({ title: t`The referral settings have been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save the referral settings`, description: errorMessage(i18n, error) }),
    }),
  );
  return (
    <AdminAmountsForm
      title={t`Referral credit`}
      description={t`Changes apply to referrals rewarded from now on; credit already given keeps its amount and expiry.`}
      fields={[
        { name: 'referrerCredit', label: t`The inviter receives (SAR)` },
        { name: 'referredCredit', label: t`The invited friend receives (SAR)` },
        { name: 'creditValidDays', label: t`Credit valid for (days)`, whole: true },
      ]}
      saved={saved}
      saving={save.isPending}
      error={save.error}
      onSave={(form) => save.mutate(form)}
      testIdPrefix="wallet-setting"
    />
  );
}
