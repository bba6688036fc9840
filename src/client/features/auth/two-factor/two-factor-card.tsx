import { Badge, Button, Card, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/ui/toaster.tsx';
import { errorCode, errorMessage } from '../../../lib/errors.ts';
import { trpc } from '../../../lib/trpc.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorEnrolment } from './two-factor-enrolment.tsx';

/** Two-factor sign-in in account settings: turn it on, get new recovery codes, or turn it off (password and a code). */
export function TwoFactorCard({ hasPassword, required }: { hasPassword: boolean; required: boolean }) {
  const { t } = useLingui();
  const status = useQuery(trpc.account.twoFactorStatus.queryOptions());
  const enabled = status.data?.enabled ?? false;
  return (
    <Card.Root variant="outline" data-testid="two-factor-card">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md">
            {t`Two-factor sign-in`}
          </Heading>
          {status.data && (
            <Badge colorPalette={enabled ? 'green' : 'gray'} size="lg">
              {enabled ? t`On` : t`Off`}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {status.data &&
          (enabled ? (
            <EnabledTwoFactor hasPassword={hasPassword} recoveryCodesLeft={status.data.recovery_codes_left} />
          ) : (
            <Stack gap="3">
              {required && (
                <Text fontWeight="medium">{t`Your account handles patients' health data, so it must have two-factor sign-in.`}</Text>
              )}
              <TwoFactorEnrolment />
            </Stack>
          ))}
      </Card.Body>
    </Card.Root>
  );
}

function EnabledTwoFactor({ hasPassword, recoveryCodesLeft }: { hasPassword: boolean; recoveryCodesLeft: number }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [regenerateCode, setRegenerateCode] = useState('');
  const [off, setOff] = useState({ password: '', code: '' });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.account.twoFactorStatus.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
  };
  const regenerate = useMutation(
    trpc.account.twoFactorRecoveryCodes.mutationOptions({
      onSuccess: (answer) => {
        setRegenerateCode('');
        setCodes(answer.recovery_codes);
      },
    }),
  );
  const disable = useMutation(
    trpc.account.twoFactorDisable.mutationOptions({
      onSuccess: () => {
        setOff({ password: '', code: '' });
        notify.success({ title: t`Two-factor sign-in is off.` });
        refresh();
      },
    }),
  );
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          refresh();
        }}
      />
    );
  }
  const submitRegenerate = (event: FormEvent) => {
    event.preventDefault();
    regenerate.mutate({ code: regenerateCode });
  };
  const submitDisable = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate({ password: off.password || undefined, code: off.code });
  };
  return (
    <Stack gap="6">
      <Text color="fg.muted">
        {t`After your password, Tahaleel asks for a code from your authenticator app.`} {t`Recovery codes left: ${recoveryCodesLeft}`}
      </Text>
      <form onSubmit={submitRegenerate} noValidate>
        <Stack gap="3">
          <Text fontWeight="semibold">{t`New recovery codes`}</Text>
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root invalid={Boolean(regenerate.error)} maxW="xs">
              <Field.Label>{t`Code from your app`}</Field.Label>
              <Input
                value={regenerateCode}
                onChange={(event) => setRegenerateCode(event.target.value)}
                dir="ltr"
                autoComplete="one-time-code"
              />
            </Field.Root>
            <Button type="submit" variant="outline" colorPalette="brand" loading={regenerate.isPending}>
              {t`Make new codes`}
            </Button>
          </HStack>
          {regenerate.error && <Text color="fg.error">{errorMessage(i18n, regenerate.error)}</Text>}
        </Stack>
      </form>
      <form onSubmit={submitDisable} noValidate>
        <Stack gap="3">
          <Text fontWeight="semibold">{t`Turn off two-factor sign-in`}</Text>
          <SimpleGrid columns={{ base: 1, md: hasPassword ? 2 : 1 }} gap="3">
            {hasPassword && (
              <Field.Root invalid={errorCode(disable.error) === 'WRONG_PASSWORD'}>
                <Field.Label>{t`Password`}</Field.Label>
                <Input
                  type="password"
                  dir="ltr"
                  autoComplete="current-password"
                  value={off.password}
                  onChange={(event) => setOff((current) => ({ ...current, password: event.target.value }))}
                />
              </Field.Root>
            )}
            <Field.Root>
              <Field.Label>{t`Code from your app or a recovery code`}</Field.Label>
              <Input
                dir="ltr"
                autoComplete="one-time-code"
                value={off.code}
                onChange={(event) => setOff((current) => ({ ...current, code: event.target.value }))}
              />
            </Field.Root>
          </SimpleGrid>
          {disable.error && <Text color="fg.error">{errorMessage(i18n, disable.error)}</Text>}
          <Button type="submit" variant="outline" colorPalette="red" alignSelf="start" loading={disable.isPending}>
            {t`Turn off`}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
