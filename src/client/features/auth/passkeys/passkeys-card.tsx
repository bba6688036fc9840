import { Badge, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PASSKEY_NAME_MAX } from '../../../../shared/passkey-schemas.ts';
import { notify } from '../../../components/ui/toaster.tsx';
import { formatDate } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc, trpcClient } from '../../../lib/trpc.ts';
import { passkeyErrorMessage } from './passkey-errors.ts';

/**
 * Passkeys in account settings: add one under a name (the browser asks for the fingerprint, face or PIN
 * that unlocks it), see them with when each was last used, remove one. Signing in with a passkey needs
 * no password and no code (docs/decisions/0025).
 */
export function PasskeysCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const passkeys = useQuery(trpc.account.passkeys.queryOptions());
  const [name, setName] = useState('');
  const saveList = (list: NonNullable<typeof passkeys.data>) => queryClient.setQueryData(trpc.account.passkeys.queryKey(), list);
  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      const optionsJSON = await trpcClient.account.passkeyRegistrationOptions.mutate();
      const { startRegistration } = await import('@simplewebauthn/browser');
      // The options cross tRPC as plain JSON; the library types their (unused) extensions more narrowly.
      const response = await startRegistration({ optionsJSON: optionsJSON as PublicKeyCredentialCreationOptionsJSON });
      return trpcClient.account.passkeyRegister.mutate({ name: passkeyName, response });
    },
    onSuccess: (list) => {
      saveList(list);
      setName('');
      notify.success({ title: t`Passkey added. You can now sign in with it.` });
    },
  });
  const remove = useMutation(
    trpc.account.passkeyRemove.mutationOptions({
      onSuccess: (list) => {
        saveList(list);
        notify.success({ title: t`Passkey removed. It can no longer sign in.` });
      },
      onError: (error) => notify.error({ title: passkeyErrorMessage(i18n, error) }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || t`My passkey`);
  };
  const locale = activeLocale();
  const list = passkeys.data ?? [];
  return (
    <Card.Root variant="outline" data-testid="passkeys-card">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md">
            {t`Passkeys`}
          </Heading>
          {passkeys.data && (
            <Badge colorPalette={list.length > 0 ? 'green' : 'gray'} size="lg">
              {list.length > 0 ? t`On` : t`Off`}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Text color="fg.muted">
            {t`Sign in with your fingerprint, face or device PIN instead of your password and code. A passkey stays on your device and cannot be phished.`}
          </Text>
          {list.length > 0 && (
            <Stack as="ul" gap="3" listStyleType="none" ps="0" aria-label={t`Your passkeys`}>
              {list.map((passkey) => {
                const added = formatDate(new Date(passkey.created_at), locale);
                const used = passkey.last_used_at ? formatDate(new Date(passkey.last_used_at), locale) : null;
                return (
                  <HStack
                    as="li"
                    key={passkey.id}
                    data-testid="passkey-row"
                    justify="space-between"
                    align="center"
                    gap="3"
                    borderWidth="1px"
                    rounded="l2"
                    p="3"
                  >
                    <HStack gap="3" minW="0" align="start">
                      <KeyRound aria-hidden size={20} style={{ flexShrink: 0, marginTop: 2 }} />
                      <Stack gap="0.5" minW="0">
                        <Text fontWeight="semibold" overflowWrap="anywhere">
                          {passkey.name}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          {used ? t`Added ${added} · last used ${used}` : t`Added ${added} · not used yet`}
                        </Text>
                      </Stack>
                    </HStack>
                    <Button
                      variant="outline"
                      colorPalette="red"
                      size="sm"
                      flexShrink={0}
                      loading={remove.isPending && remove.variables?.id === passkey.id}
                      onClick={() => remove.mutate({ id: passkey.id })}
                      aria-label={t`Remove passkey ${passkey.name}`}
                    >
                      <Trash2 aria-hidden />
                      {t`Remove`}
                    </Button>
                  </HStack>
                );
              })}
            </Stack>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="3">
              <Field.Root invalid={Boolean(add.error)}>
                <Field.Label>{t`Passkey name`}</Field.Label>
                <Input
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  maxLength={PASSKEY_NAME_MAX}
                  placeholder={t`For example: my phone`}
                />
                <Field.HelperText>{t`A name to tell your passkeys apart, such as the device it is on.`}</Field.HelperText>
                {add.error && <Field.ErrorText>{passkeyErrorMessage(i18n, add.error)}</Field.ErrorText>}
              </Field.Root>
              <Button type="submit" colorPalette="brand" alignSelf="start" loading={add.isPending}>
                <KeyRound aria-hidden />
                {t`Add a passkey`}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
