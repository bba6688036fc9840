import { Card, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TextChoice, TextKind } from '../../../shared/text-choices.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { SessionUser } from '../../lib/use-session.ts';

type Choices = Record<TextKind, TextChoice>;

/**
 * How each kind of message reaches the confirmed mobile number: by SMS, by WhatsApp (where this site sends
 * it), or not by phone. Each choice saves as it changes, and goes back if saving fails. A critical value is
 * always sent, whatever the choice for results.
 */
export function TextChoicesCard({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const providers = useQuery({ ...trpc.auth.providers.queryOptions(), staleTime: Infinity });
  const [choices, setChoices] = useState<Choices>({
    booking: user.booking_texts,
    reminder: user.reminder_texts,
    result: user.result_texts,
    order: user.order_texts,
  });
  const save = useMutation(
    trpc.account.updateTextChoices.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
        notify.success({ title: t`Your choices for text messages have been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save your choices for text messages`, description: errorMessage(i18n, error) }),
    }),
  );
  const change = (kind: TextKind, choice: TextChoice) => {
    const previous = choices;
    const next = { ...choices, [kind]: choice };
    setChoices(next);
    save.mutate(next, { onError: () => setChoices(previous) });
  };

  const options: Array<[TextChoice, string]> = [
    ['sms', t`SMS`],
    ...(providers.data?.whatsapp || Object.values(choices).includes('whatsapp') ? [['whatsapp', t`WhatsApp`] as [TextChoice, string]] : []),
    ['off', user.email ? t`E-mail only` : t`Not by phone`],
  ];
  const kinds: Array<[TextKind, string, string]> = [
    ['booking', t`Bookings`, t`Confirmed, moved or cancelled, and a time the waitlist offers you.`],
    ['reminder', t`Reminders`, t`24 hours and 2 hours before each appointment, and a week before a visit of a series is due for payment.`],
    ['result', t`Results`, t`When your results are ready.`],
    ['order', t`Store orders`, t`When an order ships.`],
  ];

  return (
    <Card.Root variant="outline" data-testid="text-choices">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Text messages`}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t`How each kind of message reaches your mobile number. Reminders and news of results and orders due between 10 pm and 8 am wait for the morning. A lab asking you to call about a result is always sent at once.`}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {kinds.map(([kind, label, description]) => (
            <Field.Root key={kind}>
              <Field.Label fontWeight="medium">{label}</Field.Label>
              <Field.HelperText mt="0">{description}</Field.HelperText>
              <NativeSelect.Root size="sm" maxW="xs">
                <NativeSelect.Field
                  value={choices[kind]}
                  onChange={(event) => change(kind, event.currentTarget.value as TextChoice)}
                  data-testid={`text-choice-${kind}`}
                >
                  {options.map(([value, optionLabel]) => (
                    <option key={value} value={value}>
                      {optionLabel}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
