import { Alert, Button, Card, Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Save, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Locale } from '../../../shared/locale.ts';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { activateLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type User = NonNullable<RouterOutputs['auth']['me']>;

function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name);
  const [locale, setLocale] = useState<Locale>(user.locale);
  const save = useMutation(
    trpc.account.updateProfile.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
        if (updated.locale !== i18n.locale) await activateLocale(updated.locale);
        notify.success({ title: t`Your settings have been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save your settings`, description: errorMessage(i18n, error) }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name, locale });
  };
  const invalidName = save.error ? fieldError(i18n, save.error, 'name') : undefined;
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading as="h3" size="md">
            {t`Profile`}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(invalidName)} required>
                <Field.Label>{user.user_type === 'lab' ? t`Account name` : t`Full name`}</Field.Label>
                <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" />
                <Field.ErrorText>{invalidName}</Field.ErrorText>
              </Field.Root>
              <Field.Root>
                <Field.Label>{t`Language`}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={locale} onChange={(event) => setLocale(event.currentTarget.value as Locale)}>
                    <option value="ar" lang="ar">
                      العربية
                    </option>
                    <option value="en" lang="en">
                      English
                    </option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>{t`Used for the site and for messages we send you.`}</Field.HelperText>
              </Field.Root>
            </SimpleGrid>
            {user.email && (
              <Text fontSize="sm" color="fg.muted">
                {t`E-mail`}: <bdi>{user.email}</bdi>
              </Text>
            )}
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending}>
              <Save aria-hidden />
              {t`Save changes`}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function PasswordCard() {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: () => {
        setForm({ currentPassword: '', newPassword: '', confirm: '' });
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
  const wrongCurrent = (change.error?.data as { appCode?: string } | undefined)?.appCode === 'WRONG_PASSWORD';
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
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
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
              {t`Change password`}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

/** A guest keeps its bookings by adding an e-mail and a password to the same account. */
function GuestUpgradeCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ email: '', password: '' });
  const upgrade = useMutation(
    trpc.auth.upgradeAnonymous.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        notify.success({ title: t`Your account is ready.`, description: t`From now on, log in with your e-mail and password.` });
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

/** Name, language and password for every role; a guest gets the account upgrade instead of a password. */
export function AccountSettings({ user, title }: { user: User; title?: string }) {
  const { t } = useLingui();
  return (
    <Stack gap="6">
      <SectionTitle title={title ?? t`Settings`} />
      {user.is_anonymous && <GuestUpgradeCard />}
      <ProfileCard user={user} />
      {user.is_anonymous ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t`Create a full account above to set a password.`}</Alert.Title>
        </Alert.Root>
      ) : (
        <PasswordCard />
      )}
    </Stack>
  );
}
