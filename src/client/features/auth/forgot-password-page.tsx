import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, MailCheck, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AccountTaskPage, StepHeading } from '../../components/account-task-page.tsx';
import { EmailAddress } from '../../components/email-address.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * Asks for a link to choose a new password. The answer is the same whether or not the address has
 * an account, so the page never tells a stranger who is registered.
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  usePageMeta({ title: t`Forgot your password?`, noindex: true });
  const authModal = useAuthModal();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const invalidEmail = request.error ? fieldError(i18n, request.error, 'email') : undefined;
  // Field errors show on the field; anything else (the wait after too many requests) above the button.
  const otherError = request.error && !invalidEmail ? errorMessage(i18n, request.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email }, { onSuccess: () => setSentTo(email.trim()) });
  };
  const sendAgain = () => {
    if (!sentTo) return;
    request.mutate(
      { email: sentTo },
      { onSuccess: () => notify.success({ title: t`If an account uses this address, a new link is on its way.` }) },
    );
  };
  const useAnotherAddress = () => {
    request.reset();
    setSentTo(null);
  };

  if (sentTo) {
    return (
      <AccountTaskPage>
        <StepHeading icon={MailCheck} colorPalette="green" title={t`Check your e-mail`} takesFocus />
        <Text textAlign="center" data-testid="reset-requested">
          <Trans>
            If an account uses <EmailAddress>{sentTo}</EmailAddress>, we have sent it a link to choose a new password. The link works for 30
            minutes; if you cannot find the e-mail, check your spam folder.
          </Trans>
        </Text>
        {otherError && <RequestError message={otherError} rateLimited={errorCode(request.error) === 'RATE_LIMITED'} />}
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
          <Button colorPalette="brand" variant="outline" loading={request.isPending} onClick={sendAgain}>
            <Send aria-hidden />
            {t`Send the link again`}
          </Button>
          <Button variant="ghost" onClick={useAnotherAddress}>
            {t`Use a different address`}
          </Button>
        </Stack>
      </AccountTaskPage>
    );
  }

  return (
    <AccountTaskPage>
      <StepHeading icon={KeyRound} colorPalette="brand" title={t`Forgot your password?`} />
      <Text color="fg.muted" textAlign="center">
        {t`Enter the e-mail address you use to log in, and we will send you a link to choose a new password.`}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Field.Root invalid={Boolean(invalidEmail)} required>
            <Field.Label>{t`E-mail`}</Field.Label>
            <Input type="email" dir="ltr" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            <Field.ErrorText>{invalidEmail}</Field.ErrorText>
          </Field.Root>
          {otherError && <RequestError message={otherError} rateLimited={errorCode(request.error) === 'RATE_LIMITED'} />}
          <Button type="submit" colorPalette="brand" width="full" loading={request.isPending}>
            <Send aria-hidden />
            {t`Send the link`}
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm" textAlign="center">
        {t`Remembered it?`}{' '}
        <Button variant="plain" size="sm" color="brand.fg" px="0" onClick={() => authModal.open('login')}>
          {t`Log in`}
        </Button>
      </Text>
    </AccountTaskPage>
  );
}

function RequestError({ message, rateLimited }: { message: string; rateLimited: boolean }) {
  const { t } = useLingui();
  return (
    <Alert.Root status={rateLimited ? 'warning' : 'error'} role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{rateLimited ? t`Please wait before asking again` : t`Could not send the link`}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
