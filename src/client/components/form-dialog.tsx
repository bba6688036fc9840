import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode, Ref } from 'react';

/** The button that does what the dialog is for: a form's submit button, or a plain button without a form. */
interface DialogAction {
  label: ReactNode;
  /** The work is under way: the button spins and cannot be pressed again. */
  pending: boolean;
  disabled?: boolean;
  /** `brand` unless said; `red` for what cannot be undone; `gray` for the theme's plain button. */
  palette?: 'brand' | 'red' | 'gray';
  loadingText?: string;
  testId?: string;
  /** Without `onSubmit` on the dialog, pressing the button calls this. */
  onClick?: () => void;
}

/** The button that leaves: "Cancel" by default, closing the dialog. */
interface DialogCancel {
  label?: ReactNode;
  /** Instead of closing: "Not now" that is remembered, or closing through the caller's own state. */
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A dialog that asks for something and ends in a leave and an act (docs/decisions/0089): the title, the
 * body, the footer's cancel and submit buttons, the close button. With `onSubmit` the dialog's content is
 * the form, so Enter in a field submits it; without, the act is a plain button (`submit.onClick`).
 * Escape, a click beside it, the close button and the cancel button call `onClose`, except while `busy`.
 */
export function FormDialog(props: {
  open: boolean;
  onClose: () => void;
  /** With a `trigger`: the trigger was pressed. */
  onOpen?: () => void;
  title: ReactNode;
  children: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The act; `null` shows the cancel button alone. */
  submit: DialogAction | null;
  cancel?: DialogCancel;
  /** A payment is on its way: the dialog cannot be closed and its cancel and close buttons are disabled. */
  busy?: boolean;
  /** The browser checks no field itself (true unless said): the form shows the server's and its own messages. */
  noValidate?: boolean;
  role?: 'dialog' | 'alertdialog';
  size?: Dialog.RootProps['size'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  initialFocusEl?: Dialog.RootProps['initialFocusEl'];
  /** The button that opens the dialog, when the dialog keeps it (Dialog.Trigger). */
  trigger?: ReactNode;
  closeButton?: boolean;
  testId?: string;
  bodyProps?: Dialog.BodyProps;
}) {
  const { t } = useLingui();
  const { submit, cancel, busy = false } = props;
  const footer = (
    <>
      <Dialog.Footer>
        <Button ref={cancel?.ref} type="button" variant="outline" onClick={cancel?.onClick ?? props.onClose} disabled={busy}>
          {cancel?.label ?? t`Cancel`}
        </Button>
        {submit && (
          <Button
            type={props.onSubmit ? 'submit' : 'button'}
            onClick={props.onSubmit ? undefined : submit.onClick}
            colorPalette={submit.palette ?? 'brand'}
            loading={submit.pending}
            disabled={submit.disabled}
            loadingText={submit.loadingText}
            data-testid={submit.testId}
          >
            {submit.label}
          </Button>
        )}
      </Dialog.Footer>
      {props.closeButton !== false && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label={t`Close`} disabled={busy} />
        </Dialog.CloseTrigger>
      )}
    </>
  );
  const inside = (
    <>
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body {...props.bodyProps}>{props.children}</Dialog.Body>
      {footer}
    </>
  );
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(event) => (event.open ? props.onOpen?.() : !busy && props.onClose())}
      role={props.role}
      placement="center"
      size={props.size ?? 'md'}
      scrollBehavior={props.scrollBehavior}
      initialFocusEl={props.initialFocusEl}
    >
      {props.trigger && <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {props.onSubmit ? (
            <Dialog.Content asChild data-testid={props.testId}>
              <form onSubmit={props.onSubmit} noValidate={props.noValidate ?? true}>
                {inside}
              </form>
            </Dialog.Content>
          ) : (
            <Dialog.Content data-testid={props.testId}>{inside}</Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
