import { Button, Field, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { signUpUnfinished } from '../../../shared/legal.ts';
import { MobileNumberInput } from '../../components/ui/mobile-number-input.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { SessionUser } from '../../lib/use-session.ts';
import { PhoneCodeStep } from './phone-code-step.tsx';
import { registerPhoneErrors } from './phone-errors.ts';
import { PhoneSignUpProfile } from './phone-sign-up-profile.tsx';

registerPhoneErrors();

type Step = 'number' | 'code' | 'profile';

interface Props {
  /** Signed in: `welcome` for an account this sign-in made. */
  onSignedIn(user: SessionUser, welcome: boolean): void;
  /** The account has an authenticator app: its code is asked next (second-factor-step.tsx). */
  onSecondFactor(): void;
  /** Back to the e-mail and password, before the number is confirmed. */
  onUseEmail(): void;
}

/**
 * Signing in (or up) with a mobile number (issue #55): the number, then the six-digit code sent to it by
 * SMS, then, for an account this made, the name and the terms. Customers only: staff sign in with a
 * password and a second factor.
 */
export function PhoneSignIn({ onSignedIn, onSecondFactor, onUseEmail }: Props) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState<Step>('number');
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [resendAt, setResendAt] = useState(0);

  const requestCode = useMutation(
    trpc.auth.requestPhoneCode.mutationOptions({
      onSuccess: (answer) => {
        setSentTo(answer.phone);
        setResendAt(Date.now() + answer.resendInSeconds * 1000);
        setStep('code');
      },
    }),
  );
  const verify = useMutation(
    trpc.auth.signInWithPhoneCode.mutationOptions({
      onSuccess: (answer) => {
        if (!('id' in answer)) onSecondFactor();
        else if (signUpUnfinished(answer)) setStep('profile');
        else onSignedIn(answer, false);
      },
    }),
  );

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    verify.reset();
    requestCode.mutate({ phone });
  };

  if (step === 'number') {
    const phoneError = fieldError(i18n, requestCode.error, 'phone');
    return (
      <form onSubmit={sendCode} noValidate data-testid="phone-sign-in">
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {t`We will send a 6-digit code to your mobile by SMS. New to Tahaleel? The same code creates your account.`}
          </Text>
          <Field.Root invalid={Boolean(phoneError)} required>
            <Field.Label>{t`Mobile number`}</Field.Label>
            <MobileNumberInput value={phone} onChange={(event) => setPhone(event.target.value)} />
            <Field.ErrorText>{phoneError}</Field.ErrorText>
          </Field.Root>
          {requestCode.error && !phoneError && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {errorMessage(i18n, requestCode.error)}
            </Text>
          )}
          <Button type="submit" colorPalette="brand" width="full" loading={requestCode.isPending} disabled={!phone.trim()}>
            {t`Send the code`}
          </Button>
          <Button variant="plain" size="sm" color="brand.fg" onClick={onUseEmail}>
            {t`Log in with e-mail and password instead`}
          </Button>
        </Stack>
      </form>
    );
  }

  if (step === 'code') {
    return (
      <PhoneCodeStep
        sentTo={sentTo}
        resendAt={resendAt}
        onConfirm={(code) => verify.mutate({ phone: sentTo, code })}
        confirming={verify.isPending}
        confirmError={verify.error}
        onResend={() => sendCode()}
        resendError={requestCode.error}
        onChangeNumber={() => setStep('number')}
      />
    );
  }

  return (
    <PhoneSignUpProfile
      intro={t`Your number is confirmed. One last step: tell us your name, as it should appear on your bookings and results.`}
      onDone={(user) => onSignedIn(user, true)}
    />
  );
}
