import { Dialog } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
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
    <FormDialog
      open
      onClose={onClose}
      testId="about-you-prompt"
      title={t`Before you book: about you`}
      onSubmit={submit}
      submit={{ label: t`Save`, pending: form.saving }}
      cancel={{ label: t`Not now`, onClick: notNow }}
      bodyProps={{ display: 'flex', flexDirection: 'column', gap: '5' }}
    >
      <Dialog.Description asChild>
        <div>
          <PersonalDetailsReason />
        </div>
      </Dialog.Description>
      <PersonalDetailsFields {...form.fields} />
    </FormDialog>
  );
}
