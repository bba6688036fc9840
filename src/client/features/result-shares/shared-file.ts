import type { AppErrorCode } from '../../../shared/errors.ts';
import { SHARE_CODE_HEADER } from '../../../shared/result-shares.ts';
import { answeredCode } from '../../lib/errors.ts';

export class SharedFileError extends Error {
  constructor(readonly code: AppErrorCode) {
    super(code);
  }
}

/**
 * A shared booking's file, fetched through the share (the code in a header, never in the address) and
 * handed to the browser under its own name; a refusal comes back as the app's code. No cookie goes
 * with it: the doctor reads as the link's holder, not as whoever may be signed in on this browser.
 */
export async function downloadSharedFile(token: string, fileId: string, code: string | undefined, fileName: string): Promise<void> {
  const response = await fetch(`/share/${encodeURIComponent(token)}/files/${encodeURIComponent(fileId)}`, {
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    headers: code === undefined ? {} : { [SHARE_CODE_HEADER]: code },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { appCode?: unknown } } | null;
    const appCode = body?.error?.appCode;
    throw new SharedFileError(answeredCode(appCode) ?? 'INTERNAL');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
