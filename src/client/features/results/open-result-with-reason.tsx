import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FileLock2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { appErrorMessage, errorMessage } from '../../lib/errors.ts';
import { fetchResult, ResultDownloadError, saveAs } from './result-download.tsx';

/** As the server takes it (docs/decisions/0021): trimmed, 1 to 500 characters. */
const REASON_MAX = 500;

/**
 * An administrator opens a patient's result only with a reason: this dialog asks for it, then fetches
 * `/files/results/{id}?reason=…`. The server records the reason in the audit log and mails the patient.
 */
export function OpenResultWithReason({ id, fileName }: { id: string; fileName: string }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const reasonInput = useRef<HTMLInputElement>(null);

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
      saveAs(await fetchResult(`/files/results/${encodeURIComponent(id)}?reason=${encodeURIComponent(given)}`), fileName);
      setOpen(false);
      setReason('');
      setMissing(false);
    } catch (error) {
      const description = error instanceof ResultDownloadError ? appErrorMessage(i18n, error.code) : errorMessage(i18n, error);
      notify.error({ title: t`Could not open the result`, description });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      placement="center"
      size="md"
      initialFocusEl={() => reasonInput.current}
    >
      <Dialog.Trigger asChild>
        <Button
          size="xs"
          variant="outline"
          colorPalette="brand"
          alignSelf="start"
          mt="1"
          data-testid="open-result"
          aria-label={t`Open result ${fileName}`}
        >
          <FileLock2 aria-hidden />
          {t`Open result`}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="result-reason-dialog">
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t`Why are you opening this result?`}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>
                    {t`Results are patients' health data. Your reason is kept in the audit log, and the patient is told by e-mail that Tahaleel staff opened their result, when and why.`}
                  </Dialog.Description>
                  <Text fontSize="sm" color="fg.muted" dir="auto" overflowWrap="anywhere">
                    {fileName}
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
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t`Cancel`}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  {t`Open result`}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
