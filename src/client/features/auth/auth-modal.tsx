import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useAuthModal } from './auth-modal-context.tsx';

export function AuthModal() {
  const { t } = useLingui();
  const modal = useAuthModal();
  const titles = {
    login: t`Log in`,
    signup: t`Create an account`,
    admin: t`Admin Login`,
    anonymous: t`Continue as guest`,
  };
  return (
    <Dialog.Root open={modal.mode !== null} onOpenChange={(event) => !event.open && modal.close()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="auth-modal">
            <Dialog.Header>
              <Dialog.Title>{modal.mode ? titles[modal.mode] : null}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{t`Signing in is being prepared and opens here soon.`}</Text>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
