import { Button, Card, Dialog, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useSignOutEverywhere } from '../../lib/use-sign-out.ts';

/** Ends every session of the account after a confirmation: a lost phone, a shared computer. */
export function SignOutEverywhereCard() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const signOut = useSignOutEverywhere();
  return (
    <Card.Root variant="outline" data-testid="sign-out-everywhere">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Devices`}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {t`Logged in on a device you no longer use, or on a shared computer? Sign out everywhere at once, this device included.`}
          </Text>
          <FormDialog
            role="alertdialog"
            open={open}
            onOpen={() => setOpen(true)}
            onClose={() => setOpen(false)}
            initialFocusEl={() => cancel.current}
            size="sm"
            trigger={
              <Button variant="outline" colorPalette="red" alignSelf="start">
                <LogOut aria-hidden />
                {t`Sign out of all devices`}
              </Button>
            }
            title={t`Sign out of all devices?`}
            submit={{ label: t`Yes, sign out everywhere`, pending: signOut.isPending, palette: 'red', onClick: () => signOut.mutate() }}
            cancel={{ ref: cancel }}
          >
            <Dialog.Description>
              {t`You will be signed out everywhere you are logged in, on this device too. To use your account again, log in once more.`}
            </Dialog.Description>
          </FormDialog>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
