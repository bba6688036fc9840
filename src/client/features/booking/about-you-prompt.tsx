import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import type { SessionUser } from '../../lib/use-session.ts';
import { PersonalDetailsFields, PersonalDetailsReason, usePersonalDetailsForm } from '../personal-details/personal-details-fields.tsx';
import { aboutYouPostponed } from './about-you.ts';

/**
 * Asked once, as a booking for oneself goes on: saved, or put off with "Not now" (remembered in this
 * browser), the booking carries on either way. Closed, it stays where it was.
 */
export function AboutYouPrompt({
  user,
  onDone,
  onClose,
}: {
  user: SessionUser;
  /** Saved or put off: the booking goes on. */
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = usePersonalDetailsForm(user, onDone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  const notNow = () => {
    aboutYouPostponed.set(true);
    onDone();
  };
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild data-testid="about-you-prompt">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t`Before you book: about you`}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="5">
                <Dialog.Description asChild>
                  <div>
                    <PersonalDetailsReason />
                  </div>
                </Dialog.Description>
                <PersonalDetailsFields {...form.fields} />
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={notNow}>
                  {t`Not now`}
                </Button>
                <Button type="submit" colorPalette="brand" loading={form.saving}>
                  {t`Save`}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t`Close`} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
