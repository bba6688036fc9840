import { Badge, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatPhone } from '../../../shared/phone.ts';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated } from '../../lib/bidi.ts';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { registerPhoneErrors } from '../auth/phone-errors.ts';

registerPhoneErrors();

/**
 * The account's mobile number (issue #55): the one a code confirmed, and how to set or change it. A new
 * number replaces the old only once the code sent to it is typed here; until then the old one stays.
 */
export function PhoneCard({ phone }: { phone: string | null }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const requestCode = useMutation(
    trpc.account.requestPhoneCode.mutationOptions({
      onSuccess: (answer) => {
        setSentTo(answer.phone);
        setCode('');
      },
    }),
  );
  const confirm = useMutation(
    trpc.account.confirmPhone.mutationOptions({
      onSuccess: () => {
        setSentTo(null);
        setTyped('');
        setCode('');
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        notify.success({ title: t`Your mobile number is confirmed.` });
      },
    }),
  );
  const send = (event: FormEvent) => {
    event.preventDefault();
    confirm.reset();
    requestCode.mutate({ phone: typed });
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    if (sentTo) confirm.mutate({ phone: sentTo, code });
  };
  const phoneError = fieldError(i18n, requestCode.error, 'phone');
  const shownNumber = sentTo ? isolated(formatPhone(sentTo)) : '';

  return (
    <Card.Root variant="outline" data-testid="phone-card">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Mobile number`}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {phone ? (
            <HStack gap="3" wrap="wrap">
              <Text as="bdi" dir="ltr" fontWeight="medium" data-testid="account-phone">
                {formatPhone(phone)}
              </Text>
              <Badge colorPalette="green">{t`Confirmed`}</Badge>
            </HStack>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {t`Add your mobile number to get your booking confirmations and reminders by SMS, and to sign in with a code.`}
            </Text>
          )}
          {sentTo ? (
            <form onSubmit={check} noValidate>
              <Stack gap="3" maxWidth="sm">
                <Text fontSize="sm">{t`Enter the 6-digit code we sent by SMS to ${shownNumber}. It works for 5 minutes.`}</Text>
                <Field.Root invalid={Boolean(confirm.error)} required>
                  <Field.Label>{t`Code from the SMS`}</Field.Label>
                  <NumericInput
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    dir="ltr"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                  />
                  <Field.ErrorText>{confirm.error ? errorMessage(i18n, confirm.error) : null}</Field.ErrorText>
                </Field.Root>
                <HStack gap="3" wrap="wrap">
                  <Button type="submit" colorPalette="brand" loading={confirm.isPending} disabled={!code.trim()}>
                    {t`Confirm`}
                  </Button>
                  <Button variant="ghost" onClick={() => setSentTo(null)}>
                    {t`Cancel`}
                  </Button>
                </HStack>
              </Stack>
            </form>
          ) : (
            <form onSubmit={send} noValidate>
              <Stack gap="3" maxWidth="sm">
                <Field.Root invalid={Boolean(phoneError) || Boolean(requestCode.error)} required>
                  <Field.Label>{phone ? t`New mobile number` : t`Mobile number`}</Field.Label>
                  <Input
                    value={typed}
                    onChange={(event) => setTyped(event.target.value)}
                    type="tel"
                    inputMode="tel"
                    dir="ltr"
                    placeholder="05XXXXXXXX"
                    autoComplete="tel"
                  />
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
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
