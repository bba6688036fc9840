import { Button, Card, Dialog, Field, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorCode, errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Deletes the customer's account after a warning that says what goes and what stays; confirmed with
 * the password, or by typing the e-mail address for an account made with Google (it has none).
 */
export function DeleteAccountCard({ hasPassword, email }: { hasPassword: boolean; email: string | null }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const cancel = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(
    trpc.account.delete.mutationOptions({
      onSuccess: async () => {
        queryClient.clear();
        await navigate({ to: '/', replace: true });
        notify.success({ title: t`Your account has been deleted.` });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(hasPassword ? { password: confirmation } : { email: confirmation });
  };
  /** Opening or closing starts the confirmation over. */
  const toggle = (opened: boolean) => {
    setOpen(opened);
    setConfirmation('');
    remove.reset();
  };
  const refused = errorCode(remove.error);
  return (
    <Card.Root variant="outline" borderColor="red.muted" data-testid="delete-account">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Delete my account`}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {t`Your account, your profile and your result files are erased at once. This cannot be undone.`}
          </Text>
          <FormDialog
            role="alertdialog"
            open={open}
            onOpen={() => toggle(true)}
            onClose={() => toggle(false)}
            initialFocusEl={() => cancel.current}
            trigger={
              <Button variant="outline" colorPalette="red" alignSelf="start">
                <Trash2 aria-hidden />
                {t`Delete my account`}
              </Button>
            }
            title={t`Delete your account for good?`}
            onSubmit={submit}
            submit={{ label: t`Delete my account for good`, pending: remove.isPending, disabled: !confirmation, palette: 'red' }}
            cancel={{ ref: cancel }}
          >
            <Stack gap="4">
              <Dialog.Description>{t`This cannot be undone. Download your data first if you want a copy.`}</Dialog.Description>
              <List.Root gap="1" ps="5" fontSize="sm">
                <List.Item>{t`Erased at once: your name, e-mail address, mobile number, password, result files, and every device you are signed in on.`}</List.Item>
                <List.Item>{t`Kept without your name: your bookings, for the labs' figures, and your payments and tax invoices, which the law requires us to keep.`}</List.Item>
                <List.Item>{t`You will be signed out and cannot sign in to this account again.`}</List.Item>
              </List.Root>
              <Field.Root invalid={refused === 'WRONG_PASSWORD' || refused === 'EMAIL_MISMATCH'} required>
                <Field.Label>{hasPassword ? t`Your password` : t`Type your e-mail address (${email ?? ''}) to confirm`}</Field.Label>
                <Input
                  type={hasPassword ? 'password' : 'email'}
                  dir="ltr"
                  autoComplete={hasPassword ? 'current-password' : 'off'}
                  value={confirmation}
                  onChange={(event) => setConfirmation(event.target.value)}
                />
                <Field.ErrorText>{remove.error ? errorMessage(i18n, remove.error) : null}</Field.ErrorText>
              </Field.Root>
              {remove.error && refused !== 'WRONG_PASSWORD' && refused !== 'EMAIL_MISMATCH' && (
                <Text color="fg.error" fontSize="sm" role="alert">
                  {errorMessage(i18n, remove.error)}
                </Text>
              )}
            </Stack>
          </FormDialog>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
