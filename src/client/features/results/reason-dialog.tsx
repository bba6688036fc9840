import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FileLock2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { DialogShell } from '../../components/form-dialog.tsx';

/** As the server takes it (docs/decisions/0021): trimmed, 1 to 500 characters. */
const REASON_MAX = 500;

interface Props {
  /** The button's words, and its name for a screen reader (which names what it opens). */
  label: string;
  accessibleName: string;
  title: string;
  description: string;
  /** What is opened: a file's name, a report's test. */
  subject: string;
  /** Opens it with the reason given; a rejection leaves the dialog open to try again. */
  openWith(reason: string): Promise<void>;
  /** Shows what was opened (`opened`, a report's values) in place of the form; else the dialog closes once opened (a file). */
  keepOpen?: boolean;
  opened?: ReactNode;
  onClosed?(): void;
  testId: string;
}

/**
 * An administrator opens a patient's result only with a reason (docs/decisions/0021): this dialog asks for
 * it before anything is fetched. The server records the reason in the audit log and tells the patient, in
 * their access log and by mail.
 */
export function ReasonDialog({ label, accessibleName, title, description, subject, openWith, keepOpen, opened, onClosed, testId }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const reasonInput = useRef<HTMLInputElement>(null);

  const close = () => {
    setOpen(false);
    setReason('');
    setMissing(false);
    onClosed?.();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = reason.trim();
    if (!given) {
      setMissing(true);
      reasonInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await openWith(given);
      if (!keepOpen) close();
    } catch {
      // Said by openWith's caller (a toast); the reason stays to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogShell
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      size={opened ? 'lg' : 'md'}
      scrollBehavior="inside"
      initialFocusEl={() => reasonInput.current}
      trigger={
        <Button size="xs" variant="outline" colorPalette="brand" alignSelf="start" mt="1" aria-label={accessibleName}>
          <FileLock2 aria-hidden />
          {label}
        </Button>
      }
      testId={testId}
      title={opened ? <bdi>{subject}</bdi> : title}
      onSubmit={opened ? undefined : (event) => void submit(event)}
      footer={
        opened ? undefined : (
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">{t`Cancel`}</Button>
            </Dialog.ActionTrigger>
            <Button type="submit" colorPalette="brand" loading={busy}>
              {label}
            </Button>
          </>
        )
      }
    >
      {opened ? (
        opened
      ) : (
        <Stack gap="4">
          <Dialog.Description>{description}</Dialog.Description>
          <Text fontSize="sm" color="fg.muted" dir="auto" overflowWrap="anywhere">
            {subject}
          </Text>
          <Field.Root invalid={missing} required>
            <Field.Label>{t`Reason`}</Field.Label>
            <Input
              ref={reasonInput}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
              maxLength={REASON_MAX}
              placeholder={t`For example: the patient asked support to check the file`}
            />
            <Field.ErrorText>{t`Write the reason before opening the result.`}</Field.ErrorText>
          </Field.Root>
        </Stack>
      )}
    </DialogShell>
  );
}
