import { i18n } from '@lingui/core';
import type { AppErrorCode } from '../../shared/errors.ts';
import { RESULT_MAX_BYTES, SNIFF_BYTES, sniffResultType } from '../../shared/results.ts';
import { answeredCode } from './errors.ts';

/** A file upload refused (by the browser's own check or the server), with the app's code for it. */
export class FileUploadError extends Error {
  override name = 'FileUploadError';
  constructor(readonly code: AppErrorCode) {
    super(code);
  }
}

/**
 * The browser's own check before sending: empty, too large, or not really a PDF/JPEG/PNG (by its first
 * bytes). The server checks again; this only spares a 10 MB upload that would be refused.
 */
export async function checkBeforeUpload(file: File): Promise<AppErrorCode | null> {
  if (file.size === 0) return 'FILE_EMPTY';
  if (file.size > RESULT_MAX_BYTES) return 'FILE_TOO_LARGE';
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffResultType(head) ? null : 'FILE_TYPE_NOT_ALLOWED';
}

/**
 * POSTs `file` (as the form's `file`) with `fields` to one of the app's multipart routes (ADR 0007), and
 * answers the JSON body; a refusal comes back as a FileUploadError with the app's code.
 */
export async function postFile<T>(url: string, fields: Record<string, string>, file: File): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', file);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'x-tahaleel-locale': i18n.locale || 'ar' },
    });
  } catch {
    throw new FileUploadError('INTERNAL');
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: { appCode?: unknown } }) | null;
  if (response.ok && body) return body;
  throw new FileUploadError(answeredCode(body?.error?.appCode) ?? (response.status === 413 ? 'FILE_TOO_LARGE' : 'INTERNAL'));
}
