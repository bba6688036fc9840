import { Alert, Button, Field, Heading, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { EmailAddress } from '../../components/email-address.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * A new address takes effect once its owner opens the link mailed to it; until then the account
 * keeps its address. The current password proves it is the account's owner asking (an account that
 * signed up with Google has none, and is not asked).
 */
export function ChangeEmailForm({ hasPassword }: { hasPassword: boolean }) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState({ newEmail: '', currentPassword: '' });
  // The address waiting for its owner to open the link, shown until the page is left.
  const [awaitingEmail, setAwaitingEmail] = useState<string | null>(null);
  const change = useMutation(
    trpc.account.changeEmail.mutationOptions({
      onSuccess: ({ email }) => {
        setForm({ newEmail: '', currentPassword: '' });
        setAwaitingEmail(email);
        notify.success({ title: t`We sent a confirmation link to ${email}. Your address changes once you open it.` });
      },
      onError: (error) => notify.error({ title: t`Could not change your e-mail`, description: errorMessage(i18n, error) }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ newEmail: form.newEmail, currentPassword: form.currentPassword || undefined });
  };
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const invalidEmail = change.error ? fieldError(i18n, change.error, 'newEmail') : undefined;
  const wrongPassword = errorCode(change.error) === 'WRONG_PASSWORD';

  return (
    <form onSubmit={submit} noValidate data-testid="change-email-form">
      <Stack gap="4">
        <Heading as="h4" size="sm">
          {t`Change e-mail`}
        </Heading>
        {awaitingEmail && <PendingChange email={awaitingEmail} />}
        <SimpleGrid columns={{ base: 1, md: hasPassword ? 2 : 1 }} gap="4">
          <Field.Root invalid={Boolean(invalidEmail)} required>
            <Field.Label>{t`New e-mail`}</Field.Label>
            <Input type="email" dir="ltr" autoComplete="email" value={form.newEmail} onChange={set('newEmail')} />
            <Field.ErrorText>{invalidEmail}</Field.ErrorText>
          </Field.Root>
          {hasPassword && (
            <Field.Root invalid={wrongPassword} required>
              <Field.Label>{t`Current password`}</Field.Label>
              <Input
                type="password"
                dir="ltr"
                autoComplete="current-password"
                value={form.currentPassword}
                onChange={set('currentPassword')}
              />
              <Field.ErrorText>{t`Your current password is not correct.`}</Field.ErrorText>
            </Field.Root>
          )}
        </SimpleGrid>
        <Button type="submit" variant="outline" colorPalette="brand" alignSelf="start" loading={change.isPending}>
          <MailPlus aria-hidden />
          {t`Change e-mail`}
        </Button>
      </Stack>
    </form>
  );
}

function PendingChange({ email }: { email: string }) {
  return (
    <Alert.Root status="info" data-testid="email-change-pending">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">
        <Trans>
          We sent a confirmation link to <EmailAddress>{email}</EmailAddress>. Your address changes once you open it.
        </Trans>
      </Alert.Title>
    </Alert.Root>
  );
}
