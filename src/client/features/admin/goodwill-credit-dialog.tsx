import { Dialog, Field, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { GOODWILL_CREDIT_MAX, GOODWILL_NOTE_MAX, GOODWILL_NOTE_MIN } from '../../../shared/wallet-schemas.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated } from '../../lib/bidi.ts';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { formatCurrency, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

export interface GoodwillTarget {
  userId: string;
  name: string;
}

const blank = (validDays: number) => ({ grantId: crypto.randomUUID(), amount: '', validDays: String(validDays), note: '' });

/**
 * Gives a customer wallet credit by hand (wallet.grantGoodwill, ADR 0093): the amount, how many days it
 * lasts (the referral credit's by default), and why, which the audit log keeps and the customer does not
 * see; the customer is mailed. One grant per opening of the form, however often Give is tapped.
 */
export function GoodwillCreditDialog({ target, onClose }: { target: GoodwillTarget | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const settings = useQuery({ ...trpc.wallet.settings.queryOptions(), enabled: target !== null });
  const defaultDays = settings.data?.creditValidDays ?? 90;
  const [form, setForm] = useState(() => blank(defaultDays));
  const grant = useMutation(
    trpc.wallet.grantGoodwill.mutationOptions({
      onSuccess: (answer) => {
        notify.success({
          title: t`Credit given.`,
          description: t`Their wallet now holds ${formatCurrency(answer.balance, 'SAR', locale)}.`,
        });
        onClose();
      },
      onError: (error) => {
        if (errorCode(error) !== 'VALIDATION_FAILED')
          notify.error({ title: t`Could not give the credit`, description: errorMessage(i18n, error) });
      },
    }),
  );
  useEffect(() => {
    if (target === null) return;
    setForm(blank(defaultDays));
    grant.reset();
  }, [target, defaultDays, grant.reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target) grant.mutate({ ...form, userId: target.userId });
  };
  const problem = (field: 'amount' | 'validDays' | 'note') =>
    grant.error
      ? fieldError(i18n, grant.error, field, field === 'note' ? { min: GOODWILL_NOTE_MIN, max: GOODWILL_NOTE_MAX } : undefined)
      : undefined;
  const set = (field: 'amount' | 'validDays' | 'note') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      testId="goodwill-credit-dialog"
      title={t`Give wallet credit`}
      onSubmit={submit}
      submit={{ label: t`Give credit`, pending: grant.isPending }}
    >
      <Stack gap="4">
        <Dialog.Description>
          {target &&
            t`To ${isolated(target.name)}. They are mailed the amount and until when it lasts; your reason stays in the audit log.`}
        </Dialog.Description>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem('amount'))} required>
            <Field.Label>{t`Amount (SAR)`}</Field.Label>
            <NumericInput name="amount" inputMode="decimal" dir="ltr" autoComplete="off" value={form.amount} onChange={set('amount')} />
            <Field.HelperText>{t`At most ${formatNumber(GOODWILL_CREDIT_MAX, locale)} SAR.`}</Field.HelperText>
            <Field.ErrorText>{problem('amount')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('validDays'))} required>
            <Field.Label>{t`Valid for (days)`}</Field.Label>
            <NumericInput
              name="validDays"
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              value={form.validDays}
              onChange={set('validDays')}
            />
            <Field.ErrorText>{problem('validDays')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={Boolean(problem('note'))} required>
          <Field.Label>{t`Reason`}</Field.Label>
          <Textarea name="note" rows={2} value={form.note} onChange={set('note')} maxLength={GOODWILL_NOTE_MAX} />
          <Field.ErrorText>{problem('note')}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
