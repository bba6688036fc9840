import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import type { AppErrorCode } from '../../../shared/errors.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { answeredCode, appErrorMessage, errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

export class ResultDownloadError extends Error {
  constructor(readonly code: AppErrorCode) {
    super(code);
  }
}

/** The file, or the app's code for why not: the server checks who asks, opens the sealed file whole and logs the read. */
export async function fetchResult(href: string): Promise<Blob> {
  const response = await fetch(href, { credentials: 'same-origin' });
  if (response.ok) return response.blob();
  const body = (await response.json().catch(() => null)) as { error?: { appCode?: unknown } } | null;
  const code = body?.error?.appCode;
  throw new ResultDownloadError(answeredCode(code) ?? 'INTERNAL');
}

/** Hands the browser the bytes already fetched, under the file's own name. */
export function saveAs(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A link to the file (it works without scripts too). With scripts it is fetched first, so a refusal or
 * a damaged file is told in the reader's language instead of a browser's failed download; the reader's
 * own read then shows in "Who viewed your results".
 */
export function ResultDownloadButton({ id, fileName }: { id: string; fileName: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const href = `/files/results/${id}`;

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      saveAs(await fetchResult(href), fileName);
    } catch (error) {
      const description = error instanceof ResultDownloadError ? appErrorMessage(i18n, error.code) : errorMessage(i18n, error);
      notify.error({ title: t`Could not download the result`, description });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: trpc.account.resultAccessLog.queryKey() });
    }
  };

  return (
    <Button asChild size="sm" variant="outline" colorPalette="brand" flexShrink={0}>
      <a
        href={href}
        download={fileName}
        onClick={(event) => void download(event)}
        aria-busy={busy}
        data-testid="download-result"
        aria-label={t`Download ${fileName}`}
      >
        <Download aria-hidden />
        {busy ? t`Downloading…` : t`Download`}
      </a>
    </Button>
  );
}
