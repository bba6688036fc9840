import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The server validates, deduplicates and rate-limits; the form shows its answer in the active
 * language, clears the address only once it is stored, and keeps it on any error.
 */
export function NewsletterForm() {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const subscribe = useMutation(
    trpc.newsletter.subscribe.mutationOptions({
      onSuccess: () => {
        setEmail('');
        notify.success({
          title: t`Thank you for subscribing!`,
          description: t`Our next newsletter will reach your inbox.`,
        });
      },
    }),
  );
  const error = subscribe.error ? (fieldError(i18n, subscribe.error, 'email') ?? errorMessage(i18n, subscribe.error)) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate({ email });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="newsletter-heading" data-testid="newsletter-form">
      <Stack gap="3">
        <Heading as="h2" size="sm" id="newsletter-heading">
          {t`Newsletter`}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t`Health tips and lab offers in your inbox. You can unsubscribe at any time.`}
        </Text>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label fontSize="sm">{t`Your e-mail address`}</Field.Label>
          <HStack width="full" gap="2">
            <Input
              type="email"
              name="email"
              dir="ltr"
              bg="bg"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                // The old error no longer describes what is typed now.
                if (subscribe.isError) subscribe.reset();
              }}
              placeholder="name@example.com"
              autoComplete="email"
            />
            <Button type="submit" colorPalette="brand" loading={subscribe.isPending} flexShrink={0}>
              {t`Subscribe`}
            </Button>
          </HStack>
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </form>
  );
}
