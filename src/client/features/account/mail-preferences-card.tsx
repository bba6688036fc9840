import { Card, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { SessionUser } from '../../lib/use-session.ts';

interface MailChoices {
  reminderMail: boolean;
  marketingMail: boolean;
}

/** The mail a user may turn off; each switch saves as it changes, and goes back if saving fails. */
export function MailPreferencesCard({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<MailChoices>({ reminderMail: user.reminder_mail, marketingMail: user.marketing_mail });
  const save = useMutation(
    trpc.account.updateMailPreferences.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
        notify.success({ title: t`Your mail choices have been saved.` });
      },
      onError: (error) => notify.error({ title: t`Could not save your mail choices`, description: errorMessage(i18n, error) }),
    }),
  );
  const change = (choice: Partial<MailChoices>) => {
    const previous = choices;
    const next = { ...choices, ...choice };
    setChoices(next);
    save.mutate(next, { onError: () => setChoices(previous) });
  };

  return (
    <Card.Root variant="outline" data-testid="mail-preferences">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Mail`}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t`Mail about your bookings, results, orders and account is always sent.`}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <MailSwitch
            label={t`Reminders`}
            description={t`A mail 24 hours before each appointment, and on the day of a retest you asked to be reminded of.`}
            checked={choices.reminderMail}
            onChange={(checked) => change({ reminderMail: checked })}
          />
          <MailSwitch
            label={t`News and offers`}
            description={t`New tests, offers and news from Tahaleel, now and then.`}
            checked={choices.marketingMail}
            onChange={(checked) => change({ marketingMail: checked })}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function MailSwitch({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const descriptionId = useId();
  return (
    <Stack gap="1">
      <Switch.Root colorPalette="brand" checked={checked} onCheckedChange={(event) => onChange(event.checked)}>
        <Switch.HiddenInput aria-describedby={descriptionId} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label fontWeight="medium">{label}</Switch.Label>
      </Switch.Root>
      <Text id={descriptionId} fontSize="sm" color="fg.muted" ps="11">
        {description}
      </Text>
    </Stack>
  );
}
