import { Button, Checkbox, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PhoneCall } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import { criticalCallInput } from '../../../shared/result-schemas.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { errorCode, errorDetails, errorMessage, fieldMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

type CallField = 'callerName' | 'calledPerson' | 'calledAt' | 'readBack';

const NAME_LIMITS = { min: 2, max: 100 };

/** A `datetime-local` value for an instant, in the browser's own zone (the lab's clock). */
function localInputValue(instant: Date): string {
  const shifted = new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The call's time as typed (the browser's zone), as an instant; null when the field is empty or incomplete. */
function typedInstant(value: string): string | null {
  const instant = new Date(value);
  return value === '' || Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/**
 * The lab records its call about a critical value (results.recordCriticalCall): who called, whom, when
 * (now unless changed), and that the value was read back. Until it is recorded the report is not released.
 */
export function CriticalCallForm({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [form, setForm] = useState(() => ({ callerName: '', calledPerson: '', calledAt: localInputValue(new Date()), readBack: false }));
  const [problems, setProblems] = useState<Partial<Record<CallField, string>>>({});
  const record = useMutation(
    trpc.results.recordCriticalCall.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`The call has been recorded. You can release the report now.` });
        void queryClient.invalidateQueries({ queryKey: trpc.results.sheet.queryKey({ bookingId }) });
      },
      onError: (error) => {
        const fields = errorDetails(error)?.fields;
        if (errorCode(error) === 'VALIDATION_FAILED' && Array.isArray(fields) && fields.includes('calledAt'))
          setProblems({ calledAt: fieldMessage(i18n, 'date_in_future') });
        else notify.error({ title: t`Could not record the call`, description: errorMessage(i18n, error) });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const calledAt = typedInstant(form.calledAt);
    const parsed = criticalCallInput.safeParse({ ...form, bookingId, calledAt });
    const found: Partial<Record<CallField, string>> = {};
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors as Partial<Record<CallField, string[]>>;
      for (const field of ['callerName', 'calledPerson', 'calledAt', 'readBack'] as const) {
        const key = fields[field]?.[0];
        if (key) found[field] = fieldMessage(i18n, field === 'calledAt' && calledAt === null ? 'required' : key, NAME_LIMITS);
      }
      if (found.readBack) found.readBack = t`Ask the person you called to read the value back to you, then tick this box.`;
    }
    if (calledAt && new Date(calledAt).getTime() > Date.now() + 5 * 60_000) found.calledAt = fieldMessage(i18n, 'date_in_future');
    setProblems(found);
    if (parsed.success && Object.keys(found).length === 0) record.mutate(parsed.data);
  };
  const set = (field: 'callerName' | 'calledPerson' | 'calledAt') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  return (
    <Stack asChild gap="4" borderWidth="1px" borderColor="border.error" rounded="md" padding="4">
      <form onSubmit={submit} noValidate aria-labelledby={headingId} data-testid="critical-call-form">
        <Stack gap="1">
          <Heading as="h3" size="sm" id={headingId} display="flex" alignItems="center" gap="2">
            <PhoneCall size={16} aria-hidden />
            {t`Record the call`}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t`Call the patient (or their doctor) about the critical value, read it back, and record the call here. The report can be released once the call is recorded.`}
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field.Root invalid={Boolean(problems.callerName)} required>
            <Field.Label>{t`Who called`}</Field.Label>
            <Input name="callerName" autoComplete="name" maxLength={110} value={form.callerName} onChange={set('callerName')} />
            <Field.ErrorText>{problems.callerName}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problems.calledPerson)} required>
            <Field.Label>{t`Person called`}</Field.Label>
            <Input name="calledPerson" autoComplete="off" maxLength={110} value={form.calledPerson} onChange={set('calledPerson')} />
            <Field.HelperText>{t`The patient, a relative or their doctor.`}</Field.HelperText>
            <Field.ErrorText>{problems.calledPerson}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problems.calledAt)} required>
            <Field.Label>{t`When`}</Field.Label>
            <Input
              name="calledAt"
              type="datetime-local"
              dir="ltr"
              max={localInputValue(new Date())}
              value={form.calledAt}
              onChange={set('calledAt')}
            />
            <Field.ErrorText>{problems.calledAt}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={Boolean(problems.readBack)} required>
          <Checkbox.Root
            checked={form.readBack}
            onCheckedChange={(event) => setForm((current) => ({ ...current, readBack: event.checked === true }))}
            invalid={Boolean(problems.readBack)}
            colorPalette="brand"
            alignItems="start"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" data-testid="critical-call-read-back" />
            <Checkbox.Label fontWeight="normal">{t`The person called read the value back to me`}</Checkbox.Label>
          </Checkbox.Root>
          <Field.ErrorText>{problems.readBack}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="red" alignSelf="start" loading={record.isPending} data-testid="record-critical-call">
          <PhoneCall aria-hidden />
          {t`Record the call`}
        </Button>
      </form>
    </Stack>
  );
}
