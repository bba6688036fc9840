import { Dialog, Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { z } from 'zod';
import {
  BANK_REFERENCE_MAX,
  PAYOUT_NOTE_MAX,
  PAYOUT_TIME_ZONE,
  type RecordPayoutInput,
  recordPayoutInput,
} from '../../../shared/payout-schemas.ts';
import { todayIn } from '../../../shared/time.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Price } from '../../components/price.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated } from '../../lib/bidi.ts';
import { errorCode, errorMessage, type FieldLimits, fieldError, fieldMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

export interface PayoutTarget {
  labId: string;
  labName: string;
  balance: number;
}

type FormField = 'amount' | 'paidOn' | 'bankReference' | 'note';
const limits: Partial<Record<FormField, FieldLimits>> = { bankReference: { max: BANK_REFERENCE_MAX }, note: { max: PAYOUT_NOTE_MAX } };
const blank = () => ({ amount: '', paidOn: todayIn(PAYOUT_TIME_ZONE), bankReference: '', note: '' });

/**
 * Records a bank transfer to a lab (admin.recordPayout): the amount in SAR, the transfer's date and the
 * bank's reference, checked with the server's own schema first; each problem shows at its field, and a
 * payout above the balance due at the amount.
 */
export function RecordPayoutDialog({ target, onClose }: { target: PayoutTarget | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(blank);
  const [problems, setProblems] = useState<Partial<Record<FormField, string>>>({});
  const record = useMutation(
    trpc.admin.recordPayout.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Transfer recorded.` });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.labBalances.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.labPayouts.pathKey() });
        onClose();
      },
      onError: (error) => {
        if (errorCode(error) === 'PAYOUT_EXCEEDS_BALANCE') setProblems({ amount: errorMessage(i18n, error) });
        else if (errorCode(error) !== 'VALIDATION_FAILED')
          notify.error({ title: t`Could not record the transfer`, description: errorMessage(i18n, error) });
      },
    }),
  );
  useEffect(() => {
    if (target === null) return;
    setForm(blank());
    setProblems({});
    record.reset();
  }, [target, record.reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const amount = form.amount.trim() === '' ? undefined : Number(form.amount.replace(/[,،\s]/g, ''));
    const parsed = recordPayoutInput.safeParse({ ...form, labId: target.labId, amount, note: form.note });
    const fields = parsed.success ? {} : (z.flattenError(parsed.error).fieldErrors as Partial<Record<FormField, string[]>>);
    // Letters in the amount are not a missing amount.
    if (amount !== undefined && Number.isNaN(amount)) fields.amount = ['invalid'];
    if (!parsed.success || fields.amount) {
      setProblems(
        Object.fromEntries(
          Object.entries(fields).map(([field, keys]) => [field, fieldMessage(i18n, keys?.[0] ?? 'invalid', limits[field as FormField])]),
        ),
      );
      return;
    }
    setProblems({});
    record.mutate(parsed.data satisfies RecordPayoutInput);
  };

  const problem = (field: FormField) =>
    problems[field] ?? (record.error ? fieldError(i18n, record.error, field, limits[field]) : undefined);
  const set = (field: FormField) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      testId="record-payout-dialog"
      title={t`Record a transfer`}
      onSubmit={submit}
      submit={{ label: t`Record transfer`, pending: record.isPending }}
    >
      <Stack gap="4">
        <Dialog.Description>
          {target && (
            <Text as="span">
              {t`To ${isolated(target.labName)}. Balance due:`} <Price value={target.balance} />
            </Text>
          )}
        </Dialog.Description>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem('amount'))} required>
            <Field.Label>{t`Amount transferred (SAR)`}</Field.Label>
            <NumericInput
              name="amount"
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              value={form.amount}
              onChange={set('amount')}
              placeholder="0.00"
            />
            <Field.ErrorText>{problem('amount')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('paidOn'))} required>
            <Field.Label>{t`Transfer date`}</Field.Label>
            <Input name="paidOn" type="date" value={form.paidOn} max={todayIn(PAYOUT_TIME_ZONE)} onChange={set('paidOn')} />
            <Field.ErrorText>{problem('paidOn')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={Boolean(problem('bankReference'))} required>
          <Field.Label>{t`Bank transfer reference`}</Field.Label>
          <Input
            name="bankReference"
            dir="ltr"
            autoComplete="off"
            maxLength={BANK_REFERENCE_MAX + 10}
            value={form.bankReference}
            onChange={set('bankReference')}
          />
          <Field.HelperText>{t`As it appears on the bank's transfer advice.`}</Field.HelperText>
          <Field.ErrorText>{problem('bankReference')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(problem('note'))}>
          <Field.Label>{t`Note (optional)`}</Field.Label>
          <Textarea name="note" rows={2} value={form.note} onChange={set('note')} maxLength={PAYOUT_NOTE_MAX + 10} />
          <Field.ErrorText>{problem('note')}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
