import { Button, Card, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** A new password given the current one; an account that signed up with Google sets its first without one. */
export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: () => {
        setForm({ currentPassword: '', newPassword: '', confirm: '' });
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        notify.success({ title: t`Your password has been changed.`, description: t`You have been signed out on your other devices.` });
      },
      onError: (error) => notify.error({ title: t`Could not change your password`, description: errorMessage(i18n, error) }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const different = form.newPassword !== form.confirm;
    setMismatch(different);
    if (different) return;
    change.mutate({ currentPassword: form.currentPassword || undefined, newPassword: form.newPassword });
  };
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const wrongCurrent = errorCode(change.error) === 'WRONG_PASSWORD';
  const invalidNew = change.error ? fieldError(i18n, change.error, 'newPassword') : undefined;
  return (
    <Card.Root variant="outline" asChild data-testid="password-form">
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading as="h3" size="md">
            {t`Password`}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            {!hasPassword && <Text color="fg.muted">{t`You signed up with Google: set a password to log in with your e-mail too.`}</Text>}
            <SimpleGrid columns={{ base: 1, md: hasPassword ? 3 : 2 }} gap="4">
              {hasPassword && (
                <Field.Root invalid={wrongCurrent}>
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
              <Field.Root invalid={Boolean(invalidNew)} required>
                <Field.Label>{t`New password`}</Field.Label>
                <Input type="password" dir="ltr" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} />
                {invalidNew ? (
                  <Field.ErrorText>{invalidNew}</Field.ErrorText>
                ) : (
                  <Field.HelperText>{t`At least 8 characters.`}</Field.HelperText>
                )}
              </Field.Root>
              <Field.Root invalid={mismatch} required>
                <Field.Label>{t`Confirm new password`}</Field.Label>
                <Input type="password" dir="ltr" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} />
                <Field.ErrorText>{t`The passwords do not match.`}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Button type="submit" variant="outline" colorPalette="brand" alignSelf="start" loading={change.isPending}>
              <KeyRound aria-hidden />
              {hasPassword ? t`Change password` : t`Set a password`}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
