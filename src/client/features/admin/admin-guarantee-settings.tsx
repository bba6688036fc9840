import { Button, Card, Field, Heading, Input, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../components/query-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

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
  const [form, setForm] = useState<Record<CreditName, string>>(() => ({
    lateResultsCredit: String(saved.lateResultsCredit),
    lateCollectorCredit: String(saved.lateCollectorCredit),
  }));
  const save = useMutation(
    trpc.wallet.saveGuaranteeSettings.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.wallet.guaranteeSettings.queryKey(), answer);
        notify.success({ title: t`The guarantee credits have been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save the guarantee credits`, description: errorMessage(i18n, error) }),
    }),
  );
  const invalid = (field: CreditName) => (save.error ? fieldError(i18n, save.error, field) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  const field = (name: CreditName, label: string) => (
    <Field.Root invalid={Boolean(invalid(name))} required>
      <Field.Label>{label}</Field.Label>
      <Input
        inputMode="decimal"
        dir="ltr"
        value={form[name]}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
        data-testid={`guarantee-setting-${name}`}
      />
      <Field.ErrorText>{invalid(name)}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading as="h3" size="md">
            {t`Service guarantee credit`}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t`Paid into the customer's wallet and charged to the lab when it misses a promise; credit already given keeps its amount.`}
          </Text>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {field('lateResultsCredit', t`Results later than the stated time (SAR)`)}
            {field('lateCollectorCredit', t`Home collector late (SAR)`)}
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
