import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Save } from 'lucide-react';
import type { FormEvent } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import type { SessionUser } from '../../lib/use-session.ts';
import { PersonalDetailsFields, PersonalDetailsReason, usePersonalDetailsForm } from '../personal-details/personal-details-fields.tsx';

/** The customer's own sex and date of birth (issue #76), which their results are judged by. */
export function AboutYouCard({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const form = usePersonalDetailsForm(user, () => notify.success({ title: t`Your details have been saved.` }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <Card.Root variant="outline" asChild id="about-you" data-testid="about-you-card">
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading as="h3" size="md">
            {t`About you`}
          </Heading>
          <PersonalDetailsReason />
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            <PersonalDetailsFields {...form.fields} />
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={form.saving}>
              <Save aria-hidden />
              {t`Save changes`}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
