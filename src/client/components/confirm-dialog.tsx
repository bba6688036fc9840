import { Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormDialog } from './form-dialog.tsx';

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
  return (
    <FormDialog
      role="alertdialog"
      open={props.open}
      onClose={props.onKeep}
      size="sm"
      testId={props.testId}
      title={props.title}
      submit={{ label: props.actionLabel, pending: props.busy, palette: 'red', onClick: props.onConfirm }}
      cancel={{ label: props.keepLabel }}
    >
      <Dialog.Description>{props.description}</Dialog.Description>
    </FormDialog>
  );
}
