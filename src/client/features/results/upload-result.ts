import { FileUploadError, postFile } from '../../lib/file-upload.ts';

export interface UploadedResult {
  id: string;
  booking_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
}

/** POST /files/results as multipart (see docs/decisions/0004); errors come back as the app's codes. */
export async function uploadResult(bookingId: string, file: File): Promise<UploadedResult> {
  const body = await postFile<{ result?: UploadedResult }>('/files/results', { bookingId }, file);
  if (!body.result) throw new FileUploadError('INTERNAL');
  return body.result;
}
