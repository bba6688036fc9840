import { Skeleton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '../../components/query-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { AdminAmountsForm } from './admin-amounts-form.tsx';

type CreditName = 'lateResultsCredit' | 'lateCollectorCredit';

/**
 * The service guarantee's two credits (issue #79 item 6, ADR 0093): what a customer's wallet receives
 * when results come after the lab's stated turnaround, or a home collector sets out late. Typed in any
 * digits; a change applies to credits given from then on.
 */
export function AdminGuaranteeSettings() {
  const { t } = useLingui();
  const settings = useQuery(trpc.wallet.guaranteeSettings.queryOptions());
  if (settings.isError) {
    return <ErrorState title={t`Could not load the guarantee credits`} error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (settings.isPending) return <Skeleton height="40" rounded="lg" />;
  return <GuaranteeForm saved={settings.data} />;
}

function GuaranteeForm({ saved }: { saved: Record<CreditName, number> }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.wallet.saveGuaranteeSettings.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.wallet.guaranteeSettings.queryKey(), answer);
        notify.success({ title: t`The guarantee credits have been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save the guarantee credits`, description: errorMessage(i18n, error) }),
    }),
  );
  return (
    <AdminAmountsForm
      title={t`Service guarantee credit`}
      description={t`Paid into the customer's wallet and charged to the lab when it misses a promise; credit already given keeps its amount.`}
      fields={[
        { name: 'lateResultsCredit', label: t`Results later than the stated time (SAR)` },
        { name: 'lateCollectorCredit', label: t`Home collector late (SAR)` },
      ]}
      saved={saved}
      saving={save.isPending}
      error={save.error}
      onSave={(form) => save.mutate(form)}
      testIdPrefix="guarantee-setting"
    />
  );
}
