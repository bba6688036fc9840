import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { DialogShell } from '../../components/form-dialog.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { errorCode, errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { SessionUser } from '../../lib/use-session.ts';

/**
 * The sign-in's second step: the password (or Google) was right, and the account asks for a code from
 * its authenticator app, or one of its recovery codes. No session exists until the code is accepted.
 */
export function SecondFactorStep({ onSignedIn }: { onSignedIn(user: SessionUser): void }) {
  const { t, i18n } = useLingui();
  const modal = useAuthModal();
  const [code, setCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useMutation(trpc.auth.signInSecondFactor.mutationOptions({ onSuccess: onSignedIn }));
  const expired = errorCode(verify.error) === 'SECOND_FACTOR_EXPIRED';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate({ code });
  };
  return (
    <DialogShell
      open
      onClose={() => modal.close()}
      finalFocusEl={modal.returnFocusTo}
      // A click beside it must not throw the password step away.
      closeOnInteractOutside={false}
      initialFocusEl={() => codeInput.current}
      testId="second-factor-step"
      title={t`Two-factor verification`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text color="fg.muted">
            {useRecovery
              ? t`Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.`
              : t`Open your authenticator app and enter the 6-digit code it shows for Tahaleel.`}
          </Text>
          <Field.Root invalid={Boolean(verify.error)} required>
            <Field.Label>{useRecovery ? t`Recovery code` : t`Verification code`}</Field.Label>
            <Input
              ref={codeInput}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              dir="ltr"
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              placeholder={useRecovery ? 'xxxxx-xxxxx' : '123456'}
              maxLength={24}
            />
            <Field.ErrorText>{verify.error ? errorMessage(i18n, verify.error) : null}</Field.ErrorText>
          </Field.Root>
          {expired ? (
            <Button colorPalette="brand" width="full" onClick={() => modal.open('login')}>
              {t`Log in again`}
            </Button>
          ) : (
            <Button type="submit" colorPalette="brand" width="full" loading={verify.isPending}>
              {t`Verify`}
            </Button>
          )}
          <Button
            variant="plain"
            size="sm"
            color="brand.fg"
            alignSelf="start"
            px="0"
            onClick={() => {
              setUseRecovery((current) => !current);
              setCode('');
              verify.reset();
            }}
          >
            {useRecovery ? t`Use a code from your app instead` : t`Use a recovery code instead`}
          </Button>
        </Stack>
      </form>
    </DialogShell>
  );
}
