import { Alert, Button, Card, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { EmailAddress } from '../../components/email-address.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * A guest keeps its bookings by adding an e-mail and a password to the same account. It stays a guest
 * until the link mailed to the address is opened; the answer is the same whether or not the address
 * already has an account (its owner is mailed instead), so the card only says where to look next.
 */
export function GuestUpgradeCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useSession();
  // The address the guest gave for its booking mails, offered as the account's (it is confirmed by the link mailed to it).
  const [form, setForm] = useState({ email: user?.contact_email ?? '', password: '' });
  // The address the mail went to, shown until the page is left.
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const upgrade = useMutation(
    trpc.auth.upgradeAnonymous.mutationOptions({
      onSuccess: (user, { email }) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        setMailedTo(email);
        setForm({ email: '', password: '' });
        notify.success({
          title: t`Check your inbox to finish`,
          description: t`We sent a mail to ${email}. Open the link in it to confirm the address; then log in with your e-mail and password.`,
        });
      },
      onError: (error) => notify.error({ title: t`Could not create your account`, description: errorMessage(i18n, error) }),
    }),
  );
  const invalid = (field: 'email' | 'password') => (upgrade.error ? fieldError(i18n, upgrade.error, field) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    upgrade.mutate(form);
  };
  return (
    <Card.Root variant="outline" borderColor="brand.solid" asChild data-testid="guest-upgrade-form">
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading as="h3" size="md">
            {t`Keep your bookings: create a full account`}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t`You are booking as a guest. Add an e-mail and a password to log in from any device; your bookings and results stay with you.`}
          </Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            {mailedTo && (
              <Alert.Root status="info" data-testid="guest-upgrade-mailed">
                <Alert.Indicator />
                <Alert.Title fontWeight="normal">
                  <Trans>
                    We sent a mail to <EmailAddress>{mailedTo}</EmailAddress>. Until you open the link in it, you are still booking as a
                    guest.
                  </Trans>
                </Alert.Title>
              </Alert.Root>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(invalid('email'))} required>
                <Field.Label>{t`E-mail`}</Field.Label>
                <Input
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  value={form.email}
                  onChange={(event) => setForm((current) => ({ ...current, email: event.target.value }))}
                />
                <Field.ErrorText>{invalid('email')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('password'))} required>
                <Field.Label>{t`Password`}</Field.Label>
                <Input
                  type="password"
                  dir="ltr"
                  autoComplete="new-password"
                  value={form.password}
                  onChange={(event) => setForm((current) => ({ ...current, password: event.target.value }))}
                />
                {invalid('password') ? (
                  <Field.ErrorText>{invalid('password')}</Field.ErrorText>
                ) : (
                  <Field.HelperText>{t`At least 8 characters.`}</Field.HelperText>
                )}
              </Field.Root>
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={upgrade.isPending}>
              <UserPlus aria-hidden />
              {t`Create my account`}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
