import { Button, Card, CloseButton, Dialog, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
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
          <Dialog.Root
            role="alertdialog"
            open={open}
            onOpenChange={(event) => setOpen(event.open)}
            initialFocusEl={() => cancel.current}
            placement="center"
            size="sm"
          >
            <Dialog.Trigger asChild>
              <Button variant="outline" colorPalette="red" alignSelf="start">
                <LogOut aria-hidden />
                {t`Sign out of all devices`}
              </Button>
            </Dialog.Trigger>
            <Portal>
              <Dialog.Backdrop />
              <Dialog.Positioner>
                <Dialog.Content>
                  <Dialog.Header>
                    <Dialog.Title>{t`Sign out of all devices?`}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Dialog.Description>
                      {t`You will be signed out everywhere you are logged in, on this device too. To use your account again, log in once more.`}
                    </Dialog.Description>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Dialog.ActionTrigger asChild>
                      <Button ref={cancel} variant="outline">
                        {t`Cancel`}
                      </Button>
                    </Dialog.ActionTrigger>
                    <Button colorPalette="red" loading={signOut.isPending} onClick={() => signOut.mutate()}>
                      {t`Yes, sign out everywhere`}
                    </Button>
                  </Dialog.Footer>
                  <Dialog.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label={t`Close`} />
                  </Dialog.CloseTrigger>
                </Dialog.Content>
              </Dialog.Positioner>
            </Portal>
          </Dialog.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
