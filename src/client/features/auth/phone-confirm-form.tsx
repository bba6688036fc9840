import { Box, Button, Field, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MobileNumberInput } from '../../components/ui/mobile-number-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { PhoneCodeStep } from './phone-code-step.tsx';
import { registerPhoneErrors } from './phone-errors.ts';

registerPhoneErrors();

/**
 * Confirming a number for the signed-in account (issue #55): the number, then the code sent to it. A new
 * number replaces the old only once its code is typed; until then the old one stays. Adding a way to
 * sign in asks for a recent password, which the page's PasswordConfirmDialog takes. The SMS says what the
 * code is for: the account's number (the settings) or a home visit's (the booking panel).
 */
export function PhoneConfirmForm({
  replacing,
  codeFor = 'account_number',
}: {
  replacing: boolean;
  codeFor?: 'account_number' | 'home_visit';
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const requestCode = useMutation(
    trpc.account.requestPhoneCode.mutationOptions({
      onSuccess: (answer) => {
        setSentTo(answer.phone);
        setResendAt(Date.now() + answer.resendInSeconds * 1000);
      },
    }),
  );
  const confirm = useMutation(
    trpc.account.confirmPhone.mutationOptions({
      onSuccess: () => {
        setSentTo(null);
        setTyped('');
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        notify.success({ title: t`Your mobile number is confirmed.` });
      },
    }),
  );
  const send = (event: FormEvent) => {
    event.preventDefault();
    confirm.reset();
    requestCode.mutate({ phone: typed, codeFor });
  };
  const phoneError = fieldError(i18n, requestCode.error, 'phone');

  if (sentTo) {
    return (
      <Box maxWidth="sm">
        <PhoneCodeStep
          sentTo={sentTo}
          resendAt={resendAt}
          onConfirm={(code) => confirm.mutate({ phone: sentTo, code })}
          confirming={confirm.isPending}
          confirmError={confirm.error}
          onResend={() => requestCode.mutate({ phone: sentTo, codeFor })}
          resendError={requestCode.error}
          onChangeNumber={() => setSentTo(null)}
        />
      </Box>
    );
  }
  return (
    <form onSubmit={send} noValidate>
      <Stack gap="3" maxWidth="sm">
        <Field.Root invalid={Boolean(phoneError) || Boolean(requestCode.error)} required>
          <Field.Label>{replacing ? t`New mobile number` : t`Mobile number`}</Field.Label>
          <MobileNumberInput value={typed} onChange={(event) => setTyped(event.target.value)} />
          <Field.ErrorText>{phoneError ?? (requestCode.error ? errorMessage(i18n, requestCode.error) : null)}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          variant="outline"
          colorPalette="brand"
          alignSelf="start"
          loading={requestCode.isPending}
          disabled={!typed.trim()}
        >
          {t`Send the code`}
        </Button>
      </Stack>
    </form>
  );
}
