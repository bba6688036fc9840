import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

export function NewsletterForm() {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const subscribe = useMutation(
    trpc.newsletter.subscribe.mutationOptions({
      onSuccess: () => {
        setEmail('');
        notify.success({ title: t`Thank you for subscribing!` });
      },
    }),
  );
  const invalid = subscribe.error ? fieldError(i18n, subscribe.error, 'email') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate({ email });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field.Root invalid={Boolean(subscribe.error)}>
        <Field.Label>{t`Subscribe to our newsletter`}</Field.Label>
        <HStack width="full">
          <Input
            type="email"
            dir="ltr"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="name@example.com"
            autoComplete="email"
          />
          <Button type="submit" colorPalette="brand" loading={subscribe.isPending}>
            {t`Subscribe`}
          </Button>
        </HStack>
        {subscribe.error && <Field.ErrorText>{invalid ?? errorMessage(i18n, subscribe.error)}</Field.ErrorText>}
      </Field.Root>
    </form>
  );
}
