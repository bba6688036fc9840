import { Box, Button, Field, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { NumericInput } from '../../../components/ui/numeric-input.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { trpc } from '../../../lib/trpc.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/** The secret in groups of four, as authenticator apps ask for it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Turning two-factor sign-in on: a QR code to scan (and the secret as text, to type instead), a code
 * from the app to confirm, then the recovery codes once. Used in settings, in the prompt during the
 * grace period, and on the page shown once it has run out.
 */
export function TwoFactorEnrolment({ onDone }: { onDone?(): void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setup = useMutation(trpc.account.twoFactorSetup.mutationOptions());
  const enable = useMutation(
    trpc.account.twoFactorEnable.mutationOptions({
      onSuccess: (answer) => setRecoveryCodes(answer.recovery_codes),
    }),
  );
  const finish = () => {
    // Only now: auth.me would end the enrolment on screen before the codes are saved.
    void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.account.twoFactorStatus.queryKey() });
    onDone?.();
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate({ code });
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={finish} />;
  if (!setup.data) {
    return (
      <Stack gap="3" align="start">
        <Text color="fg.muted">
          {t`After your password, you will also enter a 6-digit code from an authenticator app on your phone (such as Google Authenticator or Microsoft Authenticator).`}
        </Text>
        {setup.error && <Text color="fg.error">{errorMessage(i18n, setup.error)}</Text>}
        <Button colorPalette="brand" loading={setup.isPending} onClick={() => setup.mutate()}>
          <ShieldCheck aria-hidden />
          {t`Set up two-factor sign-in`}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={confirm} noValidate>
      <Stack gap="4">
        <Text>{t`1. Scan this QR code with your authenticator app.`}</Text>
        <HStack gap="6" align="start" wrap="wrap">
          <Box bg="white" p="2" borderWidth="1px" borderRadius="md" flexShrink={0}>
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qr_svg)}`}
              alt={t`QR code for your authenticator app`}
              boxSize="44"
            />
          </Box>
          <Stack gap="1" minW="0">
            <Text fontSize="sm" color="fg.muted">
              {t`Cannot scan it? Enter this key in the app instead:`}
            </Text>
            <Text data-testid="two-factor-secret" dir="ltr" fontFamily="mono" fontWeight="semibold" wordBreak="break-all">
              {grouped(setup.data.secret)}
            </Text>
          </Stack>
        </HStack>
        <Field.Root invalid={Boolean(enable.error)} required maxW="xs">
          <Field.Label>{t`2. Enter the 6-digit code the app shows`}</Field.Label>
          <NumericInput
            value={code}
            onChange={(event) => setCode(event.target.value)}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
          />
          <Field.ErrorText>{enable.error ? errorMessage(i18n, enable.error) : null}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={enable.isPending}>
          {t`Turn on two-factor sign-in`}
        </Button>
      </Stack>
    </form>
  );
}
