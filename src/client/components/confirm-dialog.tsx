import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * Asks before something that cannot be undone: a title, what will happen, "keep it" and the red action.
 * Open while `open`; Escape, the close button and "keep it" call `onKeep`.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  keepLabel: string;
  actionLabel: string;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
  testId?: string;
}) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={props.open} onOpenChange={(event) => !event.open && props.onKeep()} placement="center" size="sm" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{props.description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onKeep}>
                {props.keepLabel}
              </Button>
              <Button colorPalette="red" loading={props.busy} onClick={props.onConfirm}>
                {props.actionLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
