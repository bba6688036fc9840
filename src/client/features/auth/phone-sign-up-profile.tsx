import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { validationMessages } from '../../../shared/validation-messages.ts';
import { errorMessage, fieldError, fieldMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { SessionUser } from '../../lib/use-session.ts';
import { MarketingChoice, TermsConsent } from './sign-up-choices.tsx';

/**
 * The name step of a sign-up by mobile number: the name, the terms and the news choice. Shown right after
 * the code, and again on any later visit of an account left before it (consent-dialog.tsx), so no account
 * stays without a name (issue #77 item 3).
 */
export function PhoneSignUpProfile({ onDone, intro }: { onDone(user: SessionUser): void; intro: string }) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [marketingMail, setMarketingMail] = useState(false);
  const [termsAsked, setTermsAsked] = useState(false);
  const termsErrorId = useId();
  const complete = useMutation(trpc.auth.completePhoneSignUp.mutationOptions({ onSuccess: (user) => user && onDone(user) }));

  const finish = (event: FormEvent) => {
    event.preventDefault();
    setTermsAsked(true);
    if (!acceptTerms || !name.trim()) return;
    complete.mutate({ name, acceptTerms, marketingMail });
  };

  const nameError =
    fieldError(i18n, complete.error, 'name') ?? (termsAsked && !name.trim() ? fieldMessage(i18n, validationMessages.required) : undefined);
  const termsError = termsAsked && !acceptTerms ? fieldMessage(i18n, validationMessages.consentRequired) : undefined;
  return (
    <form onSubmit={finish} noValidate data-testid="phone-sign-up">
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {intro}
        </Text>
        <Field.Root invalid={Boolean(nameError)} required>
          <Field.Label>{t`Full name`}</Field.Label>
          <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" />
          <Field.ErrorText>{nameError}</Field.ErrorText>
        </Field.Root>
        <TermsConsent checked={acceptTerms} onChange={setAcceptTerms} error={termsError} errorId={termsErrorId} />
        <MarketingChoice checked={marketingMail} onChange={setMarketingMail} />
        {complete.error && !fieldError(i18n, complete.error, 'name') && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {errorMessage(i18n, complete.error)}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" width="full" loading={complete.isPending}>
          {t`Finish`}
        </Button>
      </Stack>
    </form>
  );
}
