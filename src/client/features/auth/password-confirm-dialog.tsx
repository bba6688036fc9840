import { Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { setPasswordAsker } from '../../lib/password-confirmation.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * Asks for the password again when an action was refused with PASSWORD_CONFIRMATION_REQUIRED (an
 * administrator's sensitive action, or adding a passkey, with the last entry over 15 minutes old); once
 * the server took it, the action is sent again by the tRPC link (lib/password-confirmation.ts). Closing
 * it gives the action up. One is mounted per dashboard. An account with no password (made with Google)
 * is told to sign in again, which counts as recent for 15 minutes.
 */
export function PasswordConfirmDialog() {
  const { t, i18n } = useLingui();
  const hasPassword = useSession().user?.has_password !== false;
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const confirm = useMutation(trpc.auth.confirmPassword.mutationOptions());

  useEffect(
    () =>
      setPasswordAsker(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setPassword('');
            confirm.reset();
            setOpen(true);
          }),
      ),
    [confirm.reset],
  );

  const finish = (confirmed: boolean) => {
    setOpen(false);
    setPassword('');
    settle.current?.(confirmed);
    settle.current = null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ password }, { onSuccess: () => finish(true) });
  };

  const refusal = confirm.error ? errorMessage(i18n, confirm.error) : undefined;
  return (
    <FormDialog
      open={open}
      onClose={() => finish(false)}
      role="alertdialog"
      size="sm"
      testId="password-confirm-dialog"
      title={t`Confirm it is you`}
      onSubmit={submit}
      noValidate={false}
      submit={hasPassword ? { label: t`Confirm`, pending: confirm.isPending, disabled: password.length === 0 } : null}
      closeButton={false}
    >
      <Stack gap="3">
        <Dialog.Description>
          {hasPassword
            ? t`For your security, enter your password again to continue. We ask when your last entry was more than 15 minutes ago.`
            : t`For your security, sign out and sign in again to continue. We ask when your last sign-in was more than 15 minutes ago.`}
        </Dialog.Description>
        {hasPassword && (
          <Field.Root invalid={Boolean(refusal)} required>
            <Field.Label>{t`Password`}</Field.Label>
            <Input
              type="password"
              dir="ltr"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Field.ErrorText>{refusal}</Field.ErrorText>
          </Field.Root>
        )}
      </Stack>
    </FormDialog>
  );
}
