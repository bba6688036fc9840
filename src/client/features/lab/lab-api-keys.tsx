import { Alert, Badge, Button, Card, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { LAB_API_KEY_NAME_MAX, LAB_API_KEYS_ACTIVE_MAX } from '../../../shared/lab-api-key-schemas.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DialogShell } from '../../components/form-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { ShownSecret } from '../../components/shown-secret.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated } from '../../lib/bidi.ts';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type ApiKey = RouterOutputs['labApiKeys']['list'][number];

/** A refusal to make a key in the lab's words: the name taken, or as many keys as a lab may have. */
function createErrorMessage(i18n: I18n, error: unknown): string {
  const reason = (error as { data?: { details?: { reason?: unknown } } } | null)?.data?.details?.reason;
  if (errorCode(error) === 'CONFLICT' && reason === 'api_key_name_taken') {
    return i18n._(msg`Another working key already has this name. Choose a different one.`);
  }
  if (errorCode(error) === 'CONFLICT' && reason === 'api_key_limit') {
    const limit = LAB_API_KEYS_ACTIVE_MAX;
    return i18n._(msg`Your lab has ${limit} working keys, as many as it may have. Revoke one first.`);
  }
  return fieldError(i18n, error, 'name', { max: LAB_API_KEY_NAME_MAX }) ?? errorMessage(i18n, error);
}

/**
 * The lab's API keys, with which its own laboratory information system sends results (ADR 0059): made
 * under a name and shown once, listed by name and prefix with their last use, revoked after a confirmation.
 * Making one asks for the password again when its last entry is old (the dashboard's PasswordConfirmDialog).
 */
export function LabApiKeys() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.labApiKeys.list.queryOptions());
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revokingName = isolated(revoking?.name ?? '');
  const saveList = (list: ApiKey[]) => queryClient.setQueryData(trpc.labApiKeys.list.queryKey(), list);

  const create = useMutation(
    trpc.labApiKeys.create.mutationOptions({
      onSuccess: (made, input) => {
        saveList(made.keys);
        setName('');
        setShown({ name: input.name.trim(), key: made.key });
      },
    }),
  );
  const revoke = useMutation(
    trpc.labApiKeys.revoke.mutationOptions({
      onSuccess: (list) => {
        saveList(list);
        setRevoking(null);
        notify.success({ title: t`Key revoked. Requests that use it are refused from now on.` });
      },
      onError: (error) => notify.error({ title: t`Could not revoke the key`, description: errorMessage(i18n, error) }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameMissing(true);
      return;
    }
    setNameMissing(false);
    create.mutate({ name });
  };
  const nameProblem = nameMissing
    ? t`Give the key a name, such as the name of your system.`
    : create.error
      ? createErrorMessage(i18n, create.error)
      : undefined;

  return (
    <Stack gap="6" data-testid="lab-api-keys">
      <SectionTitle
        title={t`API keys`}
        description={t`Your laboratory information system (LIS) sends results to Tahaleel with a key. Each key works for your lab only; revoke a key you no longer use.`}
      />
      <Card.Root variant="outline">
        <Card.Body gap="5">
          {keys.isError ? (
            <ErrorState title={t`Error fetching your API keys`} error={keys.error} onRetry={() => void keys.refetch()} />
          ) : keys.isPending ? (
            <Skeleton height="20" rounded="l2" />
          ) : keys.data.length === 0 ? (
            <EmptyState>{t`No API keys yet. Make one below for each system that sends your results.`}</EmptyState>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" ps="0" aria-label={t`Your API keys`}>
              {keys.data.map((key) => (
                <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
              ))}
            </Stack>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="3">
              <Field.Root invalid={Boolean(nameProblem)}>
                <Field.Label>{t`New key's name`}</Field.Label>
                <Input
                  value={name}
                  onChange={(event) => {
                    setName(event.target.value);
                    setNameMissing(false);
                    if (create.isError) create.reset();
                  }}
                  maxLength={LAB_API_KEY_NAME_MAX}
                  placeholder={t`For example: main LIS`}
                  data-testid="lab-api-key-name"
                />
                <Field.HelperText>{t`A name to tell your keys apart, such as the system that will use it.`}</Field.HelperText>
                <Field.ErrorText>{nameProblem}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="brand" alignSelf="start" loading={create.isPending} data-testid="lab-api-key-create">
                <Plus aria-hidden />
                {t`Create key`}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      <ConfirmDialog
        open={revoking !== null}
        title={t`Revoke this key?`}
        description={t`Requests that use "${revokingName}" will be refused at once. A system that still uses it stops sending results until it is given a new key. This cannot be undone.`}
        keepLabel={t`Keep the key`}
        actionLabel={t`Revoke`}
        busy={revoke.isPending}
        onKeep={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        testId="lab-api-key-revoke-dialog"
      />
      <NewKeyDialog shown={shown} onDone={() => setShown(null)} />
    </Stack>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const when = (iso: string) => {
    const date = new Date(iso);
    return `${formatDate(date, locale)} ${formatTime(date, locale)}`;
  };
  const { name, prefix } = apiKey;
  const keyName = isolated(name);
  const created = formatDate(new Date(apiKey.created_at), locale);
  const lastUsed = apiKey.last_used_at && when(apiKey.last_used_at);
  const revokedOn = apiKey.revoked_at && when(apiKey.revoked_at);
  const revoked = revokedOn !== null;
  return (
    <HStack
      as="li"
      data-testid="lab-api-key-row"
      justify="space-between"
      align="center"
      gap="3"
      wrap="wrap"
      borderWidth="1px"
      rounded="l2"
      p="3"
      opacity={revoked ? 0.7 : 1}
    >
      <HStack gap="3" minW="0" align="start">
        <KeyRound aria-hidden size={20} style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              <bdi>{name}</bdi>
            </Text>
            {revoked && (
              <Badge colorPalette="gray" size="sm">
                {t`Revoked`}
              </Badge>
            )}
          </HStack>
          <Text as="span" dir="ltr" fontFamily="mono" fontSize="sm" alignSelf="start">
            {prefix}…
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {revokedOn
              ? t`Created ${created} · revoked ${revokedOn}`
              : lastUsed
                ? t`Created ${created} · last used ${lastUsed}`
                : t`Created ${created} · never used`}
          </Text>
        </Stack>
      </HStack>
      {!revoked && (
        <Button variant="outline" colorPalette="red" size="sm" flexShrink={0} onClick={onRevoke} aria-label={t`Revoke key ${keyName}`}>
          <Trash2 aria-hidden />
          {t`Revoke`}
        </Button>
      )}
    </HStack>
  );
}

/** The new key, this once: copy it into the lab's system now, since only its fingerprint is kept. */
function NewKeyDialog({ shown, onDone }: { shown: { name: string; key: string } | null; onDone: () => void }) {
  const { t } = useLingui();
  const keyName = isolated(shown?.name ?? '');
  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      notify.success({ title: t`Key copied.` });
    } catch {
      notify.error({ title: t`Could not copy. Select the key and copy it yourself.` });
    }
  };
  return (
    <DialogShell
      open={shown !== null}
      onClose={onDone}
      closeOnInteractOutside={false}
      role="alertdialog"
      closeButton={false}
      testId="lab-api-key-created"
      title={t`Your new key "${keyName}"`}
      footer={
        <>
          <Button variant="outline" onClick={() => shown && void copy(shown.key)}>
            <Copy aria-hidden />
            {t`Copy`}
          </Button>
          <Button colorPalette="brand" onClick={onDone}>
            {t`I have copied it`}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            {t`Copy this key now and keep it in your laboratory system. It will not be shown again: Tahaleel keeps only a fingerprint of it. If it is lost, revoke it and make a new one.`}
          </Alert.Description>
        </Alert.Root>
        <ShownSecret testId="lab-api-key-secret">{shown?.key}</ShownSecret>
      </Stack>
    </DialogShell>
  );
}
