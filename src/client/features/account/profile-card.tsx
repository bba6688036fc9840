import { Button, Card, Field, Heading, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Locale } from '../../../shared/locale.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { activateLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import type { SessionUser } from '../../lib/use-session.ts';

/** Name and language, for every role. */
export function ProfileCard({ user }: { user: SessionUser }) {
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
