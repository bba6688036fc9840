import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/ui/toaster.tsx';
import { appErrorMessage, errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { ReportValues } from './report-view.tsx';
import { fetchResult, ResultDownloadError, saveAs } from './result-download.tsx';

/** A patient's result file, fetched from `/files/results/{id}?reason=…` once the administrator gave a reason. */
export function OpenResultWithReason({ id, fileName }: { id: string; fileName: string }) {
  const { t, i18n } = useLingui();
  const openWith = async (reason: string) => {
    try {
      saveAs(await fetchResult(`/files/results/${encodeURIComponent(id)}?reason=${encodeURIComponent(reason)}`), fileName);
    } catch (error) {
      const description = error instanceof ResultDownloadError ? appErrorMessage(i18n, error.code) : errorMessage(i18n, error);
      notify.error({ title: t`Could not open the result`, description });
      throw error;
    }
  };
  return (
    <ReasonDialog
      testId="result-reason-dialog"
      label={t`Open result`}
      accessibleName={t`Open result ${fileName}`}
      title={t`Why are you opening this result?`}
      description={t`Results are patients' health data. Your reason is kept in the audit log, and the patient is told by e-mail that Tahaleel staff opened their result, when and why.`}
      subject={fileName}
      openWith={openWith}
    />
  );
}

/**
 * A patient's released values (results.adminReport), read in the dialog once the administrator gave a
 * reason (issue #77 item 4); unsealed on the server for this read alone, and forgotten when it closes.
 */
export function OpenValuesWithReason({ bookingId, testName }: { bookingId: string; testName: string }) {
  const { t, i18n } = useLingui();
  const read = useMutation(
    trpc.results.adminReport.mutationOptions({
      onError: (error) => notify.error({ title: t`Could not open the result`, description: errorMessage(i18n, error) }),
    }),
  );
  return (
    <ReasonDialog
      testId="values-reason-dialog"
      label={t`Open values`}
      accessibleName={t`Open values ${testName}`}
      title={t`Why are you opening these values?`}
      description={t`Results are patients' health data. Your reason is kept in the audit log, and the patient is told by e-mail that Tahaleel staff opened their result, when and why.`}
      subject={testName}
      openWith={async (reason) => {
        await read.mutateAsync({ bookingId, reason });
      }}
      keepOpen
      opened={read.data ? <ReportValues report={read.data} headingLevel={4} /> : undefined}
      onClosed={() => read.reset()}
    />
  );
}
