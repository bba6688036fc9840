import { Button, Field, HStack, Skeleton, Stack, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { formatSar } from '../../../shared/money.ts';
import { PAYOUT_NOTE_MAX, reversePayoutInput } from '../../../shared/payout-schemas.ts';
import { DialogShell } from '../../components/form-dialog.tsx';
import { LabAccountFigures, type PayoutRow, PayoutTable } from '../../components/lab-account.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated } from '../../lib/bidi.ts';
import { errorCode, errorMessage, fieldError, fieldMessage } from '../../lib/errors.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

const NO_LAB = '00000000-0000-0000-0000-000000000000';

/**
 * One lab's account and its transfers, newest recorded first (admin.labPayouts): what the lab itself
 * sees. A transfer recorded by mistake is reversed with a reason (admin.reversePayout), never edited.
 */
export function PayoutHistoryDialog({ lab, onClose }: { lab: { labId: string; labName: string } | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const [reversing, setReversing] = useState<PayoutRow | null>(null);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const payouts = useInfiniteQuery({
    ...trpc.admin.labPayouts.infiniteQueryOptions(
      { labId: lab?.labId ?? NO_LAB, limit: 10 },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    enabled: lab !== null,
  });
  const reverse = useMutation(
    trpc.admin.reversePayout.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Transfer reversed.` });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.labPayouts.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.labBalances.queryKey() });
        setReversing(null);
      },
      onError: (error) => {
        if (errorCode(error) !== 'VALIDATION_FAILED')
          notify.error({ title: t`Could not reverse the transfer`, description: errorMessage(i18n, error) });
      },
    }),
  );
  // A fresh reason for each transfer being reversed.
  useEffect(() => {
    if (reversing === null) return;
    setReason('');
    setMissingReason(false);
    reverse.reset();
  }, [reversing, reverse.reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reversing) return;
    const parsed = reversePayoutInput.safeParse({ payoutId: reversing.id, note: reason });
    setMissingReason(!parsed.success);
    if (parsed.success) reverse.mutate(parsed.data);
  };
  const reasonProblem = missingReason
    ? fieldMessage(i18n, 'required')
    : reverse.error
      ? fieldError(i18n, reverse.error, 'note', { max: PAYOUT_NOTE_MAX })
      : undefined;
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <DialogShell
      open={lab !== null}
      onClose={() => {
        setReversing(null);
        onClose();
      }}
      size="xl"
      scrollBehavior="inside"
      testId="payout-history-dialog"
      title={t`Transfers to ${isolated(lab?.labName ?? '')}`}
    >
      {payouts.isError ? (
        <ErrorState title={t`Error fetching transfers`} error={payouts.error} onRetry={() => void payouts.refetch()} />
      ) : (
        <Stack gap="5">
          <LabAccountFigures account={payouts.data?.pages[0]?.account} loading={payouts.isPending} />
          {payouts.isPending ? (
            <Skeleton height="16" rounded="md" />
          ) : (
            <PayoutTable
              items={items}
              action={(payout) =>
                payout.reverses_id || payout.reversed_by ? null : (
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setReversing(payout)}>
                    <Undo2 aria-hidden />
                    {t`Reverse`}
                  </Button>
                )
              }
            />
          )}
          {reversing && (
            <Stack asChild gap="3" borderWidth="1px" rounded="md" padding="4">
              <form onSubmit={submit} noValidate data-testid="reverse-payout-form">
                <Field.Root invalid={Boolean(reasonProblem)} required>
                  <Field.Label>{t`Why is the transfer of ${formatSar(reversing.amount, locale)} being reversed?`}</Field.Label>
                  <Textarea
                    rows={2}
                    value={reason}
                    onChange={(event) => {
                      setReason(event.target.value);
                      setMissingReason(false);
                    }}
                    maxLength={PAYOUT_NOTE_MAX + 10}
                  />
                  <Field.HelperText>{t`A reversing entry is recorded; the original transfer stays in the history.`}</Field.HelperText>
                  <Field.ErrorText>{reasonProblem}</Field.ErrorText>
                </Field.Root>
                <HStack gap="2">
                  <Button type="submit" size="sm" colorPalette="red" loading={reverse.isPending}>
                    {t`Record the reversal`}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setReversing(null)}>
                    {t`Cancel`}
                  </Button>
                </HStack>
              </form>
            </Stack>
          )}
          {payouts.hasNextPage && (
            <Button variant="outline" alignSelf="center" loading={payouts.isFetchingNextPage} onClick={() => void payouts.fetchNextPage()}>
              {t`Show older transfers`}
            </Button>
          )}
        </Stack>
      )}
    </DialogShell>
  );
}
