import { i18n } from '@lingui/core';
import type { AppErrorCode } from '../../../shared/errors.ts';
import { RESULT_MAX_BYTES, SNIFF_BYTES, sniffResultType } from '../../../shared/results.ts';
import { answeredCode } from '../../lib/errors.ts';

export class ResultUploadError extends Error {
  override name = 'ResultUploadError';
  constructor(readonly code: AppErrorCode) {
    super(code);
  }
}

export interface UploadedResult {
  id: string;
  booking_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
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

/** POST /files/results as multipart (see docs/decisions/0004); errors come back as the app's codes. */
export async function uploadResult(bookingId: string, file: File): Promise<UploadedResult> {
  const form = new FormData();
  form.set('bookingId', bookingId);
  form.set('file', file);
  let response: Response;
  try {
    response = await fetch('/files/results', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'x-tahaleel-locale': i18n.locale || 'ar' },
    });
  } catch {
    throw new ResultUploadError('INTERNAL');
  }
  const body = (await response.json().catch(() => null)) as { result?: UploadedResult; error?: { appCode?: unknown } } | null;
  if (response.ok && body?.result) return body.result;
  const code = body?.error?.appCode;
  throw new ResultUploadError(answeredCode(code) ?? (response.status === 413 ? 'FILE_TOO_LARGE' : 'INTERNAL'));
}
