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

interface DialogShellProps {
  open: boolean;
  /** Escape, a click beside it or the close button (or `Dialog.ActionTrigger` in the footer) asks to close. */
  onClose?: () => void;
  /** With a `trigger`: the trigger was pressed. */
  onOpen?: () => void;
  /**
   * The header's title, then the children in the body. Without one the children are the content's own
   * parts (`Dialog.Header`, `Dialog.Body`, `Dialog.Footer`), for a sheet whose parts change as it loads.
   */
  title?: ReactNode;
  children: ReactNode;
  /** The footer's buttons (or text beside them); none without. */
  footer?: ReactNode;
  footerProps?: Dialog.FooterProps;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The browser checks no field itself (true unless said): the form shows the server's and its own messages. */
  noValidate?: boolean;
  role?: 'dialog' | 'alertdialog';
  size?: Dialog.RootProps['size'];
  /** `center` unless said. */
  placement?: Dialog.RootProps['placement'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  initialFocusEl?: Dialog.RootProps['initialFocusEl'];
  finalFocusEl?: Dialog.RootProps['finalFocusEl'];
  closeOnEscape?: boolean;
  closeOnInteractOutside?: boolean;
  /** The button that opens the dialog, when the dialog keeps it (Dialog.Trigger). */
  trigger?: ReactNode;
  /** The close button in the corner (true unless said); `disabled` while the dialog cannot be closed. */
  closeButton?: boolean | { disabled: boolean };
  testId?: string;
  bodyProps?: Dialog.BodyProps;
}

/**
 * The shell every dialog of the app is drawn in (docs/decisions/0089): the root, backdrop and positioner,
 * the content (the form itself with `onSubmit`, so Enter in a field submits it), the title and the body,
 * the footer the caller gives, and the close button. Escape, a click beside it and the close button call
 * `onClose`, unless the dialog refuses them (`closeOnEscape`, `closeOnInteractOutside`, no close button).
 * A dialog that ends in a leave and an act is a `FormDialog` below; the rest give their own `footer`.
 */
export function DialogShell(props: DialogShellProps) {
  const { t } = useLingui();
  const closeButton = props.closeButton ?? true;
  const inside = (
    <>
      {props.title === undefined ? (
        props.children
      ) : (
        <>
          <Dialog.Header>
            <Dialog.Title>{props.title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body {...props.bodyProps}>{props.children}</Dialog.Body>
        </>
      )}
      {props.footer !== undefined && <Dialog.Footer {...props.footerProps}>{props.footer}</Dialog.Footer>}
      {closeButton !== false && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label={t`Close`} disabled={closeButton !== true && closeButton.disabled} />
        </Dialog.CloseTrigger>
      )}
    </>
  );
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(event) => (event.open ? props.onOpen?.() : props.onClose?.())}
      role={props.role}
      placement={props.placement ?? 'center'}
      size={props.size ?? 'md'}
      scrollBehavior={props.scrollBehavior}
      initialFocusEl={props.initialFocusEl}
      finalFocusEl={props.finalFocusEl}
      closeOnEscape={props.closeOnEscape}
      closeOnInteractOutside={props.closeOnInteractOutside}
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

/**
 * A dialog that asks for something and ends in a leave and an act (docs/decisions/0089): the title, the
 * body, the footer's cancel and submit buttons, the close button. With `onSubmit` the dialog's content is
 * the form, so Enter in a field submits it; without, the act is a plain button (`submit.onClick`).
 * Escape, a click beside it, the close button and the cancel button call `onClose`, except while `busy`.
 */
export function FormDialog(
  props: Pick<
    DialogShellProps,
    | 'onOpen'
    | 'children'
    | 'onSubmit'
    | 'noValidate'
    | 'role'
    | 'size'
    | 'scrollBehavior'
    | 'initialFocusEl'
    | 'trigger'
    | 'testId'
    | 'bodyProps'
  > & {
    open: boolean;
    onClose: () => void;
    title: ReactNode;
    /** The act; `null` shows the cancel button alone. */
    submit: DialogAction | null;
    cancel?: DialogCancel;
    /** A payment is on its way: the dialog cannot be closed and its cancel and close buttons are disabled. */
    busy?: boolean;
    closeButton?: boolean;
  },
) {
  const { t } = useLingui();
  const { submit, cancel, busy = false } = props;
  return (
    <DialogShell
      open={props.open}
      onClose={() => !busy && props.onClose()}
      onOpen={props.onOpen}
      title={props.title}
      onSubmit={props.onSubmit}
      noValidate={props.noValidate}
      role={props.role}
      size={props.size}
      scrollBehavior={props.scrollBehavior}
      initialFocusEl={props.initialFocusEl}
      trigger={props.trigger}
      closeButton={props.closeButton !== false && { disabled: busy }}
      testId={props.testId}
      bodyProps={props.bodyProps}
      footer={
        <>
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
        </>
      }
    >
      {props.children}
    </DialogShell>
  );
}
