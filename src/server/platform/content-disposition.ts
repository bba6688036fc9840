import { oneLine } from '../../shared/plain-text.ts';

/**
 * An attachment's `Content-Disposition`: `filename*` carries the UTF-8 name (Arabic names too),
 * `filename` an ASCII fallback for old clients. Names stored before uploads were cleaned may still
 * hold bidi controls: they are taken out here too.
 */
export function attachmentDisposition(storedName: string): string {
  const fileName = oneLine(storedName);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
